import Codecs
import Crypto
import Domain
import OTP

/// Authy's shared preferences (import-formats.md "Authy"): a JSON array of tokens under
/// `com.authy.storage.tokens.authenticator.key` (or `….authy.key`). Secrets are Base32
/// (`decryptedSecret`), hex for Authy's own tokens (`secretSeed`), or encrypted
/// (`encryptedSecret`, PBKDF2-HMAC-SHA1 over the token's `salt`, AES-256-CBC with a zero IV).
public struct AuthyImporter: AccountImporter {
  /// The `--format` name.
  public let format = "authy"

  /// The preference keys that hold the token list.
  static let keys: Set<String> = [
    "com.authy.storage.tokens.authenticator.key", "com.authy.storage.tokens.authy.key",
  ]

  private static let iterations = 1000

  /// Creates the importer.
  public init() {}

  /// Shared-preferences XML with one of Authy's token-list keys.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard let entries = try? SharedPreferences.parse(file.bytes) else { return false }
    return entries.contains { Self.keys.contains($0.name) }
  }

  /// Every token, decrypting encrypted secrets with the password (asked only when one is).
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard !file.bytes.isEmpty else { throw .empty }
    let entries = try SharedPreferences.entries(
      of: file, notPreferences: "\(file.name) is not Authy's shared preferences",
      malformed: { "the Authy preferences are not well-formed XML (\($0))" })
    guard let list = entries.first(where: { Self.keys.contains($0.name) })?.value else {
      throw .unrecognized("\(file.name) has no Authy token list")
    }
    guard let tokens = ExportEntry.document(Array(list.utf8))?.arrayValue else {
      throw .damaged("the Authy token list is not a JSON array")
    }
    let secrets = try decryptedSecrets(tokens, password: password)
    return tokens.enumerated().map { index, token in
      Self.candidate(token, decrypted: secrets[index], position: index + 1)
    }
  }

  /// What decrypting one token's secret gave.
  private enum Decryption {
    case secret([UInt8])
    case wrongKey
    case failed(String)
  }

  /// The decrypted secrets by token index; throws `wrongPassword` when none decrypts.
  private func decryptedSecrets(
    _ tokens: [JSONValue], password: ImportPassword
  ) throws(ImportError) -> [Int: Decryption] {
    let encrypted = tokens.indices.filter {
      tokens[$0]["decryptedSecret"] == nil && tokens[$0]["secretSeed"] == nil
        && tokens[$0]["encryptedSecret"]?.stringValue != nil
    }
    guard !encrypted.isEmpty else { return [:] }
    var secret = try password.get()
    defer { wipe(&secret) }
    var results: [Int: Decryption] = [:]
    for index in encrypted { results[index] = Self.decrypt(tokens[index], password: secret) }
    let opened = results.values.contains { if case .secret = $0 { true } else { false } }
    let refused = results.values.contains { if case .wrongKey = $0 { true } else { false } }
    if !opened && refused { throw .wrongPassword }
    return results
  }

  private static func decrypt(_ token: JSONValue, password: [UInt8]) -> Decryption {
    guard let encoded = token["encryptedSecret"]?.stringValue, let ciphertext = try? Base64.decode(encoded)
    else {
      return .failed("the encrypted secret is not Base64")
    }
    guard let salt = token["salt"]?.stringValue else { return .failed("the encrypted secret has no salt") }
    guard !ciphertext.isEmpty, ciphertext.count.isMultiple(of: AESCBC.blockSize) else {
      return .failed("the encrypted secret is not a whole number of AES blocks")
    }
    do throws(CryptoError) {
      var key = try KeyDerivation.pbkdf2(
        password: password, salt: Array(salt.utf8), iterations: iterations, digest: .sha1,
        length: AESCBC.keySize)
      defer { wipe(&key) }
      var plaintext = try AESCBC.decrypt(
        ciphertext, key: key, iv: [UInt8](repeating: 0, count: AESCBC.blockSize))
      defer { wipe(&plaintext) }
      guard let text = String(validating: plaintext, as: UTF8.self), let bytes = try? Base32.decode(text),
        !bytes.isEmpty
      else { return .wrongKey }
      return .secret(bytes)
    } catch .authenticationFailed {
      return .wrongKey
    } catch {
      return .failed("the encrypted secret cannot be decrypted")
    }
  }

  private static func candidate(_ token: JSONValue, decrypted: Decryption?, position: Int) -> ImportCandidate
  {
    let fields = token.objectValue.map(ExportEntry.Fields.init)
    let isAuthyToken = token["secretSeed"] != nil
    let (issuer, name) = names(fields, isAuthyToken: isAuthyToken)
    return ExportEntry.candidate(label: ExportEntry.label(issuer: issuer, name: name, position: position)) {
      () throws(ExportEntry.Problem) in
      let fields = try ExportEntry.Fields(token)
      let secret: [UInt8]
      if let seed = try fields.string("secretSeed") {
        do throws(OTPError) {
          secret = try Hex.decode(seed)
        } catch {
          throw ExportEntry.Problem("the secret seed is not hex")
        }
      } else if let plain = try fields.string("decryptedSecret") {
        secret = try ExportEntry.base32(plain)
      } else {
        switch decrypted {
        case .secret(let bytes)?: secret = bytes
        case .wrongKey?: throw ExportEntry.Problem("the secret does not decrypt with this password")
        case .failed(let reason)?: throw ExportEntry.Problem(reason)
        case nil: throw ExportEntry.Problem("the token has no secret")
        }
      }
      let parameters = try ExportEntry.parameters(
        type: .totp, secret: secret, digits: try fields.integer("digits") ?? (isAuthyToken ? 7 : 6),
        period: isAuthyToken ? 10 : 30)
      return NewAccount(issuer: issuer, name: name, otp: parameters)
    }
  }

  /// Issuer and name: Authy's own tokens are named after the service; others take
  /// `originalIssuer`, else the part of `originalName` before `:`, else of `name` before ` - `,
  /// and keep the rest of `name` without the issuer prefix.
  private static func names(_ fields: ExportEntry.Fields?, isAuthyToken: Bool) -> (
    issuer: String, name: String
  ) {
    let name = (try? fields?.string("name")) ?? ""
    if isAuthyToken { return (name, "") }
    let originalName = (try? fields?.string("originalName")) ?? ""
    let issuer: String
    if let original = try? fields?.string("originalIssuer"), !original.isEmpty {
      issuer = original
    } else if let colon = originalName.firstIndex(of: ":") {
      issuer = String(originalName[..<colon])
    } else if let dash = name.firstRange(of: " - ") {
      return (String(name[..<dash.lowerBound]), String(name[dash.upperBound...]))
    } else {
      return ("", name)
    }
    guard !issuer.isEmpty, name.hasPrefix(issuer) else { return (issuer, name) }
    var rest = name.dropFirst(issuer.count)
    if rest.hasPrefix(" - ") { rest = rest.dropFirst(3) }
    if rest.hasPrefix(":") { rest = rest.dropFirst() }
    return (issuer, String(rest.drop { $0 == " " }))
  }
}
