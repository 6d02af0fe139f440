/// Reads the QR codes in an image file (a PNG or JPEG screenshot). Infrastructure implements it
/// with native image and barcode libraries; tests pass texts directly.
public struct QRImageDecoder: Sendable {
  /// The text of every QR code in the image file's bytes (empty when there is none); throws
  /// `missingLibrary` when a native library is absent and `damaged` when the image cannot be read.
  public var decode: @Sendable ([UInt8]) throws(ImportError) -> [String]

  /// Wraps a decoder.
  public init(decode: @escaping @Sendable ([UInt8]) throws(ImportError) -> [String]) {
    self.decode = decode
  }
}
