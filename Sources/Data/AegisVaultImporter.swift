import Codecs
import Crypto
import Domain
import Synchronization

/// Imports another Aegis vault or Aegis export (plain or encrypted, db versions 1–3), keeping
/// notes, favorites and group names.
public struct AegisVaultImporter: AccountImporter {
  /// The `--format` name.
  public let format = "aegis"

  /// Creates the importer.
  public init() {}

  /// An object with `version`, `header` and `db`.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard file.bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "{"),
      let object = try? JSONValue(parsing: file.bytes).objectValue
    else { return false }
    return object["header"] != nil && object["db"] != nil && object["version"] != nil
  }

  /// Every entry of the vault.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard !file.bytes.isEmpty else { throw .empty }
    let vault: AegisVaultFile
    do throws(DomainError) {
      vault = try AegisVaultFile.read(file.bytes)
    } catch {
      throw Self.importError(error)
    }
    var masterKey: SecretBytes?
    if vault.isEncrypted {
      var secret = try password.get()
      defer { wipe(&secret) }
      do throws(DomainError) {
        masterKey = try vault.unlock(password: secret).masterKey
      } catch {
        throw Self.importError(error)
      }
    }
    let counter = Counter()
    let contents: VaultContents
    do throws(DomainError) {
      let db = try vault.database(masterKey: masterKey)
      contents = try AegisDatabase.decode(db, ids: IdentifierSource { counter.next() })
    } catch {
      throw Self.importError(error)
    }
    return contents.accounts.map { account in
      .account(
        NewAccount(
          issuer: account.issuer, name: account.name, otp: account.otp, note: account.note,
          favorite: account.favorite, groupNames: contents.groupNames(of: account)))
    }
  }

  private static func importError(_ error: DomainError) -> ImportError {
    switch error {
    case .wrongPassword: .wrongPassword
    case .passwordRequired: .passwordRequired
    case .vaultCorrupted(let reason), .unsupportedVersion(let reason): .damaged(reason)
    default: .damaged("\(error)")
    }
  }
}

/// Sequential placeholder ids for groups made while reading a file that is not saved as is.
private final class Counter: Sendable {
  private let value = Synchronization.Mutex(0)
  func next() -> String {
    value.withLock {
      $0 += 1
      return "import-group-\($0)"
    }
  }
}

/// Writes an Aegis vault file of given contents: the `aegis` and `aegis-plain` exports.
public enum AegisVaultExport {
  /// The file's bytes: sealed under `password` (a fresh master key and one password slot), or plain when nil.
  public static func bytes(
    _ contents: VaultContents, password: [UInt8]?, random: RandomSource, ids: IdentifierSource
  ) throws(DomainError) -> [UInt8] {
    let db = AegisDatabase.encode(contents)
    guard let password else {
      return try AegisVaultFile.write(db: db, slots: [], masterKey: nil, outer: nil, random: random)
    }
    let key = random.secretBytes(AESGCM.keySize)
    let slot = try PasswordSlot.make(uuid: ids.next(), masterKey: key, password: password, random: random)
    return try AegisVaultFile.write(db: db, slots: [slot.object], masterKey: key, outer: nil, random: random)
  }
}
