import Infrastructure
import Presentation

extension ClipboardPort {
  /// The clipboard through the desktop's tools (wl-copy, xclip or xsel), for a terminal front end.
  public static func system(variables: [String: String]) -> ClipboardPort {
    let system = SystemClipboard(variables: variables)
    return ClipboardPort(
      copy: { (text) throws(ClipboardFailure) in
        do throws(SystemClipboard.Failure) {
          return try system.copy(text)
        } catch {
          switch error {
          case .noTool:
            throw ClipboardFailure(
              "No clipboard tool found: install wl-clipboard (Wayland), xclip or xsel (X11).")
          case .toolFailed(let reason):
            throw ClipboardFailure("Could not copy to the clipboard: \(reason).")
          }
        }
      },
      clear: { system.clear(ifStill: $0) })
  }
}
