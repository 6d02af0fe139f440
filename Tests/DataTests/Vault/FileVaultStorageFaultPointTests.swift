import Infrastructure
import Synchronization
import TestSupport
import Testing

/// The fault point `FileVaultStorage` calls as a replacement goes (what the crash-consistency
/// tests' debug binary kills itself at), seen from an in-process storage in a temporary folder.
@Suite("FileVaultStorage fault points")
struct FileVaultStorageFaultPointTests {
  /// A stage reached, with what was on disk at that moment.
  struct Reached: Equatable {
    var stage: FileVaultStorage.WriteStage
    /// The vault file's text.
    var vault: String?
    /// How many of the writer's temporaries (`.vault.json.tmp-PID`) were beside it.
    var temporaries: Int
  }

  /// The stages a storage's fault point was called at, in order.
  final class Recording: Sendable {
    let reached = Mutex<[Reached]>([])
    var all: [Reached] { reached.withLock { $0 } }
  }

  /// A storage for `folder`'s `vault.json` whose fault point appends to `recording`.
  static func storage(in folder: TemporaryDirectory, recording: Recording) -> FileVaultStorage {
    let path = folder.path("vault.json")
    let folder = folder.url.path
    let record: @Sendable (FileVaultStorage.WriteStage) -> Void = { stage in
      let vault = FileVaultStorageTests.contents(path).map { String(decoding: $0, as: UTF8.self) }
      let temporaries = FileVaultStorageTests.names(in: folder).filter { $0.hasPrefix(".vault.json.tmp-") }
      recording.reached.withLock {
        $0.append(Reached(stage: stage, vault: vault, temporaries: temporaries.count))
      }
    }
    return FileVaultStorage(path: path, now: { FileVaultStorageTests.fixedNow }, faultPoint: record)
  }

  @Test(
    "A replacement reaches before-rename with the new file written beside the old vault, then after-rename")
  func stagesInOrder() throws {
    let temporary = try TemporaryDirectory()
    _ = try temporary.write("vault.json", "old")
    let recording = Recording()
    try FileVaultStorageTests.replace(Self.storage(in: temporary, recording: recording), with: "new")
    #expect(
      recording.all == [
        Reached(stage: .beforeRename, vault: "old", temporaries: 1),
        Reached(stage: .afterRename, vault: "new", temporaries: 0),
      ])
  }

  @Test("Creating a vault reaches no stage; each replacement reaches both, in order")
  func onlyReplacements() throws {
    let temporary = try TemporaryDirectory()
    let recording = Recording()
    let storage = Self.storage(in: temporary, recording: recording)
    try storage.create(with: Array("v0".utf8))
    #expect(recording.all.isEmpty)
    try FileVaultStorageTests.replace(storage, with: "v1")
    try FileVaultStorageTests.replace(storage, with: "v2")
    #expect(recording.all.map(\.stage) == [.beforeRename, .afterRename, .beforeRename, .afterRename])
    #expect(recording.all.map(\.vault) == ["v0", "v1", "v1", "v2"])
  }
}
