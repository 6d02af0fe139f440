extension FileVaultStorage {
  /// A point of `replace` where a crash can be arranged: a test build's composition root may
  /// stop the process there, so a test sees either outcome of a crash instead of timing one.
  public enum WriteStage: String, CaseIterable, Sendable {
    /// The new file is written and flushed beside the vault, not yet renamed over it.
    case beforeRename = "before-rename"
    /// The new file has been renamed over the vault; its folder is not yet flushed.
    case afterRename = "after-rename"
  }
}
