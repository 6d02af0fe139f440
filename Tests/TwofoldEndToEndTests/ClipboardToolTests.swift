import Foundation
import TestSupport
import Testing

/// The clipboard tools as `code --copy` drives them (stand-ins on `PATH`): a failing or crashing
/// tool is said in words with its own error line, an empty `WAYLAND_DISPLAY` is no Wayland
/// session, and clearing uses the tool's own clear (`wl-copy --clear`).
@Suite("Clipboard tools")
struct ClipboardToolTests {
  let vault: DesktopVault

  init() throws { vault = try DesktopVault() }

  @Test(
    "a clipboard tool that fails is status 1 with one line saying how, in its own words",
    arguments: [
      (
        "echo 'Failed to connect to a Wayland server' >&2; exit 1",
        "could not copy to the clipboard: wl-copy failed: Failed to connect to a Wayland server"
      ),
      ("exit 3", "could not copy to the clipboard: wl-copy failed (exit status 3)"),
      ("kill -SEGV $$", "could not copy to the clipboard: wl-copy crashed (signal 11)"),
    ])
  func toolFails(body: String, message: String) throws {
    try vault.script("wl-copy", "cat >/dev/null; " + body)
    let output = try vault.run(["code", "Example", "--copy"], ["WAYLAND_DISPLAY": "wayland-0"])
    #expect(output.status == 1)
    #expect(output.stderr == "twofold: \(message)\n")
  }

  @Test("an empty WAYLAND_DISPLAY is no Wayland session: X11's tool copies")
  func emptyWaylandDisplay() throws {
    try vault.script("wl-copy", "cat > \"$(dirname \"$0\")/../wayland-copied\"")
    try vault.script("xclip", "cat > \"$(dirname \"$0\")/../x11-copied\"")
    let output = try vault.run(
      ["code", "Zed", "--copy"], ["WAYLAND_DISPLAY": "", "DISPLAY": ":0", "TWOFOLD_CLIPBOARD_SECONDS": "0"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.hasPrefix("copied to the clipboard with xclip"))
    #expect(vault.read("wayland-copied") == nil)
  }

  @Test("clearing the clipboard runs wl-copy --clear, leaving nothing served")
  func clearsWithClear() throws {
    try vault.script(
      "wl-copy",
      """
      here="$(dirname "$0")/.."
      if [ "$1" = --clear ]; then rm -f "$here/clipboard"; echo clear >> "$here/calls"; exit 0; fi
      echo "copy $*" >> "$here/calls"; cat > "$here/clipboard"
      """)
    try vault.script("wl-paste", "cat \"$(dirname \"$0\")/../clipboard\"")
    let output = try vault.run(
      ["code", "Zed", "--copy"], ["WAYLAND_DISPLAY": "wayland-0", "TWOFOLD_CLIPBOARD_SECONDS": "1"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(waitUntil(deadline: 15) { vault.read("calls")?.contains("clear") == true })
    #expect(vault.read("calls") == "copy \nclear\n")
    #expect(vault.read("clipboard") == nil)
  }
}
