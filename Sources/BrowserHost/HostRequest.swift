import Codecs
import Domain

/// What the extension asks the host: one JSON object per message, `"version": 1` and a
/// `"type"` (the design of issue 19, "The host protocol").
public enum HostRequest: Equatable, Sendable {
  /// The code for the field of the frame at `url` in the top page `top`; `chosen` is the account
  /// the person picked from a chooser.
  case fill(url: String, top: String, chosen: Account.ID?)
  /// Every account matched to the page, with its code (the popup).
  case codes(url: String, top: String)
  /// The accounts matched to the page, without codes (the popup).
  case suggest(url: String, top: String)
  /// Binds the account `id` to `domain`, the site the person confirmed in the popup, only while
  /// the tab's page at `url` is still on that site.
  case bind(url: String, id: Account.ID, domain: String)
  /// Whether an account is bound to the frame at `url` in the top page `top` (the content script
  /// draws nothing where none is); the vault is not read.
  case site(url: String, top: String)
  /// Every account's label, type and icon, without codes (the popup's search).
  case accounts
  /// The code of the account `id`, whatever the page (the popup's Copy); an HOTP counter
  /// advances as `twofold code` advances it.
  case copy(id: Account.ID)
  /// Runs the askpass unlock.
  case unlock
  /// The settings the extension follows.
  case settings

  /// The protocol version this host speaks.
  public static let version: Int64 = 1

  /// Why a message is no request this host answers; the message is for people and never
  /// repeats what the message held.
  public enum Refusal: Error, Equatable, Sendable {
    /// Not a JSON object.
    case malformed(String)
    /// A `version` other than this host's.
    case otherVersion(String)
    /// A `type` this host does not know.
    case unknownType(String)
    /// A field missing, or of the wrong kind.
    case badField(String)

    /// One line for the extension.
    public var message: String {
      switch self {
      case .malformed(let reason): "the message is not a JSON object: \(reason)"
      case .otherVersion(let version):
        "the message is of protocol version \(version); this host speaks version \(HostRequest.version)"
      case .unknownType(let type): "unknown request type '\(type)'"
      case .badField(let name): "the request needs '\(name)' as a string"
      }
    }
  }

  /// Reads one message.
  public init(message: [UInt8]) throws(Refusal) {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: message)
    } catch {
      throw .malformed(error.description)
    }
    guard let object = value.objectValue else { throw .malformed("it is not an object") }
    guard let version = object["version"] else { throw .otherVersion("(none)") }
    guard version.int64Value == Self.version else {
      throw .otherVersion(version.numberValue?.text ?? "(not a number)")
    }
    guard let type = object["type"]?.stringValue else { throw .badField("type") }
    switch type {
    case "fill":
      let chosen = try Self.optionalString(object, "id").map(Account.ID.init)
      self = .fill(url: try Self.string(object, "url"), top: try Self.string(object, "top"), chosen: chosen)
    case "codes": self = .codes(url: try Self.string(object, "url"), top: try Self.string(object, "top"))
    case "suggest": self = .suggest(url: try Self.string(object, "url"), top: try Self.string(object, "top"))
    case "bind":
      self = .bind(
        url: try Self.string(object, "url"), id: Account.ID(try Self.string(object, "id")),
        domain: try Self.string(object, "domain"))
    case "site": self = .site(url: try Self.string(object, "url"), top: try Self.string(object, "top"))
    case "accounts": self = .accounts
    case "copy": self = .copy(id: Account.ID(try Self.string(object, "id")))
    case "unlock": self = .unlock
    case "settings": self = .settings
    default: throw .unknownType(String(type.prefix(40)))
    }
  }

  private static func string(_ object: JSONObject, _ name: String) throws(Refusal) -> String {
    guard let text = object[name]?.stringValue else { throw .badField(name) }
    return text
  }

  private static func optionalString(_ object: JSONObject, _ name: String) throws(Refusal) -> String? {
    guard let value = object[name], !value.isNull else { return nil }
    guard let text = value.stringValue else { throw .badField(name) }
    return text
  }
}
