/// A growable byte buffer in manually managed memory that appends without per-byte checks
/// beyond one capacity test per write.
///
/// `JSONSerializer` writes into it; `Array` would check uniqueness and capacity per byte.
struct ByteBuffer: ~Copyable {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written.
  private(set) var count = 0

  /// Creates an empty buffer with room for `capacity` bytes before it grows.
  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    self.storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// Makes room for at least `extra` more bytes.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(toAtLeast: count + extra) }
  }

  /// Appends `byte`.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  /// Appends `byte` `times` times.
  mutating func append(_ byte: UInt8, times: Int) {
    reserve(times)
    (storage + count).initialize(repeating: byte, count: times)
    count += times
  }

  /// Appends all of `bytes`.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (storage + count).initialize(from: base, count: bytes.count)
    count += bytes.count
  }

  /// Appends the bytes of `text`, a literal.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The bytes written, as an array.
  consuming func bytes() -> [UInt8] {
    [UInt8](UnsafeBufferPointer(start: storage, count: count))
  }

  /// The bytes written, which must be valid UTF-8, as a string.
  consuming func string() -> String {
    String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
  }

  private mutating func grow(toAtLeast needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    larger.initialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity = newCapacity
  }
}
