import COpenSSL

/// Overwrites key material in place with zeros in a way the optimiser keeps (`OPENSSL_cleanse`).
public func wipe(_ bytes: inout [UInt8]) {
  bytes.withUnsafeMutableBytes { buffer in
    if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
  }
}

/// Overwrites the buffer `bytes` lives in with zeros, in place, and so every copy of the array
/// that shares that buffer: for key material decoded into an array that has been moved into
/// `SecretBytes`, whose other copies must not keep it. Only for arrays nothing reads afterwards.
public func wipeInPlace(_ bytes: [UInt8]) {
  bytes.withUnsafeBytes { buffer in
    if let base = buffer.baseAddress {
      OPENSSL_cleanse(UnsafeMutableRawPointer(mutating: base), buffer.count)
    }
  }
}
