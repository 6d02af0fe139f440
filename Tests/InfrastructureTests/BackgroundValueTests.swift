import Infrastructure
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A value computed on a thread of its own (the sync's work begun ahead).
@Suite("BackgroundValue")
struct BackgroundValueTests {
  @Test("the value is what the body returns, the same each time it is asked for")
  func value() {
    let calls = Mutex(0)
    let work = BackgroundValue { () -> [Int] in
      calls.withLock { $0 += 1 }
      return Array(0..<1000).map { $0 * $0 }
    }
    #expect(work.value.last == 999 * 999)
    #expect(work.value.count == 1000)
    #expect(calls.withLock { $0 } == 1)
  }

  @Test("many at once each get their own value")
  func many() {
    let works = (0..<8).map { index in BackgroundValue { index * 10 } }
    #expect(works.map(\.value) == (0..<8).map { $0 * 10 })
  }

  @Test("one let go unasked is waited for: its work is done when it is gone")
  func letGo() {
    let done = Mutex(false)
    do {
      _ = BackgroundValue { () -> Int in
        for _ in 0..<1000 { sched_yield() }
        done.withLock { $0 = true }
        return 1
      }
    }
    #expect(done.withLock { $0 })
  }
}

/// The allocator's set-up for the threads a sync starts.
@Suite("Memory policy")
struct MemoryPolicyTests {
  @Test("glibc takes the one-arena setting")
  func oneArena() {
    #if canImport(Glibc)
      #expect(MemoryPolicy.apply())
    #endif
  }
}
