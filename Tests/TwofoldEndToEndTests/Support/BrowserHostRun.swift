import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `twofold` as the browser runs its native messaging host: framed JSON
/// messages on standard input, framed answers read back from standard output.
enum BrowserHostRun {
  /// What one host process answered.
  struct Output {
    var status: Int32
    /// The answers, each parsed from its frame.
    var answers: [[String: Any]]
    /// Standard output as bytes (for a host that must write nothing).
    var stdout: Data
    var stderr: String
  }

  /// The extension's own Chromium origin.
  static let origin = "chrome-extension://maggmomcnhchelfjdeklmocgeajkmdll/"

  /// `message` framed as the browser frames it.
  static func frame(_ message: String) -> Data { frame(Data(message.utf8)) }

  /// `bytes` framed as the browser frames it.
  static func frame(_ bytes: Data) -> Data {
    var length = UInt32(bytes.count)
    return withUnsafeBytes(of: &length) { Data($0) } + bytes
  }

  /// Runs `twofold arguments…` (by default `browser-host ORIGIN`) with `environment` and the
  /// framed `messages` on standard input.
  static func run(
    _ messages: [String], arguments: [String] = ["browser-host", origin], environment: [String: String]
  ) throws -> Output {
    try run(bytes: messages.map(frame).reduce(Data(), +), arguments: arguments, environment: environment)
  }

  /// Runs the host with `bytes` on standard input.
  static func run(bytes: Data, arguments: [String], environment: [String: String]) throws -> Output {
    var variables = [
      "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "TWOFOLD_AGENT": "off",
      // The copy that ships with Twofold: Debian's publicsuffix is not on a new machine.
      "TWOFOLD_PUBLIC_SUFFIX_LIST": SharedFixtures.packageRoot.appendingPathComponent(
        "Packaging/browser/public_suffix_list.dat"
      ).path,
    ]
    variables.merge(environment) { $1 }
    let run = try ProgramRun.run(TwofoldProcess.binary, arguments, environment: variables, stdin: bytes)
    return Output(
      status: run.status, answers: try answers(in: run.stdout), stdout: run.stdout,
      stderr: String(decoding: run.stderr, as: UTF8.self))
  }

  /// The framed JSON objects of `data`, in order.
  static func answers(in data: Data) throws -> [[String: Any]] {
    var answers: [[String: Any]] = []
    var rest = data[...]
    while rest.count >= 4 {
      let length = Int(rest.prefix(4).withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
      let body = rest.dropFirst(4).prefix(length)
      guard body.count == length else { throw Truncated() }
      answers.append(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:])
      rest = rest.dropFirst(4 + length)
    }
    guard rest.isEmpty else { throw Truncated() }
    return answers
  }

  /// The host's output ended inside a frame.
  struct Truncated: Error {}

  /// A fill request for the frame at `url` in a top page at the same URL.
  static func fill(_ url: String, id: String? = nil) -> String {
    #"{"version":1,"type":"fill","url":"\#(url)","top":"\#(url)"\#(id.map { #","id":"\#($0)""# } ?? "")}"#
  }
}
