import Crypto
import Domain

/// The agent's socket protocol. A frame is a 4-byte big-endian length and that many bytes; each
/// message starts with the protocol version, so a client meeting an agent of another version
/// can tell and replace it. An agent never reads a request longer than `requestLimit`.
public enum AgentProtocol {
  /// The version both sides speak; an agent answering a request of another version shuts down.
  public static let version: UInt16 = 4
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
  /// The one account a QUERY selects (secrets withheld) and its code at Unix time `at`, in one
  /// round trip (`code QUERY`).
  case code(vault: String, query: String, at: Int64, next: Bool)
  /// A change, run by the agent over the vault file.
  case perform(vault: String, VaultChange)
  /// A sync of `vault` with the sources at the absolute paths `sources` (sync.md), run by the
  /// agent with the vault's key; `sourcePassword` opens sources the key does not.
  case sync(vault: String, sources: [String], ownCopies: Bool, dryRun: Bool, sourcePassword: [UInt8]?)
  /// Keep the held key of `vault` in the login keyring (`keyring enable` while the agent holds
  /// it, so no password is asked); the key does not cross the socket.
  case keepInKeyring(vault: String)
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

extension CodeValue {
  /// The code as the agent computed it, and how it crosses the wire: the account's `AccountCode`
  /// (`of:`) and back (`init(_:)`).
  func code(of account: Account) -> AccountCode {
    AccountCode(account: account, code: code, nextCode: nextCode, remaining: remaining, problem: problem)
  }

  init(_ made: AccountCode) {
    self.init(code: made.code, nextCode: made.nextCode, remaining: made.remaining, problem: made.problem)
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
  /// One account, its secret withheld, and its code.
  case accountCode(Account, CodeValue)
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
    case .keepInKeyring(let vault):
      writer.request(.keepInKeyring)
      writer.string(vault)
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
      guard let kind = RequestKind(rawValue: try reader.byte()) else {
        throw WireReader.Malformed(reason: "an unknown request")
      }
      switch kind {
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
      case .keepInKeyring: request = .keepInKeyring(vault: try reader.string())
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
    case .ok: writer.answer(.ok)
    case .okWithoutLockedMemory: writer.answer(.okWithoutLockedMemory)
    case .status(let vaults, let pid):
      writer.answer(.status)
      writer.array(vaults) { writer, vault in
        writer.string(vault.path)
        writer.i64(vault.idleLeft)
        writer.i64(vault.maxLeft)
      }
      writer.i64(Int64(pid))
    case .contents(let contents):
      writer.answer(.contents)
      writer.contents(contents, .withhold)
    case .codes(let codes):
      writer.answer(.codes)
      writer.array(codes) { $0.codeValue($1) }
    case .outcome(let outcome):
      writer.answer(.outcome)
      writer.outcome(outcome)
    case .notHeld: writer.answer(.notHeld)
    case .failure(let error):
      writer.answer(.failure)
      writer.domainError(error)
    case .versionMismatch(let version):
      writer.answer(.versionMismatch)
      writer.u16(version)
    case .malformed(let reason):
      writer.answer(.malformed)
      writer.string(reason)
    case .synced(let reports):
      writer.answer(.synced)
      writer.array(reports) { $0.sourceReport($1) }
    case .syncFailed(let source, let error):
      writer.answer(.syncFailed)
      writer.string(source)
      writer.domainError(error)
    case .accounts(let accounts):
      writer.answer(.accounts)
      writer.array(accounts) { $0.account($1, .withhold) }
    case .accountCode(let account, let value):
      writer.answer(.accountCode)
      writer.account(account, .withhold)
      writer.codeValue(value)
    }
    return writer.bytes
  }

  /// Reads an answer. Any version is read as far as `versionMismatch`, which every version keeps.
  public static func decode(_ bytes: [UInt8]) throws(AgentProtocolError) -> AgentResponse {
    var reader = WireReader(bytes)
    let version: UInt16
    let kind: ResponseKind
    do throws(WireReader.Malformed) {
      version = try reader.u16()
      guard let read = ResponseKind(rawValue: try reader.byte()) else {
        throw WireReader.Malformed(reason: "an unknown answer")
      }
      kind = read
      if kind == .versionMismatch { return .versionMismatch(try reader.u16()) }
    } catch {
      throw .malformed(error.reason)
    }
    guard version == AgentProtocol.version else { throw .otherVersion(version) }
    do throws(WireReader.Malformed) {
      let response: AgentResponse
      switch kind {
      case .ok: response = .ok
      case .okWithoutLockedMemory: response = .okWithoutLockedMemory
      case .status:
        let vaults = try reader.array { (reader) throws(WireReader.Malformed) in
          HeldVaultStatus(path: try reader.string(), idleLeft: try reader.i64(), maxLeft: try reader.i64())
        }
        guard let pid = Int32(exactly: try reader.i64()) else {
          throw WireReader.Malformed(reason: "a bad pid")
        }
        response = .status(vaults, pid: pid)
      case .contents: response = .contents(try reader.contents())
      case .codes:
        response = .codes(
          try reader.array { (reader) throws(WireReader.Malformed) in try reader.codeValue() })
      case .outcome: response = .outcome(try reader.outcome())
      case .notHeld: response = .notHeld
      case .failure: response = .failure(try reader.domainError())
      case .versionMismatch: response = .versionMismatch(try reader.u16())
      case .malformed: response = .malformed(try reader.string())
      case .synced:
        response = .synced(
          try reader.array { (reader) throws(WireReader.Malformed) in try reader.sourceReport() })
      case .syncFailed: response = .syncFailed(source: try reader.string(), try reader.domainError())
      case .accounts:
        response = .accounts(
          try reader.array { (reader) throws(WireReader.Malformed) in try reader.account() })
      case .accountCode: response = .accountCode(try reader.account(), try reader.codeValue())
      }
      try reader.finish()
      return response
    } catch {
      throw .malformed(error.reason)
    }
  }
}

/// The kinds of request, as their first byte after the version: one list for encoding and
/// decoding. New kinds go at the end; a number is never reused.
enum RequestKind: UInt8 {
  case status = 1
  case unlock, lock, load, codes, perform, sync, matching, code, keepInKeyring
}

/// The kinds of answer, as their first byte after the version. `versionMismatch` keeps its
/// number in every version, so a client reads it whatever version the agent speaks.
enum ResponseKind: UInt8 {
  case ok = 1
  case okWithoutLockedMemory, status, contents, codes, outcome, notHeld, failure, versionMismatch, malformed
  case synced, syncFailed, accounts, accountCode
}

extension WireWriter {
  mutating func request(_ kind: RequestKind) { byte(kind.rawValue) }
  mutating func answer(_ kind: ResponseKind) { byte(kind.rawValue) }

  mutating func codeValue(_ value: CodeValue) {
    optional(value.code) { $0.string($1) }
    optional(value.nextCode) { $0.string($1) }
    optional(value.remaining) { $0.int($1) }
    optional(value.problem) { $0.string($1) }
  }
}

extension WireReader {
  mutating func codeValue() throws(Malformed) -> CodeValue {
    CodeValue(
      code: try optional { (reader) throws(Malformed) in try reader.string() },
      nextCode: try optional { (reader) throws(Malformed) in try reader.string() },
      remaining: try optional { (reader) throws(Malformed) in try reader.int() },
      problem: try optional { (reader) throws(Malformed) in try reader.string() })
  }
}

/// Why a message could not be read.
public enum AgentProtocolError: Error, Equatable, Sendable {
  /// The message was of another protocol version.
  case otherVersion(UInt16)
  /// The message is damaged; the reason names the part.
  case malformed(String)
}
