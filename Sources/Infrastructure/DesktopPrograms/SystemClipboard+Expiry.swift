extension SystemClipboard {
  /// Leaves a detached copy of this program behind, started with `arguments` (its hidden command
  /// and whatever that needs; `ps` shows them), that empties the clipboard later if it still
  /// holds `text`; false when it could not start. `text` reaches it on its standard input, never
  /// in its arguments or environment, and this process does not wait for it.
  public func clearLater(_ text: String, by arguments: [String]) -> Bool {
    guard let executable = DetachedProcess.currentExecutable(path: variables["PATH"]) else { return false }
    var bytes = Array(text.utf8)
    defer { for index in bytes.indices { bytes[index] = 0 } }
    return DetachedProcess.start(executable, arguments: arguments, input: bytes)
  }

  /// The detached side of `clearLater`: reads the text from standard input, waits `seconds`,
  /// then empties the clipboard if it still holds that text (`clear(ifStill:)`).
  public func clearStandardInput(after seconds: Int) {
    DetachedProcess.closeInheritedDescriptors()
    var bytes = POSIX.readAll(0, limit: 4096)
    defer { for index in bytes.indices { bytes[index] = 0 } }
    guard !bytes.isEmpty else { return }
    POSIX.sleep(milliseconds: seconds * 1000)
    clear(ifStill: String(decoding: bytes, as: UTF8.self))
  }
}
