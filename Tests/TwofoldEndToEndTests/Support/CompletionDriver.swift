import Foundation
import TestSupport

/// The built binary's completion scripts, run by the shells they are for, in a folder of their
/// own (file names complete from it), with the built `twofold` first on `PATH`.
struct CompletionDriver {
  let folder: TemporaryDirectory
  /// Variables for every run, beside PATH and HOME (`TWOFOLD_AGENT=off` unless given).
  var environment: [String: String]

  init(environment: [String: String] = [:]) throws {
    folder = try TemporaryDirectory()
    self.environment = environment
  }

  /// `PATH` with the built binary's folder first.
  static var path: String { TwofoldProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin" }

  /// The script `twofold completions SHELL` prints, written into the folder; its path.
  func script(_ shell: String) throws -> String {
    let output = try TwofoldProcess.run(["completions", shell])
    guard output.status == 0 else { throw CompletionFailure(output: output.stderr) }
    return try folder.write("twofold.\(shell)", output.stdout)
  }

  /// What bash's completion function puts in `COMPREPLY` for `words`, the last being the word
  /// under the cursor (as bash splits the line: `--format`, `=`, `a` for `--format=a`).
  func bash(_ words: [String]) throws -> [String] {
    let driver = try folder.write(
      "drive.bash",
      """
      source "$1"
      shift
      COMP_WORDS=("$@")
      COMP_CWORD=$(($# - 1))
      _twofold
      printf '%s\\n' "${COMPREPLY[@]}"
      """)
    let output = try run("/bin/bash", ["--norc", "--noprofile", driver, try script("bash")] + words)
    return output.split(separator: "\n").map(String.init)
  }

  /// The candidates fish's `complete -C` gives for `line` (their descriptions dropped).
  func fish(_ line: String) throws -> [String] {
    let fish = OptionalDependency.path(of: "fish") ?? "fish"
    let script = try script("fish")
    let output = try run(
      fish, ["--no-config", "-c", "source \(script); complete -C \(Self.fishQuoted(line))"])
    return output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
  }

  /// Runs `program arguments…` in the folder; its standard output, or a failure with its error.
  func run(_ program: String, _ arguments: [String]) throws -> String {
    var variables = ["PATH": Self.path, "HOME": folder.url.path, "TWOFOLD_AGENT": "off"]
    variables.merge(environment) { $1 }
    let run = try ProgramRun.run(
      URL(fileURLWithPath: program), arguments, environment: variables, directory: folder.url)
    guard run.status == 0 else {
      throw CompletionFailure(output: String(decoding: run.stderr, as: UTF8.self))
    }
    return String(decoding: run.stdout, as: UTF8.self)
  }

  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
  }
}

/// A shell or `twofold completions` that failed, with what it said.
struct CompletionFailure: Error, CustomStringConvertible {
  let output: String
  var description: String { "the shell failed: \(output)" }
}
