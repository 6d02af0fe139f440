import Foundation
import TestSupport
import Testing

/// `pick` with a stand-in menu program: what it is offered, what comes of its answer.
@Suite("pick with a dmenu-style menu")
struct PickCommandTests {
  let vault: DesktopVault

  init() throws { vault = try DesktopVault() }

  @Test("The menu is offered issuer, name and groups aligned, favorites first, and never a code or secret")
  func offered() throws {
    let menu = try vault.menu(choosing: nil, status: 1)
    _ = try vault.run(["pick", "--print"], ["TWOFOLD_MENU": menu])
    let offered = try #require(vault.read("offered"))
    #expect(
      offered == """
        Zed      z
        Example  alice@example.com  Work
        RFC      4226

        """)
    for secret in DesktopVault.codes + [DesktopVault.secret, "JBSWY3DPEHPK3PXP", "KRSXG5CTMVRXEZLU"] {
      #expect(!offered.contains(secret))
    }
  }

  @Test("--print prints the chosen account's code, and an HOTP counter advances once")
  func prints() throws {
    let output = try vault.run(["pick", "--print", "--menu", vault.menu(choosing: "RFC")])
    #expect(output.status == 0)
    #expect(output.stdout == DesktopVault.codes[0] + "\n")
    #expect(try vault.run(["code", "RFC"]).stdout == DesktopVault.codes[1] + "\n")
  }

  @Test(
    "A menu that fails, prints nothing or prints a line not offered is cancelled: status 1, nothing done",
    arguments: [(choice: String?.none, status: 1), (nil, 0), ("RFC", 1), ("4226", 0)])
  func cancelled(choice: String?, status: Int) throws {
    var menu = try vault.menu(choosing: choice, status: status)
    if choice == "4226" {
      // Prints only part of a line: not a line that was offered.
      menu = try vault.script("menu", "cat > /dev/null; echo 4226")
    }
    let output = try vault.run(["pick", "--print", "--menu", menu])
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(output.stderr.contains("cancelled"))
    #expect(try vault.run(["code", "RFC"]).stdout == DesktopVault.codes[0] + "\n")
  }

  @Test("A menu that crashes is a failure that says so, not a cancel: status 1, nothing done")
  func menuCrashes() throws {
    let menu = try vault.script("bemenu", "cat > /dev/null; kill -SEGV $$")
    let output = try vault.run(["pick", "--print", "--menu", menu])
    #expect(output.status == 1)
    #expect(output.stderr == "twofold: the menu program 'bemenu' crashed (signal 11)\n")
    #expect(try vault.run(["code", "RFC"]).stdout == DesktopVault.codes[0] + "\n")
  }

  @Test("pick QUERY offers only the matches")
  func query() throws {
    let output = try vault.run(["pick", "example", "--print", "--menu", vault.menu(choosing: "alice")])
    #expect(output.status == 0)
    #expect(output.stdout.count == 7)
    #expect(vault.read("offered") == "Example  alice@example.com  Work\n")
  }

  @Test("pick QUERY matching nothing is status 3 and runs no menu")
  func noMatch() throws {
    let output = try vault.run(["pick", "nothing", "--print", "--menu", vault.menu(choosing: "RFC")])
    #expect(output.status == 3)
    #expect(vault.read("offered") == nil)
  }

  @Test("--menu COMMAND is split by shell quoting and run without a shell")
  func menuWords() throws {
    let menu = try vault.menu(choosing: "RFC")
    let output = try vault.run([
      "pick", "--print", "--menu", "\(menu) --prompt 'two words' \"a \\\"b\\\"\" $HOME",
    ])
    #expect(output.status == 0)
    #expect(vault.read("arguments") == "4\n--prompt\ntwo words\na \"b\"\n$HOME\n")
  }

  @Test("$TWOFOLD_MENU names the menu when --menu does not, and --menu wins over it")
  func menuVariable() throws {
    let menu = try vault.menu(choosing: "RFC")
    #expect(try vault.run(["pick", "--print"], ["TWOFOLD_MENU": "\(menu) -v"]).status == 0)
    #expect(vault.read("arguments") == "1\n-v\n")
    #expect(try vault.run(["pick", "--print", "--menu", menu], ["TWOFOLD_MENU": "/nonexistent"]).status == 0)
  }

  @Test("Without any menu program, pick says what to install: status 1")
  func noMenu() throws {
    let output = try vault.run(["pick", "--print"], ["PATH": vault.folder.path("bin")])
    #expect(output.status == 1)
    #expect(output.stderr.contains("rofi") && output.stderr.contains("dmenu"))
  }

  @Test("--type hands the code to the typing tool on its standard input, never as an argument")
  func typesThroughStandardInput() throws {
    let tool = try vault.script(
      "xdotool",
      "here=\"$(dirname \"$0\")/..\"; printf '%s\\n' \"$@\" > \"$here/typing-arguments\"; cat > \"$here/typed\""
    )
    _ = tool
    let output = try vault.run(
      ["pick", "--type", "--menu", vault.menu(choosing: "RFC")], ["DISPLAY": ":0"])
    #expect(output.status == 0)
    #expect(output.stdout == "")
    #expect(vault.read("typed") == DesktopVault.codes[0])
    let arguments = try #require(vault.read("typing-arguments"))
    #expect(arguments == "type\n--delay\n20\n--clearmodifiers\n--file\n-\n")
  }

  @Test("code QUERY --type types the code the same way")
  func codeTypes() throws {
    try vault.script(
      "wtype",
      "here=\"$(dirname \"$0\")/..\"; printf '%s\\n' \"$@\" > \"$here/typing-arguments\"; cat > \"$here/typed\""
    )
    let output = try vault.run(["code", "RFC", "--type"], ["WAYLAND_DISPLAY": "wayland-0"])
    #expect(output.status == 0)
    #expect(output.stdout == "")
    #expect(vault.read("typed") == DesktopVault.codes[0])
    #expect(vault.read("typing-arguments") == "-s\n100\n-\n", "a pause after the keyboard is set up")
  }

  @Test(
    "Without a typing tool, --type is status 1 naming what to install, and no counter advances",
    arguments: [
      (["DISPLAY": ":0"], "xdotool"), (["WAYLAND_DISPLAY": "wayland-0"], "wtype"), ([:], "ydotool"),
    ])
  func noTypingTool(session: [String: String], hint: String) throws {
    let menu = try vault.menu(choosing: "RFC")
    let bare = session.merging(["PATH": vault.folder.path("bin")]) { $1 }
    for arguments in [["code", "RFC", "--type"], ["pick", "--type", "--menu", menu]] {
      let output = try vault.run(arguments, bare)
      #expect(output.status == 1)
      #expect(output.stderr.contains(hint), "\(output.stderr)")
    }
    #expect(vault.read("offered") == nil, "the menu ran before the typing tool was found")
    #expect(try vault.run(["code", "RFC"]).stdout == DesktopVault.codes[0] + "\n")
  }

  @Test("A typing tool that fails is status 1, and no counter advances")
  func typingFails() throws {
    try vault.script("xdotool", "cat > /dev/null; exit 1")
    for arguments in [
      ["code", "RFC", "--type"], ["pick", "--type", "--menu", try vault.menu(choosing: "RFC")],
    ] {
      let output = try vault.run(arguments, ["DISPLAY": ":0"])
      #expect(output.status == 1)
      #expect(output.stderr.contains("xdotool failed"))
    }
    #expect(try vault.run(["code", "RFC"]).stdout == DesktopVault.codes[0] + "\n")
  }

  @Test("--type still takes the OTP type on add, and is a switch on code and pick")
  func typeOption() throws {
    #expect(try vault.run(["code", "--type=hotp", "RFC"]).status == 2)
    #expect(try vault.run(["pick", "--copy", "--print"]).status == 2)
    let added = try vault.run(["--type", "hotp", "add", "--issuer", "Other", "--secret", DesktopVault.secret])
    #expect(added.status == 0)
  }

  @Test("--copy (the default) puts the code on the clipboard, as code --copy does")
  func copies() throws {
    let clipboard = try FakeClipboard()
    let output = try vault.run(
      ["pick", "RFC", "--menu", vault.menu(choosing: "RFC")],
      ["PATH": clipboard.environment["PATH"]!, "DISPLAY": ":0", "TWOFOLD_CLIPBOARD_SECONDS": "0"])
    #expect(output.status == 0)
    #expect(output.stderr.hasPrefix("copied to the clipboard with xclip"))
    #expect(clipboard.calls.first?.action == "copy")
    // The clearing process is done before the test's folders go.
    #expect(waitUntil(deadline: 10) { clipboard.calls.count >= 3 })
  }
}

extension PickCommandTests {
  @Test(
    "A menu command that cannot be split, or is empty, is a usage error", arguments: ["menu 'open", "", "  "])
  func unreadableMenu(command: String) throws {
    let output = try vault.run(["pick", "--print", "--menu", command])
    #expect(output.status == 2)
    #expect(vault.read("offered") == nil)
  }
}

@Suite("pick through the agent")
struct PickThroughAgentTests {
  @Test("While the agent holds the key, pick asks no password and advances the HOTP counter in the vault")
  func pickThroughTheAgent() throws {
    let session = try AgentSession()
    try session.makeVault()
    #expect(try session.direct(["unlock"]).status == 0)
    let menu = try session.folder.script("menu", "grep -F -m 1 RFC")
    let picked = try session.run(["pick", "--print", "--menu", menu])
    #expect(picked.status == 0, "\(picked.stderr)")
    #expect(picked.stdout == "755224\n")
    #expect(try session.direct(["code", "RFC:hotp", "--no-agent"]).stdout == "287082\n")
  }
}
