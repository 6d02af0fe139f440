import Domain
import DynamicLibraries

/// PNG files to grayscale through libpng's simplified API (`png_image_*`, libpng 1.6), loaded at
/// run time. The simplified API catches libpng's errors itself, so no `longjmp` crosses Swift code.
enum LibPNG {
  /// The library names tried, newest first.
  static let libraryNames = ["libpng16.so.16", "libpng16.16.dylib", "libpng16.dylib"]

  /// What to tell someone when the library is absent.
  static let installHint =
    "reading PNG images needs libpng: install it with 'apt-get install libpng16-16' (Debian 12, Ubuntu; "
    + "libpng16-16t64 on newer releases) or 'brew install libpng' (macOS)"

  private typealias BeginRead = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Int) -> Int32
  private typealias FinishRead =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?
    ) -> Int32
  private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

  /// `struct png_image` (png.h): `png_controlp opaque; png_uint_32 version, width, height, format,
  /// flags, colormap_entries, warning_or_error; char message[64];`, with C's natural alignment.
  private enum Layout {
    static let version = MemoryLayout<UnsafeRawPointer>.size
    static let width = version + 4
    static let height = version + 8
    static let format = version + 12
    static let message = version + 28
    static let messageSize = 64
    static let size =
      (message + messageSize + MemoryLayout<UnsafeRawPointer>.alignment - 1)
      / MemoryLayout<UnsafeRawPointer>.alignment * MemoryLayout<UnsafeRawPointer>.alignment
  }

  /// `PNG_IMAGE_VERSION`.
  private static let imageVersion: UInt32 = 1
  /// `PNG_FORMAT_GRAY`: one 8-bit gray channel.
  private static let formatGray: UInt32 = 0

  /// The image in `bytes` (a PNG file) as 8-bit gray, transparent parts composited on white.
  static func decode(_ bytes: [UInt8], libraries: [String] = libraryNames) throws(ImportError) -> LumaImage {
    guard let library = DynamicLibrary(firstOf: libraries),
      let beginRead = library.function("png_image_begin_read_from_memory", as: BeginRead.self),
      let finishRead = library.function("png_image_finish_read", as: FinishRead.self),
      let free = library.function("png_image_free", as: Free.self)
    else { throw .missingLibrary(installHint) }
    let image = UnsafeMutableRawPointer.allocate(
      byteCount: Layout.size, alignment: MemoryLayout<UnsafeRawPointer>.alignment)
    image.initializeMemory(as: UInt8.self, repeating: 0, count: Layout.size)
    defer {
      free(image)
      image.deallocate()
    }
    image.storeBytes(of: imageVersion, toByteOffset: Layout.version, as: UInt32.self)
    // libpng reads from `bytes` until png_image_finish_read returns, so both calls share one borrow.
    let result = bytes.withUnsafeBytes { (memory) -> Result<LumaImage, ImportError> in
      guard beginRead(image, memory.baseAddress, memory.count) != 0 else {
        return .failure(.damaged("the PNG image cannot be read (\(message(of: image)))"))
      }
      let width = Int(image.load(fromByteOffset: Layout.width, as: UInt32.self))
      let height = Int(image.load(fromByteOffset: Layout.height, as: UInt32.self))
      do throws(ImportError) {
        try LumaImage.checkSize(width: width, height: height)
      } catch {
        return .failure(error)
      }
      image.storeBytes(of: formatGray, toByteOffset: Layout.format, as: UInt32.self)
      var plane = [UInt8](repeating: 255, count: width * height)
      let white: [UInt8] = [255, 255, 255]
      let finished = plane.withUnsafeMutableBytes { buffer in
        white.withUnsafeBytes { finishRead(image, $0.baseAddress, buffer.baseAddress, Int32(width), nil) }
      }
      guard finished != 0 else {
        return .failure(.damaged("the PNG image cannot be read (\(message(of: image)))"))
      }
      return Result { () throws(ImportError) in
        try LumaImage(width: width, height: height, rowStride: width, plane: plane)
      }
    }
    return try result.get()
  }

  /// libpng's message after a failure, or a generic one.
  private static func message(of image: UnsafeMutableRawPointer) -> String {
    let bytes = (0..<Layout.messageSize).lazy
      .map { image.load(fromByteOffset: Layout.message + $0, as: UInt8.self) }
      .prefix { $0 != 0 }
    let text = String(decoding: Array(bytes), as: UTF8.self)
    return text.isEmpty ? "libpng gave no reason" : "libpng: \(text)"
  }
}
