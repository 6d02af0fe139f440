import Data
import Domain
import Foundation
import Infrastructure
import OTP
import TestSupport
import Testing

/// A kept version is exactly what its id says, order included, or it is not kept (issue 31).
@Suite("Kept versions are exact")
struct KeptVersionExactTests {
  typealias K = KeptVersionPrefetchTests

  static func id(_ text: String) -> VersionLineage.ID { VersionLineage.ID(text)! }

  static func child(of parent: VaultContents, _ id: String, reorder: Bool = false) -> VaultContents {
    var child = parent
    if reorder { child.accounts.reverse() }
    child.accounts[0].note = "changed in \(id)"
    child.lineage = VersionLineage(id: Self.id(id), ancestors: [parent.lineage!.id])
    return child
  }

  @Test("a version is kept as changes from a parent kept with exactly its contents, and rebuilt exactly")
  func changesFromExactParent() throws {
    let folder = try TemporaryDirectory()
    let vault = try K.sealed(in: folder)
    let parent = K.version("p", notes: ["a", "b", "c"])
    let child = Self.child(of: parent, "c", reorder: true)
    let store = K.store(folder, vault)
    try store.keep(parent, parent: nil)
    try store.keep(child, parent: parent)
    let index = try String(contentsOfFile: folder.path("state/versions/index.json"), encoding: .utf8)
    #expect(index.contains("\"parent\":\"p\""), "kept as its changes")
    #expect(K.store(folder, vault).contents(of: Self.id("c")) == child, "order included")
  }

  @Test(
    "a parent passed with other contents than its id was kept with (a stale id, another order) makes the version kept whole"
  )
  func staleParentKeptWhole() throws {
    let folder = try TemporaryDirectory()
    let vault = try K.sealed(in: folder)
    let kept = K.version("p", notes: ["a", "b", "c"])
    var stale = kept
    stale.accounts.reverse()
    stale.accounts.append(
      Account(
        id: Account.ID("extra"), issuer: "Extra", name: "x",
        otp: try! OTPParameters(type: .totp, secret: [1, 2, 3])))
    let child = Self.child(of: stale, "c")
    let store = K.store(folder, vault)
    try store.keep(kept, parent: nil)
    try store.keep(child, parent: stale)
    let index = try String(contentsOfFile: folder.path("state/versions/index.json"), encoding: .utf8)
    #expect(!index.contains("\"parent\""), "whole, not changes from a parent it does not descend from")
    #expect(K.store(folder, vault).contents(of: Self.id("c")) == child)
  }

  @Test("a version whose parent's file is damaged is not kept: its contents are nil, never other contents")
  func damagedParent() throws {
    let folder = try TemporaryDirectory()
    let vault = try K.sealed(in: folder)
    let parent = K.version("p", notes: ["a", "b"])
    let child = Self.child(of: parent, "c")
    let store = K.store(folder, vault)
    try store.keep(parent, parent: nil)
    try store.keep(child, parent: parent)
    let path = folder.path("state/versions/p.json")
    var bytes = Array(try String(contentsOfFile: path, encoding: .utf8).utf8)
    // A character in the middle of the sealed db (never one of the padding bits at its end).
    let start = bytes.indices.first { bytes[$0...].starts(with: Array("\"db\"".utf8)) }!
    let end = bytes.lastIndex(of: UInt8(ascii: "\""))!
    let position = (start + end) / 2
    bytes[position] = bytes[position] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
    try String(decoding: bytes, as: UTF8.self).write(toFile: path, atomically: true, encoding: .utf8)
    let reopened = K.store(folder, vault)
    #expect(reopened.contents(of: Self.id("p")) == nil)
    #expect(reopened.contents(of: Self.id("c")) == nil)
  }

  @Test("a version's resolved conflicts travel in its twofold_sync record and read back whole")
  func resolvedConflictsRoundTrip() throws {
    let folder = try TemporaryDirectory()
    let vault = try K.sealed(in: folder)
    var version = K.version("r", notes: ["a", "b"])
    version.lineage?.resolved = [
      .init(account: Account.ID("a0"), field: .note, lost: Self.id("lost-1")),
      .init(account: Account.ID("a1"), field: .groups, lost: Self.id("lost-2")),
    ]
    try K.store(folder, vault).keep(version, parent: nil)
    #expect(K.store(folder, vault).contents(of: Self.id("r")) == version)
  }
}
