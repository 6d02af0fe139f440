import Codecs
import Domain
import OTP

/// One vault entry (vault-format.md ENTRY and INFO) and an account, both ways. The icon becomes
/// the account's `AccountIcon` (`AegisEntry+Icon.swift`); fields Twofold does not interpret —
/// an icon that is no image, and any key of a newer Aegis — are kept as preserved fields;
/// unknown `info` keys are kept under the prefix `info.`, and entry keys that themselves start
/// with `info.` or `entry.` under the prefix `entry.`, so each field goes back where it was.
enum AegisEntry {
  static let infoPrefix = "info."
  static let entryPrefix = "entry."

  /// The entry keys Twofold reads; a switch, so the keys of every entry of a large vault are not hashed.
  private static func isKnownKey(_ key: String) -> Bool {
    switch key {
    case "type", "uuid", "name", "issuer", "note", "favorite", "info", "groups", "group": true
    default: false
    }
  }

  private static func isKnownInfoKey(_ key: String) -> Bool {
    switch key {
    case "secret", "algo", "digits", "period", "counter", "pin": true
    default: false
    }
  }

  static func decode(_ object: JSONObject, index: Int, ids: IdentifierSource) throws(DomainError) -> Account {
    let position = "entry \(index + 1)"
    guard let typeName = object["type"]?.stringValue, let type = OTPType(rawValue: typeName) else {
      throw .vaultCorrupted("\(position) has an unknown type")
    }
    guard let name = object["name"]?.stringValue, let issuer = object["issuer"]?.stringValue,
      let info = object["info"]?.objectValue
    else { throw .vaultCorrupted("\(position) lacks name, issuer or info") }
    let otp = try parameters(type: type, info: info, position: position)
    let (decodedIcon, entryFields) = icon(in: AegisDatabase.preservedFields(of: object, isKnown: isKnownKey))
    var preserved = entryFields.map {
      $0.key.hasPrefix(infoPrefix) || $0.key.hasPrefix(entryPrefix)
        ? PreservedField(key: entryPrefix + $0.key, raw: $0.raw) : $0
    }
    preserved += AegisDatabase.preservedFields(of: info, isKnown: isKnownInfoKey).map {
      PreservedField(key: infoPrefix + $0.key, raw: $0.raw)
    }
    let groups = (object["groups"]?.arrayValue ?? []).compactMap(\.stringValue).map(AccountGroup.ID.init)
    return Account(
      id: Account.ID(object["uuid"]?.stringValue?.lowercased() ?? ids.next()), issuer: issuer, name: name,
      otp: otp, note: object["note"]?.stringValue ?? "", favorite: object["favorite"]?.boolValue ?? false,
      groups: groups, icon: decodedIcon, preserved: preserved)
  }

  static func encode(_ account: Account) -> JSONObject {
    var object = JSONObject([
      ("type", .string(account.otp.type.rawValue)),
      ("uuid", .string(account.id.rawValue)),
      ("name", .string(account.name)),
      ("issuer", .string(account.issuer)),
      ("note", .string(account.note)),
      ("favorite", .bool(account.favorite)),
    ])
    if let icon = account.icon {
      for (key, value) in fields(of: icon) { object[key] = value }
    }
    let entryFields = account.preserved.filter { !$0.key.hasPrefix(infoPrefix) }.map {
      $0.key.hasPrefix(entryPrefix)
        ? PreservedField(key: String($0.key.dropFirst(entryPrefix.count)), raw: $0.raw) : $0
    }
    AegisDatabase.restore(entryFields, into: &object)
    if object["icon"] == nil { object["icon"] = .null }
    object["info"] = .object(info(account.otp, preserved: account.preserved))
    object["groups"] = .array(account.groups.map { .string($0.rawValue) })
    return object
  }

  private static func info(_ otp: OTPParameters, preserved: [PreservedField]) -> JSONObject {
    var info = JSONObject([
      ("secret", .string(Base32.encode(otp.secret))),
      ("algo", .string(otp.algorithm.rawValue)),
      ("digits", .number(JSONNumber(Int64(otp.digits)))),
    ])
    if otp.type == .hotp {
      info["counter"] = .number(JSONNumber(otp.counter))
    } else {
      info["period"] = .number(JSONNumber(Int64(otp.period)))
    }
    if otp.type.needsPIN { info["pin"] = otp.pin.map(JSONValue.string) ?? .null }
    AegisDatabase.restore(preserved, into: &info, prefix: infoPrefix)
    return info
  }

  private static func parameters(type: OTPType, info: JSONObject, position: String) throws(DomainError)
    -> OTPParameters
  {
    guard let secretText = info["secret"]?.stringValue else {
      throw .vaultCorrupted("\(position) has no secret")
    }
    do {
      let secret = try Base32.decode(secretText)
      var algorithm = try info["algo"]?.stringValue.map { (name) throws(OTPError) in
        try OTPAlgorithm(name: name)
      }
      if algorithm == .md5 && type != .motp { algorithm = .sha1 }
      let digits = try integer(info["digits"], "digits", position)
      let period = type == .hotp ? nil : try integer(info["period"], "period", position)
      var counter: UInt64 = 0
      if type == .hotp {
        guard let value = info["counter"]?.uint64Value else {
          throw DomainError.vaultCorrupted("\(position) has no valid counter")
        }
        counter = value
      }
      return try OTPParameters(
        type: type, secret: secret, algorithm: algorithm, digits: digits, period: period, counter: counter,
        pin: type.needsPIN ? info["pin"]?.stringValue : nil)
    } catch let error as DomainError {
      throw error
    } catch let error as OTPError {
      throw .vaultCorrupted("\(position): \(error.description)")
    } catch {
      throw .vaultCorrupted("\(position) is malformed")
    }
  }

  private static func integer(_ value: JSONValue?, _ name: String, _ position: String) throws(DomainError)
    -> Int?
  {
    guard let value, !value.isNull else { return nil }
    guard let number = value.int64Value, let result = Int(exactly: number) else {
      throw .vaultCorrupted("\(position) has an invalid \(name)")
    }
    return result
  }
}
