import Codecs
import Data
import Domain
import OTP

/// How accounts are printed: the `list` table, `list --json`, and `show`'s details. No secrets.
enum AccountListing {
  /// One line per account: issuer, name, code, seconds left.
  static func table(_ codes: [AccountCode], contents: VaultContents) -> String {
    guard !codes.isEmpty else { return "" }
    let issuerWidth = min(28, codes.map { $0.account.issuer.count }.max() ?? 0)
    let nameWidth = min(36, codes.map { $0.account.name.count }.max() ?? 0)
    var output = ""
    for item in codes {
      let remaining = item.remaining.map { "\($0)s" } ?? "hotp"
      output +=
        pad(item.account.issuer, issuerWidth) + "  " + pad(item.account.name, nameWidth) + "  "
        + (item.code ?? "-") + "  " + remaining + "\n"
    }
    return output
  }

  /// The `list --json` array (CLI.md "Output"), one account object per line, written to
  /// `output` in chunks so a large vault's listing is never held whole in memory.
  static func json(_ codes: [AccountCode], contents: VaultContents, output: (String) -> Void) {
    var chunk = "["
    for (index, item) in codes.enumerated() {
      chunk += (index == 0 ? "\n" : ",\n") + object(item, contents: contents).serializedString()
      if chunk.utf8.count > 1 << 16 {
        output(chunk)
        chunk = ""
      }
    }
    output(chunk + "\n]\n")
  }

  private static func object(_ item: AccountCode, contents: VaultContents) -> JSONValue {
    let account = item.account
    let otp = account.otp
    // Members appended in order: setting them by key would search the object each time.
    var members: [(key: String, value: JSONValue)] = [
      ("id", .string(account.id.rawValue)),
      ("issuer", .string(account.issuer)),
      ("name", .string(account.name)),
      ("type", .string(otp.type.rawValue)),
      ("code", item.code.map(JSONValue.string) ?? .null),
    ]
    members.reserveCapacity(13)
    if let remaining = item.remaining { members.append(("remaining", .number(JSONNumber(Int64(remaining))))) }
    if otp.type == .hotp {
      members.append(("counter", .number(JSONNumber(otp.counter))))
    } else {
      members.append(("period", .number(JSONNumber(Int64(otp.period)))))
    }
    members.append(("digits", .number(JSONNumber(Int64(otp.digits)))))
    members.append(("algorithm", .string(otp.algorithm.rawValue)))
    let groups = account.groups.isEmpty ? [] : contents.groupNames(of: account)
    members.append(("groups", .array(groups.map(JSONValue.string))))
    members.append(("favorite", .bool(account.favorite)))
    members.append(("note", .string(account.note)))
    if let problem = item.problem { members.append(("problem", .string(problem))) }
    var object = JSONObject()
    object.members = members  // unique keys by construction
    return .object(object)
  }

  /// `show`'s details: every field but the secret.
  static func details(_ account: Account, contents: VaultContents) -> String {
    let otp = account.otp
    var rows: [(String, String)] = [
      ("Issuer", account.issuer), ("Name", account.name), ("Type", otp.type.rawValue),
      ("Algorithm", otp.algorithm.rawValue), ("Digits", String(otp.digits)),
    ]
    if otp.type == .hotp {
      rows.append(("Counter", String(otp.counter)))
    } else {
      rows.append(("Period", "\(otp.period)s"))
    }
    if otp.type.needsPIN { rows.append(("PIN", otp.pin == nil ? "not set" : "set")) }
    rows += [
      ("Groups", contents.groupNames(of: account).joined(separator: ", ")),
      ("Favorite", account.favorite ? "yes" : "no"), ("Note", account.note), ("ID", account.id.rawValue),
    ]
    return rows.map { "\(pad($0.0 + ":", 11))\($0.1)" }.joined(separator: "\n") + "\n"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
