import Data
import Domain
import Infrastructure
import OTP
import Synchronization

/// One vault the agent holds open: its repository (which holds the master key), the lease, and
/// the contents last decrypted with the identity of the file they came from, their secrets
/// moved into `HeldSecrets` (locked memory). The cache is used only while the file on disk has
/// that identity; any change on disk means a fresh read.
final class HeldVault: Sendable {
  private struct Cache {
    var identity: FileIdentity
    /// The contents, every secret withheld.
    var contents: VaultContents
    var secrets: HeldSecrets
    var withheld: [UInt8]?
    var index: AccountIndex?
    var generators: [Result<CodeGenerator, OTPError>]?
  }

  let path: String
  let repository: AegisVaultRepository
  private let lease: Mutex<KeyLease>
  private let cache = Mutex<Cache?>(nil)
  private let identity: @Sendable (String) -> FileIdentity?

  /// Holds the vault at `path`; `identity` tells the file's versions apart (by default from the
  /// file system; tests give in-memory files theirs).
  init(
    path: String, repository: AegisVaultRepository, lease: KeyLease,
    identity: @escaping @Sendable (String) -> FileIdentity?
  ) {
    self.identity = identity
    self.path = path
    self.repository = repository
    self.lease = Mutex(lease)
  }

  /// Whether the lease has run out at `now`.
  func isExpired(at now: Int64) -> Bool { lease.withLock { $0.isExpired(at: now) } }

  /// Records a use; false when the lease had already run out.
  func use(at now: Int64) -> Bool {
    lease.withLock { lease in
      guard !lease.isExpired(at: now) else { return false }
      lease.use(at: now)
      return true
    }
  }

  /// The seconds left, for `status`.
  func status(at now: Int64) -> HeldVaultStatus {
    let left = lease.withLock { $0.secondsLeft(at: now) }
    return HeldVaultStatus(path: path, idleLeft: left.idle, maxLeft: left.max)
  }

  /// The contents as the file holds them now, every secret withheld (they are in `secrets()`).
  func contents() throws(DomainError) -> VaultContents {
    try current().contents
  }

  /// The answer to `load`: the contents without secrets, encoded once per version of the file.
  func withheldAnswer() throws(DomainError) -> [UInt8] {
    let found = try current()
    if let bytes = found.withheld { return bytes }
    let bytes = AgentResponse.contents(found.contents).encoded()
    cache.withLock { cached in
      if cached?.identity == found.identity { cached?.withheld = bytes }
    }
    return bytes
  }

  /// The secrets of the contents as the file holds them now.
  func secrets() throws(DomainError) -> HeldSecrets {
    try current().secrets
  }

  /// The accounts indexed for queries (ids, labels, folded text) and each one's prepared code
  /// generator (its HMAC key schedule done once), built once per version of the file, so a
  /// request costs the same whatever the vault's size.
  func indexed() throws(DomainError) -> (index: AccountIndex, generators: [Result<CodeGenerator, OTPError>]) {
    let found = try current()
    if let index = found.index, let generators = found.generators { return (index, generators) }
    let index = AccountIndex(found.contents.accounts)
    let generators = found.contents.accounts.indices.map { position in
      found.secrets.generator(at: position, for: found.contents.accounts[position])
    }
    cache.withLock { cached in
      if cached?.identity == found.identity {
        cached?.index = index
        cached?.generators = generators
      }
    }
    return (index, generators)
  }

  /// The code of the account at `position` of `indexed()` at `time`, as the wire carries it.
  func code(
    at position: Int, of indexed: (index: AccountIndex, generators: [Result<CodeGenerator, OTPError>]),
    time: Int64, next: Bool
  ) -> CodeValue {
    CodeValue(
      CodesAt.code(
        of: indexed.index.accounts[position], generator: indexed.generators[position], at: time, next: next))
  }

  /// Forgets the cached contents (after a change this agent made, or when the agent lets the
  /// vault go): their secrets are wiped once no request still reads them.
  func invalidate() { cache.withLock { $0 = nil } }

  private func current() throws(DomainError) -> Cache {
    // The identity is taken before reading, so a write racing the read shows as a change next time.
    guard let identity = identity(path) else {
      invalidate()
      throw .vaultMissing
    }
    if let cached = cache.withLock({ $0 }), cached.identity == identity { return cached }
    var contents = try repository.load()
    let secrets = HeldSecrets(taking: &contents.accounts)
    let fresh = Cache(
      identity: identity, contents: contents, secrets: secrets, withheld: nil, index: nil, generators: nil)
    cache.withLock { $0 = fresh }
    return fresh
  }
}
