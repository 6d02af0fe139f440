import Codecs
import Crypto
import Domain
import OTP

/// 2FAS Authenticator backups (`.2fas`, schema versions 1–4), plain or encrypted
/// (import-formats.md "2FAS"): `services[]`, or `servicesEncrypted` =
/// `b64(ciphertext‖tag):b64(salt):b64(iv)` under PBKDF2-HMAC-SHA256 (10 000 rounds) and AES-256-GCM.
public struct TwoFASImporter: AccountImporter {
  /// The `--format` name.
  public let format = "2fas"

  /// The newest schema version this importer reads.
  static let newestSchema: Int64 = 4

  /// Creates the importer.
  public init() {}

  /// A JSON object with `schemaVersion` and `services` or `servicesEncrypted`.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard ExportEntry.firstSignificantByte(file.bytes) == UInt8(ascii: "{"),
      let object = ExportEntry.document(file.bytes)?.objectValue
    else { return false }
    return object["schemaVersion"]?.numberValue != nil
      && (object["services"]?.arrayValue != nil || object["servicesEncrypted"]?.stringValue != nil)
  }

  /// Every service of the backup, decrypting it first when it is encrypted.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard let object = try ExportEntry.document(file.bytes, of: "2FAS").objectValue else {
      throw .unrecognized("\(file.name) is not a 2FAS backup: it is not a JSON object")
    }
    guard let version = object["schemaVersion"]?.int64Value else {
      throw .unrecognized("\(file.name) is not a 2FAS backup: it has no schemaVersion")
    }
    guard (1...Self.newestSchema).contains(version) else {
      throw .unrecognized("2FAS schema version \(version) is not supported (1 to \(Self.newestSchema) are)")
    }
    let services: [JSONValue]
    if let encrypted = object["servicesEncrypted"]?.stringValue, !encrypted.isEmpty {
      services = try decrypt(encrypted, password: password)
    } else if let plain = object["services"]?.arrayValue {
      services = plain
    } else {
      throw .damaged("the 2FAS backup has neither services nor servicesEncrypted")
    }
    return services.enumerated().map { index, service in Self.candidate(service, position: index + 1) }
  }

  private func decrypt(_ text: String, password: ImportPassword) throws(ImportError) -> [JSONValue] {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3,
      let sealed = try? Base64.decode(String(parts[0])),
      let salt = try? Base64.decode(String(parts[1])),
      let nonce = try? Base64.decode(String(parts[2]))
    else { throw .damaged("servicesEncrypted is not three Base64 parts separated by ':'") }
    guard sealed.count >= AESGCM.tagSize, !salt.isEmpty, nonce.count == AESGCM.nonceSize else {
      throw .damaged("servicesEncrypted has a ciphertext, salt or IV of the wrong length")
    }
    var secret = try password.get()
    defer { wipe(&secret) }
    var key: [UInt8]
    do throws(CryptoError) {
      key = try KeyDerivation.pbkdf2(
        password: secret, salt: salt, iterations: 10_000, digest: .sha256, length: AESGCM.keySize)
    } catch {
      throw .damaged("the 2FAS backup cannot be decrypted")
    }
    defer { wipe(&key) }
    let box = AESGCM.SealedBox(
      ciphertext: Array(sealed.dropLast(AESGCM.tagSize)), tag: Array(sealed.suffix(AESGCM.tagSize)))
    return try ExportEntry.open(
      box, key: key, nonce: nonce, unreadable: "the 2FAS backup cannot be decrypted",
      notJSON: "the decrypted 2FAS services are not a JSON array", as: \.arrayValue)
  }

  private static func candidate(_ service: JSONValue, position: Int) -> ImportCandidate {
    let fields = service.objectValue.map(ExportEntry.Fields.init)
    let otp = try? fields?.object("otp")
    let serviceName = (try? fields?.string("name")) ?? ""
    let issuer = serviceName.isEmpty ? (try? otp?.string("issuer")) ?? "" : serviceName
    let name = (try? otp?.string("account")) ?? ""
    let label = ExportEntry.label(issuer: issuer, name: name, position: position)
    return ExportEntry.candidate(label: label) { () throws(ExportEntry.Problem) in
      let fields = try ExportEntry.Fields(service, what: "the service")
      let otp = try fields.object("otp") ?? ExportEntry.Fields([:])
      guard let encoded = try fields.string("secret") else {
        throw ExportEntry.Problem("the service has no secret")
      }
      let secret = try ExportEntry.base32(encoded)
      let algorithm = try otp.string("algorithm")
      let digits = try otp.integer("digits")
      let period = try otp.integer("period")
      let typeName = try otp.string("tokenType") ?? "TOTP"
      let parameters = try ExportEntry.parameters(
        typeName: typeName, steam: .typeName(readsAlgorithm: false), secret: secret, algorithm: algorithm,
        digits: digits, period: { period },
        counter: { () throws(ExportEntry.Problem) in
          guard let counter = try otp.integer("counter") else {
            throw ExportEntry.Problem("the HOTP service has no counter")
          }
          return counter
        }, unsupported: "unsupported token type '\(typeName.uppercased())'")
      return NewAccount(issuer: issuer, name: name, otp: parameters)
    }
  }
}
