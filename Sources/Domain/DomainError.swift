/// What can go wrong in a use case, in the vocabulary of the domain. Storage, crypto and
/// decoding errors are translated into these at the Data boundary. Never carries a secret.
public enum DomainError: Error, Equatable, Sendable {
  /// No password slot opened with the password given.
  case wrongPassword
  /// The vault is encrypted and no password was available.
  case passwordRequired
  /// The person asked for the password cancelled.
  case cancelled
  /// There is no vault file yet.
  case vaultMissing
  /// A vault already exists where a new one was to be created.
  case vaultExists
  /// The vault file could not be decoded; the reason names the part, not the content.
  case vaultCorrupted(String)
  /// Another process holds the vault.
  case vaultLocked
  /// The file is from a newer format version than Twofold reads.
  case unsupportedVersion(String)
  /// The storage failed (permissions, disk full, read-only); the reason is the system's.
  case storage(String)
  /// An account with the same secret, issuer and name already exists.
  case duplicate(label: String)
  /// No account or group matched.
  case notFound(String)
  /// Several accounts matched; their labels are listed.
  case ambiguous(String, candidates: [String])
  /// A field's value is not acceptable; the message is for people.
  case invalidField(AccountField, String)
  /// The account cannot produce a code (an mOTP or Yandex account without a PIN, a spent counter).
  case cannotGenerate(String)
}

/// The fields of an account a validation message can point at.
public enum AccountField: String, Sendable, CaseIterable {
  case issuer, name, secret, type, algorithm, digits, period, counter, pin, note, group, password
}
