import Crypto

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A connection to the session bus that makes method calls and waits for their replies (the
/// D-Bus specification: `EXTERNAL` authentication, message format, `Hello`), every read and
/// write bounded by one deadline. What a statically linked `twofold` talks to the Secret
/// Service with, where libsecret cannot be loaded.
final class DBusConnection {
  /// Why a call did not return.
  enum Failure: Error {
    /// No bus to connect to (the reason says why).
    case noBus(String)
    /// The peer answered with a D-Bus error.
    case error(name: String, message: String)
    /// The deadline passed.
    case timedOut
    /// The connection failed or the bus sent something unreadable.
    case failed(String)
  }

  /// The time every call of this connection shares, in milliseconds.
  let milliseconds: Int
  private let descriptor: Int32
  private let deadline: Int64
  private var serial: UInt32 = 0
  /// Bytes read past the last message.
  private var pending: [UInt8] = []

  /// Connects to the session bus of `variables` (`DBUS_SESSION_BUS_ADDRESS`, else
  /// `$XDG_RUNTIME_DIR/bus`), authenticates and says `Hello`, all within `milliseconds`.
  init(variables: [String: String], milliseconds: Int) throws(Failure) {
    self.milliseconds = milliseconds
    deadline = Self.now() + Int64(milliseconds)
    pending.reserveCapacity(1 << 16)  // grown rarely, so few stale copies of what it held
    guard let socket = Self.connect(variables: variables) else {
      throw .noBus("no session bus at \(Self.addressDescription(variables))")
    }
    descriptor = socket
    try authenticate()
    _ = try call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
      member: "Hello")
  }

  deinit {
    wipe(&pending)
    close(descriptor)
  }

  /// Calls `member` and returns the reply's values.
  func call(
    destination: String, path: String, interface: String, member: String, _ arguments: [DBusValue] = []
  ) throws(Failure) -> [DBusValue] {
    serial += 1
    let mine = serial
    var body = DBusWriter()
    for argument in arguments { body.write(argument) }
    defer { wipe(&body.bytes) }
    var fields: [DBusValue] = [
      .structure([.byte(1), .variant(.objectPath(path))]),
      .structure([.byte(2), .variant(.string(interface))]),
      .structure([.byte(3), .variant(.string(member))]),
      .structure([.byte(6), .variant(.string(destination))]),
    ]
    if !arguments.isEmpty {
      fields.append(.structure([.byte(8), .variant(.signature(arguments.map(\.signature).joined()))]))
    }
    var message = DBusWriter()
    message.bytes = [UInt8(ascii: "l"), 1, 0, 1]
    message.uint32(UInt32(body.bytes.count))
    message.uint32(mine)
    message.write(.array("(yv)", fields))
    message.align(8)
    message.bytes.append(contentsOf: body.bytes)
    defer { wipe(&message.bytes) }
    try send(message.bytes)
    while true {
      var reply = try receive()
      defer { wipe(&reply.bytes) }
      guard reply.replySerial == mine else { continue }  // a signal, or another reply
      var reader = DBusReader(bytes: reply.bytes, offset: reply.bodyOffset, littleEndian: reply.littleEndian)
      let values: [DBusValue]
      do throws(DBusReader.Malformed) {
        values = try reader.values(reply.signature)
      } catch {
        throw .failed("the bus sent an unreadable reply: \(error.reason)")
      }
      if reply.type == 3 {
        throw .error(name: reply.errorName ?? "", message: values.first?.text ?? "")
      }
      return values
    }
  }

  // MARK: - Connecting

  private static func connect(variables: [String: String]) -> Int32? {
    let address =
      variables["DBUS_SESSION_BUS_ADDRESS"]
      ?? variables["XDG_RUNTIME_DIR"].map { "unix:path=\($0)/bus" } ?? ""
    for entry in address.split(separator: ";") where entry.hasPrefix("unix:") {
      var keys: [String: String] = [:]
      for pair in entry.dropFirst(5).split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { keys[String(parts[0])] = unescape(parts[1]) }
      }
      if let path = keys["path"], let socket = connect(path: Array(path.utf8)) { return socket }
      if let name = keys["abstract"], let socket = connect(path: [0] + Array(name.utf8)) { return socket }
    }
    return nil
  }

  private static func addressDescription(_ variables: [String: String]) -> String {
    variables["DBUS_SESSION_BUS_ADDRESS"].map { "'\($0)'" }
      ?? "$XDG_RUNTIME_DIR/bus ($DBUS_SESSION_BUS_ADDRESS is not set)"
  }

  /// The value of an address key, its `%XX` escapes decoded.
  private static func unescape(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = text.utf8.makeIterator()
    while let byte = utf8.next() {
      if byte == UInt8(ascii: "%"), let high = utf8.next(), let low = utf8.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A connected stream socket to the Unix socket `path` (a leading 0 byte: an abstract name).
  private static func connect(path: [UInt8]) -> Int32? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !path.isEmpty, path.count < capacity else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
    #if os(Linux)
      let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { return nil }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path[0] == 0 ? 0 : 1))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, length) }
    }
    guard connected == 0 else {
      close(socket)
      return nil
    }
    return socket
  }

  private func authenticate() throws(Failure) {
    let uid = Array(String(getuid()).utf8).map { String($0, radix: 16) }.joined()
    try send([0] + Array("AUTH EXTERNAL \(uid)\r\n".utf8))
    let answer = try line()
    guard answer.hasPrefix("OK ") else { throw .failed("the session bus refused the connection: \(answer)") }
    try send(Array("BEGIN\r\n".utf8))
  }

  /// One line of the authentication exchange, without its `\r\n`.
  private func line() throws(Failure) -> String {
    while true {
      if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = pending[..<end].filter { $0 != UInt8(ascii: "\r") }
        pending.removeSubrange(...end)
        return String(decoding: line, as: UTF8.self)
      }
      try readMore()
    }
  }

  // MARK: - Messages

  private struct Message {
    var bytes: [UInt8]
    let type: UInt8
    let littleEndian: Bool
    let bodyOffset: Int
    let replySerial: UInt32?
    let signature: String
    let errorName: String?
  }

  private func receive() throws(Failure) -> Message {
    while pending.count < 16 { try readMore() }
    let littleEndian = pending[0] == UInt8(ascii: "l")
    guard littleEndian || pending[0] == UInt8(ascii: "B") else {
      throw .failed("the bus sent an unreadable message")
    }
    var fixed = DBusReader(bytes: Array(pending[0..<16]), offset: 4, littleEndian: littleEndian)
    let bodyLength: Int
    let fieldsLength: Int
    do throws(DBusReader.Malformed) {
      bodyLength = Int(try fixed.uint32())
      _ = try fixed.uint32()
      fieldsLength = Int(try fixed.uint32())
    } catch {
      throw .failed("the bus sent an unreadable message")
    }
    let bodyOffset = (16 + fieldsLength + 7) / 8 * 8
    let total = bodyOffset + bodyLength
    guard bodyLength <= 1 << 26, fieldsLength <= 1 << 26 else {
      throw .failed("the bus sent too large a message")
    }
    while pending.count < total { try readMore() }
    let bytes = Array(pending[0..<total])
    // The message may hold a secret: zero it where it was read before dropping it.
    for index in 0..<total { pending[index] = 0 }
    pending.removeSubrange(0..<total)
    var header = DBusReader(bytes: bytes, offset: 12, littleEndian: littleEndian)
    var replySerial: UInt32?
    var signature = ""
    var errorName: String?
    do throws(DBusReader.Malformed) {
      guard case .array(_, let fields) = try header.values("a(yv)").first else { throw .init(reason: "") }
      for case .structure(let field) in fields {
        guard field.count == 2, case .byte(let code) = field[0], case .variant(let value) = field[1] else {
          continue
        }
        switch (code, value) {
        case (4, .string(let name)): errorName = name
        case (5, .uint32(let number)): replySerial = number
        case (8, .signature(let text)): signature = text
        default: break
        }
      }
    } catch {
      throw .failed("the bus sent an unreadable message header")
    }
    return Message(
      bytes: bytes, type: bytes[1], littleEndian: littleEndian, bodyOffset: bodyOffset,
      replySerial: replySerial,
      signature: signature, errorName: errorName)
  }

  // MARK: - The socket, within the deadline

  private static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }

  /// Waits until the socket is ready for `events`, or throws `.timedOut` at the deadline.
  private func wait(for events: Int16) throws(Failure) {
    while true {
      let left = deadline - Self.now()
      guard left > 0 else { throw .timedOut }
      var poller = pollfd(fd: descriptor, events: events, revents: 0)
      let ready = poll(&poller, 1, Int32(min(left, Int64(Int32.max))))
      if ready > 0 { return }
      if ready < 0, errno != EINTR { throw .failed("the session bus connection failed (errno \(errno))") }
    }
  }

  private func send(_ bytes: [UInt8]) throws(Failure) {
    var sent = 0
    while sent < bytes.count {
      try wait(for: Int16(POLLOUT))
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw .failed("the session bus connection failed (errno \(errno))")
      }
      sent += count
    }
  }

  private func readMore() throws(Failure) {
    try wait(for: Int16(POLLIN))
    var buffer = [UInt8](repeating: 0, count: 4096)
    defer { wipe(&buffer) }
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR || errno == EAGAIN { return }
    guard count > 0 else { throw .failed("the session bus closed the connection") }
    pending.append(contentsOf: buffer[0..<count])
  }
}
