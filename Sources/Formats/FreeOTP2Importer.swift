import Codecs
import Crypto
import Domain

/// FreeOTP 2 backups (import-formats.md "FreeOTP 2 backup"): a Java-serialised
/// `HashMap<String, String>`. `masterKey` is JSON naming a PBKDF2 key (HmacSHA1 or HmacSHA512,
/// iterations, salt) that unwraps an AES-GCM master key; each token is `<uuid>` = its secret wrapped
/// under the master key and `<uuid>-token` = its parameters. Wrapped keys authenticate the UTF-8
/// of their `mToken` as associated data. Counters are kept as stored; missing algorithm, digits
/// and period are SHA1, 6 and 30.
public struct FreeOTP2Importer: AccountImporter {
  /// The `--format` name.
  public let format = "freeotp2"

  /// An AES-GCM-wrapped key as FreeOTP 2 stores it (`EncryptedKey`).
  private struct WrappedKey {
    var sealed: [UInt8]
    var nonce: [UInt8]
    var associatedData: [UInt8]
  }

  private static let masterKeyName = "masterKey"
  private static let tokenSuffix = "-token"
  private static let maximumIterations: Int64 = 10_000_000

  /// Creates the importer.
  public init() {}

  /// A Java serialisation stream that starts with a `java.util.HashMap`.
  public func recognizes(_ file: ImportFile) -> Bool {
    JavaObjectStream.looksLikeHashMap(file.bytes)
  }

  /// Every token of the backup, in the order their secrets appear.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard !file.bytes.isEmpty else { throw .empty }
    guard file.bytes.starts(with: [0xAC, 0xED, 0x00, 0x05]) else {
      throw .unrecognized("\(file.name) is not a FreeOTP 2 backup: no Java serialisation header")
    }
    let entries: [(key: String, value: String)]
    do throws(JavaObjectStream.Failure) {
      entries = try JavaObjectStream.stringMap(file.bytes)
    } catch {
      throw .damaged("the FreeOTP 2 backup is not a map of strings (\(error.description))")
    }
    var values: [String: String] = [:]
    for entry in entries where values[entry.key] == nil { values[entry.key] = entry.value }
    guard let masterJSON = values[Self.masterKeyName] else {
      throw .damaged("the FreeOTP 2 backup has no masterKey")
    }
    var masterKey = try Self.unwrapMasterKey(masterJSON, password: password)
    defer { wipe(&masterKey) }
    var candidates: [ImportCandidate] = []
    for (key, value) in entries where key != Self.masterKeyName {
      let position = candidates.count + 1
      if key.hasSuffix(Self.tokenSuffix) {
        guard values[String(key.dropLast(Self.tokenSuffix.count))] == nil else { continue }
        candidates.append(
          .failed(Self.label(ExportEntry.document(Array(value.utf8)), position), "the token has no secret"))
        continue
      }
      let parameters = values[key + Self.tokenSuffix].flatMap { ExportEntry.document(Array($0.utf8)) }
      let label = Self.label(parameters, position)
      guard let parameters else {
        candidates.append(.failed(label, "the token has no readable parameters"))
        continue
      }
      do throws(ExportEntry.Problem) {
        var secret = try Self.unwrapSecret(value, masterKey: masterKey)
        defer { wipe(&secret) }
        candidates.append(
          FreeOTPToken.candidate(parameters, secret: secret, counterOffset: 0, fallbackLabel: label))
      } catch {
        candidates.append(.failed(label, error.reason))
      }
    }
    return candidates
  }

  private static func label(_ parameters: JSONValue?, _ position: Int) -> String {
    let issuer = parameters?["issuerExt"]?.stringValue ?? parameters?["issuerInt"]?.stringValue ?? ""
    return ExportEntry.label(
      issuer: issuer, name: parameters?["label"]?.stringValue ?? "", position: position)
  }

  private static func unwrapMasterKey(_ json: String, password: ImportPassword) throws(ImportError) -> [UInt8]
  {
    let digest: DigestAlgorithm
    let iterations: Int64
    let salt: [UInt8]
    let wrapped: WrappedKey
    do throws(ExportEntry.Problem) {
      let fields = try ExportEntry.Fields(ExportEntry.document(Array(json.utf8)), what: "masterKey")
      let algorithm = (try fields.string("mAlgorithm") ?? "").lowercased()
      if algorithm.hasSuffix("hmacsha1") {
        digest = .sha1
      } else if algorithm.hasSuffix("hmacsha256") {
        digest = .sha256
      } else if algorithm.hasSuffix("hmacsha512") {
        digest = .sha512
      } else {
        throw ExportEntry.Problem("the master key's derivation is not PBKDF2 with HMAC-SHA1/256/512")
      }
      guard let rounds = try fields.integer("mIterations"), (1...maximumIterations).contains(rounds) else {
        throw ExportEntry.Problem("the master key's iteration count is missing or out of range")
      }
      iterations = rounds
      guard let bytes = try fields.signedBytes("mSalt"), !bytes.isEmpty else {
        throw ExportEntry.Problem("the master key has no salt")
      }
      salt = bytes
      guard let encrypted = try fields.object("mEncryptedKey") else {
        throw ExportEntry.Problem("the master key has no mEncryptedKey")
      }
      wrapped = try wrappedKey(encrypted)
    } catch {
      throw .damaged("the FreeOTP 2 masterKey is unreadable: \(error.reason)")
    }
    var secret = try password.get()
    defer { wipe(&secret) }
    let masterKey: [UInt8]
    do throws(CryptoError) {
      var key = try KeyDerivation.pbkdf2(
        password: secret, salt: salt, iterations: Int(iterations), digest: digest, length: AESGCM.keySize)
      defer { wipe(&key) }
      masterKey = try open(wrapped, key: key)
    } catch .authenticationFailed {
      throw .wrongPassword
    } catch {
      throw .damaged("the FreeOTP 2 master key cannot be unwrapped")
    }
    guard masterKey.count == AESGCM.keySize else {
      throw .damaged("the FreeOTP 2 master key is not 32 bytes")
    }
    return masterKey
  }

  /// The secret of a token entry: `{"key": "<EncryptedKey JSON>"}` wrapped under the master key.
  private static func unwrapSecret(_ json: String, masterKey: [UInt8]) throws(ExportEntry.Problem) -> [UInt8]
  {
    let outer = try ExportEntry.Fields(ExportEntry.document(Array(json.utf8)), what: "the token's secret")
    guard let inner = try outer.string("key") else {
      throw ExportEntry.Problem("the token's secret has no key")
    }
    let wrapped = try wrappedKey(
      ExportEntry.Fields(ExportEntry.document(Array(inner.utf8)), what: "the token's key"))
    do throws(CryptoError) {
      return try open(wrapped, key: masterKey)
    } catch {
      throw ExportEntry.Problem("the token's secret cannot be decrypted")
    }
  }

  private static func wrappedKey(_ fields: ExportEntry.Fields) throws(ExportEntry.Problem) -> WrappedKey {
    let cipher = try fields.string("mCipher") ?? ""
    guard cipher.uppercased() == "AES/GCM/NOPADDING" else {
      throw ExportEntry.Problem("the key is not wrapped with AES/GCM/NoPadding")
    }
    guard let sealed = try fields.signedBytes("mCipherText"), sealed.count >= AESGCM.tagSize else {
      throw ExportEntry.Problem("the wrapped key's ciphertext is missing or too short")
    }
    guard let parameters = try fields.signedBytes("mParameters"), let nonce = gcmNonce(parameters) else {
      throw ExportEntry.Problem("the wrapped key's GCM parameters are not a nonce with a 16-byte tag")
    }
    guard let token = try fields.string("mToken") else {
      throw ExportEntry.Problem("the wrapped key has no mToken")
    }
    return WrappedKey(sealed: sealed, nonce: nonce, associatedData: Array(token.utf8))
  }

  private static func open(_ wrapped: WrappedKey, key: [UInt8]) throws(CryptoError) -> [UInt8] {
    let box = AESGCM.SealedBox(
      ciphertext: Array(wrapped.sealed.dropLast(AESGCM.tagSize)),
      tag: Array(wrapped.sealed.suffix(AESGCM.tagSize)))
    return try AESGCM.open(box, key: key, nonce: wrapped.nonce, authenticating: wrapped.associatedData)
  }

  /// The nonce of DER `GCMParameters ::= SEQUENCE { nonce OCTET STRING, icvLen INTEGER }`
  /// (RFC 5084 §3.2) with a 16-byte tag, or of a bare `OCTET STRING` nonce (older Android
  /// releases, whose tag is 16 bytes too).
  private static func gcmNonce(_ der: [UInt8]) -> [UInt8]? {
    var index = 0
    if let nonce = derElement(0x04, in: der, at: &index) {
      return index == der.count && (1...128).contains(nonce.count) ? nonce : nil
    }
    guard let sequence = derElement(0x30, in: der, at: &index), index == der.count else { return nil }
    index = 0
    guard let nonce = derElement(0x04, in: sequence, at: &index), (1...128).contains(nonce.count),
      derElement(0x02, in: sequence, at: &index) == [16], index == sequence.count
    else { return nil }
    return nonce
  }

  /// The contents of the DER element with `tag` at `index` (definite length), moving past it.
  private static func derElement(_ tag: UInt8, in bytes: [UInt8], at index: inout Int) -> [UInt8]? {
    guard bytes.count - index >= 2, bytes[index] == tag else { return nil }
    var length = Int(bytes[index + 1])
    index += 2
    if length >= 0x80 {
      let count = length & 0x7F
      guard (1...2).contains(count), count <= bytes.count - index else { return nil }
      length = bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
      index += count
    }
    guard length <= bytes.count - index else { return nil }
    defer { index += length }
    return Array(bytes[index..<index + length])
  }
}
