import Foundation
import TestSupport
import Testing

/// `twofold keyring` and the unlock through the login keyring (CLI.md "Unlock with the login
/// session"), on gnome-keyring-daemon in a private session bus, with the real binary.
@Suite(
  "The vault key in the login keyring",
  .requires(.libsecret), .requires(.gnomeKeyring), .requires(.dbusDaemon), .requires(.secretTool))
struct KeyringCommandTests {
  /// A vault with its agent folder, a Secret Service, and an askpass that counts its runs.
  final class Fixture {
    let session: AgentSession
    let bus: SecretServiceBus
    let askpassFolder: TemporaryDirectory
    let client: String

    /// `client`: "libsecret", or "dbus" for Twofold's own D-Bus client (what a static build uses).
    init(_ client: String, keyring: Bool = true) throws {
      self.client = client
      session = try AgentSession()
      try session.makeVault()
      bus = try SecretServiceBus(in: session.folder, keyring: keyring)
      askpassFolder = try TemporaryDirectory()
      try askpassFolder.script(
        "askpass", "echo x >> '\(askpassFolder.path("count"))'\necho '\(AgentSession.password)'")
    }

    /// `twofold arguments…` on the bus, a password only through the askpass.
    func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> TwofoldProcess.Output {
      try session.run(
        arguments,
        [
          "DBUS_SESSION_BUS_ADDRESS": bus.address, "TWOFOLD_ASKPASS": askpassFolder.path("askpass"),
          "TWOFOLD_KEYRING": client == "dbus" ? "dbus" : "on",
        ].merging(
          extra
        ) { $1 })
    }

    /// How many times the askpass was asked.
    var asked: Int {
      ((try? String(contentsOfFile: askpassFolder.path("count"), encoding: .utf8)) ?? "")
        .split(separator: "\n").count
    }

    var vaultBytes: Data { (try? Data(contentsOf: URL(fileURLWithPath: session.vault))) ?? Data() }

    /// The uuid of the vault's first password slot.
    var slotUUID: String {
      let object = try? JSONSerialization.jsonObject(with: vaultBytes) as? [String: Any]
      let slots = (object?["header"] as? [String: Any])?["slots"] as? [[String: Any]]
      return slots?.first?["uuid"] as? String ?? ""
    }

    /// `keyring enable` with the password file.
    func enable() throws -> TwofoldProcess.Output {
      try run(["keyring", "enable", "--password-file", session.passwordFile])
    }
  }

  /// Through libsecret, and through Twofold's own D-Bus client.
  static let clients = ["libsecret", "dbus"]

  static func isCode(_ output: TwofoldProcess.Output) -> Bool {
    output.status == 0 && output.stdout.count == 7 && output.stdout.dropLast().allSatisfy(\.isNumber)
  }

  @Test(
    "enable, status, a first code that asks no password and goes to the agent, disable; the vault file never changes",
    arguments: clients)
  func enableCodeDisable(client: String) throws {
    let fixture = try Fixture(client)
    let vault = fixture.session.vault
    let before = fixture.vaultBytes
    let disabled = try fixture.run(["keyring", "status"])
    #expect(disabled.status == 0)
    #expect(disabled.stdout == "disabled\n")
    #expect(disabled.stderr.isEmpty)

    let enabled = try fixture.enable()
    #expect(enabled.status == 0)
    #expect(
      enabled.stdout
        == "the login keyring holds the key of \(vault): while it is unlocked, no password is asked\n")
    #expect(enabled.stderr.isEmpty)
    let item = try fixture.bus.items(vault: vault)
    #expect(item.contains("label = Twofold key for \(vault)\n"))
    #expect(item.contains("schema = io.github.twofold.VaultKey\n"))
    #expect(item.contains("attribute.uuid = \(fixture.slotUUID)\n"))
    #expect(item.contains("attribute.vault = \(vault)\n"))

    let json = try fixture.run(["keyring", "status", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String]
    #expect(object == ["vault": vault, "state": "enabled"])
    #expect(json.stdout.hasSuffix("}\n"))

    let code = try fixture.run(["code", "Deno"])
    #expect(Self.isCode(code))
    #expect(code.stderr.isEmpty)
    #expect(fixture.asked == 0)
    #expect(try fixture.session.heldVaults() == [vault])

    #expect(try fixture.run(["lock"]).status == 0)
    let removed = try fixture.run(["keyring", "disable"])
    #expect(removed.status == 0)
    #expect(removed.stdout == "removed the key of \(vault) from the login keyring\n")
    #expect(try fixture.run(["keyring", "status"]).stdout == "disabled\n")
    #expect(try fixture.bus.items(vault: vault).isEmpty)
    let asking = try fixture.run(["code", "Deno"])
    #expect(Self.isCode(asking))
    #expect(fixture.asked == 1)
    #expect(fixture.vaultBytes == before)
  }

  @Test(
    "A locked collection: status says locked, and a command falls through to the password without a prompt",
    arguments: clients)
  func lockedCollection(client: String) throws {
    let fixture = try Fixture(client)
    let before = fixture.vaultBytes
    #expect(try fixture.enable().status == 0)
    try fixture.bus.lockLogin()
    let status = try fixture.run(["keyring", "status"])
    #expect(status.stdout == "locked\n")
    #expect(status.stderr.isEmpty)
    let code = try fixture.run(["code", "Deno"])
    #expect(Self.isCode(code))
    #expect(code.stderr.isEmpty)
    #expect(fixture.asked == 1)
    let enable = try fixture.run(["keyring", "enable"])
    #expect(enable.status == 1)
    #expect(enable.stderr.hasPrefix("twofold: the login keyring is locked"))
    #expect(fixture.asked == 1)
    #expect(fixture.vaultBytes == before)
  }

  @Test(
    "A vault re-keyed elsewhere: the password is asked once, the item replaced with one warning, then used",
    arguments: clients)
  func rekeyedVault(client: String) throws {
    let fixture = try Fixture(client)
    #expect(try fixture.enable().status == 0)
    // The same accounts under a new master key and slot, as another device would write them.
    let other = fixture.session.folder.path("other.json")
    let elsewhere = ["TWOFOLD_VAULT": other, "TWOFOLD_KEYRING": "off"]
    #expect(
      try fixture.run(["init", "--password-file", fixture.session.passwordFile], elsewhere).status == 0)
    #expect(
      try fixture.run(
        [
          "add", "--issuer", "Deno", "--name", "Mason", "--secret", AgentSession.totpSecret,
          "--password-file",
          fixture.session.passwordFile,
        ], elsewhere
      ).status == 0)
    try FileManager.default.removeItem(atPath: fixture.session.vault)
    try FileManager.default.copyItem(atPath: other, toPath: fixture.session.vault)
    let rekeyed = fixture.vaultBytes

    let code = try fixture.run(["code", "Deno"], ["TWOFOLD_AGENT": "off"])
    #expect(Self.isCode(code))
    #expect(fixture.asked == 1)
    let lines = code.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix("warning: the login keyring's key no longer opened \(fixture.session.vault)")
        == true)
    let item = try fixture.bus.items(vault: fixture.session.vault)
    #expect(item.contains("attribute.uuid = \(fixture.slotUUID)\n"))

    let again = try fixture.run(["code", "Deno"], ["TWOFOLD_AGENT": "off"])
    #expect(Self.isCode(again))
    #expect(again.stderr.isEmpty)
    #expect(fixture.asked == 1)
    #expect(fixture.vaultBytes == rekeyed)
  }

  @Test(
    "A damaged item, then two items for one vault: one warning line each, the password, nothing else changes",
    arguments: clients)
  func damagedAndSeveralItems(client: String) throws {
    let fixture = try Fixture(client)
    let vault = fixture.session.vault
    let before = fixture.vaultBytes
    let store = { (uuid: String, secret: String) in
      try fixture.bus.secretTool(
        [
          "store", "--label", "Twofold key for \(vault)", "xdg:schema", "io.github.twofold.VaultKey", "vault",
          vault,
          "uuid", uuid,
        ], stdin: secret)
    }
    #expect(try store(fixture.slotUUID, "not a key").status == 0)
    let damaged = try fixture.run(["code", "Deno"], ["TWOFOLD_AGENT": "off"])
    #expect(Self.isCode(damaged))
    #expect(
      damaged.stderr
        == "warning: the login keyring's item for \(vault) is damaged (its secret is 9 bytes, not a 32-byte key): "
        + "it was not used; run 'twofold keyring enable' to replace it\n")
    #expect(fixture.asked == 1)

    #expect(try store("another-slot", "also not a key").status == 0)
    let several = try fixture.run(["code", "Deno"], ["TWOFOLD_AGENT": "off"])
    #expect(Self.isCode(several))
    #expect(
      several.stderr
        == "warning: the login keyring holds 2 items for \(vault): none was used; run 'twofold keyring enable' to keep one\n"
    )
    #expect(fixture.asked == 2)

    // enable replaces both with one good item.
    #expect(try fixture.enable().status == 0)
    let fixed = try fixture.run(["code", "Deno"], ["TWOFOLD_AGENT": "off"])
    #expect(Self.isCode(fixed))
    #expect(fixed.stderr.isEmpty)
    #expect(fixture.asked == 2)
    #expect(fixture.vaultBytes == before)
  }

  @Test(
    "keyring enable while the agent holds the key still asks the vault's password (the agent hands its key to no one); without it nothing is kept",
    arguments: clients)
  func enableFromAgent(client: String) throws {
    let fixture = try Fixture(client)
    #expect(Self.isCode(try fixture.run(["code", "Deno"])))
    #expect(fixture.asked == 1)
    // A process of the user with the agent at hand and no password: refused, nothing stored.
    let failing = try fixture.askpassFolder.script("failing", "exit 1")
    let refused = try fixture.run(["keyring", "enable"], ["TWOFOLD_ASKPASS": failing])
    #expect(refused.status != 0)
    #expect(refused.stderr.hasPrefix("twofold: "))
    #expect(!(try fixture.bus.items(vault: fixture.session.vault).contains("attribute.uuid")))
    let wrong = try fixture.askpassFolder.script("wrong", "echo 'not the password'")
    let refusedWrong = try fixture.run(["keyring", "enable"], ["TWOFOLD_ASKPASS": wrong])
    #expect(refusedWrong.status != 0)
    #expect(!(try fixture.bus.items(vault: fixture.session.vault).contains("attribute.uuid")))
    // With the vault's password it is kept, and later codes need none.
    let enabled = try fixture.run(["keyring", "enable"])
    #expect(enabled.status == 0)
    #expect(enabled.stderr.isEmpty)
    #expect(fixture.asked == 2)
    #expect(
      try fixture.bus.items(vault: fixture.session.vault).contains("attribute.uuid = \(fixture.slotUUID)\n"))
    #expect(try fixture.run(["lock"]).status == 0)
    #expect(Self.isCode(try fixture.run(["code", "Deno"])))
    #expect(fixture.asked == 2)
  }

  @Test(
    "While the agent holds the key, the keyring is not asked: a hung Secret Service costs nothing",
    arguments: clients)
  func agentFirst(client: String) throws {
    let fixture = try Fixture(client)
    #expect(try fixture.enable().status == 0)
    #expect(Self.isCode(try fixture.run(["code", "Deno"])))
    #expect(try fixture.session.heldVaults() == [fixture.session.vault])
    fixture.bus.freezeKeyring()
    let started = Date()
    let code = try fixture.run(["code", "Deno"])
    #expect(Self.isCode(code))
    #expect(code.stderr.isEmpty)
    #expect(Date().timeIntervalSince(started) < 2)
    #expect(fixture.asked == 0)
  }

  @Test(
    "A Secret Service that does not answer: after 2 s, one warning line and the password", arguments: clients)
  func serviceThatHangs(client: String) throws {
    let fixture = try Fixture(client)
    #expect(try fixture.enable().status == 0)
    fixture.bus.freezeKeyring()
    let started = Date()
    let code = try fixture.run(["code", "Deno"], ["TWOFOLD_AGENT": "off"])
    #expect(Self.isCode(code))
    #expect(
      code.stderr == "warning: the login keyring was not used: the login keyring did not answer within 2 s\n")
    #expect(fixture.asked == 1)
    #expect(Date().timeIntervalSince(started) >= 2)
    let status = try fixture.run(["keyring", "status"])
    #expect(status.status == 1)
    #expect(status.stderr == "twofold: the login keyring did not answer within 2 s\n")
  }

  @Test(
    "A moved vault: the item stays with the old path; only 'keyring enable' at the new path brings it along",
    arguments: clients)
  func movedVault(client: String) throws {
    let fixture = try Fixture(client)
    #expect(try fixture.enable().status == 0)
    let moved = fixture.session.folder.path("moved.json")
    try FileManager.default.moveItem(atPath: fixture.session.vault, toPath: moved)
    let there = ["TWOFOLD_VAULT": moved, "TWOFOLD_AGENT": "off"]
    #expect(try fixture.run(["keyring", "status"], there).stdout == "disabled\n")
    let code = try fixture.run(["code", "Deno"], there)
    #expect(Self.isCode(code))
    #expect(code.stderr.isEmpty)
    #expect(fixture.asked == 1)
    #expect(try fixture.run(["keyring", "enable"], there).status == 0)
    #expect(fixture.asked == 2)
    #expect(Self.isCode(try fixture.run(["code", "Deno"], there)))
    #expect(fixture.asked == 2)
  }

  @Test(
    "No Secret Service on the bus: enable fails naming what to install; every other command works as without it",
    arguments: clients)
  func noSecretService(client: String) throws {
    let fixture = try Fixture(client, keyring: false)
    let enable = try fixture.enable()
    #expect(enable.status == 1)
    #expect(enable.stdout.isEmpty)
    #expect(enable.stderr.hasPrefix("twofold: no Secret Service answers on the session bus"))
    #expect(enable.stderr.contains("apt-get install gnome-keyring"))
    #expect(enable.stderr.split(separator: "\n").count == 1)
    let status = try fixture.run(["keyring", "status"])
    #expect(status.status == 0)
    #expect(status.stdout == "disabled\n")
    let code = try fixture.run(["code", "Deno", "--password-file", fixture.session.passwordFile])
    #expect(Self.isCode(code))
    #expect(code.stderr.isEmpty)
  }
}
