import Testing

@testable import Infrastructure

/// `BackupName`: the names of the backups beside a vault, an earlier Twofold's and those with a
/// device tag (CLI.md "Files beside the vault").
@Suite("BackupName")
struct BackupNameTests {
  @Test(
    "names are read with their time, device tag and sequence; others are not backups of the vault",
    arguments: [
      ("vault-20240102-030405.json", "20240102-030405", nil, 0),
      ("vault-20240102-030405-2.json", "20240102-030405", nil, 2),
      ("vault-20240102-030405-abcdef.json", "20240102-030405", "abcdef", 0),
      ("vault-20240102-030405-abcdef-3.json", "20240102-030405", "abcdef", 3),
      ("vault-20240102-030405-0.json", nil, nil, 0),
      ("vault-20240102-030405-ABC.json", nil, nil, 0),
      ("vault-20240102-030405-abc-def.json", nil, nil, 0),
      ("vault-20240102-030405-1-abc.json", nil, nil, 0),
      ("vault-20240102-030405-abc-1-2.json", nil, nil, 0),
      ("vault-2024010-030405.json", nil, nil, 0),
      ("vault.sync-conflict-20240102-030405-ABCDEFG.json", nil, nil, 0),
      ("other-20240102-030405.json", nil, nil, 0),
    ] as [(String, String?, String?, Int)])
  func parsing(name: String, stamp: String?, tag: String?, sequence: Int) {
    let parsed = BackupName(parsing: name, stem: "vault")
    #expect(parsed?.stamp == stamp)
    guard let parsed else { return }
    #expect(parsed.tag?.text == tag)
    #expect(parsed.sequence == sequence)
    #expect(parsed.fileName == name, "a name read is written back the same")
  }

  @Test("backups order by time first, whichever device made them")
  func order() {
    let names = [
      "vault-20240102-030406.json", "vault-20240102-030405-zzz.json", "vault-20240102-030405-aaa-1.json",
      "vault-20240102-030405-1.json", "vault-20240102-030405-aaa.json",
    ]
    let sorted = names.compactMap { BackupName(parsing: $0, stem: "vault") }.sorted().map(\.fileName)
    #expect(
      sorted == [
        "vault-20240102-030405-1.json", "vault-20240102-030405-aaa.json", "vault-20240102-030405-aaa-1.json",
        "vault-20240102-030405-zzz.json", "vault-20240102-030406.json",
      ])
  }
}
