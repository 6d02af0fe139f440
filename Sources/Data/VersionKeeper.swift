import Domain

/// Keeps each version the repository writes (sync.md: each device keeps the versions it wrote),
/// so a later sync can merge against a common ancestor. Infrastructure keeps them in the
/// device's state; a failure to keep one only makes a later sync choose an older base.
public struct VersionKeeper: Sendable {
  /// Keeps `version`, just written over `previous`, sealed like `vault`.
  public var keep:
    @Sendable (_ version: VaultContents, _ previous: VaultContents, _ vault: SealedVault) -> Void

  /// Wraps the capability.
  public init(
    keep:
      @escaping @Sendable (_ version: VaultContents, _ previous: VaultContents, _ vault: SealedVault) -> Void
  ) {
    self.keep = keep
  }
}
