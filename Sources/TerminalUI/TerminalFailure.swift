/// Why the full-screen app cannot run on this terminal.
public struct TerminalFailure: Error, Equatable, Sendable {
  /// One sentence for people.
  public var message: String

  /// Wraps a sentence.
  public init(_ message: String) { self.message = message }
}
