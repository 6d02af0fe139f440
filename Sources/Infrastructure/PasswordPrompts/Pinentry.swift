import Crypto

/// Asks for a password through a pinentry program, the dialog GnuPG uses, speaking the Assuan
/// protocol on its standard input and output (pinentry manual, "Protocol"). The password only
/// ever travels through the pipe from pinentry: never in arguments, the environment or a log.
enum Pinentry {
  /// The longest password kept: the buffer is reserved once at this size, so it never grows
  /// into a copy left behind in freed memory.
  static let passwordLimit = 4096

  /// Runs `executable`, shows `description` and `prompt` under the title "Twofold", and returns
  /// what the user typed. Unavailable when it cannot start or does not greet; cancelled on `ERR`
  /// to `GETPIN` (the user cancelled, or pinentry failed), on anything it does not understand,
  /// and at the end of `timeLimit` seconds. An `ERR` to a setting other than a cancel is ignored
  /// (an older pinentry may not know `SETTITLE`).
  static func ask(
    _ executable: String, prompt: String, description: String, environment: [String], timeLimit: Double
  ) -> AskpassPrompt.Outcome {
    guard
      let child = ChildProcess(
        executable, arguments: [], environment: environment, writable: true, quiet: true,
        timeLimit: timeLimit)
    else { return .unavailable }
    var line: [UInt8] = []
    line.reserveCapacity(AssuanCodec.lineLimit + 1)
    defer { wipe(&line) }
    guard readLine(from: child, into: &line), case .ok = AssuanCodec.classify(line) else {
      return .unavailable
    }
    let settings = [("SETTITLE", "Twofold"), ("SETDESC", description), ("SETPROMPT", prompt)]
    var noData: [UInt8] = []
    for (name, argument) in settings {
      guard child.send(AssuanCodec.command(name, argument)) else { return end(child, .cancelled) }
      switch reply(from: child, line: &line, data: &noData, limit: 0) {
      case .ok: continue
      case .error(let code, _) where code != AssuanCodec.cancelledCode: continue
      default: return end(child, .cancelled)
      }
    }
    var password: [UInt8] = []
    password.reserveCapacity(passwordLimit)
    guard child.send(Array("GETPIN\n".utf8)),
      case .ok = reply(from: child, line: &line, data: &password, limit: passwordLimit)
    else {
      wipe(&password)
      return end(child, .cancelled)
    }
    return end(child, .password(password))
  }

  /// Says `BYE` and gives pinentry two seconds to close its window before it is killed.
  private static func end(_ child: ChildProcess, _ outcome: AskpassPrompt.Outcome) -> AskpassPrompt.Outcome {
    _ = child.send(Array("BYE\n".utf8))
    _ = child.finish(within: 2)
    return outcome
  }

  /// The final response to a request, skipping status lines and comments; `D` lines go into
  /// `data` (an `.error` when they would not fit in `limit` bytes or cannot be decoded).
  private static func reply(
    from child: ChildProcess, line: inout [UInt8], data: inout [UInt8], limit: Int
  ) -> AssuanCodec.Response {
    while readLine(from: child, into: &line) {
      let response = AssuanCodec.classify(line)
      switch response {
      case .status, .comment: continue
      case .data:
        do throws(AssuanCodec.Failure) {
          try AssuanCodec.appendData(of: line, to: &data, limit: limit)
        } catch {
          return .error(code: 0, message: "unreadable data")
        }
      default: return response
      }
    }
    return .error(code: 0, message: "no answer")
  }

  /// Reads one line without its LF into `line`, a byte at a time so nothing of the next line
  /// is read ahead; false at the end, on a failure, past the deadline or past the line limit.
  private static func readLine(from child: ChildProcess, into line: inout [UInt8]) -> Bool {
    wipe(&line)
    line.removeAll(keepingCapacity: true)
    var byte: UInt8 = 0
    while line.count <= AssuanCodec.lineLimit {
      let count = withUnsafeMutableBytes(of: &byte) { child.receive(into: $0) }
      guard count == 1 else { return false }
      if byte == UInt8(ascii: "\n") { return true }
      line.append(byte)
    }
    return false
  }
}
