import Foundation
import TestSupport
import Testing

/// A local vault and the places it syncs with, in one temporary folder; every command runs
/// without the agent, with the password from a file and with this device's own state folder
/// (`$XDG_STATE_HOME`) in the temporary folder.
final class SyncSession: @unchecked Sendable {
  static let password = "sync test password"
  let folder: TemporaryDirectory
  let vault: String
  let passwordFile: String
  /// This device's `$XDG_STATE_HOME`.
  let state: String

  init() throws {
    folder = try TemporaryDirectory()
    vault = folder.path("vault.json")
    state = folder.path("state")
    passwordFile = try folder.write("pw", Self.password + "\n")
    try FileManager.default.createDirectory(atPath: folder.path("share"), withIntermediateDirectories: true)
  }

  /// `twofold ARGS --vault V --password-file PW`.
  @discardableResult
  func run(_ arguments: [String], vault: String? = nil, _ extra: [String: String] = [:]) throws
    -> TwofoldProcess.Output
  {
    try TwofoldProcess.run(
      arguments + ["--vault", vault ?? self.vault, "--password-file", passwordFile],
      environment: ["XDG_STATE_HOME": state].merging(extra) { $1 })
  }

  /// Runs as device `device` (its own `$XDG_STATE_HOME`, `state-DEVICE`).
  @discardableResult
  func run(_ arguments: [String], vault: String, device: String) throws -> TwofoldProcess.Output {
    try run(arguments, vault: vault, ["XDG_STATE_HOME": folder.path("state-" + device)])
  }

  /// Copies `from` to `to`, replacing it (what Syncthing delivers).
  func copy(_ from: String, to: String) throws {
    if FileManager.default.fileExists(atPath: to) { try FileManager.default.removeItem(atPath: to) }
    try FileManager.default.copyItem(atPath: from, toPath: to)
  }

  /// A vault with GitHub:me (TOTP) and Deno:Mason, and a shared copy of it at `share/shared.json`.
  func makeVaults() throws -> String {
    #expect(try run(["init"]).status == 0)
    #expect(
      try run(["add", "--uri", "otpauth://totp/GitHub:me?secret=JBSWY3DPEHPK3PXP&issuer=GitHub"]).status == 0)
    #expect(
      try run(["add", "--uri", "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ"]).status == 0)
    let shared = folder.path("share/shared.json")
    try FileManager.default.copyItem(atPath: vault, toPath: shared)
    return shared
  }

  /// The labels `list --json` gives for `vault`, sorted.
  func labels(_ vault: String? = nil) throws -> [String] {
    let output = try run(["list", "--json"], vault: vault)
    let items = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
    return items.map { "\($0["issuer"] as? String ?? ""):\($0["name"] as? String ?? "")" }.sorted()
  }

  /// The note of the account `query` in `vault`.
  func note(_ query: String, in vault: String? = nil) throws -> String? {
    let output = try run(["list", query, "--json"], vault: vault)
    let items = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
    return items.first?["note"] as? String
  }

  func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
}
