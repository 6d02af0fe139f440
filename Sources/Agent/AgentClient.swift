import Crypto
import Infrastructure

/// A command's line to the agent: encodes requests, sends them through its transport (the
/// agent's socket), and reads the answers.
public struct AgentClient: Sendable {
  /// Why the agent could not be asked.
  public enum Failure: Error, Equatable, Sendable {
    /// No agent listens (no folder, no socket, or nobody at it).
    case notRunning
    /// The folder or the agent cannot be trusted; the reason is for people.
    case refused(String)
    /// The agent speaks another protocol version (it stops on meeting this client).
    case otherVersion(UInt16)
    /// The exchange failed; the reason is for people.
    case failed(String)
    /// The request is over the agent's limit (a very large import): make it without the agent.
    case tooLarge
    /// The request was sent but no whole answer came (the agent stopped): a change may or may
    /// not have been made.
    case interrupted(String)
  }

  /// The agent's folder.
  public let folder: RuntimeFolder
  /// How requests reach the agent.
  public let transport: AgentTransport

  /// A client of the agent in `folder`, through `transport` (by default the folder's socket).
  public init(folder: RuntimeFolder, transport: AgentTransport? = nil) {
    self.folder = folder
    self.transport = transport ?? .socket(folder: folder)
  }

  /// Sends `request` and returns the answer.
  public func send(_ request: AgentRequest) throws(Failure) -> AgentResponse {
    var message = request.encoded()
    defer { wipe(&message) }
    guard message.count <= AgentProtocol.requestLimit else { throw .tooLarge }
    return try exchange(message)
  }

  /// Sends an encoded request (tests send damaged ones) and returns the answer.
  public func exchange(_ message: [UInt8]) throws(Failure) -> AgentResponse {
    let answer = try transport.exchange(message)
    let response: AgentResponse
    do {
      response = try AgentResponse.decode(answer)
    } catch .otherVersion(let version) {
      throw .otherVersion(version)
    } catch {
      throw .failed("the agent's answer cannot be read")
    }
    if case .versionMismatch(let version) = response { throw .otherVersion(version) }
    return response
  }

  /// Whether an agent answers; never starts one.
  public func status() throws(Failure) -> (vaults: [HeldVaultStatus], pid: Int32) {
    guard let status = try send(.status).status else { throw .failed("the agent gave an unexpected answer") }
    return status
  }
}
