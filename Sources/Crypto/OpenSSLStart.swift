import COpenSSL

/// How libcrypto is started: without reading `openssl.cnf` and without its error strings.
///
/// Twofold uses no TLS and no engine, so the system's OpenSSL configuration has nothing for it,
/// and it never prints OpenSSL's error texts; starting without them keeps about a megabyte of
/// configuration, provider and string tables out of memory while scrypt's 32 MiB are resident
/// (`list --json` peaks with both). Idempotent: only the first call of the process starts it.
enum OpenSSLStart {
  /// Starts libcrypto so, unless something started it already.
  static func ensure() {
    _ = started
  }

  private static let started: Bool = {
    let options =
      UInt64(OPENSSL_INIT_NO_LOAD_CONFIG) | UInt64(OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS)
      | UInt64(OPENSSL_INIT_NO_ADD_ALL_CIPHERS) | UInt64(OPENSSL_INIT_NO_ADD_ALL_DIGESTS)
    return OPENSSL_init_crypto(options, nil) == 1
  }()
}
