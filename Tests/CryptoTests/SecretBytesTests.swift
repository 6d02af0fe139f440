import Synchronization
import Testing

@testable import Crypto

@Suite("Secret bytes")
struct SecretBytesTests {
  /// What a `SecretBytes` buffer held when it was handed back to be freed.
  final class Released: Sendable {
    private let seen = Mutex<[UInt8]?>(nil)

    /// Records the buffer's bytes, then frees it as `SecretBytes` would.
    var release: @Sendable (UnsafeMutableBufferPointer<UInt8>) -> Void {
      { buffer in
        self.seen.withLock { $0 = Array(buffer) }
        buffer.deallocate()
      }
    }

    /// The bytes, once released; nil before.
    var bytes: [UInt8]? { seen.withLock { $0 } }
  }

  private static let key = [UInt8](hex: "8d2a3c5e7f9a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071829304")

  @Test("dropping it wipes the buffer before it is freed")
  func deinitWipes() {
    let released = Released()
    do {
      let secret = SecretBytes(count: 32, release: released.release) { $0.copyBytes(from: Self.key) }
      #expect(secret.withUnsafeBytes { Array($0) } == Self.key)
      #expect(released.bytes == nil)
    }
    #expect(released.bytes == [UInt8](repeating: 0, count: 32))
  }

  @Test("an initializer that throws leaves nothing of what it wrote")
  func throwingInitializerWipes() {
    struct Failure: Error {}
    let released = Released()
    #expect(throws: Failure.self) {
      _ = try SecretBytes(count: 32, release: released.release) { (buffer) throws(Failure) in
        buffer.copyBytes(from: Self.key)
        throw Failure()
      }
    }
    #expect(released.bytes == [UInt8](repeating: 0, count: 32))
  }

  @Test("wipe() overwrites every byte with zeros")
  func wipeZeroes() {
    let secret = SecretBytes(count: 3) { $0.copyBytes(from: [1, 2, 3]) }
    secret.wipe()
    #expect(secret.withUnsafeBytes { Array($0) } == [0, 0, 0])
  }

  @Test("init(wiping:) keeps the bytes and zeroes the array they came in")
  func initWipingZeroesTheSource() {
    var source = Self.key
    let secret = SecretBytes(wiping: &source)
    #expect(secret.count == 32)
    #expect(secret.withUnsafeBytes { Array($0) } == Self.key)
    #expect(source == [UInt8](repeating: 0, count: 32))
  }

  @Test("wipe zeroes an array's own buffer in place and leaves a copy held elsewhere as it was")
  func wipeKeepsValueSemantics() {
    var alone = Self.key.map { $0 }
    let address = alone.withUnsafeBytes { $0.baseAddress }
    wipe(&alone)
    #expect(alone == [UInt8](repeating: 0, count: 32))
    #expect(alone.withUnsafeBytes { $0.baseAddress } == address)

    var shared = Self.key.map { $0 }
    let copy = shared
    wipe(&shared)
    #expect(shared == [UInt8](repeating: 0, count: 32))
    #expect(copy == Self.key)
  }

  @Test("an empty secret is allowed")
  func empty() {
    var none: [UInt8] = []
    #expect(SecretBytes(wiping: &none).count == 0)
  }

  @Test("random secretBytes are the source's bytes")
  func randomSecret() {
    let fixed = RandomSource { count in [UInt8](repeating: 7, count: count) }
    #expect(fixed.secretBytes(4).withUnsafeBytes { Array($0) } == [7, 7, 7, 7])
  }

  @Test("AES-GCM under SecretBytes matches the array interface, and openSecret unwraps a key")
  func aesGCMWithSecretKeys() throws {
    let key = SecretBytes(count: 32) { $0.copyBytes(from: Self.key) }
    let nonce = [UInt8](hex: "0f1e2d3c4b5a69788796a5b4")
    let wrapped = try AESGCM.seal(Self.key, key: Self.key, nonce: nonce)
    #expect(try AESGCM.seal(Self.key, key: key, nonce: nonce) == wrapped)
    #expect(try AESGCM.seal(key, key: key, nonce: nonce) == wrapped)
    #expect(try AESGCM.open(wrapped, key: key, nonce: nonce) == Self.key)
    let unwrapped = try AESGCM.openSecret(wrapped, key: key, nonce: nonce)
    #expect(unwrapped.withUnsafeBytes { Array($0) } == Self.key)
    let other = SecretBytes(count: 32) { $0.copyBytes(from: [UInt8](repeating: 1, count: 32)) }
    #expect(throws: CryptoError.authenticationFailed) {
      try AESGCM.openSecret(wrapped, key: other, nonce: nonce)
    }
  }

  @Test("scryptKey derives the same bytes as scrypt")
  func scryptKeyMatchesScrypt() throws {
    let parameters = KeyDerivation.ScryptParameters(n: 16, r: 1, p: 1)
    let array = try KeyDerivation.scrypt(password: [1], salt: [2], parameters: parameters)
    let secret = try KeyDerivation.scryptKey(password: [1], salt: [2], parameters: parameters)
    #expect(secret.withUnsafeBytes { Array($0) } == array)
  }
}
