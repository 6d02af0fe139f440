import Infrastructure
import Synchronization

/// A command's line to the agent: checks the folder and the agent's uid before sending
/// anything, one connection per request.
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
  /// The connection kept between the requests of one command (a command makes two or three).
  private let kept = KeptConnection()
  /// Milliseconds to wait for an answer (a change may wait 10 s for the vault's lock).
  public var timeout: Int32 = 120_000

  /// A client of the agent in `folder`.
  public init(folder: RuntimeFolder) { self.folder = folder }

  /// Sends `request` and returns the answer.
  public func send(_ request: AgentRequest) throws(Failure) -> AgentResponse {
    var message = request.encoded()
    defer { message.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
    guard message.count <= AgentProtocol.requestLimit else { throw .tooLarge }
    return try exchange(message)
  }

  /// Sends an encoded request (tests send damaged ones) and returns the answer.
  public func exchange(_ message: [UInt8]) throws(Failure) -> AgentResponse {
    let connection: UnixSocket
    if let open = kept.take() { connection = open } else { connection = try connect() }
    let answer: [UInt8]?
    do {
      try connection.send(frame: message)
      answer = try connection.receiveFrame(limit: AgentProtocol.responseLimit)
    } catch {
      throw .interrupted("the agent did not answer: \(error.reason)")
    }
    guard let answer else { throw .interrupted("the agent closed the connection") }
    kept.keep(connection)
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

  /// A new connection, once the folder and the agent's user are checked.
  private func connect() throws(Failure) -> UnixSocket {
    switch folder.check() {
    case nil: throw .notRunning
    case .failure(let refusal): throw .refused(refusal.reason)
    case .success: break
    }
    let connection: UnixSocket
    do {
      connection = try UnixSocket.connect(to: folder.socket)
    } catch {
      throw .notRunning
    }
    let owner: UInt32
    do {
      owner = try connection.peer().uid
    } catch {
      throw .failed(error.reason)
    }
    guard owner == AgentProcess.uid else {
      throw .refused("the agent at \(folder.socket) runs as uid \(owner), not as you: stop it")
    }
    connection.setTimeouts(milliseconds: timeout)
    return connection
  }

  /// Whether an agent answers; never starts one.
  public func status() throws(Failure) -> (vaults: [HeldVaultStatus], pid: Int32) {
    guard let status = try send(.status).status else { throw .failed("the agent gave an unexpected answer") }
    return status
  }
}

/// The one connection a client keeps between requests; one the agent closed (it drops idle
/// connections after a few seconds) is not used again.
private final class KeptConnection: Sendable {
  private let connection = Mutex<UnixSocket?>(nil)

  func take() -> UnixSocket? {
    connection.withLock { kept in
      defer { kept = nil }
      guard let open = kept, !open.isClosedByPeer else { return nil }
      return open
    }
  }

  func keep(_ open: UnixSocket) { connection.withLock { $0 = open } }
}
