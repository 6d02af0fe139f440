import Crypto
import Foundation
import TestSupport
import Testing

@testable import Infrastructure

/// `DeviceTag`: the mark of a device in the names of its backups beside a synced vault.
@Suite("DeviceTag")
struct DeviceTagTests {
  @Test("a device's tag stays the same, and two state roots on one machine get two tags")
  func perDevice() throws {
    let folder = try TemporaryDirectory()
    let machine = try folder.write("machine-id", "0123456789abcdef0123456789abcdef\n")
    let a = DeviceTag.ofThisDevice(stateRoot: folder.path("a/twofold"), machineID: machine)
    #expect(a == DeviceTag.ofThisDevice(stateRoot: folder.path("a/twofold"), machineID: machine))
    #expect(a != DeviceTag.ofThisDevice(stateRoot: folder.path("b/twofold"), machineID: machine))
    #expect(a.text.count == 6 && a.text.allSatisfy { $0.isLowercase && $0.isASCII })
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("a/twofold/device-id"))
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test("one state root copied to another machine gives another tag")
  func copiedHome() throws {
    let folder = try TemporaryDirectory()
    let first = try folder.write("first-id", "11111111111111111111111111111111\n")
    let second = try folder.write("second-id", "22222222222222222222222222222222\n")
    let root = folder.path("state/twofold")
    #expect(
      DeviceTag.ofThisDevice(stateRoot: root, machineID: first)
        != DeviceTag.ofThisDevice(stateRoot: root, machineID: second))
  }

  @Test("without a machine id the kept id alone names the device; without either, a tag still comes")
  func fallbacks() throws {
    let folder = try TemporaryDirectory()
    let none = folder.path("no-machine-id")
    let root = folder.path("state/twofold")
    #expect(
      DeviceTag.ofThisDevice(stateRoot: root, machineID: none)
        == DeviceTag.ofThisDevice(stateRoot: root, machineID: none))
    #expect(DeviceTag.ofThisDevice(stateRoot: nil, machineID: none).text.count == 6)
  }

  @Test("a tag is lowercase letters only, so it is never read as a backup's sequence")
  func validTags() {
    #expect(DeviceTag("abc")?.text == "abc")
    for bad in ["", "abc1", "ABC", "a-b", "abcdefghijklmnopq", "é"] {
      #expect(DeviceTag(bad) == nil, "\(bad)")
    }
  }

  @Test("backups are tagged only beside a vault in a Syncthing folder (.stfolder there or above)")
  func onlyInSyncthingFolders() throws {
    let folder = try TemporaryDirectory()
    for path in ["plain/deep", "synced/.stfolder", "synced/deep/er"] {
      try FileManager.default.createDirectory(atPath: folder.path(path), withIntermediateDirectories: true)
    }
    #expect(!DeviceTag.isInSyncthingFolder(folder.path("plain/deep")))
    #expect(DeviceTag.isInSyncthingFolder(folder.path("synced")))
    #expect(DeviceTag.isInSyncthingFolder(folder.path("synced/deep/er")))
    #expect(DeviceTag.forBackups(in: folder.path("plain"), stateRoot: folder.path("state")) == nil)
    #expect(DeviceTag.forBackups(in: folder.path("synced/deep"), stateRoot: folder.path("state")) != nil)
  }
}
