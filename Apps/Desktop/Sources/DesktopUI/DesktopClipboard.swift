import CAdwaita
import Presentation

/// The CLIPBOARD selection through GDK (X11 or Wayland alike), as the store's clipboard port.
/// Clearing empties it only while it still holds what this app put there.
public enum DesktopClipboard {
  /// The port; call it on the main thread only (the store runs there).
  public static var port: ClipboardPort {
    ClipboardPort(
      copy: { (text) throws(ClipboardFailure) in
        MainActor.assumeIsolated {
          let clipboard = gdk_display_get_clipboard(gdk_display_get_default())
          gdk_clipboard_set_text(clipboard, text)
          Owned.text = text
        }
        return "the desktop clipboard"
      },
      clear: { text in
        MainActor.assumeIsolated {
          let clipboard = gdk_display_get_clipboard(gdk_display_get_default())
          guard Owned.text == text, gdk_clipboard_is_local(clipboard) != 0 else { return }
          gdk_clipboard_set_content(clipboard, nil)
          Owned.text = nil
        }
      })
  }

  @MainActor
  private enum Owned {
    static var text: String?
  }
}
