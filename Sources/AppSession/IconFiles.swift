import Domain
import Infrastructure
import Presentation

/// The icon ports of a front end: an image file read as an account's icon, and the installed
/// icon packs' icons to choose from.
public enum IconFiles {
  /// The store's `loadIcon`: the file's bytes as an icon (PNG, JPEG, or an SVG referring to
  /// nothing outside itself; at most 1 MiB), or a sentence naming the file and saying why not.
  public static let loader: @Sendable (String) -> Result<AccountIcon, ClipboardFailure> = { path in
    switch LocalFiles.read(path) {
    case .failure(let failure):
      return .failure(ClipboardFailure(sentence(failure.reason)))
    case .success(let bytes):
      do throws(AccountIcon.Problem) {
        return .success(try AccountIcon(bytes: bytes, fileName: path))
      } catch {
        return .failure(ClipboardFailure(sentence("\(path) cannot be an icon: \(error.message)")))
      }
    }
  }

  /// The store's `iconChoices` for a front end started with `variables`.
  public static func choices(variables: [String: String]) -> @Sendable (String) -> [IconChoice] {
    // h2 wires the packs.
    { _ in [] }
  }
}
