import Domain
import OTP
import Presentation

/// The desktop search's answers as pure functions of the accounts (CLI.md, "Desktop search"):
/// which accounts a list of terms finds, what GNOME Shell shows for each, and KRunner's matches.
public enum SearchResults {
  /// At most this many results for one search.
  public static let limit = 10
  /// A search of more terms than this is answered with nothing (a shell never sends so many).
  public static let maximumTerms = 32
  /// A search whose terms hold more characters than this together is answered with nothing.
  public static let maximumCharacters = 1024
  /// At most this many ids are described by one `GetResultMetas`.
  public static let maximumIDs = 64
  /// KRunner's match type of every result: `ExactMatch`.
  public static let runnerMatchType: Int32 = 100
  /// The icon a KRunner match and a GNOME result show: the app's.
  public static let iconName = "io.github.twofold.Twofold"

  /// The terms worth matching, trimmed and without empty ones; nil when there is nothing to look
  /// for, or too much (more than `maximumTerms` terms or `maximumCharacters` characters).
  public static func terms(_ given: [String]) -> [String]? {
    guard given.count <= maximumTerms else { return nil }
    guard given.reduce(0, { $0 + $1.utf8.count }) <= maximumCharacters else { return nil }
    let terms = given.map { String($0.trimmingWhitespace()) }.filter { !$0.isEmpty }
    return terms.isEmpty ? nil : terms
  }

  /// The terms of KRunner's one query string: its words.
  public static func terms(query: String) -> [String]? {
    guard query.utf8.count <= maximumCharacters else { return nil }
    return terms(query.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init))
  }

  /// The term most worth asking the agent for (the longest: it leaves the fewest accounts to
  /// filter by the others here).
  public static func narrowest(_ terms: [String]) -> String {
    terms.max { $0.count < $1.count } ?? ""
  }

  /// The accounts matching every term as QUERY does (case and diacritics folded), favorites
  /// first, at most `limit`.
  public static func accounts(_ accounts: [Account], matching terms: [String]) -> [Account] {
    var found = accounts
    for term in terms { found = AccountQuery(term).matches(in: found) }
    return Array(found.prefix(limit))
  }

  /// `accounts(_:matching:)` of accounts that already are `AccountQuery(matched).matches` (in
  /// its order: the agent's answer): only the other terms are matched again.
  public static func accounts(_ found: [Account], matched: String, matching terms: [String]) -> [Account] {
    var others = terms
    if let index = others.firstIndex(of: matched) { others.remove(at: index) }
    return accounts(found, matching: others)
  }

  /// GNOME Shell's meta of one account: `name` the issuer (the name when there is none),
  /// `description` the current code grouped as the window shows it, ` · `, and the account's name
  /// (the code alone when `name` already is the account's name; the account's name alone for an
  /// HOTP account or without a code), `clipboardText` the code, `icon` the account's own. HOTP
  /// accounts never get a code: making one advances their counter.
  public static func meta(of account: Account, code: String?) -> SearchMeta {
    let name = account.issuer.isEmpty ? account.name : account.issuer
    let shown = account.otp.type == .hotp ? nil : code
    let accountName = account.issuer.isEmpty ? "" : account.name
    return SearchMeta(
      id: account.id.rawValue, name: name, description: described(shown, accountName), clipboardText: shown,
      icon: account.icon)
  }

  /// `123 456 · what`, the grouped code alone, or `what` alone.
  static func described(_ code: String?, _ what: String) -> String {
    guard let code else { return what }
    let grouped = AccountRow.grouped(code)
    return what.isEmpty ? grouped : "\(grouped) · \(what)"
  }

  /// The metas of the ids that name an account of `accounts`, in the order asked, each once;
  /// `codes` holds the current code of each account that has one.
  public static func metas(ids: [String], accounts: [Account], codes: [Account.ID: String]) -> [SearchMeta] {
    let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return uniqueIDs(ids).compactMap { id in
      byID[Account.ID(id)].map { meta(of: $0, code: codes[$0.id]) }
    }
  }

  /// The first `maximumIDs` of `ids`, each once, in their order.
  public static func uniqueIDs(_ ids: [String]) -> [String] {
    var seen: Set<String> = []
    return ids.prefix(maximumIDs).filter { seen.insert($0).inserted }
  }

  /// Whether `id` is a UUID as the vault writes them: 8-4-4-4-12 lowercase hexadecimal digits.
  public static func isUUID(_ id: String) -> Bool {
    let bytes = Array(id.utf8)
    guard bytes.count == 36 else { return false }
    return bytes.indices.allSatisfy { index in
      [8, 13, 18, 23].contains(index)
        ? bytes[index] == UInt8(ascii: "-")
        : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(bytes[index])
    }
  }

  /// The accounts of `ids` (at most `maximumIDs`) whose codes the metas show: not HOTP.
  public static func accountsNeedingCodes(ids: [String], accounts: [Account]) -> [Account] {
    let wanted = Set(ids.prefix(maximumIDs))
    return accounts.filter { wanted.contains($0.id.rawValue) && $0.otp.type != .hotp }
  }

  /// KRunner's matches of `accounts` (already in result order): text `Issuer: name`, the app's
  /// icon, type `ExactMatch`, relevance from 1 down by 0.01 a place, subtext `123 456 · Copy the
  /// code` with the account's current code in `codes` (none for HOTP accounts), else "Copy the
  /// code".
  public static func runnerMatches(_ accounts: [Account], codes: [Account.ID: String] = [:]) -> [RunnerMatch]
  {
    accounts.enumerated().map { place, account in
      let code = account.otp.type == .hotp ? nil : codes[account.id]
      return RunnerMatch(
        id: account.id.rawValue, text: runnerText(account), icon: iconName, type: runnerMatchType,
        relevance: 1 - Double(place) / 100, subtext: described(code, copyAction))
    }
  }

  /// What running a KRunner match does.
  public static let copyAction = "Copy the code"

  /// `Issuer: name`, or the one of them an account has.
  public static func runnerText(_ account: Account) -> String {
    if account.issuer.isEmpty { return account.name }
    if account.name.isEmpty { return account.issuer }
    return "\(account.issuer): \(account.name)"
  }

  /// The notification after a copy: it names the account, never the code.
  public static func copiedNotification(_ account: Account, seconds: Int) -> (summary: String, body: String) {
    ("Code copied", "\(runnerText(account)): cleared from the clipboard in \(seconds) s")
  }

  /// The notification when a result is chosen while the vault is locked.
  public static let lockedNotification = (
    summary: "Code not copied", body: "The vault is locked: open Twofold to unlock it"
  )

  /// The notification when activating copied nothing: the account and why, never a code.
  public static func notCopiedNotification(_ account: Account, reason: String) -> (
    summary: String, body: String
  ) {
    ("Code not copied", "\(runnerText(account)): \(reason)")
  }
}
