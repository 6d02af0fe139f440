import Domain
import DynamicLibraries

/// JPEG files to grayscale through libjpeg-turbo's TurboJPEG API, loaded at run time. TurboJPEG
/// catches libjpeg's errors itself, so no `longjmp` crosses Swift code.
enum LibTurboJPEG {
  /// The library names tried, newest first.
  static let libraryNames = ["libturbojpeg.so.0", "libturbojpeg.0.dylib", "libturbojpeg.dylib"]

  /// What to tell someone when the library is absent.
  static let installHint =
    "reading JPEG images needs libturbojpeg: install it with 'apt-get install libturbojpeg0' "
    + "(Debian, Ubuntu) or 'brew install jpeg-turbo' (macOS)"

  private typealias InitDecompress = @convention(c) () -> UnsafeMutableRawPointer?
  private typealias DecompressHeader =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<Int32>?,
      UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
    ) -> Int32
  private typealias Decompress =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<UInt8>?, Int32, Int32,
      Int32,
      Int32, Int32
    ) -> Int32
  private typealias Destroy = @convention(c) (UnsafeMutableRawPointer?) -> Int32
  private typealias ErrorText = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CChar>?
  private typealias ErrorCode = @convention(c) (UnsafeMutableRawPointer?) -> Int32

  /// `TJPF_GRAY`: one 8-bit gray sample per pixel.
  private static let pixelFormatGray: Int32 = 6
  /// `TJFLAG_LIMITSCANS`: refuse progressive files with more than 500 scans (a decoding bomb).
  private static let flagLimitScans: Int32 = 32_768
  /// `TJERR_FATAL`; anything else is a warning (a truncated file still gives the rows read).
  private static let errorFatal: Int32 = 1

  private struct Functions {
    let initDecompress: InitDecompress
    let decompressHeader: DecompressHeader
    let decompress: Decompress
    let destroy: Destroy
    let errorText: ErrorText
    let errorCode: ErrorCode

    init?(_ library: DynamicLibrary) {
      guard let initDecompress = library.function("tjInitDecompress", as: InitDecompress.self),
        let decompressHeader = library.function("tjDecompressHeader3", as: DecompressHeader.self),
        let decompress = library.function("tjDecompress2", as: Decompress.self),
        let destroy = library.function("tjDestroy", as: Destroy.self),
        let errorText = library.function("tjGetErrorStr2", as: ErrorText.self),
        let errorCode = library.function("tjGetErrorCode", as: ErrorCode.self)
      else { return nil }
      self.initDecompress = initDecompress
      self.decompressHeader = decompressHeader
      self.decompress = decompress
      self.destroy = destroy
      self.errorText = errorText
      self.errorCode = errorCode
    }
  }

  /// The image in `bytes` (a JPEG file) as 8-bit gray.
  static func decode(_ bytes: [UInt8], libraries: [String] = libraryNames) throws(ImportError) -> LumaImage {
    guard let library = DynamicLibrary(firstOf: libraries), let tj = Functions(library) else {
      throw .missingLibrary(installHint)
    }
    guard let handle = tj.initDecompress() else { throw .damaged("libturbojpeg could not start") }
    defer { _ = tj.destroy(handle) }
    let result = bytes.withUnsafeBufferPointer { (jpeg) -> Result<LumaImage, ImportError> in
      var width: Int32 = 0
      var height: Int32 = 0
      var subsampling: Int32 = 0
      var colorspace: Int32 = 0
      let size = UInt(jpeg.count)
      guard
        tj.decompressHeader(handle, jpeg.baseAddress, size, &width, &height, &subsampling, &colorspace) == 0
      else { return .failure(.damaged("the JPEG image cannot be read (\(reason(tj, handle)))")) }
      do throws(ImportError) {
        try LumaImage.checkSize(width: Int(width), height: Int(height))
      } catch {
        return .failure(error)
      }
      var plane = [UInt8](repeating: 255, count: Int(width) * Int(height))
      let status = plane.withUnsafeMutableBufferPointer {
        tj.decompress(
          handle, jpeg.baseAddress, size, $0.baseAddress, width, width, height, pixelFormatGray,
          flagLimitScans)
      }
      if status != 0 && tj.errorCode(handle) == errorFatal {
        return .failure(.damaged("the JPEG image cannot be read (\(reason(tj, handle)))"))
      }
      return Result { () throws(ImportError) in
        try LumaImage(width: Int(width), height: Int(height), rowStride: Int(width), plane: plane)
      }
    }
    return try result.get()
  }

  private static func reason(_ tj: Functions, _ handle: UnsafeMutableRawPointer) -> String {
    guard let text = tj.errorText(handle) else { return "libturbojpeg gave no reason" }
    return "libturbojpeg: \(String(cString: text))"
  }
}
