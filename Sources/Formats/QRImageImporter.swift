import Domain

/// Screenshots of QR codes (PNG or JPEG) holding Key URIs (`otpauth://`, `motp://`) or Google
/// Authenticator transfer URIs (`otpauth-migration://`). The image is read through the
/// `QRImageDecoder` port; each QR code's text is then read like a line of a Key URI list.
public struct QRImageImporter: AccountImporter {
  /// The `--format` name.
  public let format = "qr"
  private let decoder: QRImageDecoder

  private static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  private static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]
  private static let uriPrefixes = ["otpauth://", "motp://", "otpauth-migration://"]

  /// An importer reading images through `decoder`.
  public init(decoder: QRImageDecoder) { self.decoder = decoder }

  /// A PNG or JPEG file, by its magic bytes.
  public func recognizes(_ file: ImportFile) -> Bool {
    file.bytes.starts(with: Self.pngMagic) || file.bytes.starts(with: Self.jpegMagic)
  }

  /// The entries of every QR code in the image; a code holding anything but Key URIs is a failed entry.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard !file.bytes.isEmpty else { throw .empty }
    guard recognizes(file) else { throw .unrecognized("\(file.name) is not a PNG or JPEG image") }
    let texts = try decoder.decode(file.bytes)
    guard !texts.isEmpty else { throw .unrecognized("no QR code found in the image") }
    var candidates: [ImportCandidate] = []
    for (index, text) in texts.enumerated() {
      candidates += Self.candidates(
        fromCode: text, label: texts.count == 1 ? "QR code" : "QR code \(index + 1)")
    }
    return candidates
  }

  /// The entries of one QR code's text; failures are labelled after the code (and its line).
  static func candidates(fromCode text: String, label: String) -> [ImportCandidate] {
    let lines = KeyURIListImporter.meaningfulLines(text)
    guard !lines.isEmpty else { return [.failed(label, "the QR code holds no text")] }
    let isURIList = lines.allSatisfy { line in
      Self.uriPrefixes.contains { line.text.lowercased().hasPrefix($0) }
    }
    guard isURIList else { return [.failed(label, "not a Key URI")] }
    do throws(ImportError) {
      return try KeyURIListImporter.candidates(fromText: text).map { candidate in
        guard candidate.account == nil, candidate.label.hasPrefix("line ") else { return candidate }
        var relabelled = candidate
        relabelled.label = lines.count == 1 ? label : "\(label), \(candidate.label)"
        return relabelled
      }
    } catch {
      return [.failed(label, error.description)]
    }
  }
}
