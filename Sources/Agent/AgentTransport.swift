import Infrastructure
import Synchronization

/// How a client's request messages reach an agent and its answers come back, one exchange at a
/// time: over the agent's Unix socket (`socket(folder:timeout:)`, what commands use), or to a
/// server in the same process (tests).
public struct AgentTransport: Sendable {
  /// Sends one encoded request and returns the encoded answer.
  public var exchange: @Sendable ([UInt8]) throws(AgentClient.Failure) -> [UInt8]

  /// A transport that exchanges through `exchange`.
  public init(exchange: @escaping @Sendable ([UInt8]) throws(AgentClient.Failure) -> [UInt8]) {
    self.exchange = exchange
  }
}

extension AgentTransport {
  /// The agent's socket in `folder`: checks the folder and the agent's uid before sending
  /// anything, and keeps the connection between the requests of one command (a command makes
  /// two or three). `timeout` is the milliseconds to wait for an answer (a change may wait 10 s
  /// for the vault's lock).
  public static func socket(folder: RuntimeFolder, timeout: Int32 = 120_000) -> AgentTransport {
    let kept = KeptConnection()
    return AgentTransport { (message) throws(AgentClient.Failure) in
      let connection: UnixSocket
      if let open = kept.take() {
        connection = open
      } else {
        connection = try connect(folder: folder, timeout: timeout)
      }
      let answer: [UInt8]?
      do throws(UnixSocket.Failure) {
        try connection.send(frame: message)
        answer = try connection.receiveFrame(limit: AgentProtocol.responseLimit)
      } catch {
        throw .interrupted("the agent did not answer: \(error.reason)")
      }
      guard let answer else { throw .interrupted("the agent closed the connection") }
      kept.keep(connection)
      return answer
    }
  }

  /// A new connection, once the folder and the agent's user are checked.
  private static func connect(folder: RuntimeFolder, timeout: Int32) throws(AgentClient.Failure) -> UnixSocket
  {
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
