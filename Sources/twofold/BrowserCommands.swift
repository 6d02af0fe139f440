import Arguments
import Codecs
import Domain
import Infrastructure

/// `twofold browser bind|unbind|bindings|autofill` (CLI.md, "In the browser"): the sites each
/// account's codes may be filled on, in `browser.json`. The vault file is never changed.
struct BrowserCommands {
  let environment: Environment
  let arguments: ParsedArguments

  /// The action's arguments: the positionals after the action.
  private var operands: ArraySlice<String> { arguments.positionals.dropFirst() }

  /// Runs the action named by the first positional; false when it is not one of these.
  func run(_ action: String) throws(CommandFailure) -> Bool {
    if arguments.has("json"), action != "bindings" {
      throw .usage("--json only applies to 'browser bindings'")
    }
    switch action {
    case "bind": try bind()
    case "unbind": try unbind()
    case "bindings": try bindings()
    case "autofill": try autofill()
    default: return false
    }
    return true
  }

  private func bind() throws(CommandFailure) {
    guard operands.count == 2 else { throw .usage("'browser bind' needs QUERY and DOMAIN") }
    let domain = try site(operands.last!)
    let file = try bindingsFile()
    let commands = try VaultCommands(
      environment: environment, arguments: arguments, choices: VaultSession.Choices())
    let account = try select(operands.first!, commands, preferringIssuer: true)
    let added = try change(file) { $0.bind(account.id, to: domain) }
    let verb = added ? "bound" : "already bound:"
    environment.standardOutput("\(verb) \(account.label) to \(domain)\n")
  }

  private func unbind() throws(CommandFailure) {
    guard (1...2).contains(operands.count) else {
      throw .usage("'browser unbind' needs QUERY and at most one DOMAIN")
    }
    let domain: String? = try operands.count == 2 ? site(operands.last!) : nil
    let file = try bindingsFile()
    let commands = try VaultCommands(
      environment: environment, arguments: arguments, choices: VaultSession.Choices())
    let account = try select(operands.first!, commands)
    let removed = try change(file) { $0.unbind(account.id, from: domain) }
    guard !removed.isEmpty else {
      throw .failed("\(account.label) is not bound to \(domain ?? "any site")")
    }
    environment.standardOutput("unbound \(account.label) from \(removed.joined(separator: ", "))\n")
  }

  private func bindings() throws(CommandFailure) {
    guard operands.isEmpty else {
      throw .usage("unexpected argument '\(operands.first!)' for 'browser bindings'")
    }
    let file = try bindingsFile()
    var bindings = try load(file)
    var accounts: [Account] = []
    if !bindings.accounts.isEmpty {
      let commands = try VaultCommands(
        environment: environment, arguments: arguments, choices: VaultSession.Choices())
      let contents = try commands.domain { () throws(DomainError) in try commands.session.repository.load() }
      accounts = ListAccounts.sorted(contents.accounts)
      let existing = Set(accounts.map(\.id))
      if !bindings.missingAccounts(existing: existing).isEmpty {
        let dropped = try change(file) { $0.dropMissingAccounts(existing: existing) }
        let ids = dropped.map(\.rawValue).joined(separator: ", ")
        let noun = dropped.count == 1 ? "account" : "accounts"
        environment.standardError(
          "twofold: warning: dropped the bindings of \(dropped.count) \(noun) no longer in the vault (\(ids))\n"
        )
        bindings.dropMissingAccounts(existing: existing)
      }
    }
    let rows = accounts.flatMap { account in (bindings.accounts[account.id] ?? []).map { (account, $0) } }
    if arguments.has("json") {
      let objects = rows.map { account, domain in
        JSONValue.object(
          JSONObject([
            ("id", .string(account.id.rawValue)), ("issuer", .string(account.issuer)),
            ("name", .string(account.name)), ("domain", .string(domain)),
          ])
        ).serializedString()
      }
      environment.standardOutput(
        objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n")
      return
    }
    let width = min(40, rows.map { $0.1.count }.max() ?? 0)
    for (account, domain) in rows {
      let padding = String(repeating: " ", count: max(0, width - domain.count))
      environment.standardOutput(domain + padding + "  " + account.label + "\n")
    }
  }

  private func autofill() throws(CommandFailure) {
    let file = try bindingsFile()
    guard let setting = operands.first else {
      environment.standardOutput("autofill \(try load(file).autofill ? "on" : "off")\n")
      return
    }
    guard operands.count == 1, ["on", "off"].contains(setting) else {
      throw .usage("'browser autofill' takes on or off")
    }
    try change(file) { $0.autofill = setting == "on" }
    let meaning =
      setting == "on"
      ? "a page's code field is filled when you first focus it (or first click or type on a page that focused it)"
      : "a page's code field is filled on a click of its button"
    environment.standardOutput("autofill \(setting): \(meaning)\n")
  }

  /// The site `text` binds: a registrable domain, an IP address or localhost (status 2 otherwise).
  private func site(_ text: String) throws(CommandFailure) -> String {
    let list: PublicSuffixList
    switch PublicSuffixListFile.load(variables: environment.variables) {
    case .success(let loaded): list = loaded
    case .failure(let error): throw .failed(error.reason)
    }
    let fill = BrowserFill(list: list)
    if let site = fill.bindableSite(text) { return site }
    if let ascii = Punycode.asciiDomain(text), list.isPublicSuffix(ascii) {
      throw .usage("'\(text)' is a public suffix, shared by many owners: bind a domain under it")
    }
    throw .usage("'\(text)' is not a domain name or an IP address")
  }

  private func bindingsFile() throws(CommandFailure) -> BrowserBindingsFile {
    guard let file = BrowserBindingsFile(variables: environment.variables) else {
      throw .failed("no folder for browser.json: set $XDG_CONFIG_HOME or $HOME")
    }
    return file
  }

  /// The account `text` selects; for a bind, where several match, the one whose issuer `text`
  /// is exactly wins.
  private func select(_ text: String, _ commands: VaultCommands, preferringIssuer: Bool = false)
    throws(CommandFailure) -> Account
  {
    try commands.domain { () throws(DomainError) in
      let query = AccountQuery(text)
      let found = try commands.session.repository.accounts(matching: query)
      return try preferringIssuer ? query.selectPreferringIssuer(among: found) : query.select(among: found)
    }
  }

  private func load(_ file: BrowserBindingsFile) throws(CommandFailure) -> BrowserBindings {
    do throws(BrowserBindingsFile.Failure) {
      return try file.load()
    } catch {
      throw .failed(error.reason)
    }
  }

  @discardableResult
  private func change<Result>(
    _ file: BrowserBindingsFile, _ body: (inout BrowserBindings) -> Result
  ) throws(CommandFailure) -> Result {
    do throws(BrowserBindingsFile.Failure) {
      return try file.update { (bindings) throws(BrowserBindingsFile.Failure) in body(&bindings) }
    } catch {
      throw .failed(error.reason)
    }
  }
}
