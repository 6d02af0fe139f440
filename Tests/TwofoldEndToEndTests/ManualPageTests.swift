import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `twofold help --man`: a manual page made from the command table, and `--version`.
@Suite("Manual page and version")
struct ManualPageTests {
  static func manual() throws -> String {
    let output = try TwofoldProcess.run(["help", "--man"])
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty)
    return output.stdout
  }

  /// The commands `--help` lists, and for each the `--flags` its `help CMD` prints.
  static func helpFlags() throws -> [(command: String, flags: [String])] {
    let overview = try TwofoldProcess.run(["--help"]).stdout
    let commands = overview.split(separator: "\n").drop { $0 != "Commands:" }.dropFirst()
      .prefix { $0.hasPrefix("  ") }.map { String($0.split(separator: " ")[0]) }
    return try commands.map { command in
      let help = try TwofoldProcess.run(["help", command]).stdout
      let flags = help.matches(of: /--[a-z][a-z-]*/).map { String($0.output) }
      return (command, Set(flags).sorted())
    }
  }

  @Test("--version prints 'twofold VERSION', the version the manual page names")
  func version() throws {
    let output = try TwofoldProcess.run(["--version"])
    #expect(output.status == 0)
    let version = try #require(output.stdout.wholeMatch(of: /twofold (\d+\.\d+\.\d+)\n/)?.output.1)
    #expect(try Self.manual().hasPrefix(".TH TWOFOLD 1 \"\" \"twofold \(version)\" \"User Commands\"\n"))
  }

  @Test("The manual page has the sections of a manual, in order")
  func sections() throws {
    let headings = try Self.manual().split(separator: "\n").filter { $0.hasPrefix(".SH ") }
    #expect(
      headings == [
        ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH OPTIONS", ".SH ENVIRONMENT",
        ".SH FILES", ".SH \"EXIT STATUS\"", ".SH EXAMPLES", ".SH \"SEE ALSO\"",
      ])
  }

  @Test("Every command of --help has its section, with every --flag its help prints")
  func everyCommandAndOption() throws {
    let manual = try Self.manual()
    let table = try Self.helpFlags()
    #expect(table.count >= 20)
    for (command, flags) in table {
      let escaped = command.replacingOccurrences(of: "-", with: "\\-")
      #expect(manual.contains("\n.SS \(escaped)\n\\fBtwofold \(escaped)\\fR"), "\(command)")
      #expect(!flags.isEmpty)
      for flag in flags {
        #expect(
          manual.contains("\\fB\(flag.replacingOccurrences(of: "-", with: "\\-"))\\fR"), "\(command) \(flag)")
      }
    }
  }

  @Test(
    "The manual names the environment, the files and the exit statuses",
    arguments: [
      "TWOFOLD_VAULT", "TWOFOLD_PASSWORD", "XDG_DATA_HOME", "XDG_RUNTIME_DIR", "TWOFOLD_AGENT",
      "TWOFOLD_ASKPASS",
      "TWOFOLD_CLIPBOARD_SECONDS", "NO_COLOR", "DISPLAY, WAYLAND_DISPLAY",
      "$XDG_DATA_HOME/twofold/vault.json",
      "backups/", "settings.json", "sync/", "$XDG_RUNTIME_DIR/twofold/agent.sock", "0", "1", "2", "3",
      "XDG_CONFIG_HOME", "TWOFOLD_PUBLIC_SUFFIX_LIST", "$XDG_CONFIG_HOME/twofold/browser.json",
    ])
  func entries(term: String) throws {
    #expect(try Self.manual().contains(".TP\n\\fB\(term)\\fR\n"))
  }

  @Test("groff renders the manual page without a warning", .requires(.groff))
  func groffRenders() throws {
    let page = try TemporaryDirectory()
    let path = try page.write("twofold.1", try Self.manual())
    let output = try Self.run(OptionalDependency.path(of: "groff")!, ["-man", "-Tutf8", "-ww", "-z", path])
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty, "\(output.stderr)")
    let text = try Self.run(OptionalDependency.path(of: "groff")!, ["-man", "-Tutf8", "-P-cbou", path]).stdout
    for (command, _) in try Self.helpFlags() { #expect(text.contains("twofold \(command)"), "\(command)") }
  }

  @Test("man reads the manual page without a warning, as lintian runs it", .requires(.man), .requires(.groff))
  func manRenders() throws {
    let page = try TemporaryDirectory()
    let path = try page.write("twofold.1", try Self.manual())
    let output = try Self.run(
      OptionalDependency.path(of: "man")!, ["--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", path],
      environment: ["LC_ALL": "C.UTF-8", "MANROFFSEQ": "", "MANWIDTH": "80"])
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty, "\(output.stderr)")
  }

  @Test("help --man on a closed standard output fails with one line, not a crash")
  func closedOutput() throws {
    let output = try Self.run(
      "/bin/sh", ["-c", "exec \"$0\" help --man >&-", TwofoldProcess.binary.path])
    #expect(output.status == 1)
    #expect(output.stderr == "twofold: cannot write to standard output: Bad file descriptor\n")
  }

  @Test("help --man into a pipe nobody reads fails with one line, not a death by SIGPIPE")
  func closedPipe() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])
    defer { close(ends[1]) }
    let errors = try TemporaryDirectory()
    let errorPath = errors.path("stderr")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // As a shell starts it: no signal blocked, SIGPIPE at its default (the test runner blocks some).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let words: [String] = [TwofoldProcess.binary.path, "help", "--man"]
    let variables: [String] = ["PATH=/usr/bin:/bin", "TWOFOLD_AGENT=off"]
    let argv = words.map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    #expect(posix_spawn(&pid, words[0], &actions, &attributes, argv, envp) == 0)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    #expect(status & 0x7f == 0, "killed by signal \(status & 0x7f)")
    #expect((status >> 8) & 0xff == 1)
    let message = try String(contentsOfFile: errorPath, encoding: .utf8)
    #expect(message == "twofold: cannot write to standard output: Broken pipe\n")
  }

  private static func run(
    _ program: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let run = try ProgramRun.run(
      URL(fileURLWithPath: program), arguments,
      environment: ["PATH": "/usr/bin:/bin", "TWOFOLD_AGENT": "off"].merging(environment) { $1 })
    return (
      run.status, String(decoding: run.stdout, as: UTF8.self), String(decoding: run.stderr, as: UTF8.self)
    )
  }
}
