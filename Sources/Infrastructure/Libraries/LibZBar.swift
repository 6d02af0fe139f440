import Domain
import DynamicLibraries

/// QR codes in PNG and JPEG screenshots through ZBar, loaded at run time with `dlopen` (with
/// libpng and libturbojpeg to turn the file into gray pixels), so Twofold runs without them and
/// says how to install them when an image is imported.
public struct LibZBar: Sendable {
  /// The ZBar library names tried, newest first.
  public static let libraryNames = ["libzbar.so.0", "libzbar.0.dylib", "libzbar.dylib"]

  /// What to tell someone when ZBar is absent.
  public static let installHint =
    "reading QR images needs libzbar: install it with 'apt-get install libzbar0' (Debian, Ubuntu) "
    + "or 'brew install zbar' (macOS)"

  /// The libpng names tried, newest first.
  public static let pngLibraryNames = LibPNG.libraryNames
  /// The libturbojpeg names tried, newest first.
  public static let jpegLibraryNames = LibTurboJPEG.libraryNames

  private let zbarNames: [String]
  private let pngNames: [String]
  private let jpegNames: [String]

  /// A decoder loading ZBar, libpng and libturbojpeg by the given names (tests name missing ones).
  public init(
    zbarNames: [String] = LibZBar.libraryNames, pngNames: [String] = LibZBar.pngLibraryNames,
    jpegNames: [String] = LibZBar.jpegLibraryNames
  ) {
    self.zbarNames = zbarNames
    self.pngNames = pngNames
    self.jpegNames = jpegNames
  }

  /// This decoder as the Domain port the `qr` importer takes.
  public var decoder: QRImageDecoder {
    QRImageDecoder { (bytes) throws(ImportError) in try decode(imageFile: bytes) }
  }

  /// The text of every QR code in a PNG or JPEG file (empty when there is none).
  public func decode(imageFile bytes: [UInt8]) throws(ImportError) -> [String] {
    let zbar = try ZBarFunctions(names: zbarNames)
    let image: LumaImage
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      image = try LibPNG.decode(bytes, libraries: pngNames)
    } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      image = try LibTurboJPEG.decode(bytes, libraries: jpegNames)
    } else {
      throw .unrecognized("the image is neither PNG nor JPEG")
    }
    return try zbar.scan(image)
  }

  /// The text of every QR code in an 8-bit grayscale image (empty when there is none).
  public func decode(luma image: LumaImage) throws(ImportError) -> [String] {
    try ZBarFunctions(names: zbarNames).scan(image)
  }
}

/// The ZBar functions the scan needs (zbar.h, ZBar 0.10 and later).
private struct ZBarFunctions {
  private typealias ScannerCreate = @convention(c) () -> OpaquePointer?
  private typealias ScannerSetConfig = @convention(c) (OpaquePointer?, Int32, Int32, Int32) -> Int32
  private typealias ScannerDestroy = @convention(c) (OpaquePointer?) -> Void
  private typealias ImageCreate = @convention(c) () -> OpaquePointer?
  private typealias ImageSetFormat = @convention(c) (OpaquePointer?, UInt) -> Void
  private typealias ImageSetSize = @convention(c) (OpaquePointer?, UInt32, UInt32) -> Void
  private typealias ImageSetData =
    @convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt, OpaquePointer?) -> Void
  private typealias ImageDestroy = @convention(c) (OpaquePointer?) -> Void
  private typealias ScanImage = @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
  private typealias FirstSymbol = @convention(c) (OpaquePointer?) -> OpaquePointer?
  private typealias NextSymbol = @convention(c) (OpaquePointer?) -> OpaquePointer?
  private typealias SymbolType = @convention(c) (OpaquePointer?) -> Int32
  private typealias SymbolData = @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
  private typealias SymbolLength = @convention(c) (OpaquePointer?) -> UInt32

  /// `ZBAR_QRCODE`.
  private static let qrCode: Int32 = 64
  /// `ZBAR_CFG_ENABLE`.
  private static let configEnable: Int32 = 0
  /// The fourcc `Y800` (8-bit gray, rows packed): the bytes "Y", "8", "0", "0", least significant first.
  private static let formatY800: UInt = 0x3030_3859

  private let library: DynamicLibrary
  private let scannerCreate: ScannerCreate
  private let scannerSetConfig: ScannerSetConfig
  private let scannerDestroy: ScannerDestroy
  private let imageCreate: ImageCreate
  private let imageSetFormat: ImageSetFormat
  private let imageSetSize: ImageSetSize
  private let imageSetData: ImageSetData
  private let imageDestroy: ImageDestroy
  private let scanImage: ScanImage
  private let firstSymbol: FirstSymbol
  private let nextSymbol: NextSymbol
  private let symbolType: SymbolType
  private let symbolData: SymbolData
  private let symbolLength: SymbolLength

  init(names: [String]) throws(ImportError) {
    guard let library = DynamicLibrary(firstOf: names) else { throw .missingLibrary(LibZBar.installHint) }
    func load<Function>(_ name: String, _ type: Function.Type) throws(ImportError) -> Function {
      guard let function = library.function(name, as: type) else {
        throw .missingLibrary(LibZBar.installHint)
      }
      return function
    }
    self.library = library
    scannerCreate = try load("zbar_image_scanner_create", ScannerCreate.self)
    scannerSetConfig = try load("zbar_image_scanner_set_config", ScannerSetConfig.self)
    scannerDestroy = try load("zbar_image_scanner_destroy", ScannerDestroy.self)
    imageCreate = try load("zbar_image_create", ImageCreate.self)
    imageSetFormat = try load("zbar_image_set_format", ImageSetFormat.self)
    imageSetSize = try load("zbar_image_set_size", ImageSetSize.self)
    imageSetData = try load("zbar_image_set_data", ImageSetData.self)
    imageDestroy = try load("zbar_image_destroy", ImageDestroy.self)
    scanImage = try load("zbar_scan_image", ScanImage.self)
    firstSymbol = try load("zbar_image_first_symbol", FirstSymbol.self)
    nextSymbol = try load("zbar_symbol_next", NextSymbol.self)
    symbolType = try load("zbar_symbol_get_type", SymbolType.self)
    symbolData = try load("zbar_symbol_get_data", SymbolData.self)
    symbolLength = try load("zbar_symbol_get_data_length", SymbolLength.self)
  }

  /// The QR codes' texts, trying the negative when the image shows none (light code on dark).
  func scan(_ image: LumaImage) throws(ImportError) -> [String] {
    let texts = try scanOnce(image)
    return texts.isEmpty ? try scanOnce(image.inverted) : texts
  }

  private func scanOnce(_ image: LumaImage) throws(ImportError) -> [String] {
    guard let scanner = scannerCreate() else { throw .damaged("libzbar could not start") }
    defer { scannerDestroy(scanner) }
    _ = scannerSetConfig(scanner, 0, Self.configEnable, 0)
    _ = scannerSetConfig(scanner, Self.qrCode, Self.configEnable, 1)
    guard let zbarImage = imageCreate() else { throw .damaged("libzbar could not start") }
    defer { imageDestroy(zbarImage) }
    imageSetFormat(zbarImage, Self.formatY800)
    imageSetSize(zbarImage, UInt32(image.width), UInt32(image.height))
    // ZBar keeps a pointer to the pixels without copying: the scan and the symbol reads stay inside.
    return image.pixels.withUnsafeBytes { pixels in
      imageSetData(zbarImage, pixels.baseAddress, UInt(pixels.count), nil)
      guard scanImage(scanner, zbarImage) > 0 else { return [] }
      var texts: [String] = []
      var symbol = firstSymbol(zbarImage)
      while let current = symbol {
        if symbolType(current) == Self.qrCode, let data = symbolData(current) {
          let bytes = UnsafeBufferPointer(start: data, count: Int(symbolLength(current)))
          texts.append(String(decoding: bytes, as: UTF8.self))
        }
        symbol = nextSymbol(current)
      }
      imageSetData(zbarImage, nil, 0, nil)
      return texts
    }
  }
}
