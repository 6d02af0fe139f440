import Domain
import Infrastructure
import Presentation

/// Reading a Key URI from a QR code for a front end's add form: the whole screen (through the
/// screenshot tools `add --from-screen` uses) or a picture file, decoded with libzbar.
public enum QRScanning {
  /// The store's `scanQR` for a front end started with `variables`.
  public static func scanner(
    variables: [String: String]
  ) -> @Sendable (EditorFeature.QRSource) -> Result<NewAccount, ClipboardFailure> {
    { source in
      do throws(DesktopError) {
        return .success(
          try ScanKeyURI(screen: capture(source, variables: variables), decoder: LibZBar().decoder)())
      } catch {
        return .failure(ClipboardFailure(message(for: error)))
      }
    }
  }

  private static func capture(
    _ source: EditorFeature.QRSource, variables: [String: String]
  ) throws(DesktopError) -> ScreenCapture {
    switch source {
    case .screen:
      return try ScreenshotProgram.find(wholeScreen: true, variables: variables).screen
    case .imageFile(let path):
      return ScreenCapture { () throws(DesktopError) in
        switch LocalFiles.read(path) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw .toolFailed("cannot read \(path): \(failure.reason)")
        }
      }
    }
  }

  /// One sentence for people, capitalised and ended.
  static func message(for error: DesktopError) -> String {
    let text: String
    switch error {
    case .toolMissing(let hint): text = hint
    case .toolFailed(let reason): text = reason
    case .cancelled: text = "cancelled"
    case .nothingFound(let reason): text = reason
    case .vault(let error): return Messages.text(for: error)
    }
    return sentence(text)
  }
}
