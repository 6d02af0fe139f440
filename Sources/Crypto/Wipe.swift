import COpenSSL

/// Overwrites key material in place with zeros in a way the optimiser keeps (`OPENSSL_cleanse`).
/// When `bytes` alone holds its buffer, that buffer is zeroed where it is; when a copy held
/// elsewhere shares it, `bytes` first gets a buffer of its own (copy on write), which is zeroed,
/// and the other copy keeps its bytes: drop every other reference first to wipe the original.
public func wipe(_ bytes: inout [UInt8]) {
  bytes.withUnsafeMutableBytes { buffer in
    if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
  }
}

/// Overwrites `buffer` with zeros in a way the optimiser keeps (`OPENSSL_cleanse`): for memory
/// that held a secret and is about to be freed or reused.
public func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
  if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
}
