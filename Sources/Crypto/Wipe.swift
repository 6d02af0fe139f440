import COpenSSL

/// Overwrites key material in place with zeros in a way the optimiser keeps (`OPENSSL_cleanse`).
public func wipe(_ bytes: inout [UInt8]) {
  bytes.withUnsafeMutableBytes { buffer in
    if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
  }
}
