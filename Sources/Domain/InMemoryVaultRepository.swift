import Synchronization

/// A vault held in memory: the demo vault, and the repository use cases are tested on.
public final class InMemoryVaultRepository: VaultRepository, Sendable {
  private let contents: Mutex<VaultContents>

  /// Starts with `contents`.
  public init(_ contents: VaultContents = VaultContents()) {
    self.contents = Mutex(contents)
  }

  /// The current contents.
  public func load() throws(DomainError) -> VaultContents {
    contents.withLock { $0 }
  }

  /// Applies `change` to a copy and keeps it only when `change` succeeds.
  public func update<Result>(
    _ change: (inout VaultContents) throws(DomainError) -> Result
  ) throws(DomainError) -> Result {
    let outcome: Swift.Result<Result, DomainError> = contents.withLock { stored in
      var copy = stored
      do throws(DomainError) {
        let result = try change(&copy)
        stored = copy
        return .success(result)
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}
