import CUnixSocket
import Crypto

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Unix stream socket carrying frames: a 4-byte big-endian length and that many bytes. The
/// descriptor is closed when the object goes; nothing read or written is logged.
public final class UnixSocket: Sendable {
  /// Why a socket call failed; the text is the system's reason, never message content.
  public struct Failure: Error, Equatable, Sendable {
    /// The `errno` value, or 0 for a protocol-level failure.
    public var code: Int32
    /// One line for people.
    public var reason: String
  }

  /// The other end of a connection.
  public struct Peer: Equatable, Sendable {
    /// Its user id.
    public var uid: UInt32
    /// Its process id (0 where the system does not say).
    public var pid: Int32
  }

  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// The longest socket path the system takes.
  public static var pathLimit: Int { Int(twofold_unix_path_limit()) }

  /// A socket listening at `path` (which must not exist).
  public static func listen(at path: String, backlog: Int32 = 64) throws(Failure) -> UnixSocket {
    let result = twofold_unix_listen(path, backlog)
    guard result >= 0 else { throw failure(-result, "cannot listen at \(path)") }
    return UnixSocket(descriptor: result)
  }

  /// A connection to the socket at `path`.
  public static func connect(to path: String) throws(Failure) -> UnixSocket {
    let result = twofold_unix_connect(path)
    guard result >= 0 else { throw failure(-result, "cannot connect to \(path)") }
    return UnixSocket(descriptor: result)
  }

  /// The next connection; EINTR is retried.
  public func accept() throws(Failure) -> UnixSocket {
    let accepted = twofold_unix_accept(descriptor)
    guard accepted >= 0 else { throw Self.failure(-accepted, "cannot accept a connection") }
    return UnixSocket(descriptor: accepted)
  }

  /// Who is at the other end (SO_PEERCRED).
  public func peer() throws(Failure) -> Peer {
    var uid: uid_t = 0
    var pid: pid_t = 0
    let result = twofold_peer_credentials(descriptor, &uid, &pid)
    guard result == 0 else { throw Self.failure(-result, "cannot tell who is connected") }
    return Peer(uid: UInt32(uid), pid: Int32(pid))
  }

  /// Reads and writes give up after `milliseconds`, so a slow peer cannot hold this end.
  public func setTimeouts(milliseconds: Int32) {
    _ = twofold_socket_timeouts(descriptor, milliseconds)
  }

  /// Whether the other end has closed (or sent something nobody asked for): a connection kept
  /// between requests is checked so before it is used again.
  public var isClosedByPeer: Bool {
    var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&watched, 1, 0) != 0
  }

  /// Sends one frame.
  public func send(frame bytes: [UInt8]) throws(Failure) {
    var header = [UInt8](repeating: 0, count: 4)
    let count = UInt32(bytes.count)
    for index in 0..<4 { header[index] = UInt8((count >> UInt32(24 - 8 * index)) & 0xff) }
    var frame = header + bytes
    defer { wipe(&frame) }
    let result = frame.withUnsafeBytes { twofold_send_all(descriptor, $0.baseAddress, $0.count) }
    guard result == 0 else { throw Self.failure(-result, "cannot send") }
  }

  /// Receives one frame of at most `limit` bytes; nil when the peer closed before a new frame.
  /// A longer frame is refused before any of it is read.
  public func receiveFrame(limit: Int) throws(Failure) -> [UInt8]? {
    var header = [UInt8](repeating: 0, count: 4)
    guard try readExactly(&header, allowingEnd: true) else { return nil }
    let count = header.reduce(0) { $0 << 8 | Int($1) }
    guard count <= limit else {
      throw Failure(code: 0, reason: "a message of \(count) bytes is over the limit of \(limit)")
    }
    var body = [UInt8](repeating: 0, count: count)
    guard try readExactly(&body, allowingEnd: false) else { return nil }
    return body
  }

  private func readExactly(_ buffer: inout [UInt8], allowingEnd: Bool) throws(Failure) -> Bool {
    var filled = 0
    let total = buffer.count
    while filled < total {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, total - filled) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          throw Failure(code: ETIMEDOUT, reason: "the peer is too slow")
        }
        throw Self.failure(errno, "cannot receive")
      }
      if count == 0 {
        if filled == 0 && allowingEnd { return false }
        throw Failure(code: 0, reason: "the message ends early")
      }
      filled += count
    }
    return true
  }

  deinit { _ = closeDescriptor(descriptor) }

  private static func failure(_ code: Int32, _ what: String) -> Failure {
    Failure(code: code, reason: "\(what): \(String(cString: strerror(code)))")
  }
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
