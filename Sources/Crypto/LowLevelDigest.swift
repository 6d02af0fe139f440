import COpenSSL

/// OpenSSL's allocation-free digest contexts, so a keyed HMAC state can be copied by value.
protocol LowLevelDigest {
  associatedtype Context
  static var algorithm: DigestAlgorithm { get }
  static func fresh() -> Context
  static func update(_ context: inout Context, _ bytes: UnsafeRawPointer?, _ count: Int)
  static func finish(_ context: inout Context, _ output: UnsafeMutablePointer<UInt8>)
}

enum MD5Digest: LowLevelDigest {
  static var algorithm: DigestAlgorithm { .md5 }
  static func fresh() -> MD5_CTX {
    var context = MD5_CTX()
    MD5_Init(&context)
    return context
  }
  static func update(_ context: inout MD5_CTX, _ bytes: UnsafeRawPointer?, _ count: Int) {
    MD5_Update(&context, bytes, count)
  }
  static func finish(_ context: inout MD5_CTX, _ output: UnsafeMutablePointer<UInt8>) {
    MD5_Final(output, &context)
  }
}

enum SHA1Digest: LowLevelDigest {
  static var algorithm: DigestAlgorithm { .sha1 }
  static func fresh() -> SHA_CTX {
    var context = SHA_CTX()
    SHA1_Init(&context)
    return context
  }
  static func update(_ context: inout SHA_CTX, _ bytes: UnsafeRawPointer?, _ count: Int) {
    SHA1_Update(&context, bytes, count)
  }
  static func finish(_ context: inout SHA_CTX, _ output: UnsafeMutablePointer<UInt8>) {
    SHA1_Final(output, &context)
  }
}

enum SHA256Digest: LowLevelDigest {
  static var algorithm: DigestAlgorithm { .sha256 }
  static func fresh() -> SHA256_CTX {
    var context = SHA256_CTX()
    SHA256_Init(&context)
    return context
  }
  static func update(_ context: inout SHA256_CTX, _ bytes: UnsafeRawPointer?, _ count: Int) {
    SHA256_Update(&context, bytes, count)
  }
  static func finish(_ context: inout SHA256_CTX, _ output: UnsafeMutablePointer<UInt8>) {
    SHA256_Final(output, &context)
  }
}

enum SHA512Digest: LowLevelDigest {
  static var algorithm: DigestAlgorithm { .sha512 }
  static func fresh() -> SHA512_CTX {
    var context = SHA512_CTX()
    SHA512_Init(&context)
    return context
  }
  static func update(_ context: inout SHA512_CTX, _ bytes: UnsafeRawPointer?, _ count: Int) {
    SHA512_Update(&context, bytes, count)
  }
  static func finish(_ context: inout SHA512_CTX, _ output: UnsafeMutablePointer<UInt8>) {
    SHA512_Final(output, &context)
  }
}

/// The two HMAC states after absorbing the key pads (RFC 2104 §2), for one digest. They live
/// in one allocation made and wiped here (in `LockedMemory` when it is started and has room), so
/// no stray copy of them is left behind.
struct PaddedKey<D: LowLevelDigest> {
  var inner: D.Context
  var outer: D.Context

  /// Allocates the states and absorbs `key`'s pads into them in place.
  static func allocate(key: UnsafeRawBufferPointer) -> UnsafeMutableRawPointer {
    let blockSize = D.algorithm.blockSize
    var block = [UInt8](repeating: 0, count: blockSize)
    block.withUnsafeMutableBytes { block in
      guard key.count > blockSize else {
        block.copyMemory(from: key)
        return
      }
      // A key longer than a block is hashed first (RFC 2104 §2), straight into the block.
      var context = D.fresh()
      D.update(&context, key.baseAddress, key.count)
      D.finish(&context, block.baseAddress!.assumingMemoryBound(to: UInt8.self))
      withUnsafeMutableBytes(of: &context) { OPENSSL_cleanse($0.baseAddress, $0.count) }
    }
    let raw =
      LockedMemory.allocate(MemoryLayout<Self>.size)
      ?? UnsafeMutableRawPointer.allocate(
        byteCount: MemoryLayout<Self>.size, alignment: MemoryLayout<Self>.alignment)
    let states = raw.bindMemory(to: Self.self, capacity: 1)
    states.initialize(to: PaddedKey(inner: D.fresh(), outer: D.fresh()))
    var pad = block.map { $0 ^ 0x36 }
    D.update(&states.pointee.inner, pad, blockSize)
    for index in pad.indices { pad[index] = block[index] ^ 0x5c }
    D.update(&states.pointee.outer, pad, blockSize)
    wipe(&pad)
    wipe(&block)
    return raw
  }

  /// Wipes and frees states made by `allocate`.
  static func deallocate(_ states: UnsafeMutableRawPointer) {
    if LockedMemory.holds(states) {
      LockedMemory.free(states, count: MemoryLayout<Self>.size)
    } else {
      OPENSSL_cleanse(states, MemoryLayout<Self>.size)
      states.deallocate()
    }
  }

  /// The MAC of `message` under the states at `states`: two digests, each started from a copy.
  @inline(__always)
  static func mac(
    _ states: UnsafeRawPointer, _ message: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>
  ) {
    let states = states.assumingMemoryBound(to: Self.self)
    var context = states.pointee.inner
    D.update(&context, message.baseAddress, message.count)
    D.finish(&context, output)
    context = states.pointee.outer
    D.update(&context, output, D.algorithm.outputSize)
    D.finish(&context, output)
  }
}
