/// A growable stack in manually managed memory whose top elements can be moved out into an
/// array without touching reference counts.
///
/// `JSONReader` collects the elements of every open array (and the members of every open
/// object) on one such stack and pops each container once, at its exact size, instead of
/// growing an array per container step by step.
struct MoveStack<Element>: ~Copyable {
  private var storage: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// The number of elements on the stack.
  private(set) var count = 0

  /// Creates an empty stack with room for `capacity` elements before it grows.
  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    self.storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  /// Pushes `element` on top.
  mutating func push(_ element: consuming Element) {
    if count == capacity { grow() }
    (storage + count).initialize(to: element)
    count += 1
  }

  /// The element at `index` (0 is the bottom), read in place.
  subscript(index: Int) -> Element {
    unsafeAddress {
      assert(index >= 0 && index < count, "MoveStack index out of range")
      return UnsafePointer(storage + index)
    }
  }

  /// Removes the elements from `start` to the top and returns them, bottom first, each
  /// passed through `transform`.
  mutating func popAll<Result>(from start: Int, _ transform: (consuming Element) -> Result) -> [Result] {
    var popped: [Result] = []
    popped.reserveCapacity(count - start)
    for index in start..<count {
      popped.append(transform((storage + index).move()))
    }
    count = start
    return popped
  }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity *= 2
  }
}
