import Codecs
import Crypto
import Domain
import OTP

/// How a kept version is sealed in the device's state (sync.md: each device keeps the versions
/// it read or wrote): an Aegis vault under the vault's own header and key, holding the version
/// whole or as its changes from a parent kept version, marked by a `twofold_kept` member with
/// the version's fingerprint, so a version rebuilt from its changes is checked before use.
public enum KeptVersionSeal {
  /// What a kept file holds.
  public enum Body: Equatable, Sendable {
    /// The version itself.
    case whole(VaultContents)
    /// The changes that turn the kept version `parent` into it.
    case changes(parent: VersionLineage.ID, VersionChanges)
  }

  private static let key = "twofold_kept"

  /// SHA-256 of the version's db as Twofold writes it: what a rebuilt version must match.
  public static func fingerprint(_ contents: VaultContents) -> [UInt8] {
    var (text, isKept) = DatabaseText.of(contents)
    defer { if !isKept { wipe(&text) } }
    return Digest.sha256(text)
  }

  /// `body` sealed like `vault` (its header and key, a fresh nonce), with `fingerprint`.
  public static func seal(
    _ body: Body, fingerprint: [UInt8], like vault: SealedVault, random: RandomSource
  ) throws(DomainError) -> [UInt8] {
    var mark = JSONObject([("fingerprint", .string(Hex.encode(fingerprint)))])
    let carrier: VaultContents
    switch body {
    case .whole(let contents):
      carrier = contents
    case .changes(let parent, let changes):
      mark["parent"] = .string(parent.rawValue)
      mark["removed"] = .array(changes.removed.map { .string($0.rawValue) })
      if let order = changes.order { mark["order"] = .array(order.map { .string($0.rawValue) }) }
      carrier = VaultContents(
        accounts: changes.accounts, groups: changes.groups, preserved: changes.preserved,
        lineage: changes.lineage)
    }
    var marked = carrier
    // First, so that a member of the same name in the version itself cannot stand in for it
    // (the version would then not match its fingerprint, and is not used).
    marked.preserved.insert(PreservedField(key: key, raw: JSONValue.object(mark).serializedString()), at: 0)
    return try vault.sealing(marked, random: random)
  }

  /// The body and fingerprint of a kept file opened with `masterKey`; nil when it does not
  /// open or is not a kept version.
  public static func open(_ bytes: [UInt8], masterKey: SecretBytes, ids: IdentifierSource) -> (
    body: Body, fingerprint: [UInt8]
  )? {
    guard case .some(let opened) = try? SealedVault.open(bytes, keys: [masterKey], passwords: [], ids: ids)
    else { return nil }
    var contents = opened.contents
    guard let index = contents.preserved.firstIndex(where: { $0.key == key }),
      let mark = try? JSONValue(parsing: Array(contents.preserved[index].raw.utf8)).objectValue,
      let fingerprint = mark["fingerprint"]?.stringValue.flatMap({ try? Hex.decode($0) })
    else { return nil }
    contents.preserved.remove(at: index)
    guard let parentText = mark["parent"]?.stringValue else { return (.whole(contents), fingerprint) }
    guard let parent = VersionLineage.ID(parentText),
      let removed = mark["removed"]?.arrayValue?.compactMap(\.stringValue)
    else { return nil }
    let order = mark["order"]?.arrayValue?.compactMap(\.stringValue).map(Account.ID.init)
    let changes = VersionChanges(
      accounts: contents.accounts, removed: removed.map(Account.ID.init), order: order,
      groups: contents.groups, preserved: contents.preserved, lineage: contents.lineage)
    return (.changes(parent: parent, changes), fingerprint)
  }
}
