import Crypto
import Domain

/// What a client asks the agent.
public enum AgentRequest: Sendable {
  /// Which vaults the agent holds, with the seconds left of each timeout; never resets one.
  case status
  /// Hold `vault` open with `key` (the master key and the index of the slot it came from).
  case unlock(vault: String, key: SecretBytes, slot: Int?, idle: Int64, max: Int64)
  /// Forget `vault`'s key, or every key when nil.
  case lock(vault: String?)
  /// The contents with every secret withheld.
  case load(vault: String)
  /// The accounts a QUERY selects, secrets withheld, in display order.
  case matching(vault: String, query: String)
  /// The codes of the accounts `ids` at Unix time `at`.
  case codes(vault: String, ids: [Account.ID], at: Int64, next: Bool)
  /// The one account a QUERY selects (secrets withheld) and its code at Unix time `at`, in one
  /// round trip (`code QUERY`).
  case code(vault: String, query: String, at: Int64, next: Bool)
  /// The accounts with these ids and their codes at `at`, in that order; ids of no account are
  /// left out (the browser host's bound accounts, in one round trip).
  case accountCodes(vault: String, ids: [Account.ID], at: Int64, next: Bool)
  /// A change, run by the agent over the vault file.
  case perform(vault: String, VaultChange)
  /// A sync of `vault` with the sources at the absolute paths `sources` (sync.md), run by the
  /// agent with the vault's key; `sourcePassword` opens sources the key does not.
  case sync(vault: String, sources: [String], ownCopies: Bool, dryRun: Bool, sourcePassword: [UInt8]?)
}

extension AgentRequest {
  /// The message bytes, without the frame length. Wipe them after sending: they may hold a key
  /// or a new account's secret.
  public func encoded(version: UInt16 = AgentProtocol.version) -> [UInt8] {
    var writer = WireWriter()
    writer.u16(version)
    switch self {
    case .status: writer.request(.status)
    case .unlock(let vault, let key, let slot, let idle, let max):
      writer.request(.unlock)
      writer.string(vault)
      key.withUnsafeBytes { bytes in writer.data(Array(bytes)) }
      writer.optional(slot) { $0.int($1) }
      writer.i64(idle)
      writer.i64(max)
    case .lock(let vault):
      writer.request(.lock)
      writer.optional(vault) { $0.string($1) }
    case .load(let vault):
      writer.request(.load)
      writer.string(vault)
    case .codes(let vault, let ids, let at, let next):
      writer.request(.codes)
      writer.string(vault)
      writer.strings(ids.map(\.rawValue))
      writer.i64(at)
      writer.bool(next)
    case .perform(let vault, let change):
      writer.request(.perform)
      writer.string(vault)
      writer.change(change)
    case .sync(let vault, let sources, let ownCopies, let dryRun, let password):
      writer.request(.sync)
      writer.string(vault)
      writer.strings(sources)
      writer.bool(ownCopies)
      writer.bool(dryRun)
      writer.optional(password) { $0.data($1) }
    case .matching(let vault, let query):
      writer.request(.matching)
      writer.string(vault)
      writer.string(query)
    case .code(let vault, let query, let at, let next):
      writer.request(.code)
      writer.string(vault)
      writer.string(query)
      writer.i64(at)
      writer.bool(next)
    case .accountCodes(let vault, let ids, let at, let next):
      writer.request(.accountCodes)
      writer.string(vault)
      writer.strings(ids.map(\.rawValue))
      writer.i64(at)
      writer.bool(next)
    }
    return writer.bytes
  }

  /// Reads a message; a version other than this one is `.versionMismatch` (as the error's value).
  public static func decode(_ bytes: [UInt8]) throws(AgentProtocolError) -> AgentRequest {
    var reader = WireReader(bytes)
    let version: UInt16
    do throws(WireReader.Malformed) { version = try reader.u16() } catch { throw .malformed(error.reason) }
    guard version == AgentProtocol.version else { throw .otherVersion(version) }
    do throws(WireReader.Malformed) {
      let request: AgentRequest
      switch try reader.tag(RequestKind.self, unknown: "an unknown request") {
      case .status: request = .status
      case .unlock:
        let vault = try reader.string()
        var key = try reader.data()
        let secret = SecretBytes(wiping: &key)
        request = .unlock(
          vault: vault, key: secret,
          slot: try reader.optional { (reader) throws(WireReader.Malformed) in
            try reader.int()
          }, idle: try reader.i64(), max: try reader.i64())
      case .lock:
        request = .lock(
          vault: try reader.optional { (reader) throws(WireReader.Malformed) in try reader.string() })
      case .load: request = .load(vault: try reader.string())
      case .codes:
        request = .codes(
          vault: try reader.string(), ids: try reader.strings().map(Account.ID.init), at: try reader.i64(),
          next: try reader.bool())
      case .accountCodes:
        request = .accountCodes(
          vault: try reader.string(), ids: try reader.strings().map(Account.ID.init), at: try reader.i64(),
          next: try reader.bool())
      case .perform: request = .perform(vault: try reader.string(), try reader.change())
      case .sync:
        request = .sync(
          vault: try reader.string(), sources: try reader.strings(), ownCopies: try reader.bool(),
          dryRun: try reader.bool(),
          sourcePassword: try reader.optional { (reader) throws(WireReader.Malformed) in try reader.data() })
      case .matching: request = .matching(vault: try reader.string(), query: try reader.string())
      case .code:
        request = .code(
          vault: try reader.string(), query: try reader.string(), at: try reader.i64(),
          next: try reader.bool())
      }
      try reader.finish()
      return request
    } catch {
      throw .malformed(error.reason)
    }
  }
}

/// The kinds of request, as their first byte after the version: one list for encoding and
/// decoding. New kinds go at the end; a number is never reused.
enum RequestKind: UInt8 {
  case status = 1
  case unlock, lock, load, codes, perform, sync, matching, code
  // 10 was "keep the held key in the login keyring" (protocol 6 and before), retired in 7: the
  // agent stores no key anywhere on request, so no process of the user can have it put the key
  // where every such process reads it. `keyring enable` opens the vault with its password itself.
  case accountCodes = 11
}
