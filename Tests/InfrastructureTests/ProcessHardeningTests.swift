import Infrastructure
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Process hardening")
struct ProcessHardeningTests {
  /// Runs in a forked child, so the test runner (and the processes other tests start from it)
  /// keeps its own limits.
  @Test("apply() leaves no core-file limit and a process that cannot be dumped")
  func coreDumpsDisabled() {
    #if os(Linux)
      // Resolves `prctl` before the fork, so the child only makes system calls.
      #expect(ProcessHardening.isDumpable() == true)
      let child = fork()
      if child == 0 {
        ProcessHardening.apply()
        let limit = ProcessHardening.coreLimit()
        let hardened = limit.soft == 0 && limit.hard == 0 && ProcessHardening.isDumpable() == false
        _exit(hardened ? 0 : 1)
      }
      try? #require(child > 0)
      var status: Int32 = -1
      while waitpid(child, &status, 0) < 0 && errno == EINTR {}
      #expect(status == 0, "the child still had a core limit or was dumpable (wait status \(status))")
    #endif
  }
}
