import Foundation

/// A fresh folder under the system's temporary folder, removed when dropped.
public final class TemporaryDirectory: @unchecked Sendable {
  /// The folder.
  public let url: URL

  /// Creates an empty folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("twofold-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A path inside the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes text to a file inside the folder and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    let path = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }
}
