import Domain

/// The agent's socket protocol. A frame is a 4-byte big-endian length and that many bytes; each
/// message starts with the protocol version, so a client meeting an agent of another version
/// can tell and replace it. An agent never reads a request longer than `requestLimit`.
public enum AgentProtocol {
  /// The version both sides speak; an agent answering a request of another version shuts down.
  public static let version: UInt16 = 7
  /// The longest request an agent reads (an import of a few thousand accounts fits).
  public static let requestLimit = 8 << 20
  /// The longest answer a client reads.
  public static let responseLimit = 512 << 20
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

/// An account, its secret withheld, and its code, as an `.accountCodes` answer carries them.
public struct AccountCodeValue: Equatable, Sendable {
  /// The account, withheld.
  public var account: Account
  /// Its code.
  public var value: CodeValue

  /// Pairs an account with its code.
  public init(account: Account, value: CodeValue) {
    self.account = account
    self.value = value
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

extension WireWriter {
  mutating func request(_ kind: RequestKind) { tag(kind) }
  mutating func answer(_ kind: ResponseKind) { tag(kind) }

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
