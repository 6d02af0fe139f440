import Foundation
import Infrastructure
import TestSupport
import Testing

/// The agent's folder (CLI.md "Socket"): `$XDG_RUNTIME_DIR/twofold`, else `/tmp/twofold-UID`,
/// else, when another user or a link holds that name first, a folder in the user's own home
/// that no one else can claim (issue 32).
@Suite("RuntimeFolder")
struct RuntimeFolderTests {
  static let uid = UInt32(getuid())

  @Test("XDG_RUNTIME_DIR wins; without it /tmp/twofold-UID, even when this user's folder is already there")
  func usual() throws {
    let folder = try TemporaryDirectory()
    #expect(RuntimeFolder(variables: ["XDG_RUNTIME_DIR": "/run/user/7"]).path == "/run/user/7/twofold")
    let tmp = folder.path("tmp")
    try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
    let variables = ["HOME": folder.path("home")]
    #expect(RuntimeFolder(variables: variables, temporary: tmp).path == tmp + "/twofold-\(Self.uid)")
    try FileManager.default.createDirectory(
      atPath: tmp + "/twofold-\(Self.uid)", withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o700])
    #expect(RuntimeFolder(variables: variables, temporary: tmp).path == tmp + "/twofold-\(Self.uid)")
  }

  @Test("a link another process put at /tmp/twofold-UID sends the agent and its clients to the home folder")
  func linkInTheWay() throws {
    let folder = try TemporaryDirectory()
    let tmp = folder.path("tmp")
    try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: tmp + "/twofold-\(Self.uid)", withDestinationPath: tmp)
    let home = folder.path("home")
    let runtime = RuntimeFolder(variables: ["HOME": home], temporary: tmp)
    #expect(runtime.path == home + "/.cache/twofold/run")
    guard case .success = runtime.prepare() else {
      Issue.record("the home folder cannot be prepared")
      return
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: runtime.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    // A client finds the same folder by the same rule.
    #expect(RuntimeFolder(variables: ["HOME": home], temporary: tmp) == runtime)
  }

  @Test(
    "another user's folder at /tmp/twofold-UID, which this user can neither use nor remove, is passed over",
    .enabled(if: getuid() == 0, "needs root, to give the folder to another user"))
  func anotherUsersFolder() throws {
    let folder = try TemporaryDirectory()
    let tmp = folder.path("tmp")
    try FileManager.default.createDirectory(
      atPath: tmp + "/twofold-\(Self.uid)", withIntermediateDirectories: true)
    #expect(chown(tmp + "/twofold-\(Self.uid)", 65534, 65534) == 0)
    let home = folder.path("home")
    let runtime = RuntimeFolder(variables: ["HOME": home], temporary: tmp)
    #expect(runtime.path == home + "/.cache/twofold/run")
    guard case .success = runtime.prepare() else {
      Issue.record("the home folder cannot be prepared")
      return
    }
  }
}
