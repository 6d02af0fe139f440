import Domain
import Infrastructure
import Presentation

/// The icon ports of a front end: an image file read as an account's icon, and the installed
/// icon packs' icons to choose from.
public enum IconFiles {
  /// The store's `loadIcon`: the file's bytes as an icon (PNG, JPEG, or an SVG referring to
  /// nothing outside itself; at most 1 MiB), or a sentence naming the file and saying why not.
  public static let loader: @Sendable (String) -> Result<AccountIcon, IconFailure> = { path in
    switch LocalFiles.read(path) {
    case .failure(let failure):
      return .failure(IconFailure(sentence(failure.reason)))
    case .success(let bytes):
      do throws(AccountIcon.Problem) {
        return .success(try AccountIcon(bytes: bytes, fileName: path))
      } catch {
        return .failure(IconFailure(sentence("\(path) cannot be an icon: \(error.message)")))
      }
    }
  }

  /// The store's `iconChoices` for a front end started with `variables`: every icon of the
  /// packs `twofold icons import` imported (read at each call, so a pack imported meanwhile is
  /// there), those whose issuer names the account's first; icons of no Aegis format are left out.
  public static func choices(variables: [String: String]) -> @Sendable (String) -> [IconChoice] {
    guard let library = IconPackLibrary(variables: variables) else { return { _ in [] } }
    return { issuer in choices(issuer, library: library) }
  }

  /// The choices of `library`'s packs for `issuer`.
  public static func choices(_ issuer: String, library: IconPackLibrary) -> [IconChoice] {
    IconPackMatch.choices(forIssuer: issuer, in: library.packs().packs).compactMap { match in
      guard let format = match.icon.format else { return nil }
      return IconChoice(
        pack: match.pack.name, name: match.icon.name, category: match.icon.category,
        path: library.path(of: match),
        format: format, isMatch: match.icon.stands(forIssuer: issuer))
    }
  }
}
