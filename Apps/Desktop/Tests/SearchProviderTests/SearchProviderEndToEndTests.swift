import Foundation
import OTP
import TestSupport
import Testing

/// The built provider activated from its packaged service file on a private session bus, every
/// method called with `gdbus` as GNOME Shell and KRunner call them: silent while locked, then
/// answering from a real agent, copying codes to the clipboard of an X server in memory. (The
/// bus is a `dbus-daemon` of its own: it comes in the same package as `dbus-run-session`.)
@Suite(
  "Desktop search provider end to end", .serialized, .requires(.xvfb), .requires(.dbusRunSession),
  .requires(.gdbus), .requires(.xsel), .requires(.gioPython))
struct SearchProviderEndToEndTests {
  static let shell = "/io/github/twofold/Twofold/SearchProvider"
  static let runner = "/runner"
  static let shellInterface = "org.gnome.Shell.SearchProvider2"

  /// The TOTP codes of `secret` now and at the step before (the call may cross a step).
  static func recentCodes(_ secret: String) throws -> Set<String> {
    let generator = try CodeGenerator(try KeyURI(parsing: "otpauth://totp/x?secret=\(secret)").parameters)
    let now = Int64(Date().timeIntervalSince1970)
    return [try generator.code(at: now), try generator.code(at: now - 30)]
  }

  @Test("Locked: every method answers empty or refuses; nothing is copied, and choosing a result says why")
  func locked() throws {
    let session = try SearchSession()
    let ids = try session.makeVault()
    let github = ids["GitHub:octocat"]!
    #expect(try !session.providerRuns())
    let initial = try session.call(Self.shell, "\(Self.shellInterface).GetInitialResultSet", "['git']")
    #expect(initial.output == "(@as [],)", "\(initial.error)")
    #expect(try session.providerRuns(), "the call activated the provider from its service file")
    #expect(
      try session.call(Self.shell, "\(Self.shellInterface).GetSubsearchResultSet", "['\(github)']", "['git']")
        .output
        == "(@as [],)")
    #expect(
      try session.call(Self.shell, "\(Self.shellInterface).GetResultMetas", "['\(github)']").output
        == "(@aa{sv} [],)")
    let activated = try session.call(
      Self.shell, "\(Self.shellInterface).ActivateResult", github, "['git']", "0")
    #expect(activated.status != 0)
    #expect(activated.error.contains("io.github.twofold.Twofold.Error.Locked"), "\(activated.error)")
    #expect(try session.call(Self.runner, "org.kde.krunner1.Match", "git").output == "(@a(sssida{sv}) [],)")
    #expect(try session.call(Self.runner, "org.kde.krunner1.Run", github, "").status != 0)
    #expect(try session.call(Self.runner, "org.kde.krunner1.Actions").output == "(@a(sss) [],)")
    #expect(try session.clipboard() == nil)
    // Choosing a result while locked is told (the shell shows no provider's error).
    let locked = "Code not copied | The vault is locked: open Twofold to unlock it"
    #expect(
      session.wait(seconds: 10) { session.shownNotifications().count == 2 }
        && session.shownNotifications() == [locked, locked], "\(session.shownNotifications())")
    // No agent was started, and no password asked: there is none to ask with.
    #expect(!session.agentRuns())
  }

  @Test("Unlocked: results, metas, matches, copies with notifications, faults, and the idle exit")
  func unlocked() throws {
    let session = try SearchSession()
    let ids = try session.makeVault()
    let (github, zurich, acme) = (ids["GitHub:octocat"]!, ids["Zürich Bank:alice"]!, ids["Acme:ops"]!)
    try session.applyIcons()
    try session.unlock()

    // Result sets: every term, folded, favorites first; none for nothing, too much or no match.
    let shell = { (method: String, arguments: [String]) throws -> SearchSession.Reply in
      let reply = try session.call(Self.shell, "\(Self.shellInterface).\(method)", arguments)
      return reply
    }
    #expect(try shell("GetInitialResultSet", ["['a']"]).output == "(['\(zurich)', '\(acme)', '\(github)'],)")
    #expect(try shell("GetInitialResultSet", ["['ZURICH', 'alice']"]).output == "(['\(zurich)'],)")
    #expect(try shell("GetInitialResultSet", ["['git', 'nothing']"]).output == "(@as [],)")
    #expect(try shell("GetInitialResultSet", ["@as []"]).output == "(@as [],)")
    let many = "[" + Array(repeating: "'a'", count: 5000).joined(separator: ", ") + "]"
    #expect(try shell("GetInitialResultSet", [many]).output == "(@as [],)")
    #expect(
      try shell("GetSubsearchResultSet", ["['\(zurich)', '\(acme)', '\(github)']", "['github']"]).output
        == "(['\(github)'],)")

    // Metas: the code of TOTP accounts, grouped, in the description and as clipboardText; none
    // for HOTP; the account's own icon where the vault holds one; nothing for unknown ids.
    let metas = try shell("GetResultMetas", ["['\(github)', '\(acme)', 'unknown']"]).output
    let code = try Self.recentCodes("JBSWY3DPEHPK3PXP").first { metas.contains("'clipboardText': <'\($0)'>") }
    #expect(code != nil, "\(metas)")
    let grouped = code.map { "\($0.prefix(3)) \($0.dropFirst(3))" } ?? "?"
    #expect(metas.contains("'name': <'GitHub'>, 'description': <'\(grouped) · octocat'>"), "\(metas)")
    #expect(metas.contains("'icon': <('bytes', <[byte 0x3c, 0x73, 0x76, 0x67"), "GitHub's SVG icon: \(metas)")
    #expect(
      metas.contains(
        "{'id': <'\(acme)'>, 'name': <'Acme'>, 'description': <'ops'>, 'gicon': <'io.github.twofold.Twofold'>}"
      ), "\(metas)")
    #expect(!metas.contains("unknown"))

    // KRunner: the code in the subtext.
    let match = try session.call(Self.runner, "org.kde.krunner1.Match", "zurich").output
    let zurichCode = try Self.recentCodes("KRSXG5CTMVRXEZLU").map { "\($0.prefix(3)) \($0.dropFirst(3))" }
      .first { match.contains("{'subtext': <'\($0) · Copy the code'>}") }
    #expect(
      zurichCode.map {
        match
          == "([('\(zurich)', 'Zürich Bank: alice', 'io.github.twofold.Twofold', 100, 1.0, {'subtext': <'\($0) · Copy the code'>})],)"
      } == true, "\(match)")

    // Activating copies (the HOTP code of counter 0: listing advanced nothing), notifies the
    // account's name without the code, and the clipboard is emptied after its lifetime.
    let run = try session.call(Self.runner, "org.kde.krunner1.Run", acme, "")
    // (xsel serves the clipboard from a child it leaves behind: the copy shows once that owns it.)
    #expect(run.status == 0, "\(run.error)")
    #expect(try session.wait(seconds: 10) { try session.clipboard() == "755224" })
    let activated = try shell("ActivateResult", [github, "['git']", "0"])
    #expect(activated.status == 0, "\(activated.error)")
    var copied: String?
    #expect(
      try session.wait(seconds: 10) {
        copied = try session.clipboard()
        return try copied.map { try Self.recentCodes("JBSWY3DPEHPK3PXP").contains($0) } == true
      }, "\(copied ?? "nothing")")
    #expect(try session.call(Self.runner, "org.kde.krunner1.Run", acme, "").status == 0)
    #expect(
      try session.wait(seconds: 10) { try session.clipboard() == "287082" },
      "the counter advanced once per copy")
    #expect(
      session.wait(seconds: 10) { session.shownNotifications().count == 3 },
      "\(session.shownNotifications())")
    #expect(
      Set(session.shownNotifications()) == [
        "Code copied | Acme: ops: cleared from the clipboard in \(SearchSession.clipboardSeconds) s",
        "Code copied | GitHub: octocat: cleared from the clipboard in \(SearchSession.clipboardSeconds) s",
      ])
    #expect(
      try session.wait(seconds: Double(SearchSession.clipboardSeconds) + 15) {
        try session.clipboard() == nil
      },
      "the copied code is cleared")

    // Faults: an unknown id, an unknown method.
    let unknown = try shell("ActivateResult", ["unknown", "@as []", "0"])
    #expect(unknown.error.contains("io.github.twofold.Twofold.Error.NotFound"), "\(unknown.error)")
    #expect(try shell("Nothing", []).status != 0)

    // LaunchSearch opens the window with the terms in its search.
    #expect(try shell("LaunchSearch", ["['git', 'hub']", "0"]).status == 0)
    var windows: [Int32] = []
    #expect(
      session.wait(seconds: 20) {
        windows = SearchSession.processes(runningArguments: ["--search", "git hub"])
        return !windows.isEmpty
      })
    for pid in windows { kill(pid, SIGKILL) }

    // Locked between the result set and the metas: the metas are empty, activating refused.
    #expect(try shell("GetInitialResultSet", ["['git']"]).output == "(['\(github)'],)")
    try session.check(session.twofold(["lock"]))
    #expect(try shell("GetResultMetas", ["['\(github)']"]).output == "(@aa{sv} [],)")
    #expect(try shell("ActivateResult", [github, "['git']", "0"]).error.contains("Error.Locked"))

    // The agent killed: empty answers, and the provider lives on.
    try session.unlock()
    #expect(try shell("GetInitialResultSet", ["['git']"]).output == "(['\(github)'],)")
    session.stopAgent()
    #expect(try shell("GetInitialResultSet", ["['git']"]).output == "(@as [],)")
    #expect(try shell("GetResultMetas", ["['\(github)']"]).output == "(@aa{sv} [],)")
    #expect(try session.call(Self.runner, "org.kde.krunner1.Match", "git").output == "(@a(sssida{sv}) [],)")

    // Unused for its idle time, it leaves the bus; the next call starts it again.
    #expect(try session.wait(seconds: Double(SearchSession.idleSeconds) + 20) { try !session.providerRuns() })
    #expect(try shell("GetInitialResultSet", ["['git']"]).output == "(@as [],)")
  }

  @Test("Only the shells are answered: a plain peer finds nothing and copies nothing")
  func plainCaller() throws {
    let session = try SearchSession()
    let ids = try session.makeVault()
    let (github, acme) = (ids["GitHub:octocat"]!, ids["Acme:ops"]!)
    try session.unlock()
    let plain = { (path: String, method: String, arguments: [String]) throws -> SearchSession.Reply in
      try session.call(path, method, arguments, as: .plain)
    }
    let shell = "\(Self.shellInterface)."
    #expect(try plain(Self.shell, shell + "GetInitialResultSet", ["['git']"]).output == "(@as [],)")
    #expect(
      try plain(Self.shell, shell + "GetSubsearchResultSet", ["['\(github)']", "['git']"]).output
        == "(@as [],)")
    #expect(try plain(Self.shell, shell + "GetResultMetas", ["['\(github)']"]).output == "(@aa{sv} [],)")
    #expect(try plain(Self.runner, "org.kde.krunner1.Match", ["git"]).output == "(@a(sssida{sv}) [],)")
    #expect(try plain(Self.runner, "org.kde.krunner1.Actions", []).output == "(@a(sss) [],)")
    for (path, method, arguments) in [
      (Self.shell, shell + "ActivateResult", [github, "['git']", "0"]),
      (Self.runner, "org.kde.krunner1.Run", [acme, ""]),
      (Self.shell, shell + "LaunchSearch", ["['git']", "0"]),
    ] {
      let refused = try plain(path, method, arguments)
      #expect(refused.status == 0 && refused.output == "()", "\(method): \(refused.output) \(refused.error)")
    }
    #expect(try session.clipboard() == nil)
    #expect(session.shownNotifications() == [])
    #expect(SearchSession.processes(runningArguments: ["--search", "git"]).isEmpty)

    // The same calls from the shells are answered: each shell's name serves both interfaces,
    // and the HOTP code is the first (the refused Run spent none).
    #expect(
      try session.call(Self.shell, shell + "GetInitialResultSet", ["['git']"]).output == "(['\(github)'],)")
    #expect(
      try session.call(Self.shell, shell + "GetInitialResultSet", ["['git']"], as: .krunner).output
        == "(['\(github)'],)")
    #expect(try session.call(Self.runner, "org.kde.krunner1.Run", [acme, ""], as: .gnomeShell).status == 0)
    #expect(try session.wait(seconds: 10) { try session.clipboard() == "755224" })
  }

  @Test("Without a clipboard tool, activating spends no HOTP code and a notification says why")
  func noClipboardTool() throws {
    // The provider's PATH: a folder the session leaves empty, so no wl-copy, xclip or xsel.
    let session = try SearchSession(providerPath: "empty")
    try FileManager.default.createDirectory(
      atPath: session.folder.path("empty"), withIntermediateDirectories: true)
    let ids = try session.makeVault()
    try session.unlock()
    let run = try session.call(Self.runner, "org.kde.krunner1.Run", ids["Acme:ops"]!, "")
    #expect(run.error.contains("io.github.twofold.Twofold.Error.Failed"), "\(run.error)")
    #expect(
      session.wait(seconds: 10) { !session.shownNotifications().isEmpty }
        && session.shownNotifications() == [
          "Code not copied | Acme: ops: no clipboard tool found: install wl-clipboard (Wayland), xclip or xsel (X11)"
        ], "\(session.shownNotifications())")
    // The counter did not move: the next code is still the first.
    let code = try session.check(session.twofold(["code", "Acme:ops"]))
    #expect(code.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "755224", "\(code.stdout)")
  }

  @Test("With hide-codes on, no code is shown or given to the shell; activating still copies")
  func hiddenCodes() throws {
    let session = try SearchSession()
    let ids = try session.makeVault()
    _ = try session.folder.write("settings.json", #"{"hideCodes": true}"#)
    try session.unlock()
    let github = ids["GitHub:octocat"]!
    let metas = try session.call(Self.shell, "\(Self.shellInterface).GetResultMetas", "['\(github)']").output
    #expect(
      metas
        == "([{'id': <'\(github)'>, 'name': <'GitHub'>, 'description': <'octocat'>, 'gicon': <'io.github.twofold.Twofold'>}],)"
    )
    let match = try session.call(Self.runner, "org.kde.krunner1.Match", "github").output
    #expect(match.hasSuffix("{'subtext': <'Copy the code'>})],)"), "\(match)")
    #expect(
      try session.call(Self.shell, "\(Self.shellInterface).ActivateResult", github, "['git']", "0").status
        == 0)
    #expect(
      try session.wait(seconds: 10) {
        try session.clipboard().map { try Self.recentCodes("JBSWY3DPEHPK3PXP").contains($0) } == true
      })
  }

  @Test("X11: the copy is cleared after its lifetime unless the person copied since; every child is reaped")
  func clearingOnX11() throws {
    let session = try SearchSession()
    let ids = try session.makeVault()
    try session.unlock()
    let github = ids["GitHub:octocat"]!
    let activate = {
      try session.call(Self.shell, "\(Self.shellInterface).ActivateResult", github, "['git']", "0")
    }
    #expect(try activate().status == 0)
    #expect(try session.wait(seconds: 10) { try session.clipboard() != nil })
    let provider = try #require(try session.providerPID())
    #expect(
      try session.wait(seconds: Double(SearchSession.clipboardSeconds) + 15) {
        try session.clipboard() == nil
      })
    // Kept running by calls, it is left with no child, running or exited: no clearer left behind,
    // and the tools and their servers all reaped.
    #expect(
      try session.wait(seconds: 10) {
        _ = try session.call(Self.shell, "\(Self.shellInterface).GetInitialResultSet", "['git']")
        return SearchSession.children(of: provider).isEmpty
      }, "\(SearchSession.children(of: provider))")
    #expect(try session.providerPID() == provider)

    // Copied over by the person: their copy stays (the provider leaves the bus only once its
    // clear is done).
    #expect(try activate().status == 0)
    #expect(try session.wait(seconds: 10) { try session.clipboard() != nil })
    try session.copyAsPerson("mine")
    #expect(
      try session.wait(seconds: Double(SearchSession.clipboardSeconds + SearchSession.idleSeconds) + 20) {
        try !session.providerRuns()
      })
    #expect(try session.clipboard() == "mine")
  }

  @Test(
    "Wayland: the clear never runs wl-paste (it waits for focus) and ends the copy's server; every child is reaped"
  )
  func clearingOnWayland() throws {
    // Stand-in wl-clipboard: wl-copy keeps the text in a file and leaves a server behind, as
    // wl-copy does; wl-paste hangs, as it does while GNOME's overview holds the keyboard.
    let session = try SearchSession(providerPath: "wayland-tools", wayland: true)
    let tools = session.folder.path("wayland-tools")
    let (log, held, server) = (
      session.folder.path("tools.log"), session.folder.path("held"), session.folder.path("server")
    )
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    for (name, script) in [
      (
        "wl-copy",
        """
        #!/bin/sh
        echo "wl-copy $*" >> '\(log)'
        [ "$1" = --clear ] && exit 0
        /bin/cat > '\(held)'
        /bin/sleep 1000 < /dev/null > /dev/null 2>&1 &
        echo $! > '\(server)'
        """
      ),
      ("wl-paste", "#!/bin/sh\necho \"wl-paste $*\" >> '\(log)'\nexec /bin/sleep 1000\n"),
    ] {
      let path = try session.folder.write("wayland-tools/\(name)", script)
      chmod(path, 0o755)
    }
    let ids = try session.makeVault()
    try session.unlock()
    #expect(try session.call(Self.runner, "org.kde.krunner1.Run", ids["GitHub:octocat"]!, "").status == 0)
    let provider = try #require(try session.providerPID())
    let pid = try #require(
      Int32(
        try String(contentsOfFile: server, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(
      try Self.recentCodes("JBSWY3DPEHPK3PXP").contains(try String(contentsOfFile: held, encoding: .utf8)))
    // After the lifetime the server is ended and reaped, with no wl-paste run.
    #expect(
      session.wait(seconds: Double(SearchSession.clipboardSeconds) + 15) {
        !FileManager.default.fileExists(atPath: "/proc/\(pid)")
      }, "the copy's server is gone")
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "wl-copy \n", "no wl-paste, no clear tool")
    #expect(
      try session.wait(seconds: 10) {
        _ = try session.call(Self.shell, "\(Self.shellInterface).GetInitialResultSet", "['git']")
        return SearchSession.children(of: provider).isEmpty
      }, "\(SearchSession.children(of: provider))")
  }

  @Test(
    "A peer of another user is refused, even on a bus that admits it",
    .enabled(if: geteuid() == 0, "needs root, to call as another user through setpriv"))
  func otherUser() throws {
    let session = try SearchSession(otherUsers: true)
    let ids = try session.makeVault()
    try session.unlock()
    let nobody: UInt32 = 65_534
    let refused = try session.call(
      Self.shell, "\(Self.shellInterface).GetInitialResultSet", ["['git']"], uid: nobody)
    #expect(refused.status != 0)
    // Refused by the provider (the bus let the call through): its own words.
    #expect(refused.error.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(refused.error)")
    #expect(refused.error.contains("only the session's own user may search"), "\(refused.error)")
    #expect(
      try session.call(Self.runner, "org.kde.krunner1.Run", [ids["GitHub:octocat"]!, ""], uid: nobody).error
        .contains("AccessDenied"))
    #expect(try session.clipboard() == nil)
    let own = try session.call(Self.shell, "\(Self.shellInterface).GetInitialResultSet", ["['git']"])
    #expect(own.output == "(['\(ids["GitHub:octocat"]!)'],)", "\(own.error)")
  }
}
