import Domain
import Foundation
import TestSupport

/// The Public Suffix Lists the browser tests read: the copy that ships in the repository and
/// Debian's, where its package is installed.
enum SuffixLists {
  /// `Packaging/browser/public_suffix_list.dat`.
  static let shipped = PublicSuffixList(
    bytes: Array(
      try! Data(
        contentsOf: SharedFixtures.packageRoot.appendingPathComponent(
          "Packaging/browser/public_suffix_list.dat"))))

  /// Debian's `/usr/share/publicsuffix/public_suffix_list.dat`, or an empty list when absent.
  static let debian = PublicSuffixList(
    bytes: Array(
      (try? Data(contentsOf: URL(fileURLWithPath: "/usr/share/publicsuffix/public_suffix_list.dat")))
        ?? Data()))
}
