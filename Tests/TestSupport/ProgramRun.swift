import Foundation

/// Runs a program to its end, as tests start the tools they drive: the given variables only (or
/// the test's own), standard input from `stdin` or nothing, and both outputs collected whole
/// (standard error on a thread of its own, so a program that fills one pipe never stalls).
public enum ProgramRun {
  /// What one run produced.
  public struct Output: Sendable {
    /// Exit status.
    public var status: Int32
    /// Standard output.
    public var stdout: Data
    /// Standard error.
    public var stderr: Data
  }

  /// Runs `executable arguments…` in `directory` with `environment` and waits for it.
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
    stdin: Data? = nil
  ) throws -> Output {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice
    try process.run()
    if let input, let stdin {
      input.fileHandleForWriting.write(stdin)
      try input.fileHandleForWriting.close()
    }
    let errorData = Collected()
    let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errorData.wait()
    process.waitUntilExit()
    return Output(status: process.terminationStatus, stdout: outData, stderr: errData)
  }

  /// Bytes handed from the reading thread.
  private final class Collected: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ bytes: Data) {
      condition.lock()
      data = bytes
      condition.signal()
      condition.unlock()
    }

    func wait() -> Data {
      condition.lock()
      defer { condition.unlock() }
      while data == nil { condition.wait() }
      return data!
    }
  }
}
