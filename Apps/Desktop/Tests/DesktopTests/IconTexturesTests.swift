import CAdwaita
import Testing

@testable import DesktopUI

/// The list's icon textures: PNG through GDK (scaled down when larger than twice the size
/// drawn), SVG through librsvg at the size drawn, one texture per icon hash and size, and an icon
/// that cannot be drawn tried once. No display is needed: textures live in memory.
@MainActor
@Suite("Icon textures")
struct IconTexturesTests {
  /// A PNG of `width` × `height` opaque pixels, written by GDK itself.
  nonisolated static func png(width: Int32, height: Int32) -> [UInt8] {
    let stride = Int(width) * 4
    let pixels = [UInt8](repeating: 0x80, count: stride * Int(height))
    let data = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(data) }
    let texture = gdk_memory_texture_new(width, height, GDK_MEMORY_R8G8B8A8, data, gsize(stride))!
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    let png = gdk_texture_save_to_png_bytes(texture)!
    defer { g_bytes_unref(png) }
    var size: gsize = 0
    let start = g_bytes_get_data(png, &size)!.assumingMemoryBound(to: UInt8.self)
    return Array(UnsafeBufferPointer(start: start, count: Int(size)))
  }

  nonisolated static func svg(viewBox: String) -> [UInt8] {
    Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\"><rect width=\"100%\" height=\"100%\" fill=\"#1e88e5\"/></svg>"
        .utf8)
  }

  nonisolated static func size(_ texture: OpaquePointer) -> [Int32] {
    [gdk_texture_get_width(texture), gdk_texture_get_height(texture)]
  }

  @Test(
    "Each icon at the size it is drawn",
    arguments: [
      ("a large PNG is scaled down to the size drawn", png(width: 256, height: 256), false, [32, 32]),
      ("a wide large PNG keeps its aspect", png(width: 256, height: 128), false, [32, 16]),
      ("a PNG up to twice the size is kept whole", png(width: 48, height: 48), false, [48, 48]),
      ("an SVG is drawn at the size", svg(viewBox: "0 0 64 64"), true, [32, 32]),
      ("a wide SVG is drawn inside the square", svg(viewBox: "0 0 100 50"), true, [32, 32]),
    ] as [(String, [UInt8], Bool, [Int32])])
  func drawn(_ what: String, bytes: [UInt8], isSVG: Bool, expected: [Int32]) throws {
    let textures = IconTextures()
    let texture = try #require(
      textures.texture(.init(hash: what, isSVG: isSVG) { bytes }, pixels: 32), "\(what): no texture")
    #expect(Self.size(texture) == expected, "\(what)")
  }

  @Test(
    "What is not an image draws nothing, and is tried once",
    arguments: [
      ("text called a PNG", Array("not a picture".utf8), false),
      ("a truncated PNG", Array(png(width: 64, height: 64).prefix(40)), false),
      ("text called an SVG", Array("not a picture".utf8), true),
      ("an SVG cut short", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8), true),
    ] as [(String, [UInt8], Bool)])
  func notDrawn(_ what: String, bytes: [UInt8], isSVG: Bool) {
    let textures = IconTextures()
    var reads = 0
    let source = IconTextures.Source(hash: "h", isSVG: isSVG) {
      reads += 1
      return bytes
    }
    #expect(textures.texture(source, pixels: 32) == nil, "\(what)")
    #expect(textures.texture(source, pixels: 32) == nil, "\(what)")
    #expect(reads == 1, "\(what): read \(reads) times")
    #expect(textures.count == 0)
  }

  @Test("One texture per hash and size: accounts sharing an icon share it; its bytes are read once")
  func cached() throws {
    let textures = IconTextures()
    let bytes = Self.svg(viewBox: "0 0 64 64")
    var reads = 0
    let source = IconTextures.Source(hash: "same", isSVG: true) {
      reads += 1
      return bytes
    }
    let first = try #require(textures.texture(source, pixels: 32))
    let again = try #require(textures.texture(source, pixels: 32))
    #expect(first == again)
    #expect(reads == 1)
    let larger = try #require(textures.texture(source, pixels: 64), "the same icon for a scale of 2")
    #expect(Self.size(larger) == [64, 64])
    #expect(textures.count == 2)
  }
}
