import BrowserHost
import Domain
import OTP
import Synchronization

/// A host session over in-memory ports: a vault of a few accounts, their bindings, a small
/// Public Suffix List, a fixed clock, and a record of what the session wrote and warned.
final class HostFixture: Sendable {
  /// RFC 4226 / RFC 6238's SHA-1 secret: TOTP at 59 s gives 287082 (1 s left); HOTP counter 0
  /// gives 755224, then 287082.
  static let secret = Array("12345678901234567890".utf8)
  static let time: Int64 = 59

  static let github = Account.ID("00000000-0000-4000-8000-000000000001")
  static let bank = Account.ID("00000000-0000-4000-8000-000000000002")
  static let workOne = Account.ID("00000000-0000-4000-8000-000000000003")
  static let workTwo = Account.ID("00000000-0000-4000-8000-000000000004")
  static let gitlab = Account.ID("00000000-0000-4000-8000-000000000005")
  static let deleted = Account.ID("00000000-0000-4000-8000-00000000dead")

  static let accounts = [
    account(github, "GitHub", "mona", .totp),
    account(bank, "Bank", "me", .hotp),
    account(workOne, "Work", "one", .totp),
    account(workTwo, "Work", "two", .totp),
    account(gitlab, "GitLab", "x", .totp),
  ]

  static let bindings = BrowserBindings(accounts: [
    github: ["github.com"], bank: ["bank.co.uk"], workOne: ["example.org"], workTwo: ["example.org"],
  ])

  /// A list with the suffixes these tests meet.
  static let list = PublicSuffixList(text: "// test list\ncom\norg\nuk\nco.uk\ngithub.io\ntest\n")

  let vault: FakeVault
  private let state: Mutex<State>

  struct State {
    var bindings: Result<BrowserBindings, HostPorts.Failure>
    var changes: [HostPorts.BindingsChange] = []
    var warnings: [String] = []
    var unlock: HostPorts.UnlockOutcome = .unlocked
    var unlocks = 0
    var copy: HostPorts.CopyOutcome = .noTool
    var copied: [String] = []
  }

  init(vault: FakeVault = FakeVault(HostFixture.accounts), bindings: BrowserBindings = HostFixture.bindings) {
    self.vault = vault
    state = Mutex(State(bindings: .success(bindings)))
  }

  var changes: [HostPorts.BindingsChange] { state.withLock { $0.changes } }
  var bindings: BrowserBindings? { state.withLock { try? $0.bindings.get() } }
  var warnings: [String] { state.withLock { $0.warnings } }
  var unlocks: Int { state.withLock { $0.unlocks } }
  var copied: [String] { state.withLock { $0.copied } }

  func set(copy: HostPorts.CopyOutcome) { state.withLock { $0.copy = copy } }

  func set(bindings: Result<BrowserBindings, HostPorts.Failure>) { state.withLock { $0.bindings = bindings } }
  func set(unlock: HostPorts.UnlockOutcome) { state.withLock { $0.unlock = unlock } }

  var session: HostSession {
    let vault = self.vault
    return HostSession(
      ports: HostPorts(
        vault: { vault },
        loadBindings: { [self] () throws(HostPorts.Failure) in try state.withLock { $0.bindings }.get() },
        changeBindings: { [self] (change) throws(HostPorts.Failure) in
          try state.withLock { (state) throws(HostPorts.Failure) in
            var bindings = try state.bindings.get()
            change.apply(to: &bindings)
            state.changes.append(change)
            state.bindings = .success(bindings)
          }
        },
        suffixList: { Self.list },
        unlock: { [self] in
          state.withLock {
            $0.unlocks += 1
            return $0.unlock
          }
        },
        now: { Self.time },
        warn: { [self] line in state.withLock { $0.warnings.append(line) } },
        copy: { [self] code in
          state.withLock {
            $0.copied.append(code)
            return $0.copy
          }
        }))
  }

  /// The session's answer to `json`.
  func answer(_ json: String) -> HostAnswer { session.answer(Array(json.utf8)) }

  static func fill(_ url: String, top: String? = nil, id: Account.ID? = nil) -> String {
    let chosen = id.map { #","id":"\#($0.rawValue)""# } ?? ""
    return #"{"version":1,"type":"fill","url":"\#(url)","top":"\#(top ?? url)"\#(chosen)}"#
  }

  static func label(_ id: Account.ID) -> HostAnswer.Label {
    let account = accounts.first { $0.id == id }!
    return HostAnswer.Label(id: id, issuer: account.issuer, name: account.name)
  }

  private static func account(_ id: Account.ID, _ issuer: String, _ name: String, _ type: OTPType) -> Account
  {
    Account(id: id, issuer: issuer, name: name, otp: try! OTPParameters(type: type, secret: secret))
  }
}
