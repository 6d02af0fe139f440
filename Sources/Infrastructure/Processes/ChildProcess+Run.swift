extension ChildProcess {
  /// How a program run to its end went: its exit and what it printed.
  struct Finished {
    /// How it ended.
    let exit: Exit
    /// Its standard output, at most the limit asked for.
    let output: [UInt8]
  }

  /// Runs `executable arguments…` without a shell, gives it `input` on its standard input (else
  /// `/dev/null`), and collects its standard output until it ends, up to `outputLimit` bytes
  /// (more is a failure) and never past `timeLimit` seconds (then it is killed). Nil when it
  /// cannot start. Variables holding secrets are left out of its environment.
  static func run(
    _ executable: String, arguments: [String], input: [UInt8]?, timeLimit: Double, outputLimit: Int
  ) -> Finished? {
    guard
      let child = ChildProcess(
        executable, arguments: arguments, environment: POSIX.environment(without: POSIX.secretVariables),
        writable: input != nil, quiet: false, timeLimit: timeLimit)
    else { return nil }
    if let input { _ = child.send(input) }
    child.closeInput()
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { child.receive(into: $0) }
      if count <= 0 {
        if count < 0 { return Finished(exit: child.finish(within: 0), output: []) }
        break
      }
      output += chunk[0..<count]
      if output.count > outputLimit { return Finished(exit: child.finish(within: 0), output: []) }
    }
    let exit = child.finish(within: max(0, child.deadline - POSIX.monotonicSeconds()))
    return Finished(exit: exit, output: output)
  }
}
