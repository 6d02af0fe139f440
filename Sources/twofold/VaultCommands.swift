import Agent
import Arguments
import Crypto
import Data
import Domain
import Infrastructure
import OTP
import Presentation
import TerminalUI

/// The commands that read or change the vault: `init`, `add`, `list`, `code QUERY`, `show`,
/// `edit`, `remove`, `passwd`. Each maps domain errors to the contract's statuses.
struct VaultCommands {
  let environment: Environment
  let session: VaultSession
  let arguments: ParsedArguments

  init(environment: Environment, arguments: ParsedArguments, choices: VaultSession.Choices)
    throws(CommandFailure)
  {
    self.environment = environment
    self.arguments = arguments
    session = try VaultSession(options: arguments, environment: environment, choices: choices)
  }

  /// Says on standard error when Syncthing left conflict copies of the vault beside it
  /// (sync.md: the vault itself in a synced folder).
  func announceConflictCopies() {
    let count = VaultConflictCopies.paths(of: session.absolutePath).count
    guard let notice = Messages.conflictCopies(count) else { return }
    environment.standardError(notice + "\n")
  }

  /// Runs `body`, translating a domain error.
  func domain<Result>(_ body: () throws(DomainError) -> Result) throws(CommandFailure) -> Result {
    do {
      return try body()
    } catch {
      throw session.failure(error)
    }
  }

  /// A new password from the file `--OPTION` names, else typed twice on the terminal; with
  /// neither, status 2 naming `--OPTION` (not the vault's `--password-file`).
  func newPassword(option: String, prompt: String, named what: String) throws(CommandFailure) -> [UInt8] {
    do throws(DomainError) {
      return try session.passwords.newPassword(file: arguments.value(option), prompt: prompt)
    } catch .passwordRequired {
      throw .usage("there is no terminal to ask for \(what): use --\(option) FILE")
    } catch {
      throw session.failure(error)
    }
  }

  func initialize() throws(CommandFailure) {
    if session.storage.exists() { throw session.failure(.vaultExists) }
    try domain { () throws(DomainError) in
      var password: [UInt8]? = nil
      if !arguments.has("unencrypted") {
        if let file = arguments.value("password-file") {
          password = try PasswordSources.firstLine(of: file)
        } else if let variable = session.passwords.variable {
          password = Array(variable.utf8)
        } else {
          password = try session.passwords.newPassword(file: nil, prompt: "New vault password: ")
        }
        if password?.isEmpty == true { throw .invalidField(.password, "the password is empty") }
      }
      defer { if password != nil { wipe(&password!) } }
      try AegisVaultRepository.create(
        storage: session.storage, password: password, random: .secure, ids: session.ids)
    }
    let kind = arguments.has("unencrypted") ? "unencrypted vault" : "encrypted vault"
    environment.standardOutput("created an \(kind) at \(session.path)\n")
  }

  func add() throws(CommandFailure) {
    let new =
      try arguments.has("from-screen") ? accountFromScreen() : AccountInput(arguments: arguments).newAccount()
    let account = try domain { () throws(DomainError) in
      try AddAccount(repository: session.repository, ids: session.ids)(new)
    }
    environment.standardOutput("added \(account.label) (\(account.id))\n")
  }

  func list() throws(CommandFailure) {
    let contents = try domain { () throws(DomainError) in try session.repository.load() }
    var accounts = ListAccounts.sorted(contents.accounts)
    if let query = arguments.positionals.first {
      accounts = AccountQuery(query).matches(in: accounts)
    }
    let codes = try domain { () throws(DomainError) in
      try session.repository.codes(of: accounts, at: environment.now(), next: false)
    }
    if arguments.has("json") {
      AccountListing.json(codes, contents: contents, output: environment.standardOutput)
    } else {
      environment.standardOutput(AccountListing.table(codes, contents: contents))
    }
  }

  func code() throws(CommandFailure) {
    if arguments.has("copy") && arguments.has("type") { throw .usage("give --copy or --type, not both") }
    // The typing tool is found before anything is unlocked or a counter advanced.
    let keyboard = try arguments.has("type") ? desktop { () throws(DesktopError) in try typingTool() } : nil
    // The account and its code at once (one round trip to the agent); an HOTP account's code
    // is the next one, its counter advanced first (CurrentCode).
    let now = environment.now()
    let found = try domain { () throws(DomainError) in
      try session.repository.code(matching: AccountQuery(arguments.positionals[0]), at: now, next: false)
    }
    let account = found.account
    if let keyboard {
      try desktop { () throws(DesktopError) in
        try CurrentCode(repository: session.repository).deliver(account, at: now) {
          (code) throws(DesktopError) in try keyboard.type(code)
        }
      }
      return
    }
    let code = try domain { () throws(DomainError) in
      guard account.otp.type != .hotp else {
        return try CurrentCode(repository: session.repository)(account, at: now)
      }
      guard let code = found.code else {
        throw .cannotGenerate(found.problem ?? "no code for \(account.label)")
      }
      return code
    }
    environment.standardOutput(code + "\n")
    if arguments.has("copy") { try copy(code) }
  }

  func show() throws(CommandFailure) {
    // The Key URI and its QR code hold the secret: only the vault file itself, with the password, gives it.
    let printsSecret = arguments.has("uri") || arguments.has("qr")
    let repository: any VaultRepository = printsSecret ? session.direct : session.repository
    let contents = try domain { () throws(DomainError) in try repository.load() }
    let account = try domain { () throws(DomainError) in
      try AccountQuery(arguments.positionals[0]).select(in: contents.accounts)
    }
    let uri = KeyURI(issuer: account.issuer, name: account.name, parameters: account.otp)
    if arguments.has("uri") {
      environment.standardOutput(uri.string + "\n")
      return
    }
    if arguments.has("qr") {
      switch qrPicture(uri.string) {
      case .success(let picture): environment.standardOutput(picture)
      case .failure(let failure): throw failure
      }
      return
    }
    environment.standardOutput(AccountListing.details(account, contents: contents))
  }

  func edit() throws(CommandFailure) {
    let account = try select()
    if arguments.has("favorite") && arguments.has("no-favorite") {
      throw .usage("give --favorite or --no-favorite, not both")
    }
    if arguments.values["group"] != nil && arguments.has("no-groups") {
      throw .usage("give --group or --no-groups, not both")
    }
    var changes = EditAccount.Changes(
      issuer: arguments.value("issuer"), name: arguments.value("name"), note: arguments.value("note"))
    if arguments.has("favorite") { changes.favorite = true }
    if arguments.has("no-favorite") { changes.favorite = false }
    if let groups = arguments.values["group"] { changes.groupNames = groups }
    if arguments.has("no-groups") { changes.groupNames = [] }
    guard changes != EditAccount.Changes() else {
      throw .usage("nothing to change: give --issuer, --name, --note, --group, --no-groups or --favorite")
    }
    let edited = try domain { () throws(DomainError) in
      try EditAccount(repository: session.repository, ids: session.ids)(account.id, changes)
    }
    environment.standardOutput("edited \(edited.label)\n")
  }

  func remove() throws(CommandFailure) {
    let account = try select()
    if !arguments.has("yes") {
      guard TerminalPrompt.isInteractive, TerminalPrompt.hasTerminal else {
        throw .usage("removing needs --yes when there is no terminal to confirm on")
      }
      let answer = TerminalPrompt().ask(
        "Remove \(account.label)? This cannot be undone. [y/N] ", secret: false)
      guard let answer, ["y", "yes"].contains(String(decoding: answer, as: UTF8.self).lowercased()) else {
        throw .failed("not removed")
      }
    }
    try domain { () throws(DomainError) in try RemoveAccount(repository: session.repository)(account.id) }
    environment.standardOutput("removed \(account.label)\n")
  }

  func changePassword() throws(CommandFailure) {
    _ = try domain { () throws(DomainError) in try session.direct.load() }
    var new = try newPassword(
      option: "new-password-file", prompt: "New vault password: ", named: "the new password")
    defer { wipe(&new) }
    try domain { () throws(DomainError) in try ChangePassword(credentials: session.direct)(new) }
    // The agent would lock it at its next use anyway: the key slots changed.
    if session.agent.isEnabled {
      _ = try? session.agent.client.send(.lock(vault: AgentProcess.absolutePath(session.path)))
    }
    environment.standardOutput("password changed for \(session.path)\n")
  }

  /// `text` as a QR code of half-block characters; on a terminal dark on light whatever its colours.
  func qrPicture(_ text: String) -> Result<String, CommandFailure> {
    switch LibQRencode.encode(text) {
    case .success(let modules):
      let lines = QRDrawing.lines(QRCode(size: modules.size, modules: modules.dark))
      let (start, end) = environment.isTerminal() ? ("\u{1b}[30;47m", "\u{1b}[0m") : ("", "")
      return .success(lines.map { start + $0 + end + "\n" }.joined())
    case .failure(let failure):
      return .failure(.failed(failure.message))
    }
  }

  private func select() throws(CommandFailure) -> Account {
    try domain { () throws(DomainError) in
      let query = AccountQuery(arguments.positionals[0])
      return try query.select(among: session.repository.accounts(matching: query))
    }
  }
}
