import Data
import Domain
import Foundation
import Infrastructure
import TestSupport

/// A vault written into a fresh temporary folder, over the real file storage.
struct VaultOnDisk {
  let folder: TemporaryDirectory
  let path: String

  init(_ bytes: [UInt8], name: String = "vault.json") throws {
    folder = try TemporaryDirectory()
    path = folder.path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  func storage(lockTimeout: Double = 2, backupsKept: Int = 20, now: Int64 = 1_700_000_000) -> FileVaultStorage
  {
    FileVaultStorage(path: path, now: { now }, lockTimeout: lockTimeout, backupsKept: backupsKept)
  }

  func repository(password: String = Vault.fixturePassword, lockTimeout: Double = 2) -> AegisVaultRepository {
    Vault.repository(storage(lockTimeout: lockTimeout), password: password)
  }

  var bytes: [UInt8] { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }

  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
  }
}
