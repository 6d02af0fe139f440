import Arguments
import Crypto
import Domain
import Infrastructure
import Synchronization

/// Where passwords come from (CLI.md): `--password-file` (first line), else a non-empty
/// `$TWOFOLD_PASSWORD`, else the terminal without echo; with none of them, status 2.
struct PasswordSources: Sendable {
  let passwordFile: String?
  let newPasswordFile: String?
  let variable: String?
  let variables: [String: String]
  /// Whether a terminal may be asked (not for the browser host's unlock: askpass only).
  let asksOnTerminal: Bool
  private let record = PromptRecord()

  init(options: ParsedArguments, variables: [String: String], asksOnTerminal: Bool = true) {
    self.asksOnTerminal = asksOnTerminal
    passwordFile = options.value("password-file")
    newPasswordFile = options.value("new-password-file")
    variable = variables["TWOFOLD_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
    self.variables = variables
  }

  /// Whether the vault password was asked of a person (terminal, askpass or pinentry).
  var wasAsked: Bool { record.asked.load(ordering: .relaxed) }

  /// The password that opens the vault: the file, the variable, the terminal, then
  /// `$TWOFOLD_ASKPASS` or pinentry; none of them is `.passwordRequired` (status 2), a
  /// cancelled askpass is `.cancelled` (status 1).
  func vaultPassword() throws(DomainError) -> [UInt8] {
    if let passwordFile { return try Self.firstLine(of: passwordFile) }
    if let variable { return Array(variable.utf8) }
    if let typed = record.typed.withLock({ $0 }) { return typed.withUnsafeBytes { Array($0) } }
    if asksOnTerminal, TerminalPrompt.hasTerminal,
      let typed = TerminalPrompt().ask("Vault password: ", secret: true)
    {
      record.asked.store(true, ordering: .relaxed)
      record.keep(typed)
      return typed
    }
    switch AskpassPrompt.ask(
      prompt: "Vault password:", description: "Twofold needs the password of the vault to unlock it.",
      variables: variables)
    {
    case .password(let typed):
      record.asked.store(true, ordering: .relaxed)
      record.keep(typed)
      return typed
    case .cancelled: throw .cancelled
    case .unavailable: throw .passwordRequired
    }
  }

  /// A new password (for `init` and `passwd`): from `file` when given, else typed twice.
  func newPassword(file: String?, prompt: String) throws(DomainError) -> [UInt8] {
    if let file { return try Self.firstLine(of: file) }
    guard TerminalPrompt.hasTerminal, var first = TerminalPrompt().ask(prompt, secret: true) else {
      throw .passwordRequired
    }
    var second = TerminalPrompt().ask("Repeat it: ", secret: true) ?? []
    defer { wipe(&second) }
    guard second == first else {
      wipe(&first)
      throw .invalidField(.password, "the two passwords differ")
    }
    return first
  }

  /// The first line of a file, without its line ending; the rest of what was read is wiped.
  static func firstLine(of path: String) throws(DomainError) -> [UInt8] {
    var bytes: [UInt8]
    switch LocalFiles.read(path) {
    case .success(let read): bytes = read
    case .failure(let error): throw .storage(error.reason)
    }
    defer { wipe(&bytes) }
    var line = Array(bytes.prefix { $0 != UInt8(ascii: "\n") })
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    return line
  }
}

/// Whether a person was asked for the password, and what they typed (so one command asks once,
/// even when it opens several files with it), shared by the copies of `PasswordSources`.
private final class PromptRecord: Sendable {
  let asked = Atomic<Bool>(false)
  let typed = Mutex<SecretBytes?>(nil)

  func keep(_ password: [UInt8]) {
    let kept = SecretBytes(count: password.count) { $0.copyBytes(from: password) }
    typed.withLock { $0 = kept }
  }
}
