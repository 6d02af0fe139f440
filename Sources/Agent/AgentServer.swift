import Infrastructure
import Synchronization

/// The unlock agent's socket: takes the folder's lock, listens, and serves each connection of
/// its own user on a thread of its own, handing every request to its `AgentRequestHandler`; lets
/// the keys of vaults whose time ran out go, and stops when a client of another version asks.
public final class AgentServer: Sendable {
  /// Why the agent cannot run.
  public enum StartFailure: Error, Equatable, Sendable {
    /// Another agent holds the folder's lock.
    case alreadyRunning
    /// The folder or socket cannot be used; the reason is for people.
    case refused(String)
  }

  /// The size of the locked arena the agent asks for (`LockedMemory.start(bytes:)`): room for
  /// the keys and for the secrets and HMAC key schedules of about 13,000 TOTP accounts (a
  /// schedule takes 256 bytes, 512 for SHA-512). What does not fit lives in ordinary memory,
  /// wiped all the same when the vault is let go.
  public static let lockedMemoryBytes = 4 << 20

  /// Connections served at once; more wait in the listen queue.
  static let connectionLimit = 32
  /// A request must arrive whole within this many milliseconds of the previous one.
  static let requestTimeout: Int32 = 5000

  private let folder: RuntimeFolder
  /// What answers the requests.
  public let handler: AgentRequestHandler
  private let connections = Atomic<Int>(0)
  private let socketIdentity = Mutex<FileIdentity?>(nil)

  /// An agent for `folder`, answering through `handler`.
  public init(folder: RuntimeFolder, handler: AgentRequestHandler) {
    self.folder = folder
    self.handler = handler
  }

  /// Takes the folder, listens, and serves until the process ends. `ready` runs once the
  /// socket accepts connections.
  public func run(ready: () -> Void = {}) throws(StartFailure) -> Never {
    if case .failure(let refusal) = folder.prepare() { throw .refused(refusal.reason) }
    // An agent of another version that was just told to stop may still hold the lock a moment.
    var attempts = 0
    while true {
      switch AgentProcess.takeLock(folder) {
      case .failure(let refusal): throw .refused(refusal.reason)
      case .success(true): break
      case .success(false):
        attempts += 1
        guard attempts < 20 else { throw .alreadyRunning }
        AgentProcess.sleep(milliseconds: 100)
        continue
      }
      break
    }
    guard folder.socket.utf8.count <= UnixSocket.pathLimit else {
      throw .refused(
        "the socket path \(folder.socket) is too long for the system; set a shorter XDG_RUNTIME_DIR")
    }
    AgentProcess.removeStaleSocket(folder.socket)
    let listener: UnixSocket
    do {
      listener = try UnixSocket.listen(at: folder.socket)
    } catch {
      throw .refused(error.reason)
    }
    guard AgentProcess.restrictSocket(folder.socket) else {
      throw .refused("cannot make \(folder.socket) private")
    }
    socketIdentity.withLock { $0 = FileIdentity.of(folder.socket) }
    startExpiryTimer()
    handler.dependencies.log("twofold agent \(AgentProtocol.version) listening on \(folder.socket)")
    ready()
    while true {
      guard let connection = try? listener.accept() else {
        AgentProcess.sleep(milliseconds: 10)
        continue
      }
      guard connections.add(1, ordering: .relaxed).newValue <= Self.connectionLimit else {
        connections.subtract(1, ordering: .relaxed)
        continue
      }
      let started = BackgroundThread.start { [self] in
        serve(connection)
        connections.subtract(1, ordering: .relaxed)
      }
      if !started { connections.subtract(1, ordering: .relaxed) }
    }
  }

  /// Serves one connection: requests in turn until the client closes, a request fails to
  /// arrive in time, or one cannot be read.
  func serve(_ connection: UnixSocket) {
    guard let peer = try? connection.peer(), peer.uid == AgentProcess.uid else {
      handler.dependencies.log("refused a connection from another user")
      return
    }
    connection.setTimeouts(milliseconds: Self.requestTimeout)
    while true {
      var frame: [UInt8]
      do {
        guard let received = try connection.receiveFrame(limit: AgentProtocol.requestLimit) else { return }
        frame = received
      } catch {
        try? connection.send(frame: AgentResponse.malformed(error.reason).encoded())
        return
      }
      let answer = handler.respond(to: &frame)
      try? connection.send(frame: answer)
      if handler.isStopping { shutDown() }
    }
  }

  private func startExpiryTimer() {
    BackgroundThread.start { [self] in
      while true {
        AgentProcess.sleep(milliseconds: 250)
        handler.dropExpired(at: handler.dependencies.leaseClock())
      }
    }
  }

  private func shutDown() -> Never {
    handler.dropAll()
    AgentProcess.removeSocket(folder.socket, identity: socketIdentity.withLock { $0 })
    AgentProcess.exit(0)
  }
}
