import Codecs
import Domain

/// The db object (vault-format.md "The db object") and the vault's contents, both ways.
enum AegisDatabase {
  /// The db version Twofold writes.
  static let currentVersion: Int64 = 3
  private static let knownKeys: Set<String> = ["version", "entries", "groups"]

  /// Reads versions 1–3; legacy per-entry `group` names become groups with fresh ids.
  static func decode(_ db: JSONObject, ids: IdentifierSource) throws(DomainError) -> VaultContents {
    guard let version = db["version"]?.int64Value else {
      throw .vaultCorrupted("the db has no valid version")
    }
    guard version <= currentVersion else {
      throw .unsupportedVersion("db version \(version); this Twofold reads versions 1 to 3")
    }
    guard version >= 1 else { throw .vaultCorrupted("the db has an invalid version") }
    guard let entries = db["entries"]?.arrayValue else { throw .vaultCorrupted("the db has no entries list") }
    var contents = VaultContents()
    for (index, value) in (db["groups"]?.arrayValue ?? []).enumerated() {
      guard let object = value.objectValue, let uuid = object["uuid"]?.stringValue,
        let name = object["name"]?.stringValue
      else { throw .vaultCorrupted("group \(index + 1) is malformed") }
      let preserved = preservedFields(of: object, known: ["uuid", "name"])
      contents.groups.append(AccountGroup(id: AccountGroup.ID(uuid), name: name, preserved: preserved))
    }
    let knownGroups = Set(contents.groups.map(\.id))
    for (index, value) in entries.enumerated() {
      guard let object = value.objectValue else {
        throw .vaultCorrupted("entry \(index + 1) is not an object")
      }
      var account = try AegisEntry.decode(object, index: index, ids: ids)
      account.groups = account.groups.filter { knownGroups.contains($0) }
      if let legacy = object["group"]?.stringValue, !legacy.isEmpty {
        account.groups = [legacyGroup(named: legacy, in: &contents, ids: ids)]
      }
      contents.accounts.append(account)
    }
    // `icons_optimized: true` is what `encode` writes anyway; keeping it would make a saved
    // vault's contents differ from the ones loaded. Any other value is kept as it was.
    contents.lineage = db[lineageKey].flatMap(lineage)
    let known = contents.lineage == nil ? knownKeys : knownKeys.union([lineageKey])
    contents.preserved = preservedFields(of: db, known: known).filter {
      !($0.key == "icons_optimized" && $0.raw == "true")
    }
    return contents
  }

  /// Writes db version 3.
  static func encode(_ contents: VaultContents) -> JSONObject {
    encode(contents, entries: .array(contents.accounts.map { .object(AegisEntry.encode($0)) }))
  }

  /// The compact JSON text of `encode(contents)`, each entry made only as it is written, so the
  /// entries are never all held as JSON values at once (a 10,000-account vault's would be tens
  /// of megabytes beside the text).
  static func serialized(_ contents: VaultContents) -> [UInt8] {
    let accounts = contents.accounts
    return JSONValue.serialized(
      encode(contents, entries: .array([])), streaming: "entries", count: accounts.count
    ) { .object(AegisEntry.encode(accounts[$0])) }
  }

  private static func encode(_ contents: VaultContents, entries: JSONValue) -> JSONObject {
    var db = JSONObject()
    db["version"] = .number(JSONNumber(currentVersion))
    db["entries"] = entries
    db["groups"] = .array(
      contents.groups.map { group in
        var object = JSONObject([("uuid", .string(group.id.rawValue)), ("name", .string(group.name))])
        restore(group.preserved, into: &object)
        return .object(object)
      })
    if let lineage = contents.lineage { db[lineageKey] = encode(lineage) }
    restore(contents.preserved, into: &db)
    if db["icons_optimized"] == nil { db["icons_optimized"] = .bool(true) }
    return db
  }

  /// The db member that carries a version's lineage (sync.md "Two writers: which base").
  static let lineageKey = VersionLineage.field

  /// `{"id": ID, "ancestors": [ID…]}`; nil when malformed (the field is then kept as it was
  /// and the version has no ancestry).
  static func lineage(_ value: JSONValue) -> VersionLineage? {
    guard let object = value.objectValue, let text = object["id"]?.stringValue,
      let id = VersionLineage.ID(text), let list = object["ancestors"]?.arrayValue
    else { return nil }
    var ancestors: [VersionLineage.ID] = []
    for item in list {
      guard let text = item.stringValue, let ancestor = VersionLineage.ID(text) else { return nil }
      ancestors.append(ancestor)
    }
    var lineage = VersionLineage(id: id, ancestors: ancestors)
    // The conflicts its merge resolved: an item that does not read is left out (it only tells).
    lineage?.resolved = (object["resolved"]?.arrayValue ?? []).compactMap { item in
      guard let account = item["entry"]?.stringValue,
        let field = item["field"]?.stringValue.flatMap(MergeField.init),
        let lost = item["lost"]?.stringValue.flatMap(VersionLineage.ID.init)
      else { return nil }
      return VersionLineage.Resolved(account: Account.ID(account), field: field, lost: lost)
    }
    return lineage
  }

  static func encode(_ lineage: VersionLineage) -> JSONValue {
    var object = JSONObject([
      ("id", .string(lineage.id.rawValue)),
      ("ancestors", .array(lineage.ancestors.map { .string($0.rawValue) })),
    ])
    if !lineage.resolved.isEmpty {
      object["resolved"] = .array(
        lineage.resolved.map { resolved in
          .object(
            JSONObject([
              ("entry", .string(resolved.account.rawValue)), ("field", .string(resolved.field.rawValue)),
              ("lost", .string(resolved.lost.rawValue)),
            ]))
        })
    }
    return .object(object)
  }

  private static func legacyGroup(named name: String, in contents: inout VaultContents, ids: IdentifierSource)
    -> AccountGroup.ID
  {
    if let existing = contents.groups.first(where: { $0.name == name }) { return existing.id }
    let group = AccountGroup(id: AccountGroup.ID(ids.next()), name: name)
    contents.groups.append(group)
    return group.id
  }

  /// The members of `object` not in `known`, as raw JSON text.
  /// An `icon` of null is what Twofold writes for an entry without one, so it is not kept.
  static func preservedFields(of object: JSONObject, known: Set<String>) -> [PreservedField] {
    preservedFields(of: object) { known.contains($0) }
  }

  /// The members of `object` for which `isKnown` is false, as raw JSON text.
  static func preservedFields(of object: JSONObject, isKnown: (String) -> Bool) -> [PreservedField] {
    object.members.filter { !isKnown($0.key) && !($0.key == "icon" && $0.value.isNull) }.map {
      PreservedField(key: $0.key, raw: $0.value.serializedString())
    }
  }

  /// Puts preserved fields (those under `prefix`, without it) back where no field of that name
  /// was written; a field whose text no longer parses is dropped rather than corrupting the file.
  static func restore(_ fields: [PreservedField], into object: inout JSONObject, prefix: String = "") {
    for field in fields where field.key.hasPrefix(prefix) {
      let key = String(field.key.dropFirst(prefix.count))
      guard object[key] == nil else { continue }
      if let value = try? JSONValue(parsing: Array(field.raw.utf8)) { object[key] = value }
    }
  }
}
