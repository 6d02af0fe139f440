import Codecs
import Crypto
import Domain

extension StratumImporter {
  /// The header of encrypted backups (Argon2id, AES-256-GCM).
  static let header = Array("AUTHENTICATORPRO".utf8)
  /// The header of legacy encrypted backups (PBKDF2-HMAC-SHA1, AES-256-CBC).
  static let legacyHeader = Array("AuthenticatorPro".utf8)
  /// Stratum's Argon2id costs: 3 passes over 64 MiB in 4 lanes.
  static let argon2 = Argon2.Parameters(iterations: 3, memoryKiB: 1 << 16, parallelism: 4)

  private static let saltSize = 16
  private static let legacySaltSize = 20
  private static let legacyIterations = 64_000

  /// `header ‖ salt[16] ‖ iv[12] ‖ ciphertext ‖ tag`: a failing tag is a wrong password.
  func decrypt(_ bytes: [UInt8], password: ImportPassword) throws(ImportError) -> JSONObject {
    let ivStart = Self.header.count + Self.saltSize
    let start = ivStart + AESGCM.nonceSize
    guard bytes.count >= start + AESGCM.tagSize else {
      throw .damaged("too short for an encrypted Stratum backup")
    }
    guard Argon2.isAvailable(libraries: argon2Libraries) else { throw .missingLibrary(Argon2.installHint) }
    var secret = try password.get()
    defer { wipe(&secret) }
    var key: [UInt8]
    do throws(Argon2.Error) {
      key = try Argon2.id(
        password: secret, salt: Array(bytes[Self.header.count..<ivStart]), parameters: Self.argon2,
        libraries: argon2Libraries)
    } catch .libraryMissing(let message) {
      throw .missingLibrary(message)
    } catch {
      throw .damaged("the Stratum backup's key cannot be derived")
    }
    defer { wipe(&key) }
    let box = AESGCM.SealedBox(
      ciphertext: Array(bytes[start..<(bytes.count - AESGCM.tagSize)]),
      tag: Array(bytes.suffix(AESGCM.tagSize)))
    return try ExportEntry.open(
      box, key: key, nonce: Array(bytes[ivStart..<start]),
      unreadable: "the Stratum backup cannot be decrypted",
      notJSON: "the decrypted Stratum backup is not a JSON object", as: \.objectValue)
  }

  /// `legacyHeader ‖ salt[20] ‖ iv[16] ‖ AES-256-CBC ciphertext`: CBC has no tag, so bad padding
  /// or a plaintext that is not JSON means a wrong password.
  func decryptLegacy(_ bytes: [UInt8], password: ImportPassword) throws(ImportError) -> JSONObject {
    let ivStart = Self.legacyHeader.count + Self.legacySaltSize
    let start = ivStart + AESCBC.blockSize
    guard bytes.count >= start + AESCBC.blockSize, (bytes.count - start).isMultiple(of: AESCBC.blockSize)
    else {
      throw .damaged("the legacy Stratum backup is not a whole number of AES blocks")
    }
    var secret = try password.get()
    defer { wipe(&secret) }
    var key: [UInt8]
    do throws(CryptoError) {
      key = try KeyDerivation.pbkdf2(
        password: secret, salt: Array(bytes[Self.legacyHeader.count..<ivStart]),
        iterations: Self.legacyIterations, digest: .sha1, length: AESCBC.keySize)
    } catch {
      throw .damaged("the legacy Stratum backup's key cannot be derived")
    }
    defer { wipe(&key) }
    var plaintext: [UInt8]
    do throws(CryptoError) {
      plaintext = try AESCBC.decrypt(Array(bytes[start...]), key: key, iv: Array(bytes[ivStart..<start]))
    } catch .authenticationFailed {
      throw .wrongPassword
    } catch {
      throw .damaged("the legacy Stratum backup cannot be decrypted")
    }
    defer { wipe(&plaintext) }
    guard let object = ExportEntry.document(plaintext)?.objectValue else { throw .wrongPassword }
    return object
  }
}
