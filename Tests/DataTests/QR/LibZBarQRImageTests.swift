import Domain
import Foundation
import Infrastructure
import Testing

/// Screenshots made here, read through libpng or libturbojpeg and ZBar.
@Suite(
  "LibZBar QR: PNG and JPEG screenshots",
  .enabled(
    if: QRTestImages.canDrawPNG && QRTestImages.canDrawJPEG,
    "needs libzbar0, libpng16-16, libturbojpeg0 and libqrencode4: skipped"))
struct LibZBarQRImageTests {
  enum Kind: String, CaseIterable, Sendable {
    case png, jpeg
  }

  static let uri =
    "otpauth://totp/ACME%20Co:ann@example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co"
    + "&algorithm=SHA256&digits=8"

  static func file(_ kind: Kind, _ image: LumaImage) throws -> [UInt8] {
    switch kind {
    case .png: QRTestImages.png(image)
    case .jpeg: try QRTestImages.jpeg(image)
    }
  }

  @Test(
    "A screenshot of a Key URI's QR code gives the URI",
    arguments: Kind.allCases)
  func keyURI(_ kind: Kind) throws {
    let bytes = try Self.file(kind, QRTestImages.screenshot([Self.uri]))
    #expect(try LibZBar().decode(imageFile: bytes) == [Self.uri])
  }

  @Test(
    "A screenshot of every part of a multi-part transfer gives every transfer URI",
    arguments: Kind.allCases)
  func migrationParts(_ kind: Kind) throws {
    let uris = QRTestImages.migrationURIs(parts: 2, perPart: 3)
    let bytes = try Self.file(kind, QRTestImages.screenshot(uris, scale: 4))
    #expect(Set(try LibZBar().decode(imageFile: bytes)) == Set(uris))
  }

  @Test("The decoder port reads the file")
  func port() throws {
    let bytes = QRTestImages.png(try QRTestImages.screenshot([Self.uri]))
    #expect(try LibZBar().decoder.decode(bytes) == [Self.uri])
  }

  @Test(
    "A PNG with a transparent background is read as if on white")
  func transparentPNG() throws {
    let bytes = QRTestImages.png(try QRTestImages.screenshot([Self.uri]), transparentWhite: true)
    #expect(try LibZBar().decode(imageFile: bytes) == [Self.uri])
  }

  @Test(
    "A light code on a dark background (a dark-mode screenshot) is read too")
  func darkMode() throws {
    let image = try QRTestImages.screenshot([Self.uri])
    let negative = try LumaImage(
      width: image.width, height: image.height, rowStride: image.width, plane: image.pixels.map { 255 - $0 })
    #expect(try LibZBar().decode(imageFile: QRTestImages.png(negative)) == [Self.uri])
  }

  @Test(
    "An image without a QR code gives no text",
    arguments: Kind.allCases)
  func blank(_ kind: Kind) throws {
    let image = try LumaImage(
      width: 320, height: 200, rowStride: 320, plane: (0..<64_000).map { UInt8(truncatingIfNeeded: $0 / 320) }
    )
    #expect(try LibZBar().decode(imageFile: Self.file(kind, image)).isEmpty)
  }

  @Test("A truncated PNG is damaged, and says so")
  func truncatedPNG() throws {
    let bytes = QRTestImages.png(try QRTestImages.screenshot([Self.uri]))
    let error = #expect(throws: ImportError.self) {
      try LibZBar().decode(imageFile: Array(bytes.prefix(bytes.count / 2)))
    }
    guard case .damaged(let reason) = error else {
      Issue.record("expected .damaged, got \(String(describing: error))")
      return
    }
    #expect(reason.hasPrefix("the PNG image cannot be read"))
  }

  @Test("A JPEG whose header is garbage is damaged")
  func garbageJPEG() throws {
    let error = #expect(throws: ImportError.self) {
      try LibZBar().decode(imageFile: [0xFF, 0xD8, 0xFF] + Array(repeating: 0x5A, count: 200))
    }
    guard case .damaged(let reason) = error else {
      Issue.record("expected .damaged, got \(String(describing: error))")
      return
    }
    #expect(reason.hasPrefix("the JPEG image cannot be read"))
  }

  @Test(
    "A PNG claiming more than 16384 pixels a side is refused before anything is allocated")
  func hugePNG() {
    let bytes = QRTestImages.png(width: 20_000, height: 20_000, colorType: 0, raw: [0, 0, 0])
    #expect(throws: ImportError.damaged("the image is 20000×20000 pixels, larger than 16384×16384")) {
      try LibZBar().decode(imageFile: bytes)
    }
  }

  @Test("A file that is neither PNG nor JPEG is refused")
  func neitherPNGNorJPEG() {
    #expect(throws: ImportError.unrecognized("the image is neither PNG nor JPEG")) {
      try LibZBar().decode(imageFile: Array("GIF89a".utf8))
    }
  }
}
