import Domain

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
  /// Accounts, their secrets withheld, each with its code.
  case accountCodes([AccountCodeValue])
  /// What a sync did with each source.
  case synced([SyncVault.SourceReport])
  /// A sync that stopped, changing nothing: which file, and why.
  case syncFailed(source: String, DomainError)
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
    case .accountCodes(let values):
      writer.answer(.accountCodes)
      writer.array(values) { writer, value in
        writer.account(value.account, .withhold)
        writer.codeValue(value.value)
      }
    }
    return writer.bytes
  }

  /// Reads an answer. An answer of another version is `.otherVersion`, except `versionMismatch`,
  /// which every version writes alike (`ResponseKind.isReadInEveryVersion`).
  public static func decode(_ bytes: [UInt8]) throws(AgentProtocolError) -> AgentResponse {
    var reader = WireReader(bytes)
    let version: UInt16
    let kind: ResponseKind
    do throws(WireReader.Malformed) {
      version = try reader.u16()
      kind = try reader.tag(ResponseKind.self, unknown: "an unknown answer")
    } catch {
      throw .malformed(error.reason)
    }
    guard version == AgentProtocol.version || kind.isReadInEveryVersion else { throw .otherVersion(version) }
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
      case .accountCodes:
        response = .accountCodes(
          try reader.array { (reader) throws(WireReader.Malformed) in
            AccountCodeValue(account: try reader.account(), value: try reader.codeValue())
          })
      }
      try reader.finish()
      return response
    } catch {
      throw .malformed(error.reason)
    }
  }
}

/// The kinds of answer, as their first byte after the version: one list for encoding and
/// decoding. New kinds go at the end; a number is never reused.
enum ResponseKind: UInt8 {
  case ok = 1
  case okWithoutLockedMemory, status, contents, codes, outcome, notHeld, failure, versionMismatch, malformed
  case synced, syncFailed, accounts, accountCode, accountCodes

  /// Whether every version writes this answer alike: `versionMismatch` keeps its number and its
  /// one field in every version, so a client reads it whatever version the agent speaks.
  var isReadInEveryVersion: Bool { self == .versionMismatch }
}

extension AgentResponse {
  /// The contents of a `.contents` answer, else nil; so for each of the answers below, which
  /// `AgentVaultRepository` takes apart in one place.
  var contents: VaultContents? { if case .contents(let contents) = self { contents } else { nil } }

  /// The accounts of an `.accounts` answer.
  var accounts: [Account]? { if case .accounts(let accounts) = self { accounts } else { nil } }

  /// The account and its code of an `.accountCode` answer, as the client's `AccountCode`.
  var accountCode: AccountCode? {
    if case .accountCode(let account, let value) = self { value.code(of: account) } else { nil }
  }

  /// The accounts and codes of an `.accountCodes` answer, as the client's `AccountCode`s.
  var accountCodes: [AccountCode]? {
    if case .accountCodes(let values) = self { values.map { $0.value.code(of: $0.account) } } else { nil }
  }

  /// The codes of a `.codes` answer.
  var codes: [CodeValue]? { if case .codes(let values) = self { values } else { nil } }

  /// The outcome of an `.outcome` answer.
  var outcome: VaultChange.Outcome? { if case .outcome(let outcome) = self { outcome } else { nil } }

  /// The held vaults and the pid of a `.status` answer.
  var status: (vaults: [HeldVaultStatus], pid: Int32)? {
    if case .status(let vaults, let pid) = self { (vaults, pid) } else { nil }
  }
}
