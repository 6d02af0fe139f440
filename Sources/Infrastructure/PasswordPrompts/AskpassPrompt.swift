/// Asks for a password without a terminal: through the program `$TWOFOLD_ASKPASS`, else through
/// `pinentry` on a desktop.
public enum AskpassPrompt {
  /// What asking gave.
  public enum Outcome: Equatable, Sendable {
    /// The password's bytes; the caller wipes them when done.
    case password([UInt8])
    /// The user cancelled, or the program failed or took too long.
    case cancelled
    /// There is no way to ask.
    case unavailable
  }

  /// How long a program may take to answer, in seconds.
  static let timeLimit = 120.0

  /// Runs `$TWOFOLD_ASKPASS PROMPT` when the variable is set and not empty (a path, or a name
  /// looked up on `$PATH`; unavailable when no such program); else `pinentry` from `$PATH`
  /// when `$DISPLAY` or `$WAYLAND_DISPLAY` is set and not empty, showing `description` above
  /// `prompt`; else unavailable. `variables` are the process's environment variables; each
  /// program gets this process's environment without `$TWOFOLD_PASSWORD`.
  public static func ask(prompt: String, description: String, variables: [String: String]) -> Outcome {
    ask(
      prompt: prompt, description: description, variables: variables,
      environment: POSIX.environment(without: POSIX.secretVariables), timeLimit: timeLimit)
  }

  /// `ask(prompt:description:variables:)` with the programs' environment (`NAME=value`
  /// entries) and time limit given.
  static func ask(
    prompt: String, description: String, variables: [String: String], environment: [String],
    timeLimit: Double
  ) -> Outcome {
    let path = variables["PATH"]
    if let askpass = variables["TWOFOLD_ASKPASS"], !askpass.isEmpty {
      guard let executable = ChildProcess.find(askpass, path: path) else { return .unavailable }
      return AskpassProgram.ask(executable, prompt: prompt, environment: environment, timeLimit: timeLimit)
    }
    let display = GraphicalSession(variables: variables).isGraphical
    guard display, let pinentry = ChildProcess.find("pinentry", path: path) else { return .unavailable }
    return Pinentry.ask(
      pinentry, prompt: prompt, description: description, environment: environment, timeLimit: timeLimit)
  }
}
