import Domain
import OTP
import Synchronization
import Testing

@Suite("Picking an account in a menu")
struct PickCodeTests {
  /// RFC 4226 Appendix D: the HOTP codes of counters 0 and 1.
  static let hotpCodes = ["755224", "287082"]
  /// RFC 6238 Appendix B: the 8-digit SHA-1 TOTP code at 59 s (6 digits: its last six).
  static let totpAt59 = "287082"

  func vault() -> InMemoryVaultRepository {
    InMemoryVaultRepository(
      VaultContents(
        accounts: [
          Sample.totp("t", issuer: "Tee", name: "alice@example.com", secret: Sample.rfcSecret, groups: ["w"]),
          Sample.hotp("h", issuer: "Counter", name: "bob", counter: 0),
          Sample.totp("f", issuer: "Zed", name: "z", favorite: true),
        ],
        groups: [AccountGroup(id: AccountGroup.ID("w"), name: "Work")]))
  }

  func counter(_ repository: InMemoryVaultRepository) throws -> UInt64 {
    try repository.load().accounts.first { $0.id == Account.ID("h") }!.otp.counter
  }

  @Test("The menu gets aligned issuer, name and groups, favorites first, and never a code or a secret")
  func offeredLines() throws {
    let menu = ScriptedMenu { _ in nil }
    #expect(throws: DesktopError.cancelled) {
      try PickCode(repository: vault(), picker: menu.picker)(query: nil, at: 59) { _ in }
    }
    #expect(
      menu.offered == [
        [
          "Zed      z",
          "Counter  bob",
          "Tee      alice@example.com  Work",
        ]
      ])
    let offered = menu.offered.joined().joined(separator: "\n")
    for code in Self.hotpCodes + [Self.totpAt59] { #expect(!offered.contains(code)) }
    #expect(!offered.contains(Base32.encode(Sample.rfcSecret)))
  }

  @Test("The chosen line's code is typed")
  func typesTheChosenCode() throws {
    let menu = ScriptedMenu { $0.first { $0.hasPrefix("Tee") } }
    let keyboard = RecordingKeyboard()
    let account = try PickCode(repository: vault(), picker: menu.picker)(query: nil, at: 59) {
      (code) throws(DesktopError) in try keyboard.keyboard.type(code)
    }
    #expect(account.id == Account.ID("t"))
    #expect(keyboard.typed == [Self.totpAt59])
  }

  @Test("A query offers only its matches, and none is not found without a menu")
  func query() throws {
    let menu = ScriptedMenu { $0.first }
    let delivered = Mutex<[String]>([])
    try PickCode(repository: vault(), picker: menu.picker)(query: "counter", at: 59) { code in
      delivered.withLock { $0.append(code) }
    }
    #expect(menu.offered == [["Counter  bob"]])
    #expect(delivered.withLock { $0 } == [Self.hotpCodes[0]])
    #expect(throws: DesktopError.vault(.notFound("nothing"))) {
      try PickCode(repository: vault(), picker: menu.picker)(query: "nothing", at: 59) { _ in }
    }
    #expect(menu.offered.count == 1)
  }

  @Test(
    "An empty choice or a line that was not offered is cancelled, and nothing is delivered",
    arguments: ["", "Counter", "Counter  bob  ", "755224"])
  func cancelled(choice: String) throws {
    let repository = vault()
    let keyboard = RecordingKeyboard()
    #expect(throws: DesktopError.cancelled) {
      try PickCode(repository: repository, picker: ScriptedMenu { _ in choice }.picker)(query: nil, at: 59) {
        (code) throws(DesktopError) in try keyboard.keyboard.type(code)
      }
    }
    #expect(keyboard.typed.isEmpty)
    #expect(try counter(repository) == 0)
  }

  @Test("A choice ending in a carriage return still maps to its account")
  func carriageReturn() throws {
    let menu = ScriptedMenu { _ in "Counter  bob\r" }
    let account = try PickCode(repository: vault(), picker: menu.picker)(query: nil, at: 59) { _ in }
    #expect(account.id == Account.ID("h"))
  }

  @Test("The HOTP counter advances only after the choice, once")
  func hotpAdvancesAfterChoice() throws {
    let repository = vault()
    let seen = Mutex<UInt64?>(nil)
    let menu = ScriptedMenu { lines in
      seen.withLock { $0 = try? repository.load().accounts.first { $0.id == Account.ID("h") }?.otp.counter }
      return lines.first { $0.hasPrefix("Counter") }
    }
    let keyboard = RecordingKeyboard()
    try PickCode(repository: repository, picker: menu.picker)(query: nil, at: 59) {
      (code) throws(DesktopError) in try keyboard.keyboard.type(code)
    }
    #expect(seen.withLock { $0 } == 0)
    #expect(try counter(repository) == 1)
    #expect(keyboard.typed == [Self.hotpCodes[0]])
  }

  @Test("A cancelled menu never advances an HOTP counter")
  func cancelNeverAdvances() throws {
    let repository = vault()
    #expect(throws: DesktopError.cancelled) {
      try PickCode(repository: repository, picker: ScriptedMenu { _ in nil }.picker)(query: "counter", at: 59)
      {
        _ in
      }
    }
    #expect(try counter(repository) == 0)
  }

  @Test("A failing keyboard's error comes back as it is, and the HOTP counter stays as it was")
  func keyboardFailure() throws {
    let repository = vault()
    let keyboard = RecordingKeyboard(failing: .toolFailed("xdotool failed"))
    #expect(throws: DesktopError.toolFailed("xdotool failed")) {
      try PickCode(repository: repository, picker: ScriptedMenu { $0.first }.picker)(query: "counter", at: 59)
      {
        (code) throws(DesktopError) in try keyboard.keyboard.type(code)
      }
    }
    #expect(try counter(repository) == 0)
  }

  @Test("When another process spends the HOTP code while it is delivered, that is an error")
  func counterMovedMeanwhile() throws {
    let repository = vault()
    #expect {
      try PickCode(repository: repository, picker: ScriptedMenu { $0.first }.picker)(query: "counter", at: 59)
      {
        _ in _ = try? NextHOTPCode(repository: repository)(Account.ID("h"))
      }
    } throws: { error in
      guard case .vault(.cannotGenerate) = error as? DesktopError else { return false }
      return true
    }
  }

  @Test("Accounts whose lines would be the same get their ids, so each line maps to one account")
  func sameLines() {
    let accounts = [Sample.totp("a", issuer: "X", name: "n"), Sample.totp("b", issuer: "X", name: "n")]
    let lines = PickAccount.lines(for: accounts, contents: VaultContents(accounts: accounts))
    #expect(lines.map(\.line) == ["X  n", "X  n  (b)"])
  }
}
