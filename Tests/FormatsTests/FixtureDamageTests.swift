import Domain
import Formats
import Foundation
import TestSupport
import Testing

/// A fixture changed in one way, and what importing it with the right password must come to.
struct DamagedFixture: Sendable, CustomTestStringConvertible {
  let file: String
  let format: String
  let what: String
  let change: @Sendable ([UInt8]) -> [UInt8]
  let expected: ImportOutcome.Kind

  var testDescription: String { "\(file): \(what)" }

  static func truncated(_ file: String, _ format: String, _ expected: ImportOutcome.Kind) -> DamagedFixture {
    DamagedFixture(
      file: file, format: format, what: "cut in half", change: { Array($0.prefix($0.count / 2)) },
      expected: expected)
  }

  /// Changes the first digit or letter at least `offset` bytes after the first `marker`.
  static func flipped(
    _ file: String, _ format: String, _ what: String, after marker: String, offset: Int,
    _ expected: ImportOutcome.Kind
  ) -> DamagedFixture {
    DamagedFixture(
      file: file, format: format, what: what,
      change: { bytes in
        guard let start = bytes.firstRange(of: Array(marker.utf8))?.upperBound else {
          Issue.record("\(marker) is not in the fixture")
          return bytes
        }
        var bytes = bytes
        guard let index = bytes[(start + offset)...].firstIndex(where: { successor($0) != $0 }) else {
          return bytes
        }
        bytes[index] = successor(bytes[index])
        return bytes
      }, expected: expected)
  }

  /// The next digit or letter, wrapping around (`9` → `0`, `z` → `a`).
  static func successor(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "9"): UInt8(ascii: "0")
    case UInt8(ascii: "z"): UInt8(ascii: "a")
    case UInt8(ascii: "Z"): UInt8(ascii: "A")
    case UInt8(ascii: "0")...UInt8(ascii: "8"), UInt8(ascii: "a")...UInt8(ascii: "y"),
      UInt8(ascii: "A")...UInt8(ascii: "Y"):
      byte + 1
    default: byte
    }
  }

  static func byteFlipped(_ file: String, _ format: String, at offset: Int, _ expected: ImportOutcome.Kind)
    -> DamagedFixture
  {
    DamagedFixture(
      file: file, format: format, what: "byte \(offset) flipped",
      change: { bytes in
        var bytes = bytes
        bytes[offset] ^= 0x01
        return bytes
      }, expected: expected)
  }

  static let all: [DamagedFixture] = [
    truncated("2fas_authenticator_plain_v4.2fas", "2fas", .damaged),
    truncated("2fas_authenticator_encrypted_v3.2fas", "2fas", .damaged),
    flipped(
      "2fas_authenticator_encrypted_v3.2fas", "2fas", "ciphertext changed", after: #""servicesEncrypted": ""#,
      offset: 20, .wrongPassword),
    truncated("andotp_plain.json", "andotp", .damaged),
    byteFlipped("andotp_encrypted.bin", "andotp", at: 100, .wrongPassword),
    byteFlipped("andotp_encrypted_old.bin", "andotp", at: 100, .wrongPassword),
    DamagedFixture(
      file: "andotp_encrypted.bin", format: "andotp", what: "cut to its header",
      change: { Array($0.prefix(40)) }, expected: .wrongPassword),
    truncated("bitwarden.json", "bitwarden", .damaged),
    truncated("freeotp_plus.json", "freeotp-plus", .damaged),
    truncated("freeotp.xml", "freeotp", .damaged),
    truncated("freeotp_v2_api23.xml", "freeotp2", .damaged),
    flipped(
      "freeotp_v2_api34.xml", "freeotp2", "master key ciphertext changed", after: #""mCipherText":["#,
      offset: 1, .wrongPassword),
    truncated("proton_authenticator.json", "proton", .damaged),
    truncated("duo.json", "duo", .damaged),
    truncated("steam.json", "steam", .damaged),
    truncated("battle_net_authenticator.xml", "battlenet", .damaged),
  ]
}

@Suite("Damaged fixtures", .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct FixtureDamageTests {
  @Test("A damaged fixture gives a clear error or failed entries", arguments: DamagedFixture.all)
  func damagedFixture(_ damage: DamagedFixture) throws {
    let bytes = damage.change([UInt8](try SharedFixtures.data(damage.file)))
    let importer = try #require(FormatRegistry.formats.first { $0.format == damage.format })
    let outcome = ImportOutcome(importer, bytes)
    #expect(outcome.kind == damage.expected, "\(outcome)")
    #expect(!outcome.revealsSecret)
  }

  @Test(
    "Cutting or flipping any part of a fixture never traps and never puts a secret in a message",
    arguments: FormatFixture.all)
  func sweep(_ fixture: FormatFixture) throws {
    let original = try fixture.importFile().bytes
    let importer = try #require(FormatRegistry.formats.first { $0.format == fixture.format })
    let cuts = (0..<8).map { original.count * $0 / 8 }
    for cut in cuts {
      let outcome = ImportOutcome(importer, Array(original.prefix(cut)))
      #expect(!outcome.revealsSecret, "cut at \(cut): \(outcome)")
    }
    for position in (1..<8).map({ original.count * $0 / 8 }) {
      var bytes = original
      bytes[position] ^= 0x5A
      let outcome = ImportOutcome(importer, bytes)
      #expect(!outcome.revealsSecret, "flip at \(position): \(outcome)")
    }
  }
}
