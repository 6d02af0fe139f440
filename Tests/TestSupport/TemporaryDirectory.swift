import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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

  /// Writes a `/bin/sh` script with `body` to `name` in the folder, executable, and returns its
  /// path (`executable(_:_:)`).
  @discardableResult
  public func script(_ name: String, _ body: String) throws -> String {
    try executable(name, Array(("#!/bin/sh\n" + body + "\n").utf8))
  }

  /// Writes `bytes` to `name` in the folder as an executable file and returns its path.
  @discardableResult
  public func executable(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = path(name)
    unlink(path)  // a new file, never one a running process has open
    // Written by a child process, never through a descriptor of this one: a child another test
    // forks meanwhile would inherit that descriptor until its own exec (Foundation closes the
    // inherited descriptors one by one first), and running the file then fails with "Text file
    // busy" (ETXTBSY).
    let written = try ProgramRun.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "umask 022 && cat > \"$1\" && chmod 755 \"$1\"", "sh", path],
      environment: ["PATH": "/usr/bin:/bin"], stdin: Data(bytes))
    guard written.status == 0 else { throw ScriptFailure(code: EIO) }
    return path
  }
}

/// A script could not be written: `errno`.
public struct ScriptFailure: Error {
  /// The `errno` of the failed call.
  public let code: Int32
}
