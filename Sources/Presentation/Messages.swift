import Domain

/// Sentences for people, one per domain error; never containing a secret.
public enum Messages {
  /// What to tell someone when Syncthing left `count` conflict copies beside the vault (sync.md
  /// "Sources"); nil for none.
  public static func conflictCopies(_ count: Int) -> String? {
    guard count > 0 else { return nil }
    let copies = Plural.count(count, "conflict copy", plural: "conflict copies")
    return "\(copies) of this vault: run 'twofold sync'"
  }

  /// What to tell someone when the last sync without being asked stopped on `problem`
  /// (`SOURCE: what (since TIME)`, sync.md "Without being asked"); nil for none.
  public static func syncProblem(_ problem: String?) -> String? {
    problem.map { "Sync failed: \($0)" }
  }

  /// What to tell someone when `error` happened.
  public static func text(for error: DomainError) -> String {
    switch error {
    case .wrongPassword: "Wrong password. Try again."
    case .passwordRequired: "The vault is encrypted: type its password."
    case .cancelled: "Cancelled."
    case .vaultMissing: "There is no vault yet."
    case .vaultExists: "A vault already exists there."
    case .vaultCorrupted(let reason): "The vault cannot be read: \(reason)."
    case .vaultLocked: "Another twofold is changing the vault; try again in a moment."
    case .unsupportedVersion(let what): "The vault is newer than this Twofold (\(what))."
    case .storage(let reason): "Could not save: \(reason)."
    case .duplicate(let label): "\(label) is already in the vault with the same secret."
    case .notFound: "That account no longer exists."
    case .ambiguous(_, let candidates): "Several accounts match: \(candidates.joined(separator: ", "))."
    case .invalidField(_, let message): message.prefix(1).uppercased() + message.dropFirst() + "."
    case .cannotGenerate(let reason): "No code: \(reason)."
    }
  }
}
