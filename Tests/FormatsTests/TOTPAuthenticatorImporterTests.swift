import Domain
import Formats
import TestSupport
import Testing

@Suite("totp-authenticator", .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct TOTPAuthenticatorImporterTests {
  private let importer = TOTPAuthenticatorImporter()

  private func fixture(_ file: String) throws -> [UInt8] { [UInt8](try SharedFixtures.data(file)) }

  /// The app's shared preferences with `entries` (JSON, escaped here) as the entry list.
  private func preferences(_ entries: String) -> [UInt8] {
    let escaped = entries.replacingOccurrences(of: "\"", with: "&quot;")
    return Array("<map>\n<string name=\"STATIC_TOTP_CODES_LIST\">\(escaped)</string>\n</map>\n".utf8)
  }

  @Test("The backup refuses a wrong password and asks for a missing one")
  func wrongPassword() throws {
    let bytes = try fixture("totp_authenticator.bin")
    #expect(ImportOutcome(importer, bytes, password: "Testtest2").kind == .wrongPassword)
    #expect(ImportOutcome(importer, bytes, password: "").kind == .wrongPassword)
    #expect(throws: ImportError.passwordRequired) {
      try importer.candidates(from: ImportFile(name: "totp_authenticator.bin", bytes: bytes), password: .none)
    }
  }

  @Test("The internal preferences never ask for a password")
  func internalNeverAsks() throws {
    let file = ImportFile(name: "x.xml", bytes: try fixture("totp_authenticator_internal.xml"))
    #expect(try importer.candidates(from: file, password: AppFormatFixtures.refusingPassword).count == 3)
  }

  @Test(
    "Keys are read in the encoding `base` names; other encodings fail the entry",
    arguments: [
      (#""base":16,"key":"E49270F0D21F365C8408F8B475C5267C""#, "4SJHB4GSD43FZBAI7C2HLRJGPQ"),
      (#""base":32,"key":"4SJHB4GSD43FZBAI7C2HLRJGPQ""#, "4SJHB4GSD43FZBAI7C2HLRJGPQ"),
      (#""base":"64","key":"5JJw8NIfNlyECPi0dcUmfA==""#, "4SJHB4GSD43FZBAI7C2HLRJGPQ"),
      (#""base":8,"key":"7777""#, "unsupported key encoding: base 8"),
      (#""base":16,"key":"E4927""#, "the key is not hex"),
      (#""key":"E49270F0D21F365C8408F8B475C5267C""#, "the entry does not say how its key is encoded"),
    ])
  func encodings(fields: String, result: String) throws {
    let bytes = preferences(#"[{"issuer":"Deno","name":"mason","digits":"6","period":"30","# + fields + "}]")
    let candidate = try #require(
      try importer.candidates(from: ImportFile(name: "x.xml", bytes: bytes), password: .none).first)
    #expect(candidate.label == "Deno:mason")
    #expect(candidate.account.map { FixtureAccount($0).secret } ?? candidate.problem == result)
  }

  @Test("An entry stored as the text of a JSON object is read like an object")
  func entryAsText() throws {
    let bytes = preferences(
      #"["{\"issuer\":\"Deno\",\"name\":\"mason\",\"base\":32,\"key\":\"4SJHB4GSD43FZBAI7C2HLRJGPQ\"}"]"#)
    let candidates = try importer.candidates(from: ImportFile(name: "x.xml", bytes: bytes), password: .none)
    #expect(candidates.compactMap(\.account).map(\.issuer) == ["Deno"])
  }

  @Test(
    "Damaged backups give a clear error, never a crash or a secret",
    arguments: [
      ("drop4", ImportOutcome.Kind.damaged),
      ("drop1", .damaged),
      ("notBase64", .unrecognized),
      ("block", .wrongPassword),
      ("flipLast", .wrongPassword),
      ("flipFirst", .wrongPassword),
    ])
  func damaged(change: String, kind: ImportOutcome.Kind) throws {
    let original = try fixture("totp_authenticator.bin")
    let bytes: [UInt8] =
      switch change {
      case "drop4": Array(original.dropLast(4))
      case "drop1": Array(original.dropLast(1))
      case "notBase64": Array("this is not a backup: * ! ?".utf8)
      case "block": Array(original.prefix(64))
      case "flipLast": Array(original.dropLast()) + [UInt8](ascii: "9")
      default: [UInt8](ascii: "A") + original.dropFirst()
      }
    let outcome = ImportOutcome(importer, bytes, password: "Testtest1")
    #expect(outcome.kind == kind, "\(outcome)")
    #expect(!outcome.revealsSecret)
  }

  @Test("Bare Base32 text (a secret, not a backup) is not taken for a backup")
  func base32IsNotABackup() {
    let secret = String(repeating: "4SJHB4GSD43FZBAI7C2HLRJGPQ", count: 4).prefix(64)
    #expect(!importer.recognizes(ImportFile(name: "secret.txt", bytes: Array(secret.utf8))))
  }

  @Test("Preferences without the entry list are not this format; a broken list is damaged")
  func preferencesShapes() {
    #expect(
      ImportOutcome(importer, Array("<map><string name=\"x\">y</string></map>".utf8)).kind == .unrecognized)
    #expect(ImportOutcome(importer, preferences("[{")).kind == .damaged)
    #expect(ImportOutcome(importer, Array("<map><string name=\"STATIC".utf8)).kind == .damaged)
  }
}

extension [UInt8] {
  fileprivate init(ascii text: String) { self = Array(text.utf8) }
}
