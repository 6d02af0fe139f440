import Testing

@testable import Infrastructure

/// The names other tools give a sync's files: Syncthing's conflict copies, Aegis' backups.
@Suite("SyncFileNames")
struct SyncFileNamesTests {
  typealias Copy = SyncFileNames.ConflictCopy

  /// A name in the folder of `vault.json` (or of `source`) and what it is to that file.
  struct Classified: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    let match: SyncFileNames.Match

    init(_ name: String, of source: String = "vault.json", _ match: SyncFileNames.Match) {
      self.name = name
      self.source = source
      self.match = match
    }

    var testDescription: String { "\(name) of \(source)" }
  }

  static let classified: [Classified] = [
    Classified(
      "vault.sync-conflict-20261202-120000-ABCDEFG.json",
      .copy(
        Copy(
          fileName: "vault.sync-conflict-20261202-120000-ABCDEFG.json", stamp: "20261202-120000",
          device: "ABCDEFG"))),
    Classified(
      "shared.sync-conflict-20260101-000001-7Q2.aegis", of: "shared.aegis",
      .copy(
        Copy(
          fileName: "shared.sync-conflict-20260101-000001-7Q2.aegis", stamp: "20260101-000001", device: "7Q2")
      )),
    Classified(
      "vault.sync-conflict-20261202-120000-ABC", of: "vault",
      .copy(
        Copy(fileName: "vault.sync-conflict-20261202-120000-ABC", stamp: "20261202-120000", device: "ABC"))),
    Classified("vault.json", .other),
    Classified("other.sync-conflict-20261202-120000-ABCDEFG.json", .other),
    Classified("vault.json.tmp", .other),
    Classified(
      "vault.sync-conflict-20261202-120000-ABCDEFG.txt",
      .unreadable("vault.sync-conflict-20261202-120000-ABCDEFG.txt")),
    Classified(
      "vault.sync-conflict-2026120-120000-ABCDEFG.json",
      .unreadable("vault.sync-conflict-2026120-120000-ABCDEFG.json")),
    Classified(
      "vault.sync-conflict-20261202-12000x-ABCDEFG.json",
      .unreadable("vault.sync-conflict-20261202-12000x-ABCDEFG.json")),
    Classified(
      "vault.sync-conflict-20261202-120000-.json", .unreadable("vault.sync-conflict-20261202-120000-.json")),
    Classified(
      "vault.sync-conflict-20261202-120000-AB_C.json",
      .unreadable("vault.sync-conflict-20261202-120000-AB_C.json")),
    Classified(
      "vault.sync-conflict-20261202-120000.json", .unreadable("vault.sync-conflict-20261202-120000.json")),
  ]

  @Test(
    "a name is a conflict copy of the source, one that does not parse, or something else",
    arguments: classified)
  func classifies(_ row: Classified) {
    #expect(SyncFileNames.conflictCopy(row.name, of: row.source) == row.match)
  }

  @Test(
    "the file a conflict copy is of, or nil for a name that is not one",
    arguments: [
      ("vault.sync-conflict-20261202-120000-ABCDEFG.json", "vault.json"),
      ("my.vault.sync-conflict-20261202-120000-ABCDEFG.json", "my.vault.json"),
      ("vault.sync-conflict-20261202-120000-ABCDEFG", "vault"),
      ("vault.json", nil),
      (".sync-conflict-20261202-120000-ABCDEFG.json", nil),
      ("vault.sync-conflict-20261202-120000-.json", nil),
      ("vault.sync-conflict-garbage.json", nil),
    ] as [(String, String?)])
  func originalOfCopy(name: String, original: String?) {
    #expect(SyncFileNames.original(ofCopy: name) == original)
  }

  @Test(
    "a folder's conflict copies of a file come oldest first (then by name), the unreadable ones sorted apart")
  func copiesInOrder() {
    let names = [
      "vault.sync-conflict-20261203-090000-BBB.json",
      "vault.json",
      "vault.sync-conflict-bad.json",
      "vault.sync-conflict-20261202-120000-ZZZ.json",
      "notes.txt",
      "vault.sync-conflict-20261202-120000-AAA.json",
      "vault.sync-conflict-20261202-12-AAA.json",
    ]
    let found = SyncFileNames.conflictCopies(of: "vault.json", among: names)
    #expect(
      found.copies.map(\.fileName) == [
        "vault.sync-conflict-20261202-120000-AAA.json",
        "vault.sync-conflict-20261202-120000-ZZZ.json",
        "vault.sync-conflict-20261203-090000-BBB.json",
      ])
    #expect(found.unreadable == ["vault.sync-conflict-20261202-12-AAA.json", "vault.sync-conflict-bad.json"])
  }

  @Test(
    "an Aegis backup name gives its stamp and sequence; any other name gives nil",
    arguments: [
      ("aegis-backup-20261202-120000.json", "20261202-120000", 0),
      ("aegis-backup-20261202-120000-3.json", "20261202-120000", 3),
      ("aegis-backup-20261202-120000-12.json", "20261202-120000", 12),
      ("aegis-backup-20261202-120000-x.json", nil, nil),
      ("aegis-backup-20261202-120000-+3.json", nil, nil),
      ("aegis-backup-2026120-120000.json", nil, nil),
      ("aegis-backup-20261202-120000.txt", nil, nil),
      ("aegis-export-20261202-120000.json", nil, nil),
      ("aegis-backup-20261202-120000-1-2.json", nil, nil),
    ] as [(String, String?, Int?)])
  func aegisBackup(name: String, stamp: String?, sequence: Int?) {
    let parsed = SyncFileNames.aegisBackup(name)
    #expect(parsed?.stamp == stamp)
    #expect(parsed?.sequence == sequence)
  }

  @Test(
    "the newest Aegis backup is the latest stamp, then the highest sequence; other names do not count",
    arguments: [
      (
        ["aegis-backup-20261202-120000.json", "aegis-backup-20261203-080000.json"],
        "aegis-backup-20261203-080000.json"
      ),
      (
        [
          "aegis-backup-20261202-120000-2.json", "aegis-backup-20261202-120000-10.json",
          "aegis-backup-20261202-120000.json",
        ],
        "aegis-backup-20261202-120000-10.json"
      ),
      (
        ["aegis-backup-20261202-120000.json", "zz-not-a-backup.json", "aegis-backup-99999999-999999-x.json"],
        "aegis-backup-20261202-120000.json"
      ),
      (["vault.json", "notes.txt"], nil),
      ([], nil),
    ] as [([String], String?)])
  func newestAegisBackup(names: [String], newest: String?) {
    #expect(SyncFileNames.newestAegisBackup(in: names) == newest)
  }
}
