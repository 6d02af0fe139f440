import Codecs
import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The last sync-without-being-asked's problem of one vault, kept as `sync-problem.json` in the
/// vault's state folder (`StateLocation`, beside `sources.json`), so `twofold status` and the
/// front ends show it whether or not the agent still runs: written durably (0600) when such a
/// sync stops, removed once a later sync of its source succeeds. Holds paths and a sentence,
/// never a secret. A file that is missing or cannot be read is no problem.
public struct SyncProblemFile: Sendable {
  /// The file's name in the state folder.
  public static let name = "sync-problem.json"
  /// Where the file is.
  public let path: String

  /// The file of the vault whose state folder is `stateFolder`.
  public init(stateFolder: String) { path = stateFolder + "/" + Self.name }

  /// The file of the vault at the absolute path `vault`; nil when there is no state root.
  public init?(vault: String, root: String?) {
    guard let root else { return nil }
    self.init(stateFolder: StateLocation.folder(forVault: vault, root: root))
  }

  /// The problem recorded; nil when there is none or the file cannot be read.
  public func read() -> SyncProblem? {
    guard case .success(let bytes) = POSIX.readFile(path),
      let object = try? JSONValue(parsing: bytes).objectValue,
      let source = object["source"]?.stringValue, let message = object["message"]?.stringValue,
      let time = object["time"]?.int64Value
    else { return nil }
    return SyncProblem(source: source, message: message, time: time)
  }

  /// Records `problem` in place of any earlier one, durably (flushed, renamed, the folder flushed).
  public func record(_ problem: SyncProblem) throws(DomainError) {
    let folder = POSIX.directory(of: path)
    if let code = POSIX.makeDirectories(folder) {
      throw .storage("cannot create \(folder): \(POSIX.reason(code))")
    }
    let object = JSONObject([
      ("version", .number(JSONNumber(Int64(1)))), ("source", .string(problem.source)),
      ("message", .string(problem.message)), ("time", .number(JSONNumber(problem.time))),
    ])
    let bytes = JSONValue.object(object).serialized(pretty: true) + [0x0a]
    try DurableFile.commit(try DurableFile.prepare(bytes, for: path), to: path)
  }

  /// Removes the problem when `isSolved` says a sync that succeeded made it out of date.
  public func clear(where isSolved: (SyncProblem) -> Bool) {
    guard let problem = read(), isSolved(problem) else { return }
    clear()
  }

  /// Removes the problem, if there is one (the folder flushed then).
  public func clear() {
    guard unlink(path) == 0 else { return }
    POSIX.syncDirectory(POSIX.directory(of: path))
  }
}
