import Arguments
import Codecs
import Crypto
import OTP
import YKOATH

/// `key list [--json] [--reader NAME]` (hardware-keys.md "Commands"): the connected YubiKeys and
/// their OATH accounts, read through PC/SC. No code, no secret is printed; a locked key shows its
/// accounts when `--key-password-file` or `$TWOFOLD_KEY_PASSWORD` gives its password (the agent,
/// the keyring, the terminal and askpass are still to come), else none.
struct KeyCommand {
  let environment: Environment
  let arguments: ParsedArguments
  /// PC/SC, opened when the command needs it (`LibPCSCLite` in the program).
  let service: () throws(SmartCardError) -> any SmartCardService

  func run() throws(CommandFailure) {
    let action = arguments.positionals.first ?? ""
    switch action {
    case "list": try list()
    case "add": try add()
    default: throw .usage("unknown key action '\(action)': use list or add")
    }
  }

  private func list() throws(CommandFailure) {
    let inventory: KeyInventory
    do { inventory = KeyInventory(service: try service()) } catch { throw Self.failure(error) }
    let keys: [HardwareKey]
    do {
      let readers = try inventory.readers(matching: arguments.value("reader"))
      guard !readers.isEmpty else {
        if let reader = arguments.value("reader") {
          throw CommandFailure.failed("no smart card reader whose name contains '\(reader)'")
        }
        throw CommandFailure.failed("no smart card reader")
      }
      let password = try keyPassword()
      keys = try inventory.keys(
        readers: readers, unixTime: environment.now(),
        accessKey: { answer, _ in password.flatMap { try? AccessKey(password: $0, salt: answer.salt) } },
        challenge: { RandomSource.secure.bytes(8) })
    } catch let failure as KeyInventory.Failure {
      switch failure {
      case .serviceUnavailable(let hint): throw .failed(hint)
      case .card(let error): throw Self.failure(error)
      case .wrongPassword(let serial):
        throw .failed("wrong password for the YubiKey \(serial): nothing was changed")
      case .cardNotAuthenticated(let serial):
        throw .failed(
          "the YubiKey \(serial) did not prove that it holds the password's key: refused, nothing was changed"
        )
      }
    } catch {
      throw error as! CommandFailure
    }
    guard !keys.isEmpty else { throw .failed("no YubiKey connected") }
    if arguments.has("json") {
      environment.standardOutput(JSONValue.array(keys.map(Self.object)).serializedString() + "\n")
    } else {
      environment.standardOutput(keys.map(Self.text).joined())
    }
  }

  /// The key's password: `--key-password-file` (first line), else `$TWOFOLD_KEY_PASSWORD`; nil
  /// when neither gives one (a locked key then stays locked).
  func keyPassword() throws(CommandFailure) -> String? {
    if let file = arguments.value("key-password-file") {
      do {
        return String(decoding: try PasswordSources.firstLine(of: file), as: UTF8.self)
      } catch {
        throw .failed("cannot read the key password file \(file)")
      }
    }
    return environment.variables["TWOFOLD_KEY_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
  }

  static func failure(_ error: SmartCardError) -> CommandFailure {
    switch error {
    case .serviceUnavailable(let hint): .failed(hint)
    case .removed: .failed("the YubiKey was removed; nothing was changed that was not confirmed by the key")
    case .noCard, .sharingViolation, .readerUnavailable, .failed:
      .failed("the smart card reader failed: \(error)")
    }
  }

  /// One line naming the key, then one indented line per account (or why there is none).
  static func text(_ key: HardwareKey) -> String {
    var lines = ["YubiKey \(key.serial) (firmware \(key.version), reader \(key.reader))"]
    if key.locked {
      lines.append("  locked: its password is needed to list its accounts")
    } else if key.accounts.isEmpty {
      lines.append("  no accounts")
    }
    for account in key.accounts {
      var details = [account.name.type == .totp ? "TOTP \(account.name.period) s" : "HOTP"]
      details += ["\(account.digits) digits", account.algorithm.name]
      if account.touch { details.append("touch") }
      lines.append("  \(displayName(account.name))  (\(details.joined(separator: ", ")))")
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `issuer:name` as the key shows it, without the period prefix.
  static func displayName(_ name: CredentialName) -> String {
    if let issuer = name.issuer, !issuer.isEmpty { return "\(issuer):\(name.name)" }
    return name.name
  }

  /// hardware-keys.md's `key list --json` object.
  static func object(_ key: HardwareKey) -> JSONValue {
    .object(
      JSONObject([
        ("serial", .string(key.serial)), ("version", .string(key.version)), ("reader", .string(key.reader)),
        ("password", .bool(key.password)), ("locked", .bool(key.locked)),
        ("accounts", .array(key.accounts.map { account(key.serial, $0) })),
      ]))
  }

  private static func account(_ serial: String, _ account: HardwareKey.Account) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(account.id(serial: serial))), ("issuer", .string(account.name.issuer ?? "")),
      ("name", .string(account.name.name)), ("type", .string(account.name.type == .totp ? "totp" : "hotp")),
    ]
    if account.name.type == .totp {
      members.append(("period", .number(JSONNumber(Int64(account.name.period)))))
    }
    members += [
      ("touch", .bool(account.touch)), ("digits", .number(JSONNumber(Int64(account.digits)))),
      ("algorithm", .string(account.algorithm.name)),
    ]
    return .object(JSONObject(members))
  }
}
