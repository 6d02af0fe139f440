import Crypto
import Domain

/// The agent's socket protocol. A frame is a 4-byte big-endian length and that many bytes; each
/// message starts with the protocol version, so a client meeting an agent of another version
/// can tell and replace it. An agent never reads a request longer than `requestLimit`.
public enum AgentProtocol {
  /// The version both sides speak; an agent answering a request of another version shuts down.
  public static let version: UInt16 = 3
  /// The longest request an agent reads (an import of a few thousand accounts fits).
  public static let requestLimit = 8 << 20
  /// The longest answer a client reads.
  public static let responseLimit = 512 << 20
}

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
  /// A change, run by the agent over the vault file.
  case perform(vault: String, VaultChange)
  /// A sync of `vault` with the sources at the absolute paths `sources` (sync.md), run by the
  /// agent with the vault's key; `sourcePassword` opens sources the key does not.
  case sync(vault: String, sources: [String], ownCopies: Bool, dryRun: Bool, sourcePassword: [UInt8]?)
}

/// One vault the agent holds.
public struct HeldVaultStatus: Equatable, Sendable {
  /// The vault's absolute path.
  public var path: String
  /// Seconds until the idle timeout.
  public var idleLeft: Int64
  /// Seconds until the max timeout.
  public var maxLeft: Int64

  /// Describes a held vault.
  public init(path: String, idleLeft: Int64, maxLeft: Int64) {
    self.path = path
    self.idleLeft = idleLeft
    self.maxLeft = maxLeft
  }
}

/// An account's code as the agent computed it (the account itself stays with the client).
public struct CodeValue: Equatable, Sendable {
  /// The code, or nil with `problem`.
  public var code: String?
  /// The following code.
  public var nextCode: String?
  /// Seconds until it changes.
  public var remaining: Int?
  /// Why there is no code.
  public var problem: String?

  /// Wraps one computed code.
  public init(code: String?, nextCode: String?, remaining: Int?, problem: String?) {
    self.code = code
    self.nextCode = nextCode
    self.remaining = remaining
    self.problem = problem
  }
}

/// What the agent answers.
public enum AgentResponse: Equatable, Sendable {
  /// Done.
  case ok
  /// Done, and locked memory was not available for the key (the agent still holds it).
  case okWithoutLockedMemory
  /// The held vaults and the agent's process id.
  case status([HeldVaultStatus], pid: Int32)
  /// The contents, every secret withheld.
  case contents(VaultContents)
  /// Codes, in the order asked.
  case codes([CodeValue])
  /// What a change answered.
  case outcome(VaultChange.Outcome)
  /// The agent does not hold this vault (never unlocked, timed out, locked, or its password changed).
  case notHeld
  /// The operation failed.
  case failure(DomainError)
  /// The request was of another protocol version; the agent is shutting down.
  case versionMismatch(UInt16)
  /// The request could not be read.
  case malformed(String)
  /// Accounts, every secret withheld.
  case accounts([Account])
  /// What a sync did with each source.
  case synced([SyncVault.SourceReport])
  /// A sync that stopped, changing nothing: which file, and why.
  case syncFailed(source: String, DomainError)
}

extension AgentRequest {
  /// The message bytes, without the frame length. Wipe them after sending: they may hold a key
  /// or a new account's secret.
  public func encoded(version: UInt16 = AgentProtocol.version) -> [UInt8] {
    var writer = WireWriter()
    writer.u16(version)
    switch self {
    case .status: writer.byte(1)
    case .unlock(let vault, let key, let slot, let idle, let max):
      writer.byte(2)
      writer.string(vault)
      key.withUnsafeBytes { bytes in writer.data(Array(bytes)) }
      writer.optional(slot) { $0.int($1) }
      writer.i64(idle)
      writer.i64(max)
    case .lock(let vault):
      writer.byte(3)
      writer.optional(vault) { $0.string($1) }
    case .load(let vault):
      writer.byte(4)
      writer.string(vault)
    case .codes(let vault, let ids, let at, let next):
      writer.byte(5)
      writer.string(vault)
      writer.strings(ids.map(\.rawValue))
      writer.i64(at)
      writer.bool(next)
    case .perform(let vault, let change):
      writer.byte(6)
      writer.string(vault)
      writer.change(change)
    case .sync(let vault, let sources, let ownCopies, let dryRun, let password):
      writer.byte(7)
      writer.string(vault)
      writer.strings(sources)
      writer.bool(ownCopies)
      writer.bool(dryRun)
      writer.optional(password) { $0.data($1) }
    case .matching(let vault, let query):
      writer.byte(8)
      writer.string(vault)
      writer.string(query)
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
      switch try reader.byte() {
      case 1: request = .status
      case 2:
        let vault = try reader.string()
        var key = try reader.data()
        let secret = SecretBytes(wiping: &key)
        request = .unlock(
          vault: vault, key: secret,
          slot: try reader.optional { (reader) throws(WireReader.Malformed) in
            try reader.int()
          }, idle: try reader.i64(), max: try reader.i64())
      case 3:
        request = .lock(
          vault: try reader.optional { (reader) throws(WireReader.Malformed) in try reader.string() })
      case 4: request = .load(vault: try reader.string())
      case 5:
        request = .codes(
          vault: try reader.string(), ids: try reader.strings().map(Account.ID.init), at: try reader.i64(),
          next: try reader.bool())
      case 6: request = .perform(vault: try reader.string(), try reader.change())
      case 7:
        request = .sync(
          vault: try reader.string(), sources: try reader.strings(), ownCopies: try reader.bool(),
          dryRun: try reader.bool(),
          sourcePassword: try reader.optional { (reader) throws(WireReader.Malformed) in try reader.data() })
      case 8: request = .matching(vault: try reader.string(), query: try reader.string())
      default: throw WireReader.Malformed(reason: "an unknown request")
      }
      try reader.finish()
      return request
    } catch {
      throw .malformed(error.reason)
    }
  }
}

extension AgentResponse {
  /// The message bytes, without the frame length.
  public func encoded() -> [UInt8] {
    var writer = WireWriter()
    writer.u16(AgentProtocol.version)
    switch self {
    case .ok: writer.byte(1)
    case .okWithoutLockedMemory: writer.byte(2)
    case .status(let vaults, let pid):
      writer.byte(3)
      writer.array(vaults) { writer, vault in
        writer.string(vault.path)
        writer.i64(vault.idleLeft)
        writer.i64(vault.maxLeft)
      }
      writer.i64(Int64(pid))
    case .contents(let contents):
      writer.byte(4)
      writer.contents(contents, .withhold)
    case .codes(let codes):
      writer.byte(5)
      writer.array(codes) { writer, value in
        writer.optional(value.code) { $0.string($1) }
        writer.optional(value.nextCode) { $0.string($1) }
        writer.optional(value.remaining) { $0.int($1) }
        writer.optional(value.problem) { $0.string($1) }
      }
    case .outcome(let outcome):
      writer.byte(6)
      writer.outcome(outcome)
    case .notHeld: writer.byte(7)
    case .failure(let error):
      writer.byte(8)
      writer.domainError(error)
    case .versionMismatch(let version):
      writer.byte(9)
      writer.u16(version)
    case .malformed(let reason):
      writer.byte(10)
      writer.string(reason)
    case .synced(let reports):
      writer.byte(11)
      writer.array(reports) { $0.sourceReport($1) }
    case .syncFailed(let source, let error):
      writer.byte(12)
      writer.string(source)
      writer.domainError(error)
    case .accounts(let accounts):
      writer.byte(13)
      writer.array(accounts) { $0.account($1, .withhold) }
    }
    return writer.bytes
  }

  /// Reads an answer. Any version is read as far as `versionMismatch`, which every version keeps.
  public static func decode(_ bytes: [UInt8]) throws(AgentProtocolError) -> AgentResponse {
    var reader = WireReader(bytes)
    let version: UInt16
    let kind: UInt8
    do throws(WireReader.Malformed) {
      version = try reader.u16()
      kind = try reader.byte()
      if kind == 9 { return .versionMismatch(try reader.u16()) }
    } catch {
      throw .malformed(error.reason)
    }
    guard version == AgentProtocol.version else { throw .otherVersion(version) }
    do throws(WireReader.Malformed) {
      let response: AgentResponse
      switch kind {
      case 1: response = .ok
      case 2: response = .okWithoutLockedMemory
      case 3:
        let vaults = try reader.array { (reader) throws(WireReader.Malformed) in
          HeldVaultStatus(path: try reader.string(), idleLeft: try reader.i64(), maxLeft: try reader.i64())
        }
        guard let pid = Int32(exactly: try reader.i64()) else {
          throw WireReader.Malformed(reason: "a bad pid")
        }
        response = .status(vaults, pid: pid)
      case 4: response = .contents(try reader.contents())
      case 5:
        response = .codes(
          try reader.array { (reader) throws(WireReader.Malformed) in
            CodeValue(
              code: try reader.optional { (reader) throws(WireReader.Malformed) in try reader.string() },
              nextCode: try reader.optional { (reader) throws(WireReader.Malformed) in try reader.string() },
              remaining: try reader.optional { (reader) throws(WireReader.Malformed) in try reader.int() },
              problem: try reader.optional { (reader) throws(WireReader.Malformed) in try reader.string() })
          })
      case 6: response = .outcome(try reader.outcome())
      case 7: response = .notHeld
      case 8: response = .failure(try reader.domainError())
      case 10: response = .malformed(try reader.string())
      case 11:
        response = .synced(
          try reader.array { (reader) throws(WireReader.Malformed) in try reader.sourceReport() })
      case 12: response = .syncFailed(source: try reader.string(), try reader.domainError())
      case 13:
        response = .accounts(
          try reader.array { (reader) throws(WireReader.Malformed) in try reader.account() })
      default: throw WireReader.Malformed(reason: "an unknown answer")
      }
      try reader.finish()
      return response
    } catch {
      throw .malformed(error.reason)
    }
  }
}

/// Why a message could not be read.
public enum AgentProtocolError: Error, Equatable, Sendable {
  /// The message was of another protocol version.
  case otherVersion(UInt16)
  /// The message is damaged; the reason names the part.
  case malformed(String)
}
