import Domain
import Foundation
import TestSupport
import Testing

/// One shared fixture file of a format these importers read, and the format detection must find.
struct FormatFixture: Sendable, CustomTestStringConvertible {
  let file: String
  let format: String

  var testDescription: String { "\(file) → \(format)" }

  /// Every fixture of the 2fas, andotp, bitwarden, freeotp-plus, freeotp, freeotp2, proton, duo,
  /// steam and battlenet formats in `fixtures/aegis`.
  static let all: [FormatFixture] = [
    .init(file: "2fas_authenticator.json", format: "2fas"),
    .init(file: "2fas_authenticator_plain.2fas", format: "2fas"),
    .init(file: "2fas_authenticator_encrypted.2fas", format: "2fas"),
    .init(file: "2fas_authenticator_plain_v3.2fas", format: "2fas"),
    .init(file: "2fas_authenticator_encrypted_v3.2fas", format: "2fas"),
    .init(file: "2fas_authenticator_plain_v4.2fas", format: "2fas"),
    .init(file: "2fas_authenticator_encrypted_v4.2fas", format: "2fas"),
    .init(file: "andotp_plain.json", format: "andotp"),
    .init(file: "andotp_encrypted.bin", format: "andotp"),
    .init(file: "andotp_encrypted_old.bin", format: "andotp"),
    .init(file: "bitwarden.json", format: "bitwarden"),
    .init(file: "bitwarden.csv", format: "bitwarden"),
    .init(file: "freeotp_plus.json", format: "freeotp-plus"),
    .init(file: "freeotp.xml", format: "freeotp"),
    .init(file: "freeotp_plus_internal.xml", format: "freeotp"),
    .init(file: "freeotp_v2_api23.xml", format: "freeotp2"),
    .init(file: "freeotp_v2_api25.xml", format: "freeotp2"),
    .init(file: "freeotp_v2_api27.xml", format: "freeotp2"),
    .init(file: "freeotp_v2_api34.xml", format: "freeotp2"),
    .init(file: "freeotp_v2_null_algo.xml", format: "freeotp2"),
    .init(file: "proton_authenticator.json", format: "proton"),
    .init(file: "duo.json", format: "duo"),
    .init(file: "steam.json", format: "steam"),
    .init(file: "steam_old.json", format: "steam"),
    .init(file: "battle_net_authenticator.xml", format: "battlenet"),
  ]

  /// The encrypted ones.
  static var encrypted: [FormatFixture] {
    all.filter { (try? $0.expectation().password) != nil }
  }

  /// The file's bytes.
  func importFile() throws -> ImportFile {
    ImportFile(name: file, bytes: [UInt8](try SharedFixtures.data(file)))
  }

  /// `expected/<file>.expected.json`: the password (nil when plain) and the entries in order.
  func expectation() throws -> (password: String?, accounts: [FixtureAccount]) {
    let expected = try SharedFixtures.expected(file)
    let entries = expected["entries"] as? [[String: Any]] ?? []
    return (expected["password"] as? String, try entries.map(FixtureAccount.init(expected:)))
  }

  /// A password source that gives `text`.
  static func password(_ text: String) -> ImportPassword {
    ImportPassword { () throws(ImportError) in Array(text.utf8) }
  }
}
