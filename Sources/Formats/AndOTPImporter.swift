import Codecs
import Crypto
import Domain
import OTP

/// andOTP backups (import-formats.md "andOTP"): a plain JSON array of entries, or the same
/// encrypted with AES-256-GCM, new format `iterations ‖ salt[12] ‖ nonce[12] ‖ ciphertext ‖ tag`
/// (PBKDF2-HMAC-SHA1) or old format `nonce[12] ‖ ciphertext ‖ tag` (key SHA-256 of the password).
public struct AndOTPImporter: AccountImporter {
  /// The `--format` name.
  public let format = "andotp"

  private static let saltSize = 12
  private static let newHeaderSize = 4 + saltSize + AESGCM.nonceSize
  private static let maximumIterations: Int32 = 10_000_000

  /// Signatures of binary formats an encrypted andOTP backup (random bytes) must not be taken
  /// for: Java serialisation, SQLite, zip, gzip, PNG, JPEG, GIF, PDF, Authenticator Pro/Stratum.
  private static let foreignMagics: [[UInt8]] = [
    [0xAC, 0xED], Array("SQLite format 3".utf8), [0x50, 0x4B, 0x03, 0x04], [0x1F, 0x8B],
    [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], Array("GIF8".utf8), Array("%PDF".utf8),
    Array("AUTHENTICATORPRO".utf8), Array("AuthenticatorPro".utf8),
  ]

  /// Creates the importer.
  public init() {}

  /// A JSON array of andOTP entries (`secret`, `type`, `label`, `digits`), or an opaque blob long enough
  /// to be an encrypted backup that is not UTF-8 text and carries no other format's signature.
  public func recognizes(_ file: ImportFile) -> Bool {
    if ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "["),
      let entries = ExportEntry.document(file.bytes)?.arrayValue
    {
      return !entries.isEmpty
        && entries.allSatisfy {
          $0["secret"]?.stringValue != nil && $0["type"]?.stringValue != nil
            && $0["label"]?.stringValue != nil && $0["digits"]?.numberValue != nil
        }
    }
    return file.bytes.count > AESGCM.nonceSize + AESGCM.tagSize
      && String(validating: file.bytes, as: UTF8.self) == nil
      && !Self.foreignMagics.contains { file.bytes.starts(with: $0) }
  }

  /// Every entry of the backup, decrypting it first when it is not JSON.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard ExportEntry.firstSignificantByte(file.bytes) != nil else { throw .empty }
    let entries: [JSONValue]
    if String(validating: file.bytes, as: UTF8.self) != nil {
      guard let array = try ExportEntry.document(file.bytes, of: "andOTP").arrayValue else {
        throw .unrecognized("\(file.name) is not an andOTP backup: it is not a JSON array")
      }
      entries = array
    } else {
      entries = try decrypt(file.bytes, password: password)
    }
    return entries.enumerated().map { index, entry in Self.candidate(entry, position: index + 1) }
  }

  private func decrypt(_ bytes: [UInt8], password: ImportPassword) throws(ImportError) -> [JSONValue] {
    guard bytes.count >= AESGCM.nonceSize + AESGCM.tagSize else {
      throw .damaged("too short for an encrypted andOTP backup")
    }
    var secret = try password.get()
    defer { wipe(&secret) }
    var plaintext: [UInt8]?
    let iterations = bytes.prefix(4).reduce(Int32(0)) { $0 << 8 | Int32($1) }
    if bytes.count >= Self.newHeaderSize + AESGCM.tagSize, (1...Self.maximumIterations).contains(iterations) {
      let salt = Array(bytes[4..<4 + Self.saltSize])
      var key: [UInt8]
      do throws(CryptoError) {
        key = try KeyDerivation.pbkdf2(
          password: secret, salt: salt, iterations: Int(iterations), digest: .sha1, length: AESGCM.keySize)
      } catch {
        throw .damaged("the andOTP backup's key cannot be derived")
      }
      defer { wipe(&key) }
      plaintext = try Self.open(bytes, from: 4 + Self.saltSize, key: key)
    }
    if plaintext == nil {
      var key = Digest.sha256(secret)
      defer { wipe(&key) }
      plaintext = try Self.open(bytes, from: 0, key: key)
    }
    guard var plaintext else { throw .wrongPassword }
    defer { wipe(&plaintext) }
    guard let entries = ExportEntry.document(plaintext)?.arrayValue else {
      throw .damaged("the decrypted andOTP backup is not a JSON array")
    }
    return entries
  }

  /// The plaintext sealed from `start` (nonce ‖ ciphertext ‖ tag), or nil when the tag fails.
  private static func open(_ bytes: [UInt8], from start: Int, key: [UInt8]) throws(ImportError) -> [UInt8]? {
    let nonce = Array(bytes[start..<start + AESGCM.nonceSize])
    let box = AESGCM.SealedBox(
      ciphertext: Array(bytes[(start + AESGCM.nonceSize)..<(bytes.count - AESGCM.tagSize)]),
      tag: Array(bytes.suffix(AESGCM.tagSize)))
    do throws(CryptoError) {
      return try AESGCM.open(box, key: key, nonce: nonce)
    } catch .authenticationFailed {
      return nil
    } catch {
      throw .damaged("the andOTP backup cannot be decrypted")
    }
  }

  private static func candidate(_ entry: JSONValue, position: Int) -> ImportCandidate {
    let fields = entry.objectValue.map(ExportEntry.Fields.init)
    let (issuer, name) = names(fields)
    let label = ExportEntry.label(issuer: issuer, name: name, position: position)
    return ExportEntry.candidate(label: label) { () throws(ExportEntry.Problem) in
      let fields = try ExportEntry.Fields(entry)
      guard let typeName = try fields.string("type") else {
        throw ExportEntry.Problem("the entry has no type")
      }
      guard let encoded = try fields.string("secret") else {
        throw ExportEntry.Problem("the entry has no secret")
      }
      let secret = try ExportEntry.base32(encoded)
      let algorithm = try fields.string("algorithm")
      let digits = try fields.integer("digits")
      let period = try fields.integer("period")
      let parameters = try ExportEntry.parameters(
        typeName: typeName, steam: .typeName(readsAlgorithm: true), secret: secret, algorithm: algorithm,
        digits: digits, period: { period },
        counter: { () throws(ExportEntry.Problem) in
          guard let counter = try fields.integer("counter") else {
            throw ExportEntry.Problem("the HOTP entry has no counter")
          }
          return counter
        }, unsupported: "unsupported entry type '\(typeName)'")
      return NewAccount(issuer: issuer, name: name, otp: parameters)
    }
  }

  /// `issuer` and `label`; old backups have no `issuer` and a label `Issuer - Name`.
  private static func names(_ fields: ExportEntry.Fields?) -> (issuer: String, name: String) {
    let label = (try? fields?.string("label")) ?? ""
    if let issuer = try? fields?.string("issuer") { return (issuer, label) }
    guard let separator = label.firstRange(of: " - ") else { return ("", label) }
    return (String(label[..<separator.lowerBound]), String(label[separator.upperBound...]))
  }
}
