import CProcessControl

/// How the process's allocator is set up before any work starts.
public enum MemoryPolicy {
  /// One malloc arena for every thread (glibc's `M_ARENA_MAX` 1). A sync begins work on a few
  /// threads of its own (kept-version checks, fingerprints, conflict copies opened beside the
  /// shared file); with an arena each, memory one thread frees is never reused by another, and a
  /// sync of 10,000 accounts with a conflict copy peaked at 97 MiB instead of 81. Those threads
  /// allocate little once started, so sharing the arena's lock costs nothing measurable.
  /// Whether the allocator took the setting (false where there is none, off glibc).
  @discardableResult
  public static func apply() -> Bool {
    twofold_single_malloc_arena() == 1
  }
}
