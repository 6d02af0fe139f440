import Foundation
import TestSupport
import Testing

/// A vault and a private agent folder for one test: commands run with the agent on, in
/// `XDG_RUNTIME_DIR` of this test only, and the agent the test started is killed when it ends.
final class AgentSession: @unchecked Sendable {
  static let password = "agent test password"
  /// RFC 4226's test secret: counter 0 gives 755224, 1 gives 287082, 2 gives 359152.
  static let hotpSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
  static let totpSecret = "4SJHB4GSD43FZBAI7C2HLRJGPQ"

  let folder: TemporaryDirectory
  let vault: String
  let runtime: String
  let passwordFile: String
  private(set) var environment: [String: String]

  init() throws {
    folder = try TemporaryDirectory()
    vault = folder.path("vault.json")
    runtime = folder.path("run")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    passwordFile = try folder.write("pw", Self.password + "\n")
    environment = [
      "TWOFOLD_VAULT": vault, "XDG_RUNTIME_DIR": runtime, "TWOFOLD_AGENT": "on",
      "XDG_STATE_HOME": folder.path("state"),
    ]
  }

  deinit { stopAgent() }

  var socket: String { runtime + "/twofold/agent.sock" }

  /// Runs `twofold arguments…` with the session's environment and `extra`.
  @discardableResult
  func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(arguments, environment: environment.merging(extra) { $1 })
  }

  /// Runs a command with the password file.
  @discardableResult
  func direct(_ arguments: [String]) throws -> TwofoldProcess.Output {
    try run(arguments + ["--password-file", passwordFile])
  }

  /// An encrypted vault with one HOTP (`RFC:hotp`) and one TOTP (`Deno:Mason`) account.
  func makeVault() throws {
    #expect(try direct(["init"]).status == 0)
    #expect(
      try direct(["add", "--uri", "otpauth://hotp/RFC:hotp?secret=\(Self.hotpSecret)&counter=0"]).status == 0)
    #expect(
      try direct(["add", "--uri", "otpauth://totp/Deno:Mason?secret=\(Self.totpSecret)&issuer=Deno"]).status
        == 0)
  }

  /// `status --json` parsed.
  func status() throws -> (running: Bool, pid: Int32?, vaults: [[String: Any]]) {
    let output = try run(["status", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] ?? [:]
    return (
      object["agent"] as? Bool ?? false, (object["pid"] as? NSNumber).map { $0.int32Value },
      object["vaults"] as? [[String: Any]] ?? []
    )
  }

  /// The absolute paths `status` lists.
  func heldVaults() throws -> [String] { try status().vaults.compactMap { $0["path"] as? String } }

  /// Kills the agent of this session's folder, if one runs, and waits until it is gone.
  func stopAgent() {
    guard let pid = try? status().pid else { return }
    ProcessEnd.killAndReap(pid)
  }

  /// A `TWOFOLD_ASKPASS` program that answers with `answer` (nil: cancels) and counts its runs.
  func askpass(answer: String?) throws -> (variables: [String: String], count: () -> Int) {
    let counter = folder.path("askpass-count")
    let body =
      answer.map { "echo x >> '\(counter)'\necho '\($0)'\n" } ?? "echo x >> '\(counter)'\nexit 1\n"
    let script = try folder.write("askpass.sh", "#!/bin/sh\n" + body)
    chmod(script, 0o700)
    return (
      ["TWOFOLD_ASKPASS": script],
      { ((try? String(contentsOfFile: counter, encoding: .utf8)) ?? "").split(separator: "\n").count }
    )
  }
}
