import Foundation

/// Files under the shared `fixtures/` folder next to the package (`../shared` from the package root).
enum SharedFixture {
  /// The file at `relativePath` below `shared/`, or nil when this checkout has no shared folder.
  static func url(_ relativePath: String, from filePath: String = #filePath) -> URL? {
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        let file = directory.deletingLastPathComponent().appendingPathComponent("shared")
          .appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
      }
      directory.deleteLastPathComponent()
    }
    return nil
  }
}
