import Crypto

/// Asks for a password through the program `$TWOFOLD_ASKPASS` names, the way `SSH_ASKPASS` and
/// `GIT_ASKPASS` work: it gets the prompt as its one argument (no shell), and the first line of
/// its standard output is the password.
enum AskpassProgram {
  /// The most output read before its first line must have ended.
  static let outputLimit = 1 << 16

  /// Runs `executable PROMPT` with its standard input on `/dev/null` and its standard error
  /// this process's. The password is the first line it prints, without its `\n` and a `\r`
  /// before it; what follows is read and dropped, so a program that prints more is not killed
  /// by SIGPIPE. Printing nothing and exiting 0 gives an empty password (as with `SSH_ASKPASS`:
  /// the caller decides whether an empty password will do). Cancelled when it exits with a
  /// status other than 0, is killed, prints a first line longer than `outputLimit`, or is still
  /// running after `timeLimit` seconds (then it is killed); unavailable when it cannot start.
  static func ask(
    _ executable: String, prompt: String, environment: [String], timeLimit: Double
  ) -> AskpassPrompt.Outcome {
    guard
      let child = ChildProcess(
        executable, arguments: [prompt], environment: environment, writable: false, quiet: false,
        timeLimit: timeLimit)
    else { return .unavailable }
    var output = [UInt8](repeating: 0, count: outputLimit)
    defer { wipe(&output) }
    guard let lineEnd = readFirstLine(from: child, into: &output), drain(child) else { return .cancelled }
    guard child.finish(within: child.deadline - POSIX.monotonicSeconds()) == .status(0) else {
      return .cancelled
    }
    let end = lineEnd > 0 && output[lineEnd - 1] == UInt8(ascii: "\r") ? lineEnd - 1 : lineEnd
    return .password(Array(output[..<end]))
  }

  /// Reads into `output` until a `\n` or the end of the output, and returns where the line
  /// ends; nil on a failure, past the deadline, or when `output` fills up before the line ends.
  private static func readFirstLine(from child: ChildProcess, into output: inout [UInt8]) -> Int? {
    var count = 0
    while count < output.count {
      let got = output.withUnsafeMutableBytes {
        child.receive(into: UnsafeMutableRawBufferPointer(rebasing: $0[count...]))
      }
      if got < 0 { return nil }
      if got == 0 { return count }
      if let newline = output[count..<(count + got)].firstIndex(of: UInt8(ascii: "\n")) { return newline }
      count += got
    }
    return nil
  }

  /// Reads and drops the rest of the output until its end; false on a failure or past the deadline.
  private static func drain(_ child: ChildProcess) -> Bool {
    var scratch = [UInt8](repeating: 0, count: 4096)
    defer { wipe(&scratch) }
    while true {
      let got = scratch.withUnsafeMutableBytes { child.receive(into: $0) }
      if got <= 0 { return got == 0 }
    }
  }
}
