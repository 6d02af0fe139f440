import Foundation

/// Runs the built `twofold` binary the way a person or a script would.
public enum TwofoldProcess {
  /// What one run produced.
  public struct Output: Sendable {
    /// Exit status.
    public var status: Int32
    /// Standard output.
    public var stdout: String
    /// Standard error.
    public var stderr: String
  }

  /// The binary built beside the test bundle.
  public static var binary: URL {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = executable.deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("twofold")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return SharedFixtures.packageRoot.appendingPathComponent(".build/debug/twofold")
  }

  /// Runs `twofold arguments…` with only `environment` (plus PATH, HOME and
  /// `TWOFOLD_AGENT=off` unless given), no standard input, and waits for it.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil
  ) throws -> Output {
    // No test meets the agent of the person running the tests: agent tests turn it on in a
    // folder of their own.
    var variables = [
      "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "TWOFOLD_AGENT": "off",
    ]
    variables.merge(environment) { $1 }
    let run = try ProgramRun.run(
      binary, arguments, environment: variables, stdin: Data((stdin ?? "").utf8))
    return Output(
      status: run.status, stdout: String(decoding: run.stdout, as: UTF8.self),
      stderr: String(decoding: run.stderr, as: UTF8.self))
  }
}
