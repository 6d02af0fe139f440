import Crypto
import OTP
import YKOATH

extension KeyCommand {
  /// `key add --uri URI [--touch]`: writes the account on the one key connected, refusing what a
  /// key cannot hold (status 2) and a name already on it (status 1), nothing written either way.
  func add() throws(CommandFailure) {
    guard let uri = arguments.value("uri") else { throw .usage("'key add' needs --uri URI") }
    let parsed: KeyURI
    do { parsed = try KeyURI(parsing: uri) } catch { throw .usage("not a Key URI: \(error)") }
    let credential = try Self.credential(parsed, touch: arguments.has("touch"))
    do { _ = try credential.putData() } catch { throw .usage(Self.refusal(error)) }
    let (inventory, reader) = try oneKey()
    let password = try keyPassword()
    let stored = (try? credential.name.encoded()) ?? []
    let unlock: (SelectAnswer) -> AccessKey? = { answer in
      password.flatMap { try? AccessKey(password: $0, salt: answer.salt) }
    }
    let write: (OATHSession) throws(OATHError) -> Void = { session throws(OATHError) in
      guard !(try session.list()).contains(where: { $0.stored == stored }) else {
        throw OATHError.status(OATH.Status.genericError)
      }
      try session.put(credential)
    }
    do {
      try inventory.withSession(
        reader: reader, accessKey: unlock, challenge: { RandomSource.secure.bytes(8) }, write)
    } catch {
      throw Self.writeFailure(error, name: credential.name.text, reader: reader)
    }
    environment.standardOutput("added \(Self.displayName(credential.name)) to the YubiKey in \(reader)\n")
  }

  /// What the key would store for `uri`, or status 2 saying why a key cannot hold it.
  static func credential(_ uri: KeyURI, touch: Bool) throws(CommandFailure) -> CredentialData {
    let otp = uri.parameters
    let type: OATHType
    switch otp.type {
    case .totp: type = .totp
    case .hotp: type = .hotp
    default: throw .usage("a YubiKey cannot hold \(otp.type.rawValue) accounts, only TOTP and HOTP")
    }
    let algorithm: OATHAlgorithm
    switch otp.algorithm {
    case .sha1: algorithm = .sha1
    case .sha256: algorithm = .sha256
    case .sha512: algorithm = .sha512
    case .md5: throw .usage("a YubiKey cannot compute MD5 codes, only SHA1, SHA256 and SHA512")
    }
    guard otp.counter <= UInt64(UInt32.max) else {
      throw .usage("a YubiKey's HOTP counter holds at most \(UInt32.max)")
    }
    return CredentialData(
      name: CredentialName(
        type: type, period: type == .totp ? otp.period : CredentialName.defaultPeriod,
        issuer: uri.issuer.isEmpty ? nil : uri.issuer, name: uri.name),
      algorithm: algorithm, digits: otp.digits, secret: otp.secret, touch: touch,
      counter: type == .hotp ? UInt32(otp.counter) : 0)
  }

  static func refusal(_ error: CredentialData.Error) -> String {
    switch error {
    case .name(.tooLong(let length)):
      "the account's name on the key would be \(length) bytes: a YubiKey holds at most 64 (period and issuer included)"
    case .name(.emptyName): "the account has no name"
    case .name(.invalidPeriod(let period)): "a YubiKey cannot hold a period of \(period) s"
    case .unsupportedDigits(let digits): "a YubiKey's codes have 6, 7 or 8 digits, not \(digits)"
    case .emptySecret: "the account has no secret"
    case .counterOnTOTP: "a TOTP account has no counter"
    }
  }

  /// The one key a write goes to: status 1 without any, 2 with several (naming their readers).
  private func oneKey() throws(CommandFailure) -> (KeyInventory, String) {
    let inventory: KeyInventory
    do { inventory = KeyInventory(service: try service()) } catch { throw Self.failure(error) }
    let keys: [HardwareKey]
    do {
      keys = try inventory.keys(
        readers: try inventory.readers(matching: arguments.value("reader")), unixTime: environment.now())
    } catch {
      switch error {
      case .serviceUnavailable(let hint): throw .failed(hint)
      case .card(let card): throw Self.failure(card)
      case .wrongPassword(let serial), .cardNotAuthenticated(let serial):
        throw .failed("the YubiKey \(serial) refused the password")
      }
    }
    guard let first = keys.first else { throw .failed("no YubiKey connected") }
    guard keys.count == 1 else {
      throw .usage(
        "several YubiKeys are connected (\(keys.map(\.reader).joined(separator: ", "))): choose one with --reader"
      )
    }
    return (inventory, first.reader)
  }

  private static func writeFailure(_ error: OATHError, name: String, reader: String) -> CommandFailure {
    switch error {
    case .status(OATH.Status.genericError):
      .failed("an account named \(name) is already on the YubiKey: nothing was written (remove it first)")
    case .full: .failed("the YubiKey is full (32 accounts): remove one first; nothing was written")
    case .locked:
      .usage(
        "the YubiKey is protected by a password: give it with --key-password-file or $TWOFOLD_KEY_PASSWORD")
    case .wrongPassword: .failed("wrong password for the YubiKey: nothing was changed")
    case .cardNotAuthenticated: .failed("the YubiKey did not prove that it holds the password's key: refused")
    case .card(let card): failure(card)
    default: .failed("the YubiKey in \(reader) refused the account (\(error)): nothing was written")
    }
  }
}
