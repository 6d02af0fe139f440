import Foundation
import TestSupport

/// A stand-in for `xclip` on `PATH`: the clipboard is a file, and every call is logged with
/// what the calling process was (its pid, session and command line) and whether the tool saw
/// `$TWOFOLD_PASSWORD` in its environment.
final class FakeClipboard {
  /// One run of the fake `xclip`.
  struct Call: Equatable {
    /// `copy` or `paste` (`-o`).
    var action: String
    /// The process that ran the tool.
    var caller: Int32
    /// That process's session.
    var session: Int32
    /// Whether the tool's environment held the vault password.
    var sawPassword: Bool
    /// That process's command line, arguments separated by spaces.
    var command: String
  }

  private let folder: TemporaryDirectory

  static let script = """
    here="$(dirname "$0")/.."
    read -r _ _ _ _ _ session _ < /proc/$PPID/stat
    command=$(tr '\\0' ' ' < /proc/$PPID/cmdline)
    action=copy
    for argument in "$@"; do [ "$argument" = -o ] && action=paste; done
    printf '%s\\t%s\\t%s\\t%s\\t%s\\n' "$action" "$PPID" "$session" "${TWOFOLD_PASSWORD+yes}" "$command" \\
      >> "$here/calls"
    if [ "$action" = paste ]; then exec cat "$here/clipboard"; fi
    cat > "$here/clipboard.new" && mv "$here/clipboard.new" "$here/clipboard"

    """

  init() throws {
    folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
    try folder.script("bin/xclip", Self.script)
  }

  /// The variables that make `twofold` find this `xclip`: `PATH` and an X11 `DISPLAY`.
  var environment: [String: String] { ["PATH": folder.path("bin") + ":/usr/bin:/bin", "DISPLAY": ":0"] }

  /// What the clipboard holds; nil before anything was copied.
  var contents: String? {
    (try? Data(contentsOf: URL(fileURLWithPath: folder.path("clipboard")))).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Another program copies `text`, without going through the log.
  func copyElsewhere(_ text: String) throws {
    try folder.write("clipboard.other", text)
    try FileManager.default.removeItem(atPath: folder.path("clipboard"))
    try FileManager.default.moveItem(atPath: folder.path("clipboard.other"), toPath: folder.path("clipboard"))
  }

  /// Every call so far, in order.
  var calls: [Call] {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: folder.path("calls"))) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Call(
        action: fields[0], caller: Int32(fields[1]) ?? 0, session: Int32(fields[2]) ?? 0,
        sawPassword: fields[3] == "yes", command: fields.count > 4 ? fields[4] : "")
    }
  }

}
