import Foundation
import TestSupport
import Testing

/// `code --type` and `add`/`import --from-screen` against a real X server (Xvfb): keys typed into
/// an xterm, a QR code shown with feh and read back through maim and ZBar.
@Suite("Typing and reading the screen in an X session", .serialized)
struct DesktopSessionTests {
  @Test(
    "code QUERY --type and pick --type type the code into the focused window",
    .requires(.xvfb), .requires(.xdotool), .requires(.xterm), arguments: ["code", "pick"])
  func typesIntoAWindow(command: String) throws {
    let vault = try DesktopVault()
    let arguments =
      command == "code"
      ? ["code", "RFC", "--type"] : ["pick", "--type", "--menu", try vault.menu(choosing: "RFC")]
    let x = try XServer()
    defer { x.stop() }
    let (typed, ready) = (vault.folder.path("typed"), vault.folder.path("ready"))
    // The shell says when it reads: keys typed before xterm's child set up its terminal could be
    // flushed with the terminal's first settings.
    let reader = [
      "-geometry", "40x5+0+0", "-e", "sh", "-c",
      ": > '\(ready)'; read line; printf %s \"$line\" > '\(typed)'",
    ]
    let window = try x.startWindow("xterm", reader, class: "xterm")
    let focused = waitUntil(deadline: 30) {
      _ = x.output(of: "xdotool", ["windowfocus", "--sync", window])
      return vault.read("ready") != nil
        && x.output(of: "xdotool", ["getwindowfocus"])?.trimmingCharacters(in: .whitespacesAndNewlines)
          == window
    }
    try #require(focused, "xterm's shell did not start, or its window did not take the focus")
    let output = try vault.run(arguments, ["DISPLAY": x.display, "TWOFOLD_TYPE_DELAY_MS": "100"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(x.output(of: "xdotool", ["key", "Return"]) != nil)
    #expect(waitUntil(deadline: 10) { vault.read("typed") != nil })
    #expect(vault.read("typed") == DesktopVault.codes[0], "typed \(vault.read("typed") ?? "nothing")")
  }

  /// Shows a QR code of `text` on the display with feh and waits for its window.
  func show(_ text: String, on x: XServer, in vault: DesktopVault) throws {
    let picture = vault.folder.path("code.png")
    let encoder = try Process.run(
      URL(fileURLWithPath: try XServer.path("qrencode")), arguments: ["-s", "8", "-o", picture, text])
    encoder.waitUntilExit()
    try #require(encoder.terminationStatus == 0)
    _ = try x.startWindow("feh", ["--borderless", "--geometry", "+20+20", picture], class: "feh")
  }

  /// Runs `arguments` until it succeeds or 5 s pass (feh may not have drawn yet).
  func untilRead(_ arguments: [String], vault: DesktopVault, x: XServer) throws -> TwofoldProcess.Output {
    var output = try vault.run(arguments, ["DISPLAY": x.display])
    for _ in 0..<10 where output.status != 0 {
      usleep(500_000)
      output = try vault.run(arguments, ["DISPLAY": x.display])
    }
    return output
  }

  @Test(
    "add --from-screen --whole-screen adds the account of the QR code on the screen",
    .requires(.xvfb), .requires(.xdotool), .requires(.maim), .requires(.feh), .requires(.qrencodeProgram),
    .requires(.zbar), .requires(.png))
  func addsFromScreen() throws {
    let vault = try DesktopVault()
    let x = try XServer()
    defer { x.stop() }
    try show("otpauth://totp/Screen:bob?secret=MFRGGZDFMZTWQ2LK&issuer=Screen", on: x, in: vault)
    let output = try untilRead(
      ["add", "--from-screen", "--whole-screen", "--group", "Seen"], vault: vault, x: x)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasPrefix("added Screen"))
    let listed = try vault.run(["list", "screen", "--json"])
    #expect(listed.stdout.contains("\"bob\"") && listed.stdout.contains("Seen"))
    let dryRun = try untilRead(
      ["import", "--from-screen", "--whole-screen", "--dry-run"], vault: vault, x: x)
    #expect(dryRun.status == 0)
    #expect(dryRun.stderr.contains("1 duplicate"))
  }

  @Test(
    "import --from-screen imports every account of a Google Authenticator transfer code on the screen",
    .requires(.xvfb), .requires(.xdotool), .requires(.maim), .requires(.feh), .requires(.qrencodeProgram),
    .requires(.zbar), .requires(.png))
  func importsTransfer() throws {
    let vault = try DesktopVault()
    let x = try XServer()
    defer { x.stop() }
    let transfer = vault.folder.path("transfer.txt")
    #expect(try vault.run(["export", "--format", "google-qr", "--output", transfer]).status == 0)
    let text = try String(contentsOfFile: transfer, encoding: .utf8)
    let uri = try #require(text.split(separator: "\n").first { $0.hasPrefix("otpauth-migration://") })
    try show(String(uri), on: x, in: vault)
    let other = ["TWOFOLD_VAULT": vault.folder.path("other.json")]
    #expect(try vault.run(["init"], other).status == 0)
    var output = try vault.run(
      ["import", "--from-screen", "--whole-screen"], other.merging(["DISPLAY": x.display]) { $1 })
    for _ in 0..<10 where output.status != 0 {
      usleep(500_000)
      output = try vault.run(
        ["import", "--from-screen", "--whole-screen"], other.merging(["DISPLAY": x.display]) { $1 })
    }
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.hasSuffix("imported 3 accounts, 0 duplicates skipped, 0 failed\n"))
  }

  @Test(
    "A QR code holding no Key URI, or no QR code at all, is status 1 with a clear line",
    .requires(.xvfb), .requires(.xdotool), .requires(.maim), .requires(.feh), .requires(.qrencodeProgram),
    .requires(.zbar), .requires(.png))
  func nothingUsable() throws {
    let vault = try DesktopVault()
    let x = try XServer()
    defer { x.stop() }
    let empty = try vault.run(["add", "--from-screen", "--whole-screen"], ["DISPLAY": x.display])
    #expect(empty.status == 1)
    #expect(empty.stderr == "twofold: no QR code found on the screen\n")
    try show("https://example.com/not-a-key", on: x, in: vault)
    var output = try vault.run(["add", "--from-screen", "--whole-screen"], ["DISPLAY": x.display])
    for _ in 0..<10 where output.stderr.contains("no QR code found") {
      usleep(500_000)
      output = try vault.run(["add", "--from-screen", "--whole-screen"], ["DISPLAY": x.display])
    }
    #expect(output.status == 1)
    #expect(output.stderr.contains("holds no Key URI"), "\(output.stderr)")
  }
}
