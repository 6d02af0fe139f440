import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The browser host's one question per request: a page's registrable domain, read from the
/// Public Suffix List's text (one pass over its bytes per lookup).
enum SuffixWorkload {
  /// Hosts a fill request brings: common, deep, wildcard, exception, Punycode, unlisted.
  static let hosts = [
    "accounts.google.com", "www.example.co.uk", "alice.github.io", "a.b.c.kobe.jp", "www.ck",
    "www.xn--85x722f.xn--55qx5d.cn", "login.example.test",
  ]

  /// `$TWOFOLD_PUBLIC_SUFFIX_LIST`, else Debian's list, read whole; nil when neither is readable.
  static func list() -> PublicSuffixList? {
    let path =
      getenv("TWOFOLD_PUBLIC_SUFFIX_LIST").map { String(cString: $0) }
      ?? "/usr/share/publicsuffix/public_suffix_list.dat"
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    return bytes.isEmpty ? nil : PublicSuffixList(bytes: bytes)
  }

  /// `registrableDomain(of:)` over `hosts` in turn.
  static func lookups(_ list: PublicSuffixList) -> Throughput.Workload {
    { count in
      var checksum: UInt64 = 0
      for index in 0..<count {
        checksum &+= UInt64(list.registrableDomain(of: hosts[index % hosts.count])?.utf8.count ?? 0)
      }
      return checksum
    }
  }
}
