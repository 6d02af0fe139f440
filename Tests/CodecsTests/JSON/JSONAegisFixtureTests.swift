import Codecs
import Foundation
import TestSupport
import Testing

/// The JSON files among the shared Aegis fixtures (read in place, never copied).
enum JSONFixtureFiles {
  /// `aegis_plain.json`, `aegis_encrypted.json` and every `.json` under `generated/` and
  /// `vault/`, as paths relative to `fixtures/aegis`; empty when the folder is absent.
  static let paths: [String] = {
    guard let root = SharedFixtures.aegis else { return [] }
    var paths = ["aegis_plain.json", "aegis_encrypted.json"]
    for folder in ["generated", "vault"] {
      let url = root.appendingPathComponent(folder)
      guard let files = FileManager.default.enumerator(atPath: url.path) else { continue }
      for case let file as String in files where file.hasSuffix(".json") {
        paths.append("\(folder)/\(file)")
      }
    }
    return paths.sorted()
  }()
}

@Suite(
  "JSON parsing of the shared Aegis fixtures",
  .enabled(if: SharedFixtures.aegis != nil, "\(SharedFixtures.missingMessage)"))
struct JSONAegisFixtureTests {
  @Test("the fixture list holds the files the format notes name")
  func fixturesFound() {
    #expect(JSONFixtureFiles.paths.contains("aegis_plain.json"))
    #expect(JSONFixtureFiles.paths.contains("vault/aegis_plain_grouped_v2.json"))
    #expect(JSONFixtureFiles.paths.contains { $0.hasPrefix("generated/") })
  }

  @Test("a fixture parses and survives serialize → parse unchanged", arguments: JSONFixtureFiles.paths)
  func roundTrip(path: String) throws {
    let parsed = try JSONParser.parse([UInt8](try SharedFixtures.data(path)))
    #expect(try JSONParser.parse(parsed.serialized()) == parsed)
    #expect(try JSONParser.parse(parsed.serialized(pretty: true)) == parsed)
  }

  @Test("Android's pretty output is reproduced byte for byte")
  func androidPrettyOutput() throws {
    let bytes = [UInt8](try SharedFixtures.data("aegis_plain.json"))
    let parsed = try JSONParser.parse(bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    let trimmed = text.hasSuffix("\n") ? String(text.dropLast()) : text
    #expect(parsed.serializedString(pretty: true) == trimmed)
  }

  @Test("the plain vault reads as the format describes")
  func plainVaultShape() throws {
    let vault = try JSONParser.parse([UInt8](try SharedFixtures.data("aegis_plain.json")))
    #expect(vault["version"]?.int64Value == 1)
    #expect(vault["header"]?["slots"]?.isNull == true)
    let entries = try #require(vault["db"]?["entries"]?.arrayValue)
    #expect(!entries.isEmpty)
    #expect(entries.allSatisfy { $0["info"]?["secret"]?.stringValue != nil })
  }

  @Test("the encrypted vault's escaped slashes and Base64 db decode")
  func encryptedVault() throws {
    let vault = try JSONParser.parse([UInt8](try SharedFixtures.data("aegis_encrypted.json")))
    let db = try #require(vault["db"]?.stringValue)
    let ciphertext = try Base64.decode(db)
    #expect(!ciphertext.isEmpty)
    #expect(Base64.encode(ciphertext) == db)
    #expect(!vault.serializedString().contains("\\/"))
  }
}
