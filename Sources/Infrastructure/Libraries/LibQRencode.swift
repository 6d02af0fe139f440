import DynamicLibraries

/// QR codes through libqrencode, loaded at run time with `dlopen` so Twofold runs (without QR
/// codes) where the library is not installed.
public enum LibQRencode {
  /// A QR code's modules, row by row, true for dark.
  public struct Modules: Equatable, Sendable {
    /// Modules per side.
    public var size: Int
    /// `size × size` modules, row-major.
    public var dark: [Bool]
  }

  /// Why no code was made.
  public enum Failure: Error, Equatable, Sendable {
    /// The library is not installed; the message says how to install it.
    case missing(String)
    /// The library refused the text (too long for a QR code).
    case encodingFailed(String)

    /// One sentence for people.
    public var message: String {
      switch self {
      case .missing(let message), .encodingFailed(let message): message
      }
    }
  }

  /// The library names tried, newest first.
  public static let libraryNames = [
    "libqrencode.so.4", "libqrencode.so", "libqrencode.4.dylib", "libqrencode.dylib",
  ]

  /// What to tell someone when the library is absent.
  public static let installHint =
    "drawing QR codes needs libqrencode: install it with 'apt-get install libqrencode4' (Debian, Ubuntu) or 'brew install qrencode' (macOS)"

  private typealias EncodeString =
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32) -> UnsafeMutableRawPointer?
  private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

  /// `QR_ECLEVEL_M`: about 15 % of the code can be damaged.
  private static let levelM: Int32 = 1
  /// `QR_MODE_8`: 8-bit bytes.
  private static let mode8: Int32 = 2

  /// Whether the library can be loaded.
  public static var isAvailable: Bool {
    DynamicLibrary(firstOf: libraryNames) != nil
  }

  /// Encodes `text` (a Key URI) at error-correction level M in 8-bit mode.
  public static func encode(_ text: String) -> Result<Modules, Failure> {
    guard let library = DynamicLibrary(firstOf: libraryNames),
      let encode = library.function("QRcode_encodeString", as: EncodeString.self),
      let free = library.function("QRcode_free", as: Free.self)
    else { return .failure(.missing(installHint)) }
    defer { withExtendedLifetime(library) {} }
    guard let code = text.withCString({ encode($0, 0, levelM, mode8, 1) }) else {
      return .failure(.encodingFailed("the text is too long for a QR code"))
    }
    defer { free(code) }
    // struct QRcode { int version; int width; unsigned char *data; }: bit 0 of each byte is dark.
    let width = Int(code.load(fromByteOffset: MemoryLayout<Int32>.stride, as: Int32.self))
    let dataOffset =
      (2 * MemoryLayout<Int32>.stride + MemoryLayout<UnsafeRawPointer>.alignment - 1)
      / MemoryLayout<UnsafeRawPointer>.alignment * MemoryLayout<UnsafeRawPointer>.alignment
    guard width > 0, let data = code.load(fromByteOffset: dataOffset, as: UnsafePointer<UInt8>?.self) else {
      return .failure(.encodingFailed("libqrencode returned an empty code"))
    }
    let dark = (0..<width * width).map { data[$0] & 1 == 1 }
    return .success(Modules(size: width, dark: dark))
  }
}
