import Foundation
import TestSupport
import Testing

/// `twofold key list` against the emulated YubiKey under a private pcscd (hardware-keys.md),
/// through the live PC/SC implementation (libpcsclite, dlopened).
@Suite(
  "Hardware keys", .requires(.pcsclite), .requires(.pcscd), .requires(.vpcd),
  .requires(.virtualSmartcardPython),
  .requires(.unshare), .requires(.ip))
struct HardwareKeyTests {
  static let rfcSecret = "3132333435363738393031323334353637383930"

  /// `key list ARGUMENTS` once the card is in the reader (pcscd polls for it): the first run that
  /// finds the key, or the last one tried.
  private func keyList(_ key: EmulatedKey, _ arguments: [String]) throws -> TwofoldProcess.Output {
    var output = try TwofoldProcess.run(["key", "list"] + arguments, environment: key.environment)
    waitUntil(deadline: 30, every: 0.1) {
      if output.status == 0 { return true }
      output = (try? TwofoldProcess.run(["key", "list"] + arguments, environment: key.environment)) ?? output
      return output.status == 0
    }
    return output
  }

  @Test("key list --json names the key by serial and lists its accounts, no codes, no secrets")
  func listJSON() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(
      in: folder, serial: 87_654_321,
      accounts: [
        "totp:SHA1:6:\(Self.rfcSecret):Example:alice", "totp:SHA256:8:\(Self.rfcSecret):60/Other:bob",
        "hotp:SHA1:6:\(Self.rfcSecret):counter:touch",
      ])
    let output = try keyList(key, ["--json"])
    #expect(output.status == 0, "\(output.stderr)\n\(key.log)")
    #expect(output.stderr == "")
    let reader = "Yubico YubiKey OTP+FIDO+CCID 00 00"
    #expect(
      output.stdout
        == "[{\"serial\":\"87654321\",\"version\":\"5.4.3\",\"reader\":\"\(reader)\",\"password\":false,"
        + "\"locked\":false,\"accounts\":["
        + "{\"id\":\"yubikey:87654321:Example:alice\",\"issuer\":\"Example\",\"name\":\"alice\","
        + "\"type\":\"totp\",\"period\":30,\"touch\":false,\"digits\":6,\"algorithm\":\"SHA1\"},"
        + "{\"id\":\"yubikey:87654321:60/Other:bob\",\"issuer\":\"Other\",\"name\":\"bob\","
        + "\"type\":\"totp\",\"period\":60,\"touch\":false,\"digits\":8,\"algorithm\":\"SHA256\"},"
        + "{\"id\":\"yubikey:87654321:counter\",\"issuer\":\"\",\"name\":\"counter\","
        + "\"type\":\"hotp\",\"touch\":true,\"digits\":6,\"algorithm\":\"SHA1\"}]}]\n")
    #expect(!output.stdout.contains(Self.rfcSecret))
  }
}
