import Domain
import OTP

/// Accounts and changes the protocol tests send across, with secrets easy to look for.
enum AgentSamples {
  /// A secret whose bytes are searched for in encoded answers.
  static let secret: [UInt8] = Array("SECRET-BYTES-0123".utf8)
  static let pin = "PIN-4321"

  static func otp(_ type: OTPType = .totp, counter: UInt64 = 0) -> OTPParameters {
    let secret = type == .yandex ? Array(repeating: 7, count: 16) : Self.secret
    let pin: String? = (type == .motp || type == .yandex) ? Self.pin : nil
    return try! OTPParameters(type: type, secret: secret, counter: counter, pin: pin)
  }

  static func account(_ id: String, _ type: OTPType = .totp) -> Account {
    Account(
      id: Account.ID(id), issuer: "Zürich Bank", name: "me@東京", otp: otp(type, counter: 9), note: "a note",
      favorite: true, groups: [AccountGroup.ID("g-1")],
      preserved: [PreservedField(key: "icon", raw: "\"abc\""), PreservedField(key: "future", raw: "1")])
  }

  static let contents = VaultContents(
    accounts: OTPType.allCases.enumerated().map { account("a-\($0.offset)", $0.element) },
    groups: [AccountGroup(id: AccountGroup.ID("g-1"), name: "Work")],
    preserved: [PreservedField(key: "version", raw: "3")])

  static let newAccount = NewAccount(
    issuer: "GitHub", name: "me", otp: otp(), note: "n", favorite: false, groupNames: ["Work", "Home"])

  static var changes: [VaultChange] {
    [
      .add(newAccount),
      .edit(
        Account.ID("a-1"),
        EditAccount.Changes(issuer: "I", name: nil, note: "", favorite: false, groupNames: [])),
      .edit(Account.ID("a-1"), EditAccount.Changes()),
      .remove(Account.ID("a-2")),
      .toggleFavorite(Account.ID("a-3")),
      .nextHOTP(Account.ID("a-1")),
      .importAccounts(
        [
          .account(newAccount, batch: ImportBatch(id: 5, index: 0, size: 2)),
          .failed("entry 2", "the secret is invalid"),
        ], skipBad: true, dryRun: false),
      .createGroup("Home"),
      .renameGroup(AccountGroup.ID("g-1"), "Office"),
      .deleteGroup(AccountGroup.ID("g-1")),
      .assignGroups(Account.ID("a-0"), ["Work"]),
      .setIcon(
        Account.ID("a-1"), try! AccountIcon(format: .png, bytes: [0x89] + Array("PNG\r\n\u{1A}\nIHDR".utf8))),
      .setIcon(Account.ID("a-1"), nil),
    ]
  }
}

extension Array where Element == UInt8 {
  /// Whether `needle` occurs anywhere in these bytes.
  func contains(bytes needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, needle.count <= count else { return false }
    return (0...(count - needle.count)).contains { start in
      self[start..<start + needle.count].elementsEqual(needle)
    }
  }
}
