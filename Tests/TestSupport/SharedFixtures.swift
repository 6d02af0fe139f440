import Foundation

/// The shared fixtures (`../shared/fixtures/aegis` beside the checkout), read in place at test
/// time and never copied into the project.
public enum SharedFixtures {
  /// The package root, found from this file's path.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared/fixtures/aegis`, or nil when the folder is absent.
  public static let aegis: URL? = {
    let candidates = [
      ProcessInfo.processInfo.environment["TWOFOLD_SHARED"].map { URL(fileURLWithPath: $0) },
      packageRoot.deletingLastPathComponent().appendingPathComponent("shared"),
    ].compactMap { $0 }
    for shared in candidates {
      let folder = shared.appendingPathComponent("fixtures/aegis")
      if FileManager.default.fileExists(atPath: folder.path) { return folder }
    }
    return nil
  }()

  /// Why fixture tests are skipped, for `.enabled(if:)` traits' comments.
  public static let missingMessage =
    "../shared/fixtures/aegis is absent: fixture tests skipped (CI provides the folder)"

  /// The bytes of a fixture by its path under `fixtures/aegis`.
  public static func data(_ relativePath: String) throws -> Data {
    guard let aegis else { throw FixtureMissing() }
    return try Data(contentsOf: aegis.appendingPathComponent(relativePath))
  }

  /// The text of a fixture.
  public static func text(_ relativePath: String) throws -> String {
    String(decoding: try data(relativePath), as: UTF8.self)
  }

  /// The parsed `expected/<file>.expected.json` of a fixture.
  public static func expected(_ file: String) throws -> [String: Any] {
    let data = try data("expected/\(file).expected.json")
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  /// Thrown when the shared folder is absent.
  public struct FixtureMissing: Error {}
}
