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
  private func keyList(_ key: EmulatedKey, _ arguments: [String], environment: [String: String] = [:]) throws
    -> TwofoldProcess.Output
  {
    let variables = key.environment.merging(environment) { $1 }
    var output = try TwofoldProcess.run(["key", "list"] + arguments, environment: variables)
    waitUntil(deadline: 30, every: 0.1) {
      if output.status == 0 || output.stderr.contains("password") { return true }
      output = (try? TwofoldProcess.run(["key", "list"] + arguments, environment: variables)) ?? output
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

  @Test("The text form names the key by serial on one line, then its accounts as issuer:name")
  func listText() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(in: folder, accounts: ["totp:SHA512:7:\(Self.rfcSecret):15/Example:alice"])
    let output = try keyList(key, [])
    #expect(output.status == 0, "\(output.stderr)\n\(key.log)")
    #expect(
      output.stdout
        == "YubiKey 12345678 (firmware 5.4.3, reader Yubico YubiKey OTP+FIDO+CCID 00 00)\n"
        + "  Example:alice  (TOTP 15 s, 7 digits, SHA512)\n")
  }

  @Test("--reader keeps only the readers whose name contains it; none left is status 1")
  func readerFilter() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(in: folder, accounts: [])
    #expect(try keyList(key, ["--reader", "ccid 00 00"]).stdout.hasPrefix("YubiKey 12345678 "))
    let none = try TwofoldProcess.run(["key", "list", "--reader", "Nitrokey"], environment: key.environment)
    #expect(none.status == 1)
    #expect(none.stdout == "")
    #expect(none.stderr == "twofold: no smart card reader whose name contains 'Nitrokey'\n")
  }

  @Test("A key whose password is set is listed locked, without its accounts")
  func locked() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(
      in: folder, accounts: ["totp:SHA1:6:\(Self.rfcSecret):Example:alice"], password: "correct horse")
    let output = try keyList(key, ["--json"])
    #expect(output.status == 0, "\(output.stderr)\n\(key.log)")
    #expect(output.stdout.contains("\"password\":true,\"locked\":true,\"accounts\":[]}"))
    #expect(!output.stdout.contains("alice"))
  }

  @Test(
    "What ykman writes on the key, Twofold lists: name, issuer, period, digits, algorithm, touch",
    .requires(.ykman))
  func ykmanInterop() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(in: folder, accounts: [])
    // pcscd may not have seen the card yet: the first listing that finds the key says it has.
    #expect(try keyList(key, []).status == 0)
    let ykman = try ProgramRun.run(
      URL(fileURLWithPath: OptionalDependency.path(of: "ykman") ?? "/usr/bin/ykman"),
      [
        "--reader", "CCID 00 00", "oath", "accounts", "add", "--issuer", "Ykman", "--period", "60",
        "--digits", "8",
        "--algorithm", "SHA256", "--touch", "--force", "bob", "JBSWY3DPEHPK3PXP",
      ],
      environment: key.environment.merging(["HOME": folder.path("home"), "PATH": "/usr/bin:/bin"]) { $1 })
    #expect(ykman.status == 0, "\(String(decoding: ykman.stderr, as: UTF8.self))")
    let output = try keyList(key, ["--json"])
    #expect(
      output.stdout.contains(
        "{\"id\":\"yubikey:12345678:60/Ykman:bob\",\"issuer\":\"Ykman\",\"name\":\"bob\",\"type\":\"totp\","
          + "\"period\":60,\"touch\":true,\"digits\":8,\"algorithm\":\"SHA256\"}"),
      "\(output.stdout)\(output.stderr)")
  }

  @Test("Without pcscd, key list is status 1 saying to install and start it", .requires(.pcsclite))
  func noPcscd() throws {
    let folder = try TemporaryDirectory()
    let output = try TwofoldProcess.run(
      ["key", "list"], environment: ["PCSCLITE_CSOCK_NAME": folder.path("no-pcscd.comm")])
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(output.stderr.hasPrefix("twofold: hardware keys need pcscd: install pcscd and start it"))
    #expect(output.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test(
    "A locked key's accounts are listed with its password from $TWOFOLD_KEY_PASSWORD or --key-password-file")
  func unlocked() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(
      in: folder, accounts: ["totp:SHA1:6:\(Self.rfcSecret):Example:alice"], password: "correct horse")
    let fromVariable = try keyList(key, ["--json"], environment: ["TWOFOLD_KEY_PASSWORD": "correct horse"])
    #expect(fromVariable.status == 0, "\(fromVariable.stderr)\n\(key.log)")
    #expect(
      fromVariable.stdout.contains(
        "\"password\":true,\"locked\":false,\"accounts\":[{\"id\":\"yubikey:12345678:Example:alice\""))
    let file = try folder.write("key-password", "correct horse\nignored\n")
    let fromFile = try keyList(key, ["--key-password-file", file])
    #expect(
      fromFile.stdout.hasSuffix("\n  Example:alice  (TOTP 30 s, 6 digits, SHA1)\n"), "\(fromFile.stderr)")
  }

  @Test("A wrong key password is status 1, one line naming the key, nothing listed")
  func wrongPassword() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(
      in: folder, accounts: ["totp:SHA1:6:\(Self.rfcSecret):Example:alice"], password: "correct horse")
    let output = try keyList(key, [], environment: ["TWOFOLD_KEY_PASSWORD": "battery staple"])
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(output.stderr == "twofold: wrong password for the YubiKey 12345678: nothing was changed\n")
  }

  @Test("A password ykman sets on the key unlocks it in Twofold (the same access key)", .requires(.ykman))
  func ykmanPassword() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(in: folder, accounts: ["totp:SHA1:6:\(Self.rfcSecret):Example:alice"])
    #expect(try keyList(key, []).status == 0)
    let ykman = try ProgramRun.run(
      URL(fileURLWithPath: OptionalDependency.path(of: "ykman") ?? "/usr/bin/ykman"),
      ["--reader", "CCID 00 00", "oath", "access", "change", "--new-password", "from ykman"],
      environment: key.environment.merging(["HOME": folder.path("home"), "PATH": "/usr/bin:/bin"]) { $1 })
    #expect(ykman.status == 0, "\(String(decoding: ykman.stderr, as: UTF8.self))")
    let locked = try keyList(key, ["--json"])
    #expect(locked.stdout.contains("\"locked\":true,\"accounts\":[]"))
    let output = try keyList(key, ["--json"], environment: ["TWOFOLD_KEY_PASSWORD": "from ykman"])
    #expect(output.stdout.contains("\"password\":true,\"locked\":false,\"accounts\":[{"), "\(output.stderr)")
  }

  @Test("A listing longer than one response (61xx, SEND REMAINING) comes whole through pcscd")
  func longListing() throws {
    let folder = try TemporaryDirectory()
    let accounts = (0..<32).map {
      "totp:SHA1:6:\(Self.rfcSecret):Issuer number \($0):account with a long name \($0)"
    }
    let key = try EmulatedKey(in: folder, accounts: accounts)
    let output = try keyList(key, [])
    #expect(output.status == 0, "\(output.stderr)\n\(key.log)")
    let lines = output.stdout.split(separator: "\n").dropFirst()
    #expect(lines.count == 32)
    #expect(lines.last == "  Issuer number 31:account with a long name 31  (TOTP 30 s, 6 digits, SHA1)")
  }

  private func keyAdd(_ key: EmulatedKey, _ arguments: [String]) throws -> TwofoldProcess.Output {
    #expect(try keyList(key, []).status == 0, "the key is in the reader")
    return try TwofoldProcess.run(["key", "add"] + arguments, environment: key.environment)
  }

  @Test("key add --uri writes the account as ykman would; key list and ykman read it back", .requires(.ykman))
  func add() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(in: folder, accounts: [])
    let uri =
      "otpauth://totp/Example:alice?secret=JBSWY3DPEHPK3PXP&issuer=Example&period=60&digits=8&algorithm=SHA256"
    let output = try keyAdd(key, ["--uri", uri, "--touch"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "added Example:alice to the YubiKey in Yubico YubiKey OTP+FIDO+CCID 00 00\n")
    #expect(
      try keyList(key, []).stdout.hasSuffix("\n  Example:alice  (TOTP 60 s, 8 digits, SHA256, touch)\n"))
    let ykman = try ProgramRun.run(
      URL(fileURLWithPath: OptionalDependency.path(of: "ykman") ?? "/usr/bin/ykman"),
      ["--reader", "CCID 00 00", "oath", "accounts", "list", "--oath-type", "--period"],
      environment: key.environment.merging(["HOME": folder.path("home"), "PATH": "/usr/bin:/bin"]) { $1 })
    #expect(String(decoding: ykman.stdout, as: UTF8.self) == "60/Example:alice, TOTP, 60\n")
  }

  @Test("An account of the same name already on the key is status 1, the key unchanged")
  func addDuplicate() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(in: folder, accounts: ["totp:SHA1:6:\(Self.rfcSecret):Example:alice"])
    let output = try keyAdd(key, ["--uri", "otpauth://totp/Example:alice?secret=JBSWY3DPEHPK3PXP&digits=8"])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("twofold: an account named Example:alice is already on the YubiKey"))
    #expect(try keyList(key, []).stdout.hasSuffix("\n  Example:alice  (TOTP 30 s, 6 digits, SHA1)\n"))
  }

  @Test(
    "What a key cannot hold is status 2 saying why, nothing written",
    arguments: [
      ("otpauth://totp/\(String(repeating: "n", count: 65))?secret=JBSWY3DPEHPK3PXP", "at most 64"),
      ("otpauth://steam/Steam:me?secret=JBSWY3DPEHPK3PXP", "cannot hold steam"),
      ("otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&digits=9", "6, 7 or 8 digits"),
    ])
  func addRefused(uri: String, reason: String) throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(in: folder, accounts: [])
    let output = try keyAdd(key, ["--uri", uri])
    #expect(output.status == 2)
    #expect(output.stderr.contains(reason), "\(output.stderr)")
    #expect(try keyList(key, []).stdout.hasSuffix("\n  no accounts\n"))
  }

  @Test(
    "Two keys are both listed; add without --reader is status 2 naming the readers, with it writes on one")
  func twoKeys() throws {
    let folder = try TemporaryDirectory()
    let key = try EmulatedKey(
      in: folder,
      cards: [
        .init(serial: 111, accounts: ["totp:SHA1:6:\(Self.rfcSecret):first"]),
        .init(serial: 222, accounts: []),
      ])
    let uri = "otpauth://totp/Example:alice?secret=JBSWY3DPEHPK3PXP"
    var listing = try keyList(key, [])
    waitUntil(deadline: 30, every: 0.1) {
      listing = (try? TwofoldProcess.run(["key", "list"], environment: key.environment)) ?? listing
      return listing.stdout.contains("YubiKey 222 ")
    }
    #expect(
      listing.stdout.hasPrefix("YubiKey 111 (firmware 5.4.3, reader Yubico YubiKey OTP+FIDO+CCID 00 00)\n"))
    #expect(
      listing.stdout.contains("YubiKey 222 (firmware 5.4.3, reader Yubico YubiKey OTP+FIDO+CCID 00 01)\n"))
    let several = try TwofoldProcess.run(["key", "add", "--uri", uri], environment: key.environment)
    #expect(several.status == 2)
    #expect(
      several.stderr
        == "twofold: several YubiKeys are connected (Yubico YubiKey OTP+FIDO+CCID 00 00, "
        + "Yubico YubiKey OTP+FIDO+CCID 00 01): choose one with --reader\n")
    let one = try TwofoldProcess.run(
      ["key", "add", "--uri", uri, "--reader", "CCID 00 01"], environment: key.environment)
    #expect(one.status == 0, "\(one.stderr)")
    #expect(
      try TwofoldProcess.run(["key", "list", "--reader", "00 01"], environment: key.environment).stdout
        == "YubiKey 222 (firmware 5.4.3, reader Yubico YubiKey OTP+FIDO+CCID 00 01)\n"
        + "  Example:alice  (TOTP 30 s, 6 digits, SHA1)\n")
  }
}
