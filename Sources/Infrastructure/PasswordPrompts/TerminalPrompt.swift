#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Questions asked on the controlling terminal (`/dev/tty`), answers read without echo when secret.
public struct TerminalPrompt: Sendable {
  /// Creates a prompt on `/dev/tty`.
  public init() {}

  /// Whether standard input is a terminal.
  public static var isInteractive: Bool { isatty(0) == 1 }

  /// Whether a controlling terminal exists to ask on.
  public static var hasTerminal: Bool {
    let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    return isatty(0) == 1 || isatty(2) == 1
  }

  /// Asks `question` and reads one line; with `secret`, typing is not echoed. Nil without a terminal or on end of input.
  public func ask(_ question: String, secret: Bool) -> [UInt8]? {
    let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var saved = termios()
    let hasAttributes = tcgetattr(descriptor, &saved) == 0
    if secret && hasAttributes {
      var quiet = saved
      quiet.c_lflag &= ~tcflag_t(ECHO)
      quiet.c_lflag |= tcflag_t(ECHONL)
      tcsetattr(descriptor, TCSAFLUSH, &quiet)
    }
    defer { if secret && hasAttributes { tcsetattr(descriptor, TCSAFLUSH, &saved) } }
    _ = question.withCString { write(descriptor, $0, strlen($0)) }
    var line: [UInt8] = []
    line.reserveCapacity(1024)  // so a typed password is not left behind in outgrown buffers
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return line.isEmpty ? nil : line }
      if byte == UInt8(ascii: "\n") { break }
      line.append(byte)
    }
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    return line
  }
}
