import Domain
import OTP

/// The Battle.net app's authenticator shared preferences (import-formats.md "Battle.net"): the
/// device secret and serial are hex of their text XORed with a fixed mask; the unmasked secret
/// is itself hex. One account: issuer `Battle.net`, name the serial, SHA1, 8 digits, 30 s.
public struct BattleNetImporter: AccountImporter {
  /// The `--format` name.
  public let format = "battlenet"

  private static let prefix = "com.blizzard.messenger."
  private static let secretKey = prefix + "AUTHENTICATOR_DEVICE_SECRET"
  private static let serialKey = prefix + "AUTHENTICATOR_SERIAL"
  private static let mask: [UInt8] = try! Hex.decode(
    "398e27fc50276a656065b0e525f4c06c04c61075286b8e7aeda59da9813b5dd6c80d2fb38068773fa59ba47c17ca6c64"
      + "79015c1d5b8b8f6b9a")

  /// Creates the importer.
  public init() {}

  /// Shared preferences holding the Battle.net authenticator's device secret.
  public func recognizes(_ file: ImportFile) -> Bool {
    guard let entries = try? SharedPreferences.parse(file.bytes) else { return false }
    return entries.contains { $0.name == Self.secretKey }
  }

  /// The one authenticator of the file.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard ExportEntry.firstSignificantByte(file.bytes) != nil else { throw .empty }
    let entries = try SharedPreferences.entries(
      of: file, notPreferences: "\(file.name) is not Battle.net's shared preferences",
      malformed: { _ in "the Battle.net preferences are not well-formed" })
    guard let masked = entries.first(where: { $0.name == Self.secretKey })?.value else {
      throw .damaged("the Battle.net preferences hold no authenticator secret")
    }
    let maskedSerial = entries.first { $0.name == Self.serialKey }?.value ?? ""
    let serial = (try? Self.unmask(maskedSerial)).flatMap { String(validating: $0, as: UTF8.self) } ?? ""
    let candidate = ExportEntry.candidate(
      label: ExportEntry.label(issuer: "Battle.net", name: serial, position: 1)
    ) {
      () throws(ExportEntry.Problem) in
      let text = try Self.unmask(masked)
      guard let hex = String(validating: text, as: UTF8.self) else {
        throw ExportEntry.Problem("the unmasked secret is not hex text")
      }
      let secret: [UInt8]
      do throws(OTPError) {
        secret = try Hex.decode(hex)
      } catch {
        throw ExportEntry.Problem("the unmasked secret is not hex")
      }
      let parameters = try ExportEntry.parameters(
        type: .totp, secret: secret, algorithm: "SHA1", digits: 8, period: 30)
      return NewAccount(issuer: "Battle.net", name: serial, otp: parameters)
    }
    return [candidate]
  }

  /// The bytes of masked hex text, XORed with the mask.
  private static func unmask(_ text: String) throws(ExportEntry.Problem) -> [UInt8] {
    let bytes: [UInt8]
    do throws(OTPError) {
      bytes = try Hex.decode(String(text.trimmingWhitespace()))
    } catch {
      throw ExportEntry.Problem("the masked value is not hex")
    }
    guard bytes.count <= mask.count else {
      throw ExportEntry.Problem("the masked value is longer than the mask")
    }
    return zip(bytes, mask).map { $0 ^ $1 }
  }
}
