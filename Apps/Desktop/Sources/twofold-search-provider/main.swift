// The composition root of the desktop's own search (CLI.md, "Desktop search"): started by D-Bus
// activation, it answers GNOME Shell and KRunner from the vault the agent holds, copies codes
// with `code --copy`'s clipboard and its clearing, and exits after a minute unused.
import Agent
import AppSession
import Domain
import Infrastructure
import Presentation
import SearchProvider

#if canImport(Glibc)
  import Glibc
#endif

let usage = """
  usage: twofold-search-provider
  The D-Bus service of the desktop's search (io.github.twofold.Twofold.SearchProvider), started
  by the session bus. It answers only while the Twofold agent holds the vault's key.

  """

/// Writes a line to standard error (the session's journal).
func printError(_ line: String) {
  var bytes = Array(("twofold-search-provider: " + line + "\n").utf8)
  _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

/// The variables it reads, one by one: never `$TWOFOLD_PASSWORD`.
func environmentVariables() -> [String: String] {
  let names = [
    "TWOFOLD_VAULT", "XDG_DATA_HOME", "HOME", "PATH", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR",
    "TWOFOLD_AGENT", "TWOFOLD_CLIPBOARD_SECONDS", "TWOFOLD_SEARCH_IDLE_SECONDS",
  ]
  var variables: [String: String] = [:]
  for name in names {
    if let value = getenv(name) { variables[name] = String(cString: value) }
  }
  return variables
}

/// Whole seconds from 0 to 86400 in `text`, or nil.
func seconds(_ text: String?) -> Int? {
  guard let text, let value = Int(text), (0...86_400).contains(value) else { return nil }
  return value
}

/// `name` beside this program (an installed package, a build folder), else on `PATH`.
func sibling(_ name: String, path: String?) -> String? {
  var buffer = [CChar](repeating: 0, count: 4096)
  let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  if length > 0 {
    let own = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let beside = String(own[..<(own.lastIndex(of: "/") ?? own.endIndex)]) + "/" + name
    if access(beside, X_OK) == 0 { return beside }
  }
  for folder in (path ?? "/usr/bin:/bin").split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
    return "\(folder)/\(name)"
  }
  return nil
}

let variables = environmentVariables()
let clipboardSeconds =
  seconds(variables["TWOFOLD_CLIPBOARD_SECONDS"]) ?? Int(AccountsFeature.clipboardLifetime)

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "--version"?:
  print("twofold-search-provider \(Release.version)")
  exit(0)
case "--help"?, "-h"?:
  print(usage, terminator: "")
  exit(0)
case nil: break
default:
  printError("unknown option '\(arguments[0])'; try --help")
  exit(2)
}

guard let path = VaultLocation.path(option: nil, variables: variables) else {
  printError("cannot find the vault: set $TWOFOLD_VAULT, $XDG_DATA_HOME or $HOME")
  exit(1)
}
let vault = AgentProcess.absolutePath(path)
let agent = AgentAccess(variables: variables)
let clipboard = SystemClipboard(variables: variables)
// The clipboard cleared from this process (no clearer left behind): wl-paste is never run,
// since it waits for keyboard focus, which GNOME's overview holds.
let keeper = ClipboardKeeper(
  tools: {
    guard let copy = clipboard.tool, let clear = clipboard.clearTool else { return nil }
    let session = GraphicalSession(variables: variables)
    let x11 = session.isX11 && !session.isWayland
    return ClipboardKeeper.Tools(copy: copy, clear: clear, read: x11 ? clipboard.readTool : nil)
  }, seconds: UInt32(clipboardSeconds))
let settings = FileSettingsStore(vaultPath: vault)
/// What to say when this desktop has no clipboard tool.
let noClipboardTool = "no clipboard tool found: install wl-clipboard (Wayland), xclip or xsel (X11)"

let bus: SearchBus
do throws(SearchBus.Failure) {
  bus = try SearchBus()
} catch {
  printError(error.message)
  exit(1)
}
let service = SearchService(
  repository: {
    // Through the agent or not at all: the fallback reads no file and asks no password.
    guard agent.isEnabled else { return SilentVault() }
    return AgentVaultRepository(vault: vault, client: agent.client, direct: SilentVault())
  },
  now: { Int64(time(nil)) },
  copy: { (code) throws(DesktopError) in
    do throws(ClipboardKeeper.Failure) {
      try keeper.copy(code)
    } catch {
      throw .toolFailed("could not copy to the clipboard: \(error.message)")
    }
  },
  notify: { summary, body in bus.notify(summary: summary, body: body) },
  clipboardSeconds: clipboardSeconds, copyUnavailable: { clipboard.tool == nil ? noClipboardTool : nil },
  hideCodes: { settings.load().hideCodes })

/// Opens the window searching for `terms` (`LaunchSearch`).
func launchWindow(_ terms: [String]) {
  guard let desktop = sibling("twofold-desktop", path: variables["PATH"]) else {
    printError("cannot open the window: no twofold-desktop beside this program or on PATH")
    return
  }
  if let reason = WindowLauncher.start(desktop, arguments: ["--search", terms.joined(separator: " ")]) {
    printError("cannot open the window: \(reason)")
  }
}

do throws(SearchBus.Failure) {
  // It stays while a copy waits to be cleared.
  try bus.serve(
    service, idleSeconds: UInt32(seconds(variables["TWOFOLD_SEARCH_IDLE_SECONDS"]) ?? 60),
    isBusy: { keeper.isWaiting }, launch: launchWindow)
} catch {
  guard error == SearchBus.alreadyRunning else {
    printError(error.message)
    exit(1)
  }
}
exit(0)
