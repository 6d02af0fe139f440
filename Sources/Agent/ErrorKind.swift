/// The kinds of `DomainError`, as their tag byte.
enum ErrorKind: UInt8 {
  case wrongPassword = 1
  case passwordRequired, vaultMissing, vaultExists, vaultCorrupted, vaultLocked, unsupportedVersion, storage
  case duplicate, notFound, ambiguous, invalidField, cannotGenerate, cancelled
}
