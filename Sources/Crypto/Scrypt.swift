import COpenSSL

/// scrypt (RFC 7914) over this module's HMAC-SHA-256, without OpenSSL's KDF machinery: fetching
/// `EVP_PBE_scrypt` first loads OpenSSL's configuration, providers, cipher tables and error
/// strings (about 1.8 MiB of code and heap), and every byte of that was resident while scrypt's
/// own 32 MiB were. Its working memory (`128 · r · N` bytes for V) is allocated here and wiped
/// and freed before it returns.
enum Scrypt {
  /// Derives `output.count` bytes from `password` and `salt` (parameters already checked:
  /// `n` a power of two above 1, `r` and `p` positive, their memory within reason).
  static func derive(
    password: [UInt8], salt: [UInt8], n: Int, r: Int, p: Int, into output: UnsafeMutableRawBufferPointer
  ) {
    let mac = HMAC(.sha256, key: password)
    let blockWords = 32 * r
    // B = PBKDF2-HMAC-SHA256(P, S, 1, p · 128 · r) (RFC 7914 §6, step 1).
    var b = [UInt8](repeating: 0, count: p * 128 * r)
    defer { wipe(&b) }
    b.withUnsafeMutableBytes { pbkdf2(mac, salt: salt, into: $0) }
    let words = UnsafeMutablePointer<UInt32>.allocate(capacity: blockWords * (n + 2))
    let v = words + 2 * blockWords
    defer {
      OPENSSL_cleanse(words, blockWords * (n + 2) * 4)
      words.deallocate()
    }
    // B_i = scryptROMix(r, B_i, N) for each of the p blocks (step 2).
    b.withUnsafeMutableBytes { bytes in
      for block in 0..<p {
        let start = bytes.baseAddress! + block * 128 * r
        for index in 0..<blockWords {
          words[index] = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        }
        roMix(words, scratch: words + blockWords, v: v, r: r, n: n)
        for index in 0..<blockWords {
          start.storeBytes(of: words[index].littleEndian, toByteOffset: index * 4, as: UInt32.self)
        }
      }
    }
    // DK = PBKDF2-HMAC-SHA256(P, B, 1, dkLen) (step 3).
    pbkdf2(mac, salt: b, into: output)
  }

  /// PBKDF2-HMAC-SHA256 with one iteration (RFC 8018 §5.2): block i is HMAC(P, S ‖ INT(i)).
  private static func pbkdf2(_ mac: HMAC, salt: [UInt8], into output: UnsafeMutableRawBufferPointer) {
    var message = salt + [0, 0, 0, 0]
    defer { wipe(&message) }
    var digest = [UInt8](repeating: 0, count: 32)
    defer { wipe(&digest) }
    var offset = 0
    var index: UInt32 = 1
    while offset < output.count {
      withUnsafeBytes(of: index.bigEndian) { counter in
        for byte in 0..<4 { message[salt.count + byte] = counter[byte] }
      }
      message.withUnsafeBytes { input in
        digest.withUnsafeMutableBufferPointer { mac.authenticate(input, into: $0.baseAddress!) }
      }
      let count = min(32, output.count - offset)
      for byte in 0..<count { output[offset + byte] = digest[byte] }
      offset += count
      index += 1
    }
  }

  /// scryptROMix (RFC 7914 §5) on the `32 · r` words at `x`, with `scratch` of as many words
  /// and `v` of `n` times as many.
  private static func roMix(
    _ x: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>, v: UnsafeMutablePointer<UInt32>,
    r: Int, n: Int
  ) {
    let blockWords = 32 * r
    for index in 0..<n {
      (v + index * blockWords).update(from: x, count: blockWords)
      blockMix(x, scratch: scratch, r: r)
    }
    for _ in 0..<n {
      // Integerify: the first word of the last 64-byte block, modulo N (a power of two).
      let j = Int(x[(2 * r - 1) * 16]) & (n - 1)
      let row = v + j * blockWords
      for index in 0..<blockWords { x[index] ^= row[index] }
      blockMix(x, scratch: scratch, r: r)
    }
  }

  /// scryptBlockMix (RFC 7914 §4) in place on the `2r` 64-byte blocks at `b`: the even outputs
  /// first, then the odd ones.
  private static func blockMix(
    _ b: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>, r: Int
  ) {
    let blocks = UnsafeRawPointer(b)
    let output = UnsafeMutableRawPointer(scratch)
    var x = blocks.loadUnaligned(fromByteOffset: (2 * r - 1) * 64, as: SIMD16<UInt32>.self)
    for index in 0..<(2 * r) {
      x = salsa20_8(x ^ blocks.loadUnaligned(fromByteOffset: index * 64, as: SIMD16<UInt32>.self))
      let half = index % 2 == 0 ? index / 2 : r + index / 2
      output.storeBytes(of: x, toByteOffset: half * 64, as: SIMD16<UInt32>.self)
    }
    b.update(from: scratch, count: 32 * r)
  }

  /// The Salsa20/8 core (RFC 7914 §3): four double rounds, then the input added word by word.
  @inline(__always)
  private static func salsa20_8(_ input: SIMD16<UInt32>) -> SIMD16<UInt32> {
    var (x0, x1, x2, x3) = (input[0], input[1], input[2], input[3])
    var (x4, x5, x6, x7) = (input[4], input[5], input[6], input[7])
    var (x8, x9, x10, x11) = (input[8], input[9], input[10], input[11])
    var (x12, x13, x14, x15) = (input[12], input[13], input[14], input[15])
    for _ in 0..<4 {
      // Columns.
      x4 ^= rotate(x0 &+ x12, 7)
      x8 ^= rotate(x4 &+ x0, 9)
      x12 ^= rotate(x8 &+ x4, 13)
      x0 ^= rotate(x12 &+ x8, 18)
      x9 ^= rotate(x5 &+ x1, 7)
      x13 ^= rotate(x9 &+ x5, 9)
      x1 ^= rotate(x13 &+ x9, 13)
      x5 ^= rotate(x1 &+ x13, 18)
      x14 ^= rotate(x10 &+ x6, 7)
      x2 ^= rotate(x14 &+ x10, 9)
      x6 ^= rotate(x2 &+ x14, 13)
      x10 ^= rotate(x6 &+ x2, 18)
      x3 ^= rotate(x15 &+ x11, 7)
      x7 ^= rotate(x3 &+ x15, 9)
      x11 ^= rotate(x7 &+ x3, 13)
      x15 ^= rotate(x11 &+ x7, 18)
      // Rows.
      x1 ^= rotate(x0 &+ x3, 7)
      x2 ^= rotate(x1 &+ x0, 9)
      x3 ^= rotate(x2 &+ x1, 13)
      x0 ^= rotate(x3 &+ x2, 18)
      x6 ^= rotate(x5 &+ x4, 7)
      x7 ^= rotate(x6 &+ x5, 9)
      x4 ^= rotate(x7 &+ x6, 13)
      x5 ^= rotate(x4 &+ x7, 18)
      x11 ^= rotate(x10 &+ x9, 7)
      x8 ^= rotate(x11 &+ x10, 9)
      x9 ^= rotate(x8 &+ x11, 13)
      x10 ^= rotate(x9 &+ x8, 18)
      x12 ^= rotate(x15 &+ x14, 7)
      x13 ^= rotate(x12 &+ x15, 9)
      x14 ^= rotate(x13 &+ x12, 13)
      x15 ^= rotate(x14 &+ x13, 18)
    }
    return input
      &+ SIMD16(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15)
  }

  @inline(__always)
  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value &<< count) | (value &>> (32 &- count))
  }
}
