import Codecs
import Crypto
import Domain
import OTP

/// TOTP Authenticator (import-formats.md "TOTP Authenticator"): a backup that is Base64 of
/// AES-256-CBC/PKCS#7 with a zero IV under SHA-256 of the password, whose JSON object's first key
/// is the entry list; or the app's shared preferences, with the list under `STATIC_TOTP_CODES_LIST`.
/// Entries give `key` in the encoding `base` (16, 32 or 64) and are SHA1, 6 digits, 30 s: the
/// `digits` and `period` the app stores are not read (EXPECTED.md, `totp_authenticator.bin`).
public struct TOTPAuthenticatorImporter: AccountImporter {
  /// The `--format` name.
  public let format = "totp-authenticator"

  /// The preference key of the entry list in the app's internal XML.
  static let preferenceKey = "STATIC_TOTP_CODES_LIST"

  /// Creates the importer.
  public init() {}

  /// The shared preferences with the entry list, or nothing but Base64 of whole AES blocks.
  public func recognizes(_ file: ImportFile) -> Bool {
    if ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "<") {
      guard let entries = try? SharedPreferences.parse(file.bytes) else { return false }
      return entries.contains { $0.name == Self.preferenceKey }
    }
    // Base64 of random bytes uses letters Base32 has not: a bare Base32 secret is not a backup.
    guard let ciphertext = Self.base64(file.bytes),
      file.bytes.contains(where: { !Self.base32Alphabet.contains($0) && !Self.isWhitespace($0) })
    else { return false }
    return ciphertext.count >= 2 * AESCBC.blockSize && ciphertext.count.isMultiple(of: AESCBC.blockSize)
  }

  /// Every entry of the backup (decrypted with the password) or of the preferences.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard ExportEntry.firstSignificantByte(file.bytes) != nil else { throw .empty }
    let list: String
    if ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "<") {
      list = try Self.preferencesList(file)
    } else {
      guard let ciphertext = Self.base64(file.bytes) else {
        throw .unrecognized("\(file.name) is not a TOTP Authenticator backup: it is not Base64 text")
      }
      list = try Self.decryptedList(ciphertext, password: password)
    }
    guard let entries = ExportEntry.document(Array(list.utf8))?.arrayValue else {
      throw .damaged("the TOTP Authenticator entry list is not a JSON array")
    }
    return entries.enumerated().map { index, entry in Self.candidate(entry, position: index + 1) }
  }

  private static func preferencesList(_ file: ImportFile) throws(ImportError) -> String {
    let entries = try SharedPreferences.entries(
      of: file, notPreferences: "\(file.name) is not TOTP Authenticator's shared preferences",
      malformed: { "the TOTP Authenticator preferences are not well-formed XML (\($0))" })
    guard let list = entries.first(where: { $0.name == preferenceKey })?.value else {
      throw .unrecognized("\(file.name) has no TOTP Authenticator entry list")
    }
    return list
  }

  /// The first key of the decrypted JSON object; CBC has no tag, so bad padding or a plaintext
  /// that is not a JSON object means a wrong password.
  private static func decryptedList(_ ciphertext: [UInt8], password: ImportPassword) throws(ImportError)
    -> String
  {
    guard !ciphertext.isEmpty, ciphertext.count.isMultiple(of: AESCBC.blockSize) else {
      throw .damaged("the TOTP Authenticator backup is not a whole number of AES blocks")
    }
    var secret = try password.get()
    defer { wipe(&secret) }
    var key = Digest.sha256(secret)
    defer { wipe(&key) }
    var plaintext: [UInt8]
    do throws(CryptoError) {
      plaintext = try AESCBC.decrypt(ciphertext, key: key, iv: [UInt8](repeating: 0, count: AESCBC.blockSize))
    } catch .authenticationFailed {
      throw .wrongPassword
    } catch {
      throw .damaged("the TOTP Authenticator backup cannot be decrypted")
    }
    defer { wipe(&plaintext) }
    guard let object = ExportEntry.document(plaintext)?.objectValue else { throw .wrongPassword }
    return object.keys.first ?? "[]"
  }

  private static let base32Alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567=".utf8)

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The bytes of a file that is nothing but Base64 text, or nil.
  private static func base64(_ bytes: [UInt8]) -> [UInt8]? {
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    return try? Base64.decode(text)
  }

  private static func candidate(_ entry: JSONValue, position: Int) -> ImportCandidate {
    // The app stores each entry as a JSON object, or as the text of one.
    let object =
      entry.objectValue ?? entry.stringValue.flatMap { ExportEntry.document(Array($0.utf8))?.objectValue }
    let fields = object.map(ExportEntry.Fields.init)
    let issuer = (try? fields?.string("issuer")) ?? ""
    let name = (try? fields?.string("name")) ?? ""
    return ExportEntry.candidate(label: ExportEntry.label(issuer: issuer, name: name, position: position)) {
      () throws(ExportEntry.Problem) in
      guard let fields else { throw ExportEntry.Problem("the entry is not a JSON object") }
      guard let key = try fields.string("key"), !key.isEmpty else {
        throw ExportEntry.Problem("the entry has no key")
      }
      let secret: [UInt8]
      switch try fields.integer("base") {
      case 16?:
        do throws(OTPError) { secret = try Hex.decode(key) } catch {
          throw ExportEntry.Problem("the key is not hex")
        }
      case 32?: secret = try ExportEntry.base32(key)
      case 64?:
        do throws(Base64.Error) { secret = try Base64.decode(key) } catch {
          throw ExportEntry.Problem("the key is not Base64")
        }
      case nil: throw ExportEntry.Problem("the entry does not say how its key is encoded")
      case let base?: throw ExportEntry.Problem("unsupported key encoding: base \(base)")
      }
      return NewAccount(
        issuer: issuer, name: name, otp: try ExportEntry.parameters(type: .totp, secret: secret))
    }
  }
}
