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
    // X, then Y (blockWords each), then T (16 words), then V (n blocks): 128 · r · (N + 2) + 64 bytes.
    let count = blockWords * (n + 2) + 16
    let words = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    let v = words + 2 * blockWords + 16
    defer {
      OPENSSL_cleanse(words, count * 4)
      words.deallocate()
    }
    // B_i = scryptROMix(r, B_i, N) for each of the p blocks (step 2).
    b.withUnsafeMutableBytes { bytes in
      for block in 0..<p {
        let start = bytes.baseAddress! + block * 128 * r
        for index in 0..<blockWords {
          words[index] = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        }
        roMix(words, y: words + blockWords, t: words + 2 * blockWords, v: v, r: r, n: n)
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

  /// scryptROMix (RFC 7914 §5) on the `32 · r` words at `x`, with `blockMix`'s `y` and `t`
  /// and `v` of `n` times `32 · r` words.
  private static func roMix(
    _ x: UnsafeMutablePointer<UInt32>, y: UnsafeMutablePointer<UInt32>, t: UnsafeMutablePointer<UInt32>,
    v: UnsafeMutablePointer<UInt32>, r: Int, n: Int
  ) {
    let blockWords = 32 * r
    for index in 0..<n {
      (v + index * blockWords).update(from: x, count: blockWords)
      blockMix(x, y: y, t: t, r: r)
    }
    for _ in 0..<n {
      // Integerify: the first word of the last 64-byte block, modulo N (a power of two).
      let j = Int(x[(2 * r - 1) * 16]) & (n - 1)
      let row = v + j * blockWords
      for index in 0..<blockWords { x[index] ^= row[index] }
      blockMix(x, y: y, t: t, r: r)
    }
  }

  /// scryptBlockMix (RFC 7914 §4) in place on the `2r` 64-byte blocks at `b`, through `y`
  /// (as many words) and `t` (16): the even outputs first, then the odd ones.
  private static func blockMix(
    _ b: UnsafeMutablePointer<UInt32>, y: UnsafeMutablePointer<UInt32>, t: UnsafeMutablePointer<UInt32>,
    r: Int
  ) {
    t.update(from: b + (2 * r - 1) * 16, count: 16)
    for index in 0..<(2 * r) {
      let block = b + index * 16
      for word in 0..<16 { t[word] ^= block[word] }
      salsa20_8(t)
      (y + (index % 2 == 0 ? index / 2 : r + index / 2) * 16).update(from: t, count: 16)
    }
    b.update(from: y, count: 32 * r)
  }

  /// The Salsa20/8 core (RFC 7914 §3) in place on the 16 words at `block`: four double rounds
  /// on copies held in locals, then each added to the word it started from.
  private static func salsa20_8(_ block: UnsafeMutablePointer<UInt32>) {
    var (x0, x1, x2, x3) = (block[0], block[1], block[2], block[3])
    var (x4, x5, x6, x7) = (block[4], block[5], block[6], block[7])
    var (x8, x9, x10, x11) = (block[8], block[9], block[10], block[11])
    var (x12, x13, x14, x15) = (block[12], block[13], block[14], block[15])
    var sum: UInt32
    for _ in 0..<4 {
      // Columns.
      sum = x0 &+ x12
      x4 ^= sum &<< 7 | sum &>> 25
      sum = x4 &+ x0
      x8 ^= sum &<< 9 | sum &>> 23
      sum = x8 &+ x4
      x12 ^= sum &<< 13 | sum &>> 19
      sum = x12 &+ x8
      x0 ^= sum &<< 18 | sum &>> 14
      sum = x5 &+ x1
      x9 ^= sum &<< 7 | sum &>> 25
      sum = x9 &+ x5
      x13 ^= sum &<< 9 | sum &>> 23
      sum = x13 &+ x9
      x1 ^= sum &<< 13 | sum &>> 19
      sum = x1 &+ x13
      x5 ^= sum &<< 18 | sum &>> 14
      sum = x10 &+ x6
      x14 ^= sum &<< 7 | sum &>> 25
      sum = x14 &+ x10
      x2 ^= sum &<< 9 | sum &>> 23
      sum = x2 &+ x14
      x6 ^= sum &<< 13 | sum &>> 19
      sum = x6 &+ x2
      x10 ^= sum &<< 18 | sum &>> 14
      sum = x15 &+ x11
      x3 ^= sum &<< 7 | sum &>> 25
      sum = x3 &+ x15
      x7 ^= sum &<< 9 | sum &>> 23
      sum = x7 &+ x3
      x11 ^= sum &<< 13 | sum &>> 19
      sum = x11 &+ x7
      x15 ^= sum &<< 18 | sum &>> 14
      // Rows.
      sum = x0 &+ x3
      x1 ^= sum &<< 7 | sum &>> 25
      sum = x1 &+ x0
      x2 ^= sum &<< 9 | sum &>> 23
      sum = x2 &+ x1
      x3 ^= sum &<< 13 | sum &>> 19
      sum = x3 &+ x2
      x0 ^= sum &<< 18 | sum &>> 14
      sum = x5 &+ x4
      x6 ^= sum &<< 7 | sum &>> 25
      sum = x6 &+ x5
      x7 ^= sum &<< 9 | sum &>> 23
      sum = x7 &+ x6
      x4 ^= sum &<< 13 | sum &>> 19
      sum = x4 &+ x7
      x5 ^= sum &<< 18 | sum &>> 14
      sum = x10 &+ x9
      x11 ^= sum &<< 7 | sum &>> 25
      sum = x11 &+ x10
      x8 ^= sum &<< 9 | sum &>> 23
      sum = x8 &+ x11
      x9 ^= sum &<< 13 | sum &>> 19
      sum = x9 &+ x8
      x10 ^= sum &<< 18 | sum &>> 14
      sum = x15 &+ x14
      x12 ^= sum &<< 7 | sum &>> 25
      sum = x12 &+ x15
      x13 ^= sum &<< 9 | sum &>> 23
      sum = x13 &+ x12
      x14 ^= sum &<< 13 | sum &>> 19
      sum = x14 &+ x13
      x15 ^= sum &<< 18 | sum &>> 14
    }
    block[0] &+= x0
    block[1] &+= x1
    block[2] &+= x2
    block[3] &+= x3
    block[4] &+= x4
    block[5] &+= x5
    block[6] &+= x6
    block[7] &+= x7
    block[8] &+= x8
    block[9] &+= x9
    block[10] &+= x10
    block[11] &+= x11
    block[12] &+= x12
    block[13] &+= x13
    block[14] &+= x14
    block[15] &+= x15
  }
}
