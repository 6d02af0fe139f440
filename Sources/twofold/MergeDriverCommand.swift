import Arguments
import Crypto
import Data
import Domain
import Infrastructure

/// `twofold merge-driver BASE OURS THEIRS`: the sync merge over three versions of a vault kept in
/// git, written into OURS sealed under its own header and key (git's `%O %A %B`). The password
/// comes from the usual sources; conflicts are resolved by the rules, so git sees none.
struct MergeDriverCommand {
  let commands: VaultCommands

  func run() throws(CommandFailure) {
    let paths = commands.arguments.positionals
    guard paths.count == 3 else { throw .usage("merge-driver needs BASE OURS THEIRS (git's %O %A %B)") }
    let passwords = commands.session.passwords
    let password: SyncAccess.Password = { () throws(DomainError) in try passwords.vaultPassword() }
    let ours = try open(paths[1], keys: [], password: password)
    let theirs = try open(paths[2], keys: [ours.masterKey], password: password)
    // Git gives an empty file as the base when the two sides have no common ancestor.
    let baseBytes = try read(paths[0])
    let base =
      baseBytes.isEmpty ? nil : try open(paths[0], keys: [ours.masterKey], password: password).contents
    let merged = VaultMerge.merge(
      base: base, ours: ours.contents, theirs: theirs.contents, ids: commands.session.ids)
    let source = SyncVault.SourceReport(source: paths[2], isTwoWay: true, report: merged.report, notes: [])
    for line in SyncReportText.lines(source) { commands.environment.standardError(line + "\n") }
    var bytes = try commands.domain { () throws(DomainError) in
      try ours.sealing(merged.contents, random: .secure)
    }
    defer { wipe(&bytes) }
    if case .failure(let error) = LocalFiles.writePrivate(paths[1], bytes) { throw .failed(error.reason) }
    commands.environment.standardError(
      "merged \(paths[2]) into \(paths[1]): \(merged.report.conflicts) conflicts resolved\n")
  }

  private func read(_ path: String) throws(CommandFailure) -> [UInt8] {
    switch LocalFiles.read(path) {
    case .success(let bytes): return bytes
    case .failure(let error): throw .failed(error.reason)
    }
  }

  private func open(_ path: String, keys: [SecretBytes], password: @escaping SyncAccess.Password)
    throws(CommandFailure) -> SealedVault
  {
    let bytes = try read(path)
    do throws(SealedVault.Failure) {
      return try SealedVault.open(bytes, keys: keys, passwords: [password], ids: commands.session.ids)
    } catch {
      switch error {
      case .unencrypted:
        throw .failed("\(path) is not an encrypted vault: merge-driver merges encrypted vaults only")
      case .passwordRequired: throw commands.session.failure(.passwordRequired)
      case .domain(let error):
        let line = commands.session.failure(error)
        throw CommandFailure(status: line.status, message: "\(path): \(line.message)")
      }
    }
  }
}
