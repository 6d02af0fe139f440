import Domain
import Foundation
import Infrastructure
import TestSupport
import Testing

/// Aegis' own QR test data (QrCodeAnalyzerTest): camera frames as raw luma planes, read in place.
@Suite("LibZBar QR: Aegis' luma planes")
struct LibZBarQRFixtureTests {
  struct Plane: Sendable, CustomTestStringConvertible {
    let file: String
    let width: Int
    let height: Int
    let rowStride: Int
    var testDescription: String { file }
  }

  static let planes = [
    Plane(file: "qr/qr.y.gz", width: 1600, height: 1200, rowStride: 1600),
    Plane(file: "qr/qr.strided.y.gz", width: 1840, height: 1380, rowStride: 1856),
  ]

  @Test(
    "A camera frame's luma plane, padded rows or not, gives the neo4j Key URI",
    .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"),
    .requires(.zbar),
    arguments: planes)
  func lumaPlane(_ plane: Plane) throws {
    let url = try #require(SharedFixtures.aegis).appendingPathComponent(plane.file)
    let bytes = try QRTestImages.gunzip(url)
    #expect(bytes.count >= plane.rowStride * (plane.height - 1) + plane.width)
    let image = try LumaImage(
      width: plane.width, height: plane.height, rowStride: plane.rowStride, plane: bytes)
    #expect(try LibZBar().decode(luma: image) == [QRTestImages.neo4j])
  }

  @Test("A plane shorter than its size says is refused")
  func shortPlane() {
    #expect(throws: ImportError.damaged("the image data is shorter than its size says")) {
      try LumaImage(width: 100, height: 100, rowStride: 128, plane: [UInt8](repeating: 0, count: 128 * 99))
    }
  }
}
