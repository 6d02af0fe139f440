import COpenSSL

/// Key material in a buffer of its own, overwritten with zeros (`OPENSSL_cleanse`) when the last
/// reference to it goes. Unlike an array it is never copied by assignment, so the one buffer is
/// the only copy there is, unless code reading it through `withUnsafeBytes` makes another. It is
/// immutable once made, so it may be shared between threads.
public final class SecretBytes: @unchecked Sendable {
  // @unchecked: the buffer is written only by the initialisers and by `deinit`, when no other
  // reference exists.
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private let release: @Sendable (UnsafeMutableBufferPointer<UInt8>) -> Void

  private init(
    buffer: UnsafeMutableBufferPointer<UInt8>,
    release: @escaping @Sendable (UnsafeMutableBufferPointer<UInt8>) -> Void
  ) {
    self.buffer = buffer
    self.release = release
  }

  /// `count` bytes that `initializer` writes in place (a key derivation, a decryption), so they
  /// never pass through an array; if it throws, what it wrote is wiped.
  public convenience init<Failure: Error>(
    count: Int, initializingWith initializer: (UnsafeMutableRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    if let raw = LockedMemory.allocate(count) {
      let buffer = UnsafeMutableBufferPointer(start: raw.assumingMemoryBound(to: UInt8.self), count: count)
      self.init(
        buffer: buffer,
        release: { LockedMemory.free(UnsafeMutableRawPointer($0.baseAddress!), count: $0.count) })
      try initializer(UnsafeMutableRawBufferPointer(buffer))
      return
    }
    try self.init(count: count, release: { $0.deallocate() }, initializingWith: initializer)
  }

  /// `init(count:initializingWith:)` whose buffer, once wiped, goes to `release` to be freed:
  /// tests pass one that looks at the bytes first, which shows `deinit` wiped them.
  convenience init<Failure: Error>(
    count: Int, release: @escaping @Sendable (UnsafeMutableBufferPointer<UInt8>) -> Void,
    initializingWith initializer: (UnsafeMutableRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
    buffer.initialize(repeating: 0)
    self.init(buffer: buffer, release: release)
    // Should this throw, the object is already whole, so `deinit` wipes what was written.
    try initializer(UnsafeMutableRawBufferPointer(buffer))
  }

  /// A copy of `bytes`, which are then overwritten with zeros. Pass an array no other copy shares
  /// its buffer with: writing to a shared one gives the array a fresh buffer, and the zeros go there.
  public convenience init(wiping bytes: inout [UInt8]) {
    self.init(count: bytes.count) { target in bytes.withUnsafeBytes { target.copyMemory(from: $0) } }
    Crypto.wipe(&bytes)
  }

  deinit {
    wipe()
    release(buffer)
  }

  /// The number of bytes.
  public var count: Int { buffer.count }

  /// Runs `body` with the bytes; `body` must not keep the pointer or copy the bytes anywhere
  /// it does not wipe.
  public func withUnsafeBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeRawBufferPointer(buffer))
  }

  /// Overwrites the bytes with zeros; `deinit` calls it.
  func wipe() {
    if let base = buffer.baseAddress, buffer.count > 0 { OPENSSL_cleanse(base, buffer.count) }
  }
}
