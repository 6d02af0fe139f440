import Foundation
import TestSupport
import Testing

/// `code --type`, `pick --type`, `--copy` and `add --from-screen` on a real Wayland compositor
/// (a headless sway, run as an unprivileged user): keys typed by wtype into a GTK 3 entry and into
/// foot, a code chosen in fuzzel, the clipboard read back with wl-paste, and a QR code drawn by
/// `show --qr` in foot read back through grim.
@Suite("Typing, the clipboard and the screen in a Wayland session (headless sway)", .serialized)
struct WaylandDesktopTests {
  /// RFC 4226 Appendix D: the HOTP codes of counters 0 to 9 (`DesktopVault.codes` are the first two).
  static let codes = [
    "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489",
  ]

  @Test(
    "code QUERY --type types every digit into a GTK 3 entry, ten times in a row (wtype issue 46)",
    .requires(.sway), .requires(.wtype), .requires(.gtk3Python), .swayUser)
  func typesIntoGTK() throws {
    let sway = try session()
    defer { sway.stop() }
    let entry = try GTKEntry(on: sway)
    var typed: [String] = []
    for code in Self.codes {
      try #require(entry.clear(), "the entry was not emptied")
      let output = try twofold(sway, ["code", "RFC", "--type"])
      #expect(output.status == 0, "\(output.stderr)")
      #expect(output.stdout == "")
      waitUntil(deadline: 5) { entry.text == code }
      typed.append(entry.text ?? "(nothing)")
    }
    #expect(typed == Self.codes, "a digit lost is wtype issue 46")
  }

  @Test(
    "code QUERY --type types the code into foot", .requires(.sway), .requires(.wtype), .requires(.foot),
    .swayUser)
  func typesIntoFoot() throws {
    let sway = try session()
    defer { sway.stop() }
    let reader = "stty -icanon -echo && : > foot-ready && exec cat > foot-typed"
    try sway.start("foot", ["sh", "-c", reader], log: "foot.log")
    let shown = waitUntil(deadline: 30) { sway.read("foot-ready") != nil && sway.focusedAppID() == "foot" }
    try #require(shown, "foot did not show up focused: \(sway.read("foot.log") ?? "")")
    let output = try twofold(sway, ["code", "RFC", "--type"])
    #expect(output.status == 0, "\(output.stderr)")
    waitUntil(deadline: 10) { sway.read("foot-typed") == Self.codes[0] }
    #expect(sway.read("foot-typed") == Self.codes[0])
  }

  @Test(
    "pick QUERY --type --menu 'fuzzel --dmenu' types the code chosen in fuzzel into the GTK 3 entry",
    .requires(.sway), .requires(.wtype), .requires(.fuzzel), .requires(.gtk3Python), .swayUser)
  func picksWithFuzzel() throws {
    let sway = try session()
    defer { sway.stop() }
    let entry = try GTKEntry(on: sway)
    // With a keyboard, the entry tells when fuzzel takes it: then fuzzel is ready for Return.
    try sway.plugKeyboard()
    try #require(waitUntil(deadline: 10) { entry.focus == "yes" }, "the entry never got the keyboard")
    let pick = try sway.start(
      sway.folder.path("twofold"), ["pick", "RFC", "--type", "--menu", "fuzzel --dmenu"], vault(sway),
      log: "pick.log")
    let menuShown = waitUntil(deadline: 30) { entry.focus == "no" }
    try #require(menuShown, "fuzzel never took the keyboard: \(sway.read("pick.log") ?? "")")
    #expect(try sway.run("wtype", ["-k", "Return"]).status == 0)
    let finished = waitUntil(deadline: 20) { !pick.isRunning }
    try #require(finished, "pick did not finish: \(sway.read("pick.log") ?? "")")
    #expect(pick.terminationStatus == 0, "\(sway.read("pick.log") ?? "")")
    waitUntil(deadline: 5) { entry.text == Self.codes[0] }
    #expect(entry.text == Self.codes[0])
    #expect(try twofold(sway, ["code", "RFC"]).stdout == Self.codes[1] + "\n", "the counter advanced once")
  }

  @Test(
    "code QUERY --copy puts the code on the Wayland clipboard (wl-paste reads it) and clears it after",
    .requires(.sway), .requires(.wlClipboard), .swayUser)
  func copies() throws {
    let sway = try session()
    defer { sway.stop() }
    // Started, not run: Foundation learns that a process ended when a socket it hands the process
    // closes, and wl-copy's clipboard server inherits it, so `code` would seem to run until the
    // clipboard is cleared. Its last line says when it is done.
    let said = "copied to the clipboard with wl-copy; cleared in 4 s\n"
    let copy = try sway.start(
      sway.folder.path("twofold"), ["code", "RFC", "--copy"],
      vault(sway).merging(["TWOFOLD_CLIPBOARD_SECONDS": "4"]) { $1 }, log: "copy.log")
    let copied = waitUntil(deadline: 10) { sway.read("copy.log")?.hasSuffix(said) == true }
    try #require(copied, "code --copy said: \(sway.read("copy.log") ?? "")")
    #expect(sway.read("copy.log") == Self.codes[0] + "\n" + said)
    let pasted = try sway.run("wl-paste", ["--no-newline"])
    #expect(pasted.status == 0, "\(pasted.stderr)")
    #expect(pasted.stdout == Self.codes[0])
    let cleared = waitUntil(deadline: 15) {
      (try? sway.run("wl-paste", ["--no-newline"]))?.stdout == ""
    }
    #expect(cleared, "the code is still on the clipboard")
    #expect(waitUntil(deadline: 10) { !copy.isRunning } && copy.terminationStatus == 0)
  }

  @Test(
    "add --from-screen --whole-screen adds the account whose QR code show --qr draws in foot",
    .requires(.sway), .requires(.foot), .requires(.grim), .requires(.zbar), .requires(.png),
    .requires(.qrencode), .swayUser)
  func addsFromScreen() throws {
    let sway = try session()
    defer { sway.stop() }
    let show = "\"$0\" show RFC --qr; echo $? > qr-shown; exec cat"
    try sway.start("foot", ["sh", "-c", show, sway.folder.path("twofold")], vault(sway), log: "foot.log")
    let shown = waitUntil(deadline: 30) { sway.read("qr-shown") != nil && sway.focusedAppID() == "foot" }
    try #require(shown, "foot did not show the QR code: \(sway.read("foot.log") ?? "")")
    #expect(sway.read("qr-shown") == "0\n")
    let other = ["TWOFOLD_VAULT": sway.folder.path("other.json")]
    #expect(try twofold(sway, ["init"], other).status == 0)
    // foot may not have drawn it yet: read the screen until it has.
    var added = try twofold(sway, ["add", "--from-screen", "--whole-screen"], other)
    waitUntil(deadline: 10) {
      if added.status != 0 {
        added = (try? twofold(sway, ["add", "--from-screen", "--whole-screen"], other)) ?? added
      }
      return added.status == 0
    }
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasPrefix("added RFC:4226"))
    let listed = try twofold(sway, ["list", "--json"], other)
    let accounts = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
    #expect(
      accounts?.map { "\($0["issuer"] ?? ""):\($0["name"] ?? ""):\($0["type"] ?? "")" } == ["RFC:4226:hotp"])
    #expect(try twofold(sway, ["code", "RFC"], other).stdout == Self.codes[0] + "\n")
  }

  // MARK: Helpers

  /// Starts sway, copies the `twofold` binary into its folder and makes a vault there, as sway's
  /// user, with the RFC 4226 HOTP account.
  func session() throws -> Sway {
    let sway = try Sway()
    // Copied through a close-on-exec descriptor: a child another test forks meanwhile must not
    // hold it open for writing (running it would then fail with "Text file busy").
    let binary = try Data(contentsOf: TwofoldProcess.binary)
    try sway.folder.executable("twofold", [UInt8](binary))
    let created = try twofold(sway, ["init"])
    try #require(created.status == 0, "\(created.stderr)")
    let added = try twofold(
      sway, ["add", "--issuer", "RFC", "--name", "4226", "--type", "hotp", "--secret", DesktopVault.secret])
    try #require(added.status == 0, "\(added.stderr)")
    return sway
  }

  /// The variables that name the session's vault and its password, with no agent.
  func vault(_ sway: Sway) -> [String: String] {
    [
      "TWOFOLD_VAULT": sway.folder.path("vault.json"), "TWOFOLD_PASSWORD": "correct horse",
      "TWOFOLD_AGENT": "off",
    ]
  }

  /// Runs the session's `twofold arguments…` as sway's user, on the session's vault and `extra`.
  func twofold(_ sway: Sway, _ arguments: [String], _ extra: [String: String] = [:]) throws -> Sway.Output {
    try sway.run(sway.folder.path("twofold"), arguments, vault(sway).merging(extra) { $1 })
  }
}
