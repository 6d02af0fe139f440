import Domain
import OTP
import Presentation

/// The vault, times and codes the Presentation tests share.
///
/// Display order by issuer: GitHub (favorite), Acme (HOTP), Steam, Zürich Bank, Zynga, 東京.
/// `Zynga` sorts after `Zürich` only when diacritics are ignored (`ü` > `y` otherwise).
enum Fixture {
  /// RFC 4226 Appendix D and RFC 6238 Appendix B SHA-1 secret: ASCII "12345678901234567890".
  static let rfcSecret = Array("12345678901234567890".utf8)
  /// Secrets of the other accounts, so no two accounts share codes by accident.
  static let githubSecret: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06]
  static let steamSecret = Array("steam-guard-secret".utf8)
  static let zyngaSecret = Array("zynga-farm-secret!".utf8)

  static let work = AccountGroup(id: AccountGroup.ID("g-work"), name: "Work")
  static let travel = AccountGroup(id: AccountGroup.ID("g-travel"), name: "Travel")

  /// A favorite TOTP account in Work.
  static let github = Account(
    id: Account.ID("a-github"), issuer: "GitHub", name: "octocat",
    otp: try! OTPParameters(type: .totp, secret: githubSecret), favorite: true, groups: [work.id])
  /// An HOTP account at counter 0 over the RFC 4226 secret.
  static let acme = Account(
    id: Account.ID("a-acme"), issuer: "Acme", name: "counter",
    otp: try! OTPParameters(type: .hotp, secret: rfcSecret), note: "hardware token backup")
  /// A Steam Guard account in Work.
  static let steam = Account(
    id: Account.ID("a-steam"), issuer: "Steam", name: "gaben",
    otp: try! OTPParameters(type: .steam, secret: steamSecret), groups: [work.id])
  /// A 6-digit TOTP account over the RFC 6238 secret in Travel.
  static let zurich = Account(
    id: Account.ID("a-zurich"), issuer: "Zürich Bank", name: "alice",
    otp: try! OTPParameters(type: .totp, secret: rfcSecret), groups: [travel.id])
  /// A TOTP account that sorts after Zürich only when diacritics are ignored.
  static let zynga = Account(
    id: Account.ID("a-zynga"), issuer: "Zynga", name: "farmer",
    otp: try! OTPParameters(type: .totp, secret: zyngaSecret))
  /// A 7-digit TOTP account over the RFC 6238 secret in Work and Travel.
  static let tokyo = Account(
    id: Account.ID("a-tokyo"), issuer: "東京", name: "taro",
    otp: try! OTPParameters(type: .totp, secret: rfcSecret, digits: 7), note: "metro pass",
    groups: [travel.id, work.id])

  /// The accounts in stored order, deliberately not the display order.
  static let vault = VaultContents(
    accounts: [zurich, acme, tokyo, github, steam, zynga], groups: [work, travel])

  /// The display order's ids.
  static let displayOrder = [github, acme, steam, zurich, zynga, tokyo].map(\.id)

  /// Unix times with known RFC 6238 codes (SHA-1, step 30).
  enum Time {
    /// Step 1, one second left: the last second of a period.
    static let endOfFirstPeriod: Int64 = 59
    /// Step 37037037, 29 seconds left.
    static let early: Int64 = 1_111_111_111
    /// Step 37037036, exactly 5 seconds left: the first ending second.
    static let fiveLeft: Int64 = 1_111_111_105
    /// Step 37037036, 6 seconds left: not ending yet.
    static let sixLeft: Int64 = 1_111_111_104
    /// Step 41152263, a whole period left.
    static let periodStart: Int64 = 1_234_567_890
  }

  /// An account list at `now` with the fixture vault loaded (selection on the first row).
  static func accounts(at now: Int64 = Time.early, settings: AppSettings = AppSettings())
    -> AccountsFeature.State
  {
    var state = AccountsFeature.State(now: now)
    state.settings = settings
    _ = AccountsFeature.reduce(&state, .loaded(vault))
    return state
  }

  /// The list at `now` with `account` selected.
  static func accounts(selecting account: Account, at now: Int64 = Time.early) -> AccountsFeature.State {
    var state = accounts(at: now)
    state.selection = account.id
    return state
  }

  /// The code OTP's generator gives `account` at `time` (its stored counter for HOTP).
  static func code(_ account: Account, at time: Int64) -> String {
    try! CodeGenerator(account.otp).code(at: time)
  }
}
