#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wcwidth` measures in the current locale; the tests measure in UTF-8 as the app does.
enum UTF8Locale {
  /// Switches character classification to UTF-8 once.
  static let installed: Bool = {
    setlocale(LC_CTYPE, "C.UTF-8") != nil || setlocale(LC_CTYPE, "en_US.UTF-8") != nil
  }()
}
