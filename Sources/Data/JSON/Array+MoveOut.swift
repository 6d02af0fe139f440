extension Array {
  /// Removes `self[start...]` and returns those elements as a new array of exactly their
  /// size, moving them rather than copying, so no reference count changes on the way.
  ///
  /// Used by `JSONParser` to pop a finished container's elements off its shared stack.
  mutating func moveOut(from start: Int, leaving filler: Element) -> [Element] {
    let count = self.count - start
    guard count > 0 else { return [] }
    let moved = [Element](unsafeUninitializedCapacity: count) { destination, initialized in
      withUnsafeMutableBufferPointer { source in
        let slots = source.baseAddress! + start
        destination.baseAddress!.moveInitialize(from: slots, count: count)
        slots.initialize(repeating: filler, count: count)
      }
      initialized = count
    }
    removeSubrange(start...)
    return moved
  }
}
