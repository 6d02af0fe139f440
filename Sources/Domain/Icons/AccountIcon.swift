/// An account's picture as Aegis keeps it in a vault entry (vault-format.md ENTRY: `icon`,
/// `icon_mime`, `icon_hash`): PNG, JPEG or an SVG that refers to nothing outside itself.
public struct AccountIcon: Hashable, Sendable {
  /// The image formats an Aegis entry can hold.
  public enum Format: String, CaseIterable, Sendable {
    case png, jpeg, svg

    /// The MIME type Aegis writes in `icon_mime`.
    public var mime: String {
      switch self {
      case .png: "image/png"
      case .jpeg: "image/jpeg"
      case .svg: "image/svg+xml"
      }
    }

    /// The format of an `icon_mime` value; nil for any other type.
    public init?(mime: String) {
      guard let format = Format.allCases.first(where: { $0.mime == mime }) else { return nil }
      self = format
    }
  }

  /// Why bytes are not an icon; the message is for people and never repeats the bytes.
  public enum Problem: Error, Equatable, Sendable {
    /// More bytes than `maximumSize`; the count is the file's.
    case tooLarge(Int)
    /// Not a PNG, JPEG or SVG image (or not the format named).
    case notAnImage
    /// An image of a format Aegis does not keep (GIF, WebP, BMP, …), named.
    case unsupportedFormat(String)
    /// An SVG that refers to something outside itself; the reference as written.
    case externalReference(String)

    /// The problem in one sentence.
    public var message: String {
      switch self {
      case .tooLarge(let size):
        "the icon is \(size) bytes; an icon may have at most \(AccountIcon.maximumSize) bytes (1 MiB)"
      case .notAnImage: "not a PNG, JPEG or SVG image"
      case .unsupportedFormat(let name): "\(name) images cannot be icons; use PNG, JPEG or SVG"
      case .externalReference(let reference):
        "the SVG refers to something outside itself (\(Self.shortened(reference)))"
      }
    }

    /// A reference cut to a length that fits in one line.
    private static func shortened(_ reference: String) -> String {
      reference.count <= 60 ? reference : String(reference.prefix(57)) + "..."
    }
  }

  /// The most bytes an icon may have: 1 MiB.
  public static let maximumSize = 1 << 20

  /// The image's format.
  public let format: Format
  /// The image file's bytes.
  public let bytes: [UInt8]

  /// The MIME type, as in `icon_mime`.
  public var mime: String { format.mime }

  /// A key for the caches of drawn icons within one process: the byte count and FNV-1a (64 bits)
  /// of the MIME type and the bytes, in hex. Not Aegis's `icon_hash` (Data writes that), and not
  /// collision-resistant: whoever can write the vault chooses its icons anyway.
  public var cacheKey: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in Array(mime.utf8) + bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return String(bytes.count, radix: 16) + "-" + String(hash, radix: 16)
  }

  /// Checks bytes are an image of that format (magic numbers; SVG: XML text with an <svg root and
  /// no reference outside itself: href/xlink:href/src not starting with '#' or 'data:', url(...)
  /// not to '#', <?xml-stylesheet, @import, <!ENTITY / DOCTYPE with SYSTEM) and <= maximumSize.
  public init(format: Format, bytes: [UInt8]) throws(AccountIcon.Problem) {
    guard bytes.count <= Self.maximumSize else { throw .tooLarge(bytes.count) }
    switch format {
    case .png: guard bytes.starts(with: Self.pngMagic) else { throw .notAnImage }
    case .jpeg: guard bytes.starts(with: Self.jpegMagic) else { throw .notAnImage }
    case .svg: try SVGCheck.check(bytes)
    }
    self.format = format
    self.bytes = bytes
  }

  /// Guesses the format from the bytes (and the file name's extension for SVG).
  public init(bytes: [UInt8], fileName: String?) throws(AccountIcon.Problem) {
    guard bytes.count <= Self.maximumSize else { throw .tooLarge(bytes.count) }
    if bytes.starts(with: Self.pngMagic) {
      try self.init(format: .png, bytes: bytes)
    } else if bytes.starts(with: Self.jpegMagic) {
      try self.init(format: .jpeg, bytes: bytes)
    } else if let name = Self.unsupportedName(of: bytes) {
      throw .unsupportedFormat(name)
    } else if SVGCheck.looksLikeXML(bytes) || Self.hasSVGExtension(fileName) {
      try self.init(format: .svg, bytes: bytes)
    } else {
      throw .notAnImage
    }
  }

  private static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  private static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]

  /// The name of an image format Aegis does not keep, from its magic number.
  private static func unsupportedName(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: Array("GIF8".utf8)) { return "GIF" }
    if bytes.starts(with: Array("RIFF".utf8)) && bytes.dropFirst(8).starts(with: Array("WEBP".utf8)) {
      return "WebP"
    }
    if bytes.starts(with: Array("BM".utf8)) && bytes.count >= 18 && bytes[15...17].allSatisfy({ $0 == 0 })
      && [12, 40, 52, 56, 64, 108, 124].contains(bytes[14])
    {
      return "BMP"
    }
    if bytes.starts(with: [0x00, 0x00, 0x01, 0x00]) { return "ICO" }
    if bytes.starts(with: [0x1F, 0x8B]) { return "Compressed (gzip, SVGZ)" }
    if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      return "TIFF"
    }
    if bytes.count >= 12 && bytes[4..<8].elementsEqual("ftyp".utf8) { return "AVIF or HEIF" }
    return nil
  }

  private static func hasSVGExtension(_ fileName: String?) -> Bool {
    guard let fileName else { return false }
    return fileName.lowercased().hasSuffix(".svg")
  }
}
