import CGio

#if canImport(Glibc)
  import Glibc
#endif

/// The search provider's clipboard: copies through the desktop's tool and empties the clipboard
/// `seconds` later from this service's own main loop, if it still holds the copy. Whether it
/// does is known without reading it on Wayland (`wl-paste` waits for keyboard focus, which
/// GNOME's overview holds): the tool's server, left behind to serve the copy and gone once
/// another program takes the clipboard, becomes this process's child (a subreaper's), so its
/// being alive says so. On X11, where reading never waits for focus, the clipboard is read back.
/// Every tool runs under a deadline (`ToolRun`) and every child is reaped within a second.
public final class ClipboardKeeper: @unchecked Sendable {
  /// The desktop's clipboard tools, each an absolute path and its arguments.
  public struct Tools: Equatable, Sendable {
    /// Copies its standard input (`wl-copy`, `xclip -selection clipboard`, `xsel -bi`).
    public var copy: [String]
    /// Empties the clipboard (`wl-copy --clear`, `xsel --clipboard --clear`, a copy of nothing).
    public var clear: [String]
    /// Prints the clipboard, where that never waits for focus (X11); nil on Wayland.
    public var read: [String]?

    /// Collects the commands.
    public init(copy: [String], clear: [String], read: [String]?) {
      self.copy = copy
      self.clear = clear
      self.read = read
    }
  }

  /// Why a copy did not happen: a phrase for the notification.
  public struct Failure: Error, Equatable {
    /// The phrase.
    public let message: String
  }

  /// A tool still running after this many seconds is killed.
  public static let toolSeconds = 5.0

  /// One copy waiting to be cleared.
  private struct Pending {
    var text: [UInt8]
    /// The tool's servers of this copy still alive (unreaped); empty when it left none.
    var holders: Set<pid_t>
    /// Whether the tool left servers behind at all.
    var tracked: Bool
  }

  private let tools: @Sendable () -> Tools?
  private let seconds: UInt32
  private var pending: [Int: Pending] = [:]
  private var copies = 0

  /// A keeper with the tools `tools` finds now (nil: none installed) and a clipboard lifetime of
  /// `seconds`. This process becomes a subreaper, and a GLib source on the default main context
  /// reaps its exited children every second.
  public init(tools: @escaping @Sendable () -> Tools?, seconds: UInt32) {
    self.tools = tools
    self.seconds = max(seconds, 1)
    _ = twofold_become_subreaper()
    g_timeout_add_seconds(1, Self.reapSoon, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Whether a copy waits to be cleared: the service must not exit before.
  public var isWaiting: Bool { !pending.isEmpty }

  /// Puts `text` on the clipboard and has it cleared after the lifetime.
  public func copy(_ text: String) throws(Failure) {
    guard let tools = tools() else { throw Failure(message: "no clipboard tool found") }
    let name = String(tools.copy[0].split(separator: "/").last ?? "")
    var bytes = Array(text.utf8)
    defer { for index in bytes.indices { bytes[index] = 0 } }
    let before = Self.children()
    guard let run = ToolRun.run(tools.copy, input: bytes, seconds: Self.toolSeconds) else {
      throw Failure(message: "cannot start \(name)")
    }
    guard run.succeeded else { throw Failure(message: Self.describe(name, run)) }
    // The tool's servers: its children, which became this process's when it exited.
    let holders = Self.children().subtracting(before)
    copies += 1
    pending[copies] = Pending(text: bytes, holders: holders, tracked: !holders.isEmpty)
    let copy = Box(keeper: self, copy: copies)
    g_timeout_add_seconds_full(
      G_PRIORITY_DEFAULT, seconds, Self.clearDue, Unmanaged.passRetained(copy).toOpaque(),
      { Unmanaged<Box>.fromOpaque($0!).release() })
  }

  /// Empties the clipboard if copy number `number` is still on it.
  func clear(_ number: Int) {
    reap()
    guard var copy = pending.removeValue(forKey: number) else { return }
    defer { for index in copy.text.indices { copy.text[index] = 0 } }
    guard let tools = tools() else { return }
    if let read = tools.read {
      // X11: read back (a clipboard that cannot be read is emptied all the same).
      if let run = ToolRun.run(read, input: [], seconds: Self.toolSeconds, readsOutput: true), run.succeeded {
        var held = run.output
        while held.last == UInt8(ascii: "\n") { held.removeLast() }
        defer { for index in held.indices { held[index] = 0 } }
        guard held == copy.text else { return }
      }
    } else if copy.tracked {
      // Wayland: the servers of this copy all gone means another program took the clipboard.
      guard !copy.holders.isEmpty else { return }
    } else {
      // A tool that left no server: only the last copy is cleared, by its own timer.
      guard number == copies else { return }
    }
    // Ending the servers drops the copy without asking the compositor for focus; the tool's
    // own clear is for tools that left none, and X11, where it never waits.
    for holder in copy.holders { kill(holder, SIGTERM) }
    if !copy.tracked || tools.read != nil {
      _ = ToolRun.run(tools.clear, input: [], seconds: Self.toolSeconds)
    }
    reap()
  }

  /// Waits for every child that has exited, so none stays a zombie; the servers that did are no
  /// longer holders.
  public func reap() {
    var status: Int32 = 0
    while true {
      let pid = waitpid(-1, &status, WNOHANG)
      if pid < 0 && errno == EINTR { continue }
      guard pid > 0 else { return }
      for key in pending.keys { pending[key]?.holders.remove(pid) }
    }
  }

  /// The processes whose parent is this one.
  static func children() -> Set<pid_t> {
    let own = getpid()
    var found: Set<pid_t> = []
    guard let folder = opendir("/proc") else { return found }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let pid = pid_t(name), parent(of: pid) == own else { continue }
      found.insert(pid)
    }
    return found
  }

  /// The parent of `pid` (`/proc/PID/stat`'s fourth field, after the command in parentheses).
  static func parent(of pid: pid_t) -> pid_t? {
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 1024)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0, let close = bytes[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = bytes[(close + 1)..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1 else { return nil }
    return pid_t(String(decoding: fields[1], as: UTF8.self))
  }

  /// `wl-copy failed: ITS FIRST LINE`, else how it ended.
  static func describe(_ name: String, _ run: ToolRun) -> String {
    let line = String(decoding: run.error, as: UTF8.self).split(whereSeparator: \.isNewline)
      .map { $0.drop { $0.isWhitespace } }.first { !$0.isEmpty }
    if let line { return "\(name) failed: \(line.prefix(300))" }
    guard let status = run.status else { return "\(name) did not finish within \(Int(toolSeconds)) s" }
    return "\(name) failed (exit status \(status))"
  }

  /// A copy's number and its keeper, for its timer.
  private final class Box {
    let keeper: ClipboardKeeper
    let copy: Int

    init(keeper: ClipboardKeeper, copy: Int) {
      self.keeper = keeper
      self.copy = copy
    }
  }

  private static let clearDue: GSourceFunc = { data in
    let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
    box.keeper.clear(box.copy)
    return 0  // G_SOURCE_REMOVE
  }

  private static let reapSoon: GSourceFunc = { data in
    Unmanaged<ClipboardKeeper>.fromOpaque(data!).takeUnretainedValue().reap()
    return 1  // G_SOURCE_CONTINUE
  }
}
