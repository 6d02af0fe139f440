import Domain
import Foundation
import Infrastructure
import TestSupport
import Testing

/// Screenshots made here (codes drawn with libqrencode), read through libpng or libturbojpeg and
/// ZBar; each test needs only the libraries its image goes through.
@Suite("LibZBar QR: PNG and JPEG screenshots", .requires(.zbar))
struct LibZBarQRImageTests {
  enum Kind: String, Sendable {
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
    "A PNG screenshot of a Key URI's QR code gives the URI", .requires(.qrencode), .requires(.png),
    arguments: [Kind.png])
  func keyURI(_ kind: Kind) throws {
    let bytes = try Self.file(kind, QRTestImages.screenshot([Self.uri]))
    #expect(try LibZBar().decode(imageFile: bytes) == [Self.uri])
  }

  @Test(
    "A JPEG screenshot of a Key URI's QR code gives the URI", .requires(.qrencode), .requires(.turboJPEG),
    arguments: [Kind.jpeg])
  func keyURIInJPEG(_ kind: Kind) throws { try keyURI(kind) }

  @Test(
    "A PNG screenshot of every part of a multi-part transfer gives every transfer URI", .requires(.qrencode),
    .requires(.png), arguments: [Kind.png])
  func migrationParts(_ kind: Kind) throws {
    let uris = QRTestImages.migrationURIs(parts: 2, perPart: 3)
    let bytes = try Self.file(kind, QRTestImages.screenshot(uris, scale: 4))
    #expect(Set(try LibZBar().decode(imageFile: bytes)) == Set(uris))
  }

  @Test(
    "A JPEG screenshot of every part of a multi-part transfer gives every transfer URI",
    .requires(.qrencode), .requires(.turboJPEG), arguments: [Kind.jpeg])
  func migrationPartsInJPEG(_ kind: Kind) throws { try migrationParts(kind) }

  @Test("The decoder port reads the file", .requires(.qrencode), .requires(.png))
  func port() throws {
    let bytes = QRTestImages.png(try QRTestImages.screenshot([Self.uri]))
    #expect(try LibZBar().decoder.decode(bytes) == [Self.uri])
  }

  @Test("A PNG with a transparent background is read as if on white", .requires(.qrencode), .requires(.png))
  func transparentPNG() throws {
    let bytes = QRTestImages.png(try QRTestImages.screenshot([Self.uri]), transparentWhite: true)
    #expect(try LibZBar().decode(imageFile: bytes) == [Self.uri])
  }

  @Test(
    "A light code on a dark background (a dark-mode screenshot) is read too", .requires(.qrencode),
    .requires(.png))
  func darkMode() throws {
    let image = try QRTestImages.screenshot([Self.uri])
    let negative = try LumaImage(
      width: image.width, height: image.height, rowStride: image.width, plane: image.pixels.map { 255 - $0 })
    #expect(try LibZBar().decode(imageFile: QRTestImages.png(negative)) == [Self.uri])
  }

  @Test("A PNG without a QR code gives no text", .requires(.png), arguments: [Kind.png])
  func blank(_ kind: Kind) throws {
    let image = try LumaImage(
      width: 320, height: 200, rowStride: 320, plane: (0..<64_000).map { UInt8(truncatingIfNeeded: $0 / 320) }
    )
    #expect(try LibZBar().decode(imageFile: Self.file(kind, image)).isEmpty)
  }

  @Test("A JPEG without a QR code gives no text", .requires(.turboJPEG), arguments: [Kind.jpeg])
  func blankJPEG(_ kind: Kind) throws { try blank(kind) }

  @Test("A truncated PNG is damaged, and says so", .requires(.qrencode), .requires(.png))
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

  @Test("A JPEG whose header is garbage is damaged", .requires(.turboJPEG))
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
    "A PNG claiming more than 16384 pixels a side is refused before anything is allocated", .requires(.png))
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
