import Codecs
import Domain
import Formats
import OTP

extension FuzzTarget {
  /// The Key URI parser, Base32, hex, JSON, the Google transfer payload and account icons.
  static let core: [FuzzTarget] = [
    FuzzTarget(name: "key-uri", check: keyURI),
    FuzzTarget(name: "base32", check: base32),
    FuzzTarget(name: "hex", check: hex),
    FuzzTarget(name: "json", check: json),
    FuzzTarget(name: "migration", check: migration),
    FuzzTarget(name: "account-icon", check: accountIcon),
  ]

  /// An image accepted as an icon (its SVG checked for references outside itself) is the bytes
  /// given, is at most 1 MiB, and set on an account reads back the same, until removed.
  private static func accountIcon(_ bytes: [UInt8]) -> Bool {
    guard let icon = try? AccountIcon(bytes: bytes, fileName: "icon.svg") else { return false }
    invariant(icon.bytes == bytes && bytes.count <= AccountIcon.maximumSize, "an icon is not the bytes given")
    invariant((try? AccountIcon(format: icon.format, bytes: bytes)) == icon, "a guessed format is refused")
    var account = Account(
      id: Account.ID("fuzz"), issuer: "Fuzz", name: "",
      otp: try! OTPParameters(type: .totp, secret: Array("12345678901234567890".utf8)))
    account.setIcon(icon)
    invariant(account.icon == icon, "an icon set on an account reads back differently")
    account.setIcon(nil)
    invariant(account.icon == nil, "an icon removed from an account is still there")
    return true
  }

  /// A parsed URI is written and parsed again to the same account, and its codes can be made.
  private static func keyURI(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let uri = try? KeyURI(parsing: text) else { return false }
    let written = uri.string
    let again: KeyURI
    do throws(KeyURI.Error) {
      again = try KeyURI(parsing: written)
    } catch {
      preconditionFailure("a URI Twofold wrote does not parse: \(error)")
    }
    invariant(again == uri, "a URI read back differs from the one written")
    guard let generator = try? CodeGenerator(uri.parameters) else { return true }
    let code = generator.code(counter: uri.parameters.counter)
    invariant(!code.isEmpty, "an empty code")
    _ = try? generator.code(at: 1_700_000_000)
    _ = try? generator.code(at: Int64.max)
    _ = try? generator.code(at: Int64.min)
    return true
  }

  /// Decoded Base32 encodes and decodes to the same bytes.
  private static func base32(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let decoded = try? Base32.decode(text) else { return false }
    invariant((try? Base32.decode(Base32.encode(decoded))) == decoded, "Base32 does not round-trip")
    return true
  }

  /// Decoded hex encodes and decodes to the same bytes.
  private static func hex(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let decoded = try? Hex.decode(text) else { return false }
    invariant((try? Hex.decode(Hex.encode(decoded))) == decoded, "hex does not round-trip")
    return true
  }

  /// Parsed JSON serialises (compact and pretty) and parses to the same value.
  private static func json(_ bytes: [UInt8]) -> Bool {
    guard let value = try? JSONValue(parsing: bytes) else { return false }
    for pretty in [false, true] {
      let again = try? JSONValue(parsing: value.serialized(pretty: pretty))
      invariant(again == value, "JSON does not round-trip (pretty: \(pretty))")
    }
    return true
  }

  /// The bytes are a transfer payload; every account it yields that the format can carry is
  /// encoded again and decoded to the same account.
  private static func migration(_ bytes: [UInt8]) -> Bool {
    let uri = "otpauth-migration://offline?data=" + PercentEncoding.encode(Base64.encode(bytes))
    guard let part = try? GoogleMigration.decode(uri) else { return false }
    let accounts = part.candidates.enumerated().compactMap { index, candidate in
      candidate.account.map {
        Account(id: Account.ID("\(index)"), issuer: $0.issuer, name: $0.name, otp: $0.otp)
      }
    }
    let (uris, unfit) = GoogleMigration.encode(accounts, perCode: 10, batchID: 1)
    let again = uris.flatMap { (try? GoogleMigration.decode($0))?.candidates ?? [] }.compactMap(\.account)
    let carried = accounts.filter { account in !unfit.contains { $0.id == account.id } }
    invariant(
      again.map(\.otp) == carried.map(\.otp) && again.map(\.name) == carried.map(\.name)
        && again.map(\.issuer) == carried.map(\.issuer),
      "a transfer payload does not round-trip")
    return true
  }
}
