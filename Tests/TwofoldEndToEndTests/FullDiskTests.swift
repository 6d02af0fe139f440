import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A small tmpfs mounted in a temporary folder, for a real full or read-only file system.
final class SmallFileSystem {
  /// Whether this machine lets the tests mount one (root, and mount permitted in the container).
  static let available: Bool = {
    guard let folder = try? TemporaryDirectory() else { return false }
    return (try? SmallFileSystem(at: folder.path("m"))) != nil
  }()

  let path: String

  /// Mounts a 64 KiB tmpfs at `path`.
  init(at path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    guard Self.command("/bin/mount", ["-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", path]) else {
      throw MountRefused()
    }
    self.path = path
  }

  /// Makes the file system read-only.
  func remountReadOnly() -> Bool { Self.command("/bin/mount", ["-o", "remount,ro", path]) }

  /// Fills the file system, then frees `pages` 4 KiB pages of the filler.
  func fill(leavingPages pages: Int) throws {
    let filler = path + "/filler"
    let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let page = [UInt8](repeating: 0x5A, count: 4096)
    var size = 0
    while page.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == 4096 { size += 4096 }
    try #require(errno == ENOSPC)
    try #require(ftruncate(descriptor, off_t(max(0, size - pages * 4096))) == 0)
  }

  deinit { _ = Self.command("/bin/umount", ["-l", path]) }

  private static func command(_ executable: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  struct MountRefused: Error {}
}

/// A save that cannot complete on a real full or read-only file system leaves the old vault
/// intact and says why in one line.
@Suite(
  "Full and read-only file systems",
  .enabled(
    if: SmallFileSystem.available,
    "cannot mount a tmpfs here (root and mount permission needed); StorageFailureTests still runs"))
struct FullDiskTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  func prepare(_ disk: SmallFileSystem) throws -> (environment: [String: String], vault: String) {
    let vault = disk.path + "/twofold/vault.json"
    let environment = ["TWOFOLD_VAULT": vault, "TWOFOLD_PASSWORD": "correct horse"]
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
    let first = ["add", "--issuer", "Kept", "--secret", "JBSWY3DPEHPK3PXP"]
    #expect(try TwofoldProcess.run(first, environment: environment).status == 0)
    return (environment, vault)
  }

  func expectFailedAdd(
    _ environment: [String: String], vault: String, reason: String
  ) throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: vault))
    let output = try TwofoldProcess.run(
      ["add", "--issuer", "Lost", "--secret", "GEZDGNBVGY3TQOJQ"], environment: environment)
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("twofold: "))
    #expect(output.stderr.contains(reason), "\(output.stderr)")
    #expect(output.stderr.split(separator: "\n").count == 1)
    #expect(!output.stderr.contains("GEZDGNBVGY3TQOJQ"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: vault)) == before)
    let list = try TwofoldProcess.run(["list", "--json"], environment: environment)
    #expect(list.status == 0)
    #expect(list.stdout.contains("\"Kept\"") && !list.stdout.contains("\"Lost\""))
  }

  /// Free pages left after filling, whether the vault is readable by others, and the failure
  /// that follows. A private vault's backup is the old file under a second name, which needs no
  /// room, so the new vault file is what fails; another's backup is a copy (a backup is 0600),
  /// which fails first without room, or fits in one page and the new vault file then fails.
  static let fullCases = [
    (0, false, "/twofold/vault.json: No space left on device"),
    (0, true, "/twofold/backups: No space left on device"),
    (1, true, "/twofold/vault.json: No space left on device"),
  ]

  @Test("add on a full file system fails with the reason and keeps the vault", arguments: fullCases)
  func full(freePages: Int, readableByOthers: Bool, reason: String) throws {
    let disk = try SmallFileSystem(at: folder.path("disk"))
    let (environment, vault) = try prepare(disk)
    if readableByOthers { try #require(chmod(vault, 0o644) == 0) }
    try disk.fill(leavingPages: freePages)
    try expectFailedAdd(environment, vault: vault, reason: reason)
  }

  @Test("add on a read-only file system fails and keeps the vault")
  func readOnly() throws {
    let disk = try SmallFileSystem(at: folder.path("disk"))
    let (environment, vault) = try prepare(disk)
    try #require(disk.remountReadOnly())
    try expectFailedAdd(environment, vault: vault, reason: "Read-only file system")
  }
}
