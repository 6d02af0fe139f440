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
  static let algorithm = DigestAlgorithm.md5
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
  static let algorithm = DigestAlgorithm.sha1
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
  static let algorithm = DigestAlgorithm.sha256
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
  static let algorithm = DigestAlgorithm.sha512
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

/// The two HMAC states after absorbing the key pads (RFC 2104 §2), for one digest.
struct PaddedKey<D: LowLevelDigest> {
  var inner: D.Context
  var outer: D.Context

  init(key: [UInt8]) {
    var block = key.count > D.algorithm.blockSize ? Digest.hash(D.algorithm, key) : key
    block += [UInt8](repeating: 0, count: D.algorithm.blockSize - block.count)
    var pad = block.map { $0 ^ 0x36 }
    inner = D.fresh()
    D.update(&inner, pad, pad.count)
    pad = block.map { $0 ^ 0x5c }
    outer = D.fresh()
    D.update(&outer, pad, pad.count)
    wipe(&pad)
    wipe(&block)
  }

  @inline(__always)
  func mac(_ message: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) {
    var context = inner
    D.update(&context, message.baseAddress, message.count)
    D.finish(&context, output)
    context = outer
    D.update(&context, output, D.algorithm.outputSize)
    D.finish(&context, output)
  }
}
