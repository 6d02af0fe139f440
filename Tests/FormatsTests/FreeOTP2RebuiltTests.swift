import Domain
import Foundation
import TestSupport
import Testing

@testable import Formats

@Suite(
  "FreeOTP 2 backups rebuilt from a fixture",
  .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct FreeOTP2RebuiltTests {
  /// The entries of `freeotp_v2_null_algo.xml`: `masterKey`, one token's secret and its parameters.
  func fixtureEntries() throws -> (masterKey: String, uuid: String, secret: String, parameters: String) {
    let entries = try JavaObjectStream.stringMap([UInt8](try SharedFixtures.data("freeotp_v2_null_algo.xml")))
    let values = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    let uuid = try #require(entries.map(\.key).first { $0 != "masterKey" && !$0.hasSuffix("-token") })
    return (
      try #require(values["masterKey"]), uuid, try #require(values[uuid]),
      try #require(values[uuid + "-token"])
    )
  }

  func candidates(_ pairs: [(String, String)]) throws -> [ImportCandidate] {
    let file = ImportFile(name: "rebuilt", bytes: JavaStreamWriter.map(pairs))
    return try FreeOTP2Importer().candidates(from: file, password: FormatFixture.password("test"))
  }

  @Test("The fixture's map written again, with references and long strings, gives back its account")
  func rewritten() throws {
    let (masterKey, uuid, secret, parameters) = try fixtureEntries()
    for long in [false, true] {
      let file = ImportFile(
        name: "rebuilt",
        bytes: JavaStreamWriter.map(
          [(uuid + "-token", parameters), ("masterKey", masterKey), (uuid, secret)], longStrings: long))
      #expect(FreeOTP2Importer().recognizes(file))
      let accounts = try FreeOTP2Importer().candidates(from: file, password: FormatFixture.password("test"))
      #expect(
        accounts.compactMap(\.account).map(FixtureAccount.init).map(\.description) == [
          "totp Deno:Mason 4SJHB4GSD43FZBAI7C2HLRJGPQ SHA1/6/period 30"
        ])
    }
  }

  @Test("A token without parameters, parameters without a secret and a corrupted secret each fail alone")
  func brokenTokens() throws {
    let (masterKey, uuid, secret, parameters) = try fixtureEntries()
    let marker = #"mCipherText\":["#
    let start = try #require(secret.range(of: marker)).upperBound
    let digit = try #require(secret[start...].firstIndex { $0.isNumber })
    let corrupted = secret.replacingCharacters(
      in: digit...digit, with: secret[digit] == "9" ? "8" : String(secret[digit].wholeNumberValue! + 1))
    let candidates = try candidates([
      ("masterKey", masterKey), (uuid, secret), (uuid + "-token", parameters),
      ("lonely", secret), ("orphan-token", parameters),
      ("corrupt", corrupted), ("corrupt-token", #"{"issuerExt": "Bad", "label": "Key", "type": "TOTP"}"#),
    ])
    #expect(candidates.map(\.label) == ["Deno:Mason", "entry 2", "Deno:Mason", "Bad:Key"])
    #expect(candidates.map { $0.account == nil } == [false, true, true, true])
    #expect(
      candidates.compactMap(\.problem) == [
        "the token has no readable parameters", "the token has no secret",
        "the token's secret cannot be decrypted",
      ])
  }
}
