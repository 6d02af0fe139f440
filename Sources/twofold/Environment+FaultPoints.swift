import Infrastructure

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if TWOFOLD_FAULT_POINTS
  extension Environment {
    /// For the crash-consistency tests only, in a build compiled with `TWOFOLD_FAULT_POINTS`
    /// (Package.swift sets it for the debug build `swift test` runs; a release build has no such
    /// hook): when `$TWOFOLD_TEST_KILL_AT` names a `FileVaultStorage.WriteStage` (`before-rename`,
    /// `after-rename`), a vault replacement kills the process with SIGKILL at that stage.
    static func crashTestFaultPoint() -> (@Sendable (FileVaultStorage.WriteStage) -> Void)? {
      guard let value = getenv("TWOFOLD_TEST_KILL_AT"),
        let stage = FileVaultStorage.WriteStage(rawValue: String(cString: value))
      else { return nil }
      return { reached in
        if reached == stage { kill(getpid(), SIGKILL) }
      }
    }
  }
#endif
