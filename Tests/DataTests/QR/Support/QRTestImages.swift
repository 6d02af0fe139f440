import Domain
import Foundation
import Infrastructure

/// Screenshots made for the QR tests: codes drawn with libqrencode, written as PNG by a small
/// writer here (stored deflate blocks, so libpng reads a file it did not write) or as JPEG by
/// libturbojpeg's encoder; and Aegis' luma planes, gunzipped with /bin/gzip.
enum QRTestImages {
  /// The URI in Aegis' `qr.y.gz` and `qr.strided.y.gz`.
  static let neo4j =
    "otpauth://totp/neo4j:Charlotte?secret=B33WS2ALPT34K4BNY24AYROE4M&issuer=neo4j"
    + "&algorithm=SHA1&digits=6&period=30"

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  // MARK: Drawing

  /// A white "screen" with a grey title bar and the codes for `texts` side by side, `scale`
  /// pixels per module, each inside a four-module quiet zone.
  static func screenshot(_ texts: [String], scale: Int = 5) throws -> LumaImage {
    let codes = try texts.map { text in
      switch LibQRencode.encode(text) {
      case .success(let modules): return modules
      case .failure(let failure): throw Failure(description: failure.message)
      }
    }
    let sides = codes.map { ($0.size + 8) * scale }
    let margin = 40
    let width = sides.reduce(margin, +) + margin * codes.count
    let height = (sides.max() ?? 0) + 3 * margin
    var pixels = [UInt8](repeating: 255, count: width * height)
    for y in 0..<margin / 2 { for x in 0..<width { pixels[y * width + x] = 200 } }
    var left = margin
    for (code, side) in zip(codes, sides) {
      for y in 0..<side {
        for x in 0..<side {
          let row = y / scale - 4
          let column = x / scale - 4
          let inside = (0..<code.size).contains(row) && (0..<code.size).contains(column)
          if inside && code.dark[row * code.size + column] {
            pixels[(2 * margin + y) * width + left + x] = 0
          }
        }
      }
      left += side + margin
    }
    return try LumaImage(width: width, height: height, rowStride: width, plane: pixels)
  }

  // MARK: PNG

  /// An 8-bit gray PNG of `image`; with `transparentWhite`, gray + alpha where white is transparent.
  static func png(_ image: LumaImage, transparentWhite: Bool = false) -> [UInt8] {
    var raw: [UInt8] = []
    for row in 0..<image.height {
      raw.append(0)
      let samples = image.pixels[row * image.width..<(row + 1) * image.width]
      if transparentWhite {
        for sample in samples { raw += sample == 255 ? [0, 0] : [sample, 255] }
      } else {
        raw += samples
      }
    }
    return png(width: image.width, height: image.height, colorType: transparentWhite ? 4 : 0, raw: raw)
  }

  /// A PNG of filtered scanlines `raw` (filter byte 0 before each row), one IDAT chunk.
  static func png(width: Int, height: Int, colorType: UInt8, raw: [UInt8]) -> [UInt8] {
    let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
  }

  /// A PNG chunk: length, type, data, CRC-32 of type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  /// A zlib stream (RFC 1950) of uncompressed deflate blocks (RFC 1951 §3.2.4).
  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let count = min(65_535, data.count - start)
      let final: UInt8 = start + count == data.count ? 1 : 0
      let length = UInt16(count)
      output += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      output += data[start..<start + count]
      start += count
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return output + bigEndian(b << 16 | a)
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    ~bytes.reduce(~UInt32(0)) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  // MARK: JPEG

  private typealias InitCompress = @convention(c) () -> UnsafeMutableRawPointer?
  private typealias Compress =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int32, Int32, Int32, Int32,
      UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<UInt>?, Int32, Int32, Int32
    ) -> Int32
  private typealias Free = @convention(c) (UnsafeMutablePointer<UInt8>?) -> Void
  private typealias Destroy = @convention(c) (UnsafeMutableRawPointer?) -> Int32

  /// A grayscale baseline JPEG of `image` made by libturbojpeg (`TJPF_GRAY`, `TJSAMP_GRAY`).
  static func jpeg(_ image: LumaImage, quality: Int32 = 85) throws -> [UInt8] {
    guard let handle = LibZBar.jpegLibraryNames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first
    else { throw Failure(description: "libturbojpeg is not installed") }
    defer { dlclose(handle) }
    guard let initSymbol = dlsym(handle, "tjInitCompress"), let compressSymbol = dlsym(handle, "tjCompress2"),
      let freeSymbol = dlsym(handle, "tjFree"), let destroySymbol = dlsym(handle, "tjDestroy")
    else { throw Failure(description: "libturbojpeg lacks the TurboJPEG compression API") }
    let compress = unsafeBitCast(compressSymbol, to: Compress.self)
    let free = unsafeBitCast(freeSymbol, to: Free.self)
    let destroy = unsafeBitCast(destroySymbol, to: Destroy.self)
    guard let compressor = unsafeBitCast(initSymbol, to: InitCompress.self)() else {
      throw Failure(description: "tjInitCompress failed")
    }
    defer { _ = destroy(compressor) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let width = Int32(image.width)
    let status = image.pixels.withUnsafeBufferPointer {
      compress(
        compressor, $0.baseAddress, width, width, Int32(image.height), 6, &output, &size, 3, quality, 0)
    }
    defer { free(output) }
    guard status == 0, let output else { throw Failure(description: "tjCompress2 failed") }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }

  // MARK: Fixtures and transfer URIs

  /// The bytes of a gzip file, decompressed by /bin/gzip.
  static func gunzip(_ url: URL) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc", url.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw Failure(description: "gzip -dc \(url.path) failed") }
    return [UInt8](data)
  }

  /// Google Authenticator transfer URIs of one export in `parts` QR codes, `perPart` TOTP accounts
  /// each (vault-format.md "Google Authenticator transfer": MigrationPayload protobuf, Base64).
  static func migrationURIs(parts: Int, perPart: Int, batchID: UInt64 = 424_242) -> [String] {
    (0..<parts).map { part in
      var payload: [UInt8] = []
      for entry in 0..<perPart {
        let number = part * perPart + entry
        var parameters: [UInt8] = []
        parameters += field(1, bytes: (0..<10).map { UInt8(truncatingIfNeeded: number * 37 + $0 * 11 + 1) })
        parameters += field(2, bytes: Array("user\(number)@example.com".utf8))
        parameters += field(3, bytes: Array("Service \(number)".utf8))
        parameters += field(4, varint: 1) + field(5, varint: 1) + field(6, varint: 2)
        payload += field(1, bytes: parameters)
      }
      payload += field(2, varint: 1) + field(3, varint: UInt64(parts)) + field(4, varint: UInt64(part))
      payload += field(5, varint: batchID)
      let base64 = Data(payload).base64EncodedString()
        .replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2F")
        .replacingOccurrences(of: "=", with: "%3D")
      return "otpauth-migration://offline?data=" + base64
    }
  }

  private static func field(_ number: UInt64, varint value: UInt64) -> [UInt8] {
    varint(number << 3) + varint(value)
  }

  private static func field(_ number: UInt64, bytes: [UInt8]) -> [UInt8] {
    varint(number << 3 | 2) + varint(UInt64(bytes.count)) + bytes
  }

  private static func varint(_ value: UInt64) -> [UInt8] {
    var value = value
    var bytes: [UInt8] = []
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    return bytes + [UInt8(value)]
  }
}
