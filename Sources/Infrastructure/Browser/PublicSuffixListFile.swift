import Domain

/// Where the Public Suffix List is read from: `$TWOFOLD_PUBLIC_SUFFIX_LIST` (tests), else
/// Debian's `publicsuffix` package, else the copy a package installs for other systems
/// (`Packaging/browser/public_suffix_list.dat`). Nothing is fetched from the network.
public enum PublicSuffixListFile {
  /// Debian's copy (package `publicsuffix`).
  public static let debianPath = "/usr/share/publicsuffix/public_suffix_list.dat"
  /// The copy Twofold's own package installs where Debian's is missing.
  public static let twofoldPath = "/usr/share/twofold/public_suffix_list.dat"

  /// The paths looked at, in order: the variable alone when it is set (a test's list is never
  /// replaced by the system's), else Debian's and Twofold's.
  public static func paths(variables: [String: String]) -> [String] {
    if let path = variables["TWOFOLD_PUBLIC_SUFFIX_LIST"], !path.isEmpty { return [path] }
    return [debianPath, twofoldPath]
  }

  /// The list from the first path that can be read; the failure names the paths tried.
  public static func load(variables: [String: String]) -> Result<PublicSuffixList, LocalFileError> {
    let candidates = paths(variables: variables)
    for path in candidates {
      if case .success(let bytes) = POSIX.readFile(path), !bytes.isEmpty {
        return .success(PublicSuffixList(bytes: bytes))
      }
    }
    let named = candidates.joined(separator: ", ")
    return .failure(
      LocalFileError(reason: "no Public Suffix List at \(named): install Debian's 'publicsuffix' package"))
  }
}
