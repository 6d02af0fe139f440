import Data
import Domain
import Foundation
import Infrastructure
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The imported packs' folder: staged then renamed, private modes, replaced whole, nothing on failure.
@Suite("IconPackStore")
struct IconPackStoreTests {
  let folder: TemporaryDirectory
  let store: IconPackStore
  let id = IconPack.ID("6a7e2d4c-7f0b-4d7a-9e57-2b1f0c3a8e11")!

  init() throws {
    folder = try TemporaryDirectory()
    store = IconPackStore(root: folder.path("data/twofold/icons"))
  }

  private func mode(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
  }

  /// Every path under the store's root, relative to it, sorted.
  private func tree() -> [String] {
    let root = URL(fileURLWithPath: store.root)
    let walker = FileManager.default.enumerator(atPath: root.path)
    return (walker?.allObjects as? [String] ?? []).sorted()
  }

  @Test(
    "The root is $XDG_DATA_HOME/twofold/icons, else ~/.local/share/twofold/icons, else none",
    arguments: [
      (["XDG_DATA_HOME": "/data", "HOME": "/home/a"], "/data/twofold/icons"),
      (["XDG_DATA_HOME": "relative", "HOME": "/home/a"], "/home/a/.local/share/twofold/icons"),
      (["HOME": "/home/a"], "/home/a/.local/share/twofold/icons"), ([:], nil),
    ] as [([String: String], String?)])
  func root(variables: [String: String], root: String?) {
    #expect(IconPackStore(variables: variables)?.root == root)
  }

  @Test("A pack is written with its pack.json and images at their paths, folders 0700 and files 0600")
  func install() throws {
    try store.install(id, manifest: Array("{}".utf8), files: [("SVG/a.svg", [1, 2]), ("b.png", [3])])
    #expect(tree() == ["\(id)", "\(id)/SVG", "\(id)/SVG/a.svg", "\(id)/b.png", "\(id)/pack.json"])
    for folder in [store.root, store.directory(of: id), store.directory(of: id) + "/SVG"] {
      #expect(mode(folder) == 0o700, "\(folder)")
    }
    for file in ["pack.json", "SVG/a.svg", "b.png"] {
      #expect(mode(store.directory(of: id) + "/" + file) == 0o600)
    }
    #expect(try store.image("SVG/a.svg", of: id).get() == [1, 2])
    let installed = store.installed()
    #expect(installed.map(\.id) == [id])
    #expect(try installed.first?.manifest.get() == Array("{}".utf8))
  }

  @Test("Installing the same uuid again replaces the pack whole: files only the old one had are gone")
  func replace() throws {
    try store.install(id, manifest: Array("1".utf8), files: [("old.svg", [1]), ("kept.svg", [2])])
    try store.install(id, manifest: Array("2".utf8), files: [("kept.svg", [3])])
    #expect(tree() == ["\(id)", "\(id)/kept.svg", "\(id)/pack.json"])
    #expect(try store.image("kept.svg", of: id).get() == [3])
  }

  @Test("A path that is not plain is refused before anything is written")
  func unsafePath() throws {
    #expect(throws: IconPackStore.Failure.self) {
      try store.install(id, manifest: [], files: [("ok.svg", [1]), ("../escape.svg", [2])])
    }
    #expect(!FileManager.default.fileExists(atPath: store.root))
    #expect(!FileManager.default.fileExists(atPath: folder.path("data/twofold/escape.svg")))
    #expect(throws: IconPackStore.Failure.self) { try store.image("../../vault.json", of: id).get() }
  }

  @Test("A failed write leaves no staging folder and the earlier import as it was")
  func failedWrite() throws {
    try store.install(id, manifest: Array("1".utf8), files: [("a.svg", [1])])
    // Two files at one path: the second write fails (files are created, never overwritten).
    #expect(throws: IconPackStore.Failure.self) {
      try store.install(id, manifest: Array("2".utf8), files: [("b.svg", [2]), ("b.svg", [3])])
    }
    #expect(tree() == ["\(id)", "\(id)/a.svg", "\(id)/pack.json"])
    #expect(try store.installed().first?.manifest.get() == Array("1".utf8))
  }

  @Test("Folders whose name is not a uuid are not packs")
  func onlyUUIDFolders() throws {
    try store.install(id, manifest: [], files: [])
    for name in [".staging-x", "notes", id.rawValue.uppercased()] {
      try FileManager.default.createDirectory(
        atPath: store.root + "/" + name, withIntermediateDirectories: true)
    }
    #expect(store.installed().map(\.id) == [id])
    #expect(IconPackStore(root: folder.path("nothing")).installed().isEmpty)
  }
}

@Suite("MenuIconCache")
struct MenuIconCacheTests {
  static let svg = try! AccountIcon(format: .svg, bytes: IconPackFixture.svg())
  static let png = try! AccountIcon(format: .png, bytes: IconPackFixture.png)

  @Test(
    "The cache is $XDG_CACHE_HOME/twofold/icons, else ~/.cache/twofold/icons, else none",
    arguments: [
      (["XDG_CACHE_HOME": "/cache", "HOME": "/home/a"], "/cache/twofold/icons"),
      (["XDG_CACHE_HOME": "", "HOME": "/home/a"], "/home/a/.cache/twofold/icons"), ([:], nil),
    ] as [([String: String], String?)])
  func root(variables: [String: String], root: String?) {
    #expect(MenuIconCache(variables: variables)?.root == root)
  }

  @Test("An icon is written once as <hash>.<extension>, 0600 in a 0700 folder, and rewritten when damaged")
  func writesOnce() throws {
    let folder = try TemporaryDirectory()
    let cache = MenuIconCache(root: folder.path("cache/twofold/icons"))
    let path = try #require(cache.path(of: Self.svg))
    #expect(path == cache.root + "/" + Self.svg.aegisHash + ".svg")
    #expect(cache.path(of: Self.png) == cache.root + "/" + Self.png.aegisHash + ".png")
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == Self.svg.bytes)
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(stat(cache.root, &info) == 0 && info.st_mode & 0o777 == 0o700)
    #expect(stat(path, &info) == 0)
    let written = info.st_ino
    #expect(cache.path(of: Self.svg) == path)
    #expect(stat(path, &info) == 0 && info.st_ino == written, "the same file, not written again")
    try Data("damaged".utf8).write(to: URL(fileURLWithPath: path))
    #expect(cache.path(of: Self.svg) == path)
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == Self.svg.bytes)
  }

  @Test("A cache that cannot be written gives no path, so the line goes without an icon")
  func unwritable() throws {
    let folder = try TemporaryDirectory()
    try folder.write("file", "not a folder")
    #expect(MenuIconCache(root: folder.path("file/icons")).path(of: Self.svg) == nil)
  }
}
