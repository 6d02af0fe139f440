// The composition root of the desktop app: finds the vault as `twofold` does, opens it through
// the agent when the agent holds its key (else the window's unlock screen asks), and runs the
// GTK window over the same Presentation store as the terminal app.
import Agent
import AppSession
import Crypto
import DesktopUI
import Domain
import Infrastructure
import Presentation

#if canImport(Glibc)
  import Glibc
#endif

let version = Release.version
let usage = """
  usage: twofold-desktop [--vault PATH] [--no-agent] [--search TEXT]
  The Twofold window. The vault is found as for twofold: --vault, $TWOFOLD_VAULT,
  $XDG_DATA_HOME/twofold/vault.json or ~/.local/share/twofold/vault.json.
  --search TEXT opens the list searching for TEXT (the desktop's search does); when the window
  is open already, its list searches for TEXT.

  """

/// Writes a line to standard error.
func printError(_ line: String) {
  var bytes = Array((line + "\n").utf8)
  _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

func fail(_ message: String, status: Int32) -> Never {
  printError("twofold-desktop: \(message)")
  exit(status)
}

/// The variables the window and what it starts read, looked up one by one: never
/// `$TWOFOLD_PASSWORD`, which the window does not honour (its unlock screen asks).
func environmentVariables() -> [String: String] {
  let names = [
    "TWOFOLD_VAULT", "XDG_DATA_HOME", "HOME", "PATH", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR",
    "TWOFOLD_AGENT", "TWOFOLD_ASKPASS", "TWOFOLD_BENCH_TIMINGS", "GSK_RENDERER",
  ]
  var variables: [String: String] = [:]
  for name in names {
    if let value = getenv(name) { variables[name] = String(cString: value) }
  }
  return variables
}

let variables = environmentVariables()

var vaultOption: String?
var noAgent = false
var searchOption: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--version":
    print("twofold-desktop \(version)")
    exit(0)
  case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
  case "--no-agent": noAgent = true
  case "--search":
    guard let text = arguments.popFirst() else { fail("--search needs TEXT", status: 2) }
    searchOption = text
  case "--vault":
    guard let path = arguments.popFirst(), !path.isEmpty else { fail("--vault needs a PATH", status: 2) }
    vaultOption = path
  default:
    if argument.hasPrefix("--vault=") {
      vaultOption = String(argument.dropFirst("--vault=".count))
    } else if argument.hasPrefix("--search=") {
      searchOption = String(argument.dropFirst("--search=".count))
    } else {
      fail("unknown option '\(argument)'; try --help", status: 2)
    }
  }
}

guard let path = VaultLocation.path(option: vaultOption, variables: variables) else {
  fail("cannot find the vault: set --vault, $TWOFOLD_VAULT, $XDG_DATA_HOME or $HOME", status: 2)
}

/// `twofold` beside this program (an installed package, a build folder), else on PATH: the agent.
func twofoldExecutable(path: String?) -> String? {
  var buffer = [CChar](repeating: 0, count: 4096)
  let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  if length > 0 {
    let own = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let beside = String(own[..<(own.lastIndex(of: "/") ?? own.endIndex)]) + "/twofold"
    if access(beside, X_OK) == 0 { return beside }
  }
  for folder in (path ?? "/usr/bin:/bin").split(separator: ":") where access("\(folder)/twofold", X_OK) == 0 {
    return "\(folder)/twofold"
  }
  return nil
}

@Sendable func milliseconds() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}

/// Milliseconds since this process started (its start time in /proc, on the boot clock).
func millisecondsSinceStart() -> Int64? {
  let descriptor = open("/proc/self/stat", O_RDONLY)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var buffer = [UInt8](repeating: 0, count: 1024)
  let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
  guard count > 0 else { return nil }
  let stat = String(decoding: buffer[..<count], as: UTF8.self)
  guard let end = stat.lastIndex(of: ")") else { return nil }
  let fields = stat[stat.index(after: end)...].split(separator: " ")
  guard fields.count > 19, let ticks = Int64(fields[19]) else { return nil }
  var now = timespec()
  clock_gettime(CLOCK_BOOTTIME, &now)
  let started = ticks * 1000 / Int64(sysconf(Int32(_SC_CLK_TCK)))
  return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000 - started
}

// A list of text needs no GPU: unless asked for another renderer, draw with cairo and load no
// GL driver at all (GTK 4.8 on X11 loads Mesa to choose a visual: 60 MB of memory and tens of
// milliseconds at start). GSK_RENDERER=gl (or ngl, vulkan) brings GTK's own choice back.
if (variables["GSK_RENDERER"] ?? "cairo") == "cairo" {
  setenv("GSK_RENDERER", "cairo", 0)
  setenv("GDK_DEBUG", "gl-disable", 0)
}

let agent = AgentAccess(
  disabled: noAgent, variables: variables, executable: twofoldExecutable(path: variables["PATH"]))
let vault = InteractiveVault(
  path: path, agent: agent, now: { milliseconds() / 1000 }, ids: .uuid(random: RandomSource.secure.bytes),
  keyring: SecretServiceKeyring.chosen(variables: variables))
let settings = FileSettingsStore(vaultPath: path)
guard vault.storage.exists() else {
  fail("no vault at \(path): create one with 'twofold init' (or try 'twofold demo')", status: 1)
}
var opened: VaultServices?
var encrypted = true
do throws(DomainError) {
  switch try vault.openWithoutPassword() {
  case .unencrypted(let services):
    opened = services
    encrypted = false
  case .throughAgent(let services): opened = services
  case .none: break
  }
} catch {
  fail("the vault at \(path) cannot be opened: \(Messages.text(for: error))", status: 1)
}

let dependencies = AppDependencies(
  unlock: { (password) throws(DomainError) in try vault.unlock(password: password) },
  clipboard: DesktopClipboard.port, settings: settings.repository, renderQR: QRCode.rendered,
  scanQR: QRScanning.scanner(variables: variables), readImport: ImportReading.reader(),
  export: vault.exporter, keyring: vault.keyringPort, iconChoices: IconFiles.choices(variables: variables),
  loadIcon: IconFiles.loader)
var state = AppFeature.State(
  vaultLocation: path, locked: opened == nil, settings: settings.load(), now: milliseconds() / 1000)
state.canLock = encrypted
var configuration = DesktopConfiguration(
  vaultLocation: path, settingsNote: "Saved in \(settings.path).", milliseconds: milliseconds,
  vaultChanged: vault.changeWatcher())
configuration.initialSearch = searchOption
configuration.version = version
if !(variables["TWOFOLD_BENCH_TIMINGS"] ?? "").isEmpty {
  if let elapsed = millisecondsSinceStart() { printError("stage_ms opened \(elapsed)") }
  configuration.stageReached = { stage in
    if let elapsed = millisecondsSinceStart() { printError("stage_ms \(stage) \(elapsed)") }
  }
  configuration.firstCodesDrawn = {
    if let elapsed = millisecondsSinceStart() { printError("first_frame_ms \(elapsed)") }
  }
}
let application = DesktopApplication(
  store: AppStore(state: state, dependencies: dependencies, services: opened), configuration: configuration)
exit(application.run())
