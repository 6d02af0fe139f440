import Domain
import Infrastructure
import TestSupport
import Testing

/// Libraries that are not installed: the error names the package to install. ZBar is loaded
/// first, so the libpng and libturbojpeg cases need it installed.
@Suite("LibZBar QR: missing libraries")
struct LibZBarQRMissingLibraryTests {
  static let absent = ["libtwofold-absent.so.99"]
  static let png = QRTestImages.png(
    try! LumaImage(width: 2, height: 2, rowStride: 2, plane: [0, 255, 255, 0]))

  @Test("Without libzbar, images and luma planes are refused with the install command")
  func zbarMissing() throws {
    let decoder = LibZBar(zbarNames: Self.absent)
    #expect(throws: ImportError.missingLibrary(LibZBar.installHint)) {
      try decoder.decode(imageFile: Self.png)
    }
    let image = try LumaImage(width: 1, height: 1, rowStride: 1, plane: [0])
    #expect(throws: ImportError.missingLibrary(LibZBar.installHint)) { try decoder.decode(luma: image) }
    #expect(throws: ImportError.missingLibrary(LibZBar.installHint)) { try decoder.decoder.decode(Self.png) }
    #expect(LibZBar.installHint.contains("apt-get install libzbar0"))
  }

  @Test("Without libpng, a PNG is refused with the install command", .requires(.zbar))
  func pngMissing() {
    let error = #expect(throws: ImportError.self) {
      try LibZBar(pngNames: Self.absent).decode(imageFile: Self.png)
    }
    guard case .missingLibrary(let hint) = error else {
      Issue.record("expected .missingLibrary, got \(String(describing: error))")
      return
    }
    #expect(hint.contains("apt-get install libpng16-16"))
  }

  @Test(
    "Without libturbojpeg, a JPEG is refused with the install command", .requires(.zbar))
  func jpegMissing() {
    let error = #expect(throws: ImportError.self) {
      try LibZBar(jpegNames: Self.absent).decode(imageFile: [0xFF, 0xD8, 0xFF, 0xE0, 0, 16])
    }
    guard case .missingLibrary(let hint) = error else {
      Issue.record("expected .missingLibrary, got \(String(describing: error))")
      return
    }
    #expect(hint.contains("apt-get install libturbojpeg0"))
  }

  @Test("The tests look for ZBar, libpng, libturbojpeg and libqrencode by the names Twofold loads them by")
  func probedNames() {
    #expect(OptionalDependency.zbar.libraryNames == LibZBar.libraryNames)
    #expect(OptionalDependency.png.libraryNames == LibZBar.pngLibraryNames)
    #expect(OptionalDependency.turboJPEG.libraryNames == LibZBar.jpegLibraryNames)
    #expect(OptionalDependency.qrencode.libraryNames == LibQRencode.libraryNames)
  }
}
