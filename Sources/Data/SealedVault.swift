import Codecs
import Crypto
import Domain

/// An encrypted Aegis vault other than the one open (a shared copy that other devices write, an
/// Aegis backup, a sync base), opened with a key or a password, whose new contents can be
/// sealed again under its own header: its slots and unknown fields kept, its master key, a
/// fresh nonce. An unencrypted file is refused: a shared plaintext vault would leak every secret.
public struct SealedVault: Sendable {
  /// Why a file cannot be opened.
  public enum Failure: Error, Equatable, Sendable {
    /// The file is not encrypted.
    case unencrypted
    /// No key given opens it and no password was available.
    case passwordRequired
    /// A domain failure: damaged, newer version, wrong password.
    case domain(DomainError)
  }

  private let file: AegisVaultFile
  /// The master key that opened it.
  public let masterKey: SecretBytes
  /// What it holds.
  public let contents: VaultContents

  /// A vault already read and opened (the repository's own, for its sync).
  init(file: AegisVaultFile, masterKey: SecretBytes, contents: VaultContents) {
    self.file = file
    self.masterKey = masterKey
    self.contents = contents
  }

  /// Opens `bytes` with the first of `keys` that fits, else with each password `passwords`
  /// gives (in order, asked lazily) over its password slots.
  public static func open(
    _ bytes: [UInt8], keys: [SecretBytes], passwords: [@Sendable () throws(DomainError) -> [UInt8]?],
    ids: IdentifierSource
  ) throws(Failure) -> SealedVault {
    let file: AegisVaultFile
    do throws(DomainError) { file = try AegisVaultFile.read(bytes) } catch { throw .domain(error) }
    guard file.isEncrypted else { throw .unencrypted }
    for key in keys {
      if let db = try? file.database(masterKey: key) { return try make(file, key: key, db: db, ids: ids) }
    }
    var wrong = false
    for source in passwords {
      var password: [UInt8]
      do throws(DomainError) {
        guard let given = try source() else { continue }
        password = given
      } catch {
        throw .domain(error)
      }
      defer { wipe(&password) }
      let opened: (SecretBytes, JSONObject)
      do throws(DomainError) {
        let key = try file.unlock(password: password).masterKey
        opened = (key, try file.database(masterKey: key))
      } catch .wrongPassword {
        wrong = true
        continue
      } catch {
        throw .domain(error)
      }
      return try make(file, key: opened.0, db: opened.1, ids: ids)
    }
    throw wrong ? .domain(.wrongPassword) : .passwordRequired
  }

  /// `contents` sealed under this vault's header and key, with a fresh nonce; how a base is
  /// kept too (sealed like the vault, so the vault's own key and password open it).
  public func sealing(_ contents: VaultContents, random: RandomSource) throws(DomainError) -> [UInt8] {
    try AegisVaultFile.write(
      contents: contents, slots: file.slots, masterKey: masterKey, outer: file.outer, random: random)
  }

  private static func make(
    _ file: AegisVaultFile, key: SecretBytes, db: JSONObject, ids: IdentifierSource
  ) throws(Failure) -> SealedVault {
    do throws(DomainError) {
      return SealedVault(file: file, masterKey: key, contents: try AegisDatabase.decode(db, ids: ids))
    } catch {
      throw .domain(error)
    }
  }
}
