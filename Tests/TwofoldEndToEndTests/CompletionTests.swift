import Foundation
import TestSupport
import Testing

/// `twofold completions bash|zsh|fish`: the scripts, run by their shells.
@Suite("Shell completions")
struct CompletionTests {
  static let commands = [
    "init", "add", "list", "code", "pick", "verify", "show", "edit", "remove", "demo", "import", "export",
    "passwd", "sync", "merge-driver", "unlock", "lock", "status", "keyring", "key", "browser", "icons",
    "agent",
    "browser-host",
    "completions", "help",
  ]
  static let importFormats = [
    "uris", "google", "aegis", "2fas", "andotp", "bitwarden", "freeotp-plus", "freeotp", "freeotp2",
    "stratum",
    "authy", "totp-authenticator", "steam", "duo", "proton", "battlenet", "google-db", "microsoft-db",
    "authenticator-plus", "qr",
  ]

  @Test(
    "Another shell is status 2 with one line naming bash, zsh and fish", arguments: ["tcsh", "powershell"])
  func unknownShell(shell: String) throws {
    let output = try TwofoldProcess.run(["completions", shell])
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.hasPrefix("twofold: ") && output.stderr.filter { $0 == "\n" }.count == 1)
    for name in ["bash", "zsh", "fish", shell] { #expect(output.stderr.contains(name), "\(name)") }
  }

  @Test("completions without a shell is status 2")
  func missingShell() throws {
    #expect(try TwofoldProcess.run(["completions"]).status == 2)
  }

  @Test("bash offers every command, and those starting with what is typed")
  func bashCommands() throws {
    let driver = try CompletionDriver()
    #expect(try driver.bash(["twofold", ""]) == Self.commands)
    #expect(try driver.bash(["twofold", "co"]) == ["code", "completions"])
    #expect(try driver.bash(["twofold", "--vault", "v.json", "ex"]) == ["export"])
    #expect(try driver.bash(["twofold", "help", "s"]) == ["show", "sync", "status"])
    #expect(try driver.bash(["twofold", "keyring", ""]) == ["enable", "disable", "status"])
    #expect(try driver.bash(["twofold", "browser", "b"]) == ["bind", "bindings"])
  }

  @Test("bash offers a command's options and the global ones")
  func bashOptions() throws {
    let driver = try CompletionDriver()
    let global = ["--vault", "--password-file", "--no-agent", "--help", "--version"]
    #expect(
      try driver.bash(["twofold", "code", "-"]) == global + ["--copy", "--type", "--uri", "--at", "--pin"])
    #expect(try driver.bash(["twofold", "-"]) == global)
    #expect(try driver.bash(["twofold", "help", "--m"]) == ["--man"])
    #expect(try driver.bash(["twofold", "import", "--s"]) == ["--skip-bad", "--source-password-file"])
  }

  @Test("bash leaves out options already given, except repeatable ones")
  func bashGivenOptions() throws {
    let driver = try CompletionDriver()
    #expect(
      try driver.bash(["twofold", "edit", "x", "--no-groups", "--no-"]) == ["--no-agent", "--no-favorite"])
    #expect(try driver.bash(["twofold", "add", "--group", "a", "--gr"]) == ["--group"])
    #expect(try driver.bash(["twofold", "add", "--note=a", "--no"]) == ["--no-agent"])
  }

  @Test("bash offers the --format values of import and of export")
  func bashFormats() throws {
    let driver = try CompletionDriver()
    #expect(try driver.bash(["twofold", "import", "--format", ""]) == Self.importFormats)
    #expect(
      try driver.bash(["twofold", "export", "--format", ""]) == ["aegis", "aegis-plain", "uris", "google-qr"])
    #expect(try driver.bash(["twofold", "export", "--format", "aegis"]) == ["aegis", "aegis-plain"])
    #expect(
      try driver.bash(["twofold", "--vault", "v", "import", "x", "--format", "goo"]) == [
        "google", "google-db",
      ])
  }

  @Test("bash completes --name=value after the = as bash splits it")
  func bashInlineValues() throws {
    let driver = try CompletionDriver()
    #expect(
      try driver.bash(["twofold", "export", "--format", "=", ""]) == [
        "aegis", "aegis-plain", "uris", "google-qr",
      ])
    #expect(
      try driver.bash(["twofold", "import", "--format", "=", "free"]) == [
        "freeotp-plus", "freeotp", "freeotp2",
      ])
    #expect(try driver.bash(["twofold", "add", "--type", "=", "s"]) == ["steam"])
  }

  @Test("bash offers the --type and --algorithm values of add")
  func bashTypeAndAlgorithm() throws {
    let driver = try CompletionDriver()
    #expect(
      try driver.bash(["twofold", "add", "--type", ""]) == ["totp", "hotp", "steam", "motp", "yandex"])
    #expect(try driver.bash(["twofold", "add", "--algorithm", "SHA"]) == ["SHA1", "SHA256", "SHA512"])
    #expect(try driver.bash(["twofold", "add", "--issuer", "x", "--algorithm", "M"]) == ["MD5"])
  }

  @Test("bash offers the shells of completions")
  func bashShells() throws {
    #expect(try CompletionDriver().bash(["twofold", "completions", ""]) == ["bash", "zsh", "fish"])
  }

  @Test(
    "bash offers file names where a file is expected",
    arguments: [
      ["twofold", "--vault", "ba"], ["twofold", "list", "--password-file", "ba"],
      ["twofold", "import", "ba"],
      ["twofold", "import", "x.json", "ba"], ["twofold", "export", "--output", "ba"],
      ["twofold", "passwd", "--new-password-file", "ba"], ["twofold", "sync", "ba"],
      ["twofold", "import", "--source-password-file", "ba"], ["twofold", "merge-driver", "a", "ba"],
      ["twofold", "export", "--export-password-file", "ba"], ["twofold", "code", "--vault", "=", "ba"],
    ])
  func bashFiles(words: [String]) throws {
    let driver = try CompletionDriver()
    try driver.folder.write("backup.2fas", "")
    try driver.folder.write("bar.txt", "")
    try driver.folder.write("other", "")
    #expect(try driver.bash(words).sorted() == ["backup.2fas", "bar.txt"])
  }

  @Test("bash offers nothing for a value that is typed (a code, a number)")
  func bashTypedValues() throws {
    let driver = try CompletionDriver()
    #expect(try driver.bash(["twofold", "add", "--digits", ""]).isEmpty)
    #expect(try driver.bash(["twofold", "code", "--at", ""]).isEmpty)
  }

  @Test("bash offers accounts of an unencrypted vault as issuer:name, escaped for the line")
  func bashQueriesOfUnencryptedVault() throws {
    let driver = try CompletionDriver()
    let vault = driver.folder.path("vault.json")
    #expect(try TwofoldProcess.run(["init", "--unencrypted", "--vault", vault]).status == 0)
    for uri in [
      "otpauth://totp/Git%20Hub:me@example.org?secret=JBSWY3DPEHPK3PXP",
      "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno",
    ] {
      #expect(try TwofoldProcess.run(["add", "--vault", vault, "--uri", uri]).status == 0)
    }
    #expect(
      try driver.bash(["twofold", "--vault", vault, "code", ""]) == [
        "Deno:Mason", "Git\\ Hub:me@example.org",
      ])
    #expect(try driver.bash(["twofold", "show", "--vault=\(vault)", "Gi"]) == ["Git\\ Hub:me@example.org"])
    // Bash replaces only what follows the last ':' or '@' it split the word at.
    #expect(
      try driver.bash(["twofold", "show", "Git\\ Hub", ":", "me", "@", "ex"], vault: vault) == ["example.org"]
    )
    #expect(try driver.bash(["twofold", "remove", "Deno", ":", ""], vault: vault) == ["Mason"])
    #expect(try driver.bash(["twofold", "list", "x"], vault: vault).isEmpty)
  }

  @Test("bash offers no accounts of an encrypted vault the agent does not hold, and asks no password")
  func bashQueriesOfLockedVault() throws {
    let session = try AgentSession()
    try session.makeVault()
    let askpass = try session.askpass(answer: AgentSession.password)
    let driver = try CompletionDriver(environment: session.environment.merging(askpass.variables) { $1 })
    let started = Date()
    #expect(try driver.bash(["twofold", "code", ""]).isEmpty)
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(askpass.count() == 0)
    #expect(try session.heldVaults().isEmpty)
  }

  @Test("bash offers the accounts the agent holds, without advancing an HOTP counter")
  func bashQueriesThroughAgent() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let askpass = try session.askpass(answer: nil)
    let driver = try CompletionDriver(environment: session.environment.merging(askpass.variables) { $1 })
    #expect(try driver.bash(["twofold", "show", ""]) == ["Deno:Mason", "RFC:hotp"])
    #expect(try driver.bash(["twofold", "code", "R"]) == ["RFC:hotp"])
    #expect(askpass.count() == 0)
    let listing = try session.run(["list", "--json"])
    #expect(listing.stdout.contains("\"counter\":0"))
  }

  @Test("zsh reads its script without a syntax error", .requires(.zsh))
  func zshSyntax() throws {
    let driver = try CompletionDriver()
    _ = try driver.run(OptionalDependency.path(of: "zsh")!, ["-n", try driver.script("zsh")])
    #expect(try TwofoldProcess.run(["completions", "zsh"]).stdout.hasPrefix("#compdef twofold\n"))
  }

  @Test("fish reads its script without a syntax error", .requires(.fish))
  func fishSyntax() throws {
    let driver = try CompletionDriver()
    _ = try driver.run(
      OptionalDependency.path(of: "fish")!, ["--no-config", "-n", try driver.script("fish")])
  }

  @Test("fish completes commands, options and values", .requires(.fish))
  func fishCompletes() throws {
    let driver = try CompletionDriver()
    #expect(try driver.fish("twofold ").sorted() == Self.commands.sorted())
    #expect(try driver.fish("twofold co") == ["code", "completions"])
    #expect(try driver.fish("twofold export --format ") == ["aegis", "aegis-plain", "google-qr", "uris"])
    #expect(
      try driver.fish("twofold import --format free").sorted() == ["freeotp", "freeotp-plus", "freeotp2"])
    #expect(try driver.fish("twofold add --type ") == ["hotp", "motp", "steam", "totp", "yandex"])
    #expect(
      try driver.fish("twofold help --").sorted()
        == ["--help", "--man", "--no-agent", "--password-file", "--vault", "--version"])
  }

  @Test("fish offers the accounts the agent holds", .requires(.fish))
  func fishQueries() throws {
    let session = try AgentSession()
    try session.makeVault()
    let driver = try CompletionDriver(environment: session.environment)
    #expect(try driver.fish("twofold show ").isEmpty)
    #expect(try session.direct(["unlock"]).status == 0)
    #expect(try driver.fish("twofold show ") == ["Deno:Mason", "RFC:hotp"])
  }
}

/// Completing at a real terminal: the script's `twofold list` never asks for a password on it.
@Suite("Shell completions at a terminal", .requires(.tmux))
struct TerminalCompletionTests {
  @Test("Tab on a QUERY asks nothing while the vault is locked, and offers accounts once it is unlocked")
  func neverPrompts() throws {
    let session = try AgentSession()
    try session.makeVault()
    let askpass = try session.askpass(answer: AgentSession.password)
    let driver = try CompletionDriver()
    let script = try driver.script("bash")
    var environment = session.environment.merging(askpass.variables) { $1 }
    environment["PATH"] = CompletionDriver.path
    environment["HOME"] = driver.folder.url.path
    let shell = try TmuxSession(
      ["--norc", "--noprofile", "-i"], environment: environment, width: 120, height: 20, program: "/bin/bash")
    try shell.type("source \(script); PS1='READY$ '\n")
    try shell.waitFor("READY$")
    try shell.type("twofold show De")
    try shell.press("Tab")
    // Bash reads the keys in order: the line below runs only once the completion returned, and
    // a completion that prompted on the terminal would have read it as a password instead.
    try shell.press("C-u")
    try shell.type("echo finished-$((6 * 7))\n")
    let locked = try shell.waitFor("finished-42")
    #expect(!locked.lowercased().contains("password"))
    #expect(askpass.count() == 0)

    #expect(try session.direct(["unlock"]).status == 0)
    try shell.type("twofold show De")
    try shell.press("Tab")
    try shell.waitFor("twofold show Deno:Mason")
    #expect(askpass.count() == 0)
  }
}

extension CompletionDriver {
  /// `bash(words)` with `TWOFOLD_VAULT` set to `vault`.
  fileprivate func bash(_ words: [String], vault: String) throws -> [String] {
    var driver = self
    driver.environment["TWOFOLD_VAULT"] = vault
    return try driver.bash(words)
  }
}
