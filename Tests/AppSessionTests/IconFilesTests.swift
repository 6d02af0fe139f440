import AppSession
import Domain
import Presentation
import TestSupport
import Testing

@Suite("Icon files for the details' icon choice")
struct IconFilesTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("IHDR".utf8)

  @Test("A PNG file and an SVG file are read as icons of their format")
  func reads() throws {
    let folder = try TemporaryDirectory()
    let png = try folder.executable("logo.png", Self.png)
    let svg = try folder.write("logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg"/>"#)
    #expect(try IconFiles.loader(png).get() == AccountIcon(format: .png, bytes: Self.png))
    #expect(try IconFiles.loader(svg).get().format == .svg)
  }

  @Test("A file that cannot be an icon, or cannot be read, gets one sentence naming it")
  func refuses() throws {
    let folder = try TemporaryDirectory()
    let gif = try folder.write("logo.gif", "GIF89a")
    let outside = try folder.write("remote.svg", #"<svg><image href="https://example.com/a.png"/></svg>"#)
    let missing = folder.path("missing.png")
    #expect(
      Self.failure(gif) == "\(gif) cannot be an icon: GIF images cannot be icons; use PNG, JPEG or SVG.")
    #expect(
      Self.failure(outside)
        == "\(outside) cannot be an icon: the SVG refers to something outside itself (https://example.com/a.png)."
    )
    #expect(Self.failure(missing) == "Cannot read \(missing): No such file or directory.")
  }

  static func failure(_ path: String) -> String? {
    guard case .failure(let failure) = IconFiles.loader(path) else { return nil }
    return failure.message
  }
}
