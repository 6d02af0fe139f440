import Domain
import Formats
import TestSupport
import Testing

@Suite("stratum", .enabled(if: SharedFixtures.aegis != nil, "shared fixtures absent"))
struct StratumImporterTests {
  private let importer = StratumImporter()

  private func fixture(_ file: String) throws -> [UInt8] { [UInt8](try SharedFixtures.data(file)) }

  /// The backup encrypted with Argon2id (read through libargon2) and the legacy one (PBKDF2).
  static let argon2Backup = "stratum_encrypted.bin"
  static let legacyBackup = "stratum_encrypted_legacy.bin"

  @Test("The legacy encrypted backup refuses a wrong password", arguments: [legacyBackup])
  func wrongPassword(file: String) throws {
    let outcome = ImportOutcome(importer, try fixture(file), password: "not the password")
    #expect(outcome.kind == .wrongPassword)
  }

  @Test("The Argon2id backup refuses a wrong password", .requires(.argon2), arguments: [argon2Backup])
  func wrongPasswordArgon2(file: String) throws { try wrongPassword(file: file) }

  @Test("The legacy encrypted backup asks for a password", arguments: [legacyBackup])
  func passwordRequired(file: String) throws {
    #expect(throws: ImportError.passwordRequired) {
      try importer.candidates(from: ImportFile(name: file, bytes: try fixture(file)), password: .none)
    }
  }

  @Test("The Argon2id backup asks for a password", .requires(.argon2), arguments: [argon2Backup])
  func passwordRequiredArgon2(file: String) throws { try passwordRequired(file: file) }

  @Test(
    "The plain backup and the internal database never ask for a password",
    arguments: ["stratum_plain.json", "stratum_internal.db"])
  func plainNeverAsks(file: String) throws {
    let candidates = try importer.candidates(
      from: ImportFile(name: file, bytes: try fixture(file)), password: AppFormatFixtures.refusingPassword)
    #expect(candidates.count == 7)
  }

  @Test("Without libargon2 an encrypted backup is missingLibrary, before the password is asked")
  func missingArgon2() throws {
    let importer = StratumImporter(argon2Libraries: ["libtwofold-no-such-argon2.so.9"])
    let error = #expect(throws: ImportError.self) {
      try importer.candidates(
        from: ImportFile(name: "stratum_encrypted.bin", bytes: try fixture("stratum_encrypted.bin")),
        password: AppFormatFixtures.refusingPassword)
    }
    guard case .missingLibrary(let message)? = error else {
      Issue.record("expected missingLibrary, got \(String(describing: error))")
      return
    }
    #expect(message.contains("apt-get install libargon2-1"))
  }

  @Test("The legacy backup does not need libargon2")
  func legacyWithoutArgon2() throws {
    let importer = StratumImporter(argon2Libraries: ["libtwofold-no-such-argon2.so.9"])
    let outcome = ImportOutcome(importer, try fixture("stratum_encrypted_legacy.bin"))
    #expect(outcome.kind == .imported(accounts: 7, failed: 0))
  }

  @Test(
    "Damaged encrypted backups give a clear error and no secret",
    arguments: [
      ("stratum_encrypted.bin", 40, ImportOutcome.Kind.damaged),
      ("stratum_encrypted.bin", 59, .damaged),
      ("stratum_encrypted_legacy.bin", 16, .damaged),
      ("stratum_encrypted_legacy.bin", 60, .damaged),
      ("stratum_encrypted_legacy.bin", 101, .damaged),
    ])
  func truncated(file: String, length: Int, kind: ImportOutcome.Kind) throws {
    let outcome = ImportOutcome(importer, Array(try fixture(file).prefix(length)))
    #expect(outcome.kind == kind)
    #expect(!outcome.revealsSecret)
  }

  @Test(
    "A damaged Argon2id backup gives a clear error and no secret too",
    .requires(.argon2), arguments: [(argon2Backup, 1000, ImportOutcome.Kind.wrongPassword)])
  func truncatedArgon2(file: String, length: Int, kind: ImportOutcome.Kind) throws {
    try truncated(file: file, length: length, kind: kind)
  }

  @Test(
    "A flipped byte anywhere in the legacy backup's body never yields accounts", arguments: [legacyBackup])
  func flipped(file: String) throws {
    let bytes = try fixture(file)
    for offset in [20, 36, 45, 60, 200, -17, -1] {
      let outcome = ImportOutcome(importer, AppFormatFixtures.flipping(offset, in: bytes))
      #expect([.wrongPassword, .damaged].contains(outcome.kind), "offset \(offset): \(outcome)")
      #expect(!outcome.revealsSecret)
    }
  }

  @Test(
    "A flipped byte anywhere in the Argon2id backup's body never yields accounts", .requires(.argon2),
    arguments: [argon2Backup])
  func flippedArgon2(file: String) throws { try flipped(file: file) }

  @Test(
    "Plain backups that are not Stratum's shape are refused or reported entry by entry",
    arguments: [
      (#"{"Authenticators": 5}"#, ImportOutcome.Kind.damaged),
      (#"{"Authenticators": [}"#, .damaged),
      (#"{"Entries": []}"#, .unrecognized),
      ("otpauth://totp/a?secret=AAAA", .unrecognized),
      (#"{"Authenticators": []}"#, .imported(accounts: 0, failed: 0)),
      (#"{"Authenticators": [5, {"Type": 2}]}"#, .imported(accounts: 0, failed: 2)),
    ])
  func plainShapes(json: String, kind: ImportOutcome.Kind) {
    #expect(ImportOutcome(importer, Array(json.utf8)).kind == kind)
  }

  @Test(
    "Entries that cannot be understood fail with a reason that keeps the secret out",
    arguments: [
      (#""Type":3,"Algorithm":0"#, "mOTP"),
      (#""Type":5,"Algorithm":0"#, "Yandex"),
      (#""Type":9,"Algorithm":0"#, "unknown entry type 9"),
      (#""Type":2,"Algorithm":7"#, "unknown algorithm number 7"),
      (#""Type":2,"Algorithm":0,"Digits":11"#, "digits"),
      (#""Type":2,"Algorithm":0,"Secret":"4SJHB4GSD43FZBAI7C2HLRJGP!""#, "Base32"),
      (#""Type":2,"Algorithm":0,"Secret":"""#, "no secret"),
    ])
  func failedEntries(fields: String, reason: String) throws {
    var json = #"{"Authenticators":[{"Issuer":"Deno","Username":"Mason","#
    if !fields.contains("Secret") { json += #""Secret":"4SJHB4GSD43FZBAI7C2HLRJGPQ","# }
    json += fields + "}]}"
    let candidates = try importer.candidates(
      from: ImportFile(name: "s.json", bytes: Array(json.utf8)), password: .none)
    #expect(candidates.map(\.label) == ["Deno:Mason"])
    let problem = try #require(candidates.first?.problem)
    #expect(problem.contains(reason), "\(problem)")
    #expect(!ImportOutcome(importer, Array(json.utf8)).revealsSecret)
  }

  @Test("A truncated or altered internal database is damaged, never a crash")
  func damagedDatabase() throws {
    let bytes = try fixture("stratum_internal.db")
    #expect(ImportOutcome(importer, Array(bytes.prefix(100))).kind == .damaged)
    #expect(ImportOutcome(importer, Array(bytes.prefix(4096))).kind == .damaged)
    for offset in stride(from: 100, to: bytes.count, by: 997) {
      let outcome = ImportOutcome(importer, AppFormatFixtures.flipping(offset, in: bytes))
      #expect(!outcome.revealsSecret, "offset \(offset): \(outcome)")
    }
  }

  @Test("Another app's SQLite database is not a Stratum database")
  func otherDatabase() throws {
    let outcome = ImportOutcome(importer, try fixture("google_authenticator.sqlite"))
    #expect(outcome.kind == .unrecognized)
  }
}
