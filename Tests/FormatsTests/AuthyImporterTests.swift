import Domain
import Formats
import TestSupport
import Testing

@Suite("authy", .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct AuthyImporterTests {
  private let importer = AuthyImporter()

  private func fixture(_ file: String) throws -> [UInt8] { [UInt8](try SharedFixtures.data(file)) }

  /// Shared preferences holding `tokens` (JSON, escaped here) under `key`.
  private func preferences(_ tokens: String, key: String = "com.authy.storage.tokens.authenticator.key")
    -> [UInt8]
  {
    let escaped = tokens.replacingOccurrences(of: "\"", with: "&quot;")
    return Array(
      "<?xml version='1.0' encoding='utf-8'?>\n<map>\n<string name=\"\(key)\">\(escaped)</string>\n</map>\n"
        .utf8)
  }

  @Test("The encrypted token list refuses a wrong password and asks for a missing one")
  func wrongPassword() throws {
    let bytes = try fixture("authy_encrypted.xml")
    #expect(ImportOutcome(importer, bytes, password: "testtest!").kind == .wrongPassword)
    #expect(throws: ImportError.passwordRequired) {
      try importer.candidates(from: ImportFile(name: "authy_encrypted.xml", bytes: bytes), password: .none)
    }
  }

  @Test("Decrypted secrets never ask for a password")
  func plainNeverAsks() throws {
    let candidates = try importer.candidates(
      from: ImportFile(name: "authy_plain.xml", bytes: try fixture("authy_plain.xml")),
      password: AppFormatFixtures.refusingPassword)
    #expect(candidates.count == 3)
  }

  @Test("A token whose secret is not Base64 fails alone; the others still decrypt")
  func oneUndecodableToken() throws {
    let bytes = AppFormatFixtures.replacing(
      "94mk0erEKRYU7UKn4o6WAPWR/gQkyrNIxPWIZcXHeWc", with: "!!not base64!!",
      in: try fixture("authy_encrypted.xml"))
    let outcome = ImportOutcome(importer, bytes, password: "testtest")
    #expect(outcome.kind == .imported(accounts: 2, failed: 1))
    #expect(outcome.messages == ["Deno:Mason: the encrypted secret is not Base64"])
  }

  @Test("A token that does not decrypt under its own salt fails alone when the others decrypt")
  func oneWrongToken() throws {
    let bytes = AppFormatFixtures.replacing(
      "94mk0erEKRYU7UKn4o6WAPWR/gQkyrNIxPWIZcXHeWc", with: "0fdhb8g0FBqjZL9mSi13d0+gQ7myUsxllKIHwzxJB08",
      in: try fixture("authy_encrypted.xml"))
    let outcome = ImportOutcome(importer, bytes, password: "testtest")
    #expect(outcome.kind == .imported(accounts: 2, failed: 1))
    #expect(outcome.messages == ["Deno:Mason: the secret does not decrypt with this password"])
  }

  @Test("Authy's own tokens are hex seeds with 10-second codes, named after the service")
  func authyTokens() throws {
    let bytes = preferences(
      #"[{"secretSeed":"e49270f0d21f365c8408f8b475c5267c","digits":7,"name":"Twitch"}]"#,
      key: "com.authy.storage.tokens.authy.key")
    #expect(importer.recognizes(ImportFile(name: "authy.xml", bytes: bytes)))
    let account = try #require(
      try importer.candidates(from: ImportFile(name: "authy.xml", bytes: bytes), password: .none).first?
        .account)
    #expect(
      FixtureAccount(account).description == "totp Twitch: 4SJHB4GSD43FZBAI7C2HLRJGPQ SHA1/7/period 10")
  }

  @Test(
    "Issuer and name come from originalIssuer, originalName or an ' - ' in the name",
    arguments: [
      (#""originalIssuer":"Deno","name":"Deno: Mason""#, "Deno:Mason"),
      (#""originalName":"Deno:Mason","name":"Deno: Mason""#, "Deno:Mason"),
      (#""name":"GitHub - octocat""#, "GitHub:octocat"),
      (#""name":"octocat""#, "octocat"),
    ])
  func names(fields: String, label: String) throws {
    let bytes = preferences(
      #"[{"accountType":"authenticator","decryptedSecret":"4SJHB4GSD43FZBAI7C2HLRJGPQ","digits":6,"#
        + fields + "}]")
    let candidates = try importer.candidates(from: ImportFile(name: "a.xml", bytes: bytes), password: .none)
    #expect(candidates.map(\.label) == [label])
  }

  @Test(
    "Damaged preferences give a clear error, never a crash or a secret",
    arguments: [
      ("truncated", ImportOutcome.Kind.damaged),
      ("list", .damaged),
      ("key", .unrecognized),
      ("binary", .damaged),
    ])
  func damaged(change: String, kind: ImportOutcome.Kind) throws {
    let original = try fixture("authy_encrypted.xml")
    let bytes: [UInt8] =
      switch change {
      case "truncated": Array(original.prefix(300))
      case "list": AppFormatFixtures.replacing("[{", with: "[{{", in: original)
      case "key":
        AppFormatFixtures.replacing("tokens.authenticator.key", with: "tokens.other.key", in: original)
      default: [0xFF, 0xFE, 0x00, 0x3C, 0x6D, 0x61, 0x70]
      }
    let outcome = ImportOutcome(importer, bytes, password: "testtest")
    #expect(outcome.kind == kind)
    #expect(!outcome.revealsSecret)
  }

  @Test("An entry with a bad plain secret fails without showing it")
  func badPlainSecret() throws {
    let bytes = AppFormatFixtures.replacing(
      "4SJHB4GSD43FZBAI7C2HLRJGPQ", with: "4SJHB4GSD43FZBAI7C2HLRJGP1", in: try fixture("authy_plain.xml"))
    let outcome = ImportOutcome(importer, bytes)
    #expect(outcome.kind == .imported(accounts: 2, failed: 1))
    #expect(!outcome.messages.joined().contains("4SJHB4GSD43FZBAI7C2HLRJGP"))
  }
}
