import Codecs
import Domain

/// What the host answers, one per request. Never a secret, a Key URI, or the code of an account
/// not matched to the sender's page.
public enum HostAnswer: Equatable, Sendable {
  /// An account's label: what the chooser and the suggestions show.
  public struct Label: Equatable, Sendable {
    /// The account's id in the vault.
    public var id: Account.ID
    /// Its issuer.
    public var issuer: String
    /// Its name at the issuer.
    public var name: String

    /// The label of `id`.
    public init(id: Account.ID, issuer: String, name: String) {
      self.id = id
      self.issuer = issuer
      self.name = name
    }
  }

  /// An account's label and its current code.
  public struct LabelledCode: Equatable, Sendable {
    /// The account.
    public var label: Label
    /// The code; nil for an HOTP account in a listing (never advanced just for showing), or one
    /// that cannot make a code.
    public var code: String?
    /// Seconds until the code changes; nil for HOTP.
    public var secondsLeft: Int?

    /// An account with its code.
    public init(label: Label, code: String?, secondsLeft: Int?) {
      self.label = label
      self.code = code
      self.secondsLeft = secondsLeft
    }
  }

  /// An account as the popup's search lists it: its label, kind of code and picture.
  public struct Listed: Equatable, Sendable {
    /// The account.
    public var label: Label
    /// `totp`, `hotp`, `steam`, …: whether its code counts down.
    public var type: String
    /// Its icon as a `data:` URL (PNG, JPEG or a self-contained SVG), when the vault holds one
    /// small enough to send.
    public var icon: String?

    /// A listed account.
    public init(label: Label, type: String, icon: String?) {
      self.label = label
      self.type = type
      self.icon = icon
    }
  }

  /// The one code to fill.
  case code(LabelledCode)
  /// Whether an account is bound to the sender's site `domain` (the button is drawn only then).
  case site(domain: String, bound: Bool)
  /// Every account of the vault, without codes, in display order.
  case accounts([Listed])
  /// Several accounts match `domain`: the person chooses one.
  case choose(domain: String, accounts: [Label])
  /// Every account matched to `domain`, with its code.
  case codes(domain: String, accounts: [LabelledCode])
  /// No account is bound to `domain`; `suggestions` are the likely ones, to bind once confirmed.
  case noAccount(domain: String, suggestions: [Label])
  /// The code of the account is on the system clipboard, cleared after `clearedAfter` seconds
  /// (nil: not cleared later).
  case copied(Label, clearedAfter: Int?)
  /// The agent does not hold the vault.
  case locked
  /// The askpass unlock succeeded: the agent holds the vault.
  case unlocked
  /// The person cancelled the unlock.
  case cancelled
  /// `id` is now bound to `domain`.
  case bound(domain: String, id: Account.ID)
  /// The settings the extension follows.
  case settings(autofill: Bool)
  /// The page gets nothing, for this reason (its `message` goes with it).
  case refused(BrowserFill.Refusal)
  /// The request failed; the message is for people.
  case error(String)

  /// The answer as one JSON object with `"version": 1`.
  public var json: JSONValue {
    var object = JSONObject([("version", .number(JSONNumber(HostRequest.version)))])
    switch self {
    case .code(let code):
      object["type"] = "code"
      for (key, value) in Self.members(of: code) { object[key] = value }
    case .site(let domain, let bound):
      object["type"] = "site"
      object["domain"] = .string(domain)
      object["bound"] = .bool(bound)
    case .accounts(let accounts):
      object["type"] = "accounts"
      object["accounts"] = .array(
        accounts.map { listed in
          var item = Self.object(of: listed.label)
          item["type"] = .string(listed.type)
          item["icon"] = listed.icon.map(JSONValue.string) ?? .null
          return .object(item)
        })
    case .choose(let domain, let accounts):
      object["type"] = "choose"
      object["domain"] = .string(domain)
      object["accounts"] = .array(accounts.map { .object(Self.object(of: $0)) })
    case .codes(let domain, let accounts):
      object["type"] = "codes"
      object["domain"] = .string(domain)
      object["accounts"] = .array(accounts.map { .object(JSONObject(Self.members(of: $0))) })
    case .noAccount(let domain, let suggestions):
      object["type"] = "no_account"
      object["domain"] = .string(domain)
      object["suggestions"] = .array(suggestions.map { .object(Self.object(of: $0)) })
    case .copied(let label, let seconds):
      object["type"] = "copied"
      for member in Self.object(of: label).members { object[member.key] = member.value }
      object["cleared_after"] = seconds.map { .number(JSONNumber(Int64($0))) } ?? .null
    case .locked: object["type"] = "locked"
    case .unlocked: object["type"] = "unlocked"
    case .cancelled: object["type"] = "cancelled"
    case .bound(let domain, let id):
      object["type"] = "bound"
      object["domain"] = .string(domain)
      object["id"] = .string(id.rawValue)
    case .settings(let autofill):
      object["type"] = "settings"
      object["autofill"] = .bool(autofill)
    case .refused(let reason):
      object["type"] = "refused"
      object["reason"] = .string(reason.rawValue)
      object["message"] = .string(reason.message)
    case .error(let message):
      object["type"] = "error"
      object["message"] = .string(message)
    }
    return .object(object)
  }

  /// The answer's bytes, as framed messages carry them.
  public var message: [UInt8] { json.serialized() }

  private static func object(of label: Label) -> JSONObject {
    JSONObject([
      ("id", .string(label.id.rawValue)), ("issuer", .string(label.issuer)), ("name", .string(label.name)),
    ])
  }

  private static func members(of code: LabelledCode) -> [(String, JSONValue)] {
    Self.object(of: code.label).members.map { ($0.key, $0.value) } + [
      ("code", code.code.map(JSONValue.string) ?? .null),
      ("seconds_left", code.secondsLeft.map { .number(JSONNumber(Int64($0))) } ?? .null),
    ]
  }
}
