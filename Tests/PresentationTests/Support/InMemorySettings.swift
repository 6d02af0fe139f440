import Domain
import Synchronization

/// Settings kept in memory, remembering every save.
final class InMemorySettings: Sendable {
  private let saved: Mutex<[AppSettings]>
  private let initial: AppSettings

  /// Starts with `settings` as the stored value.
  init(_ settings: AppSettings = AppSettings()) {
    initial = settings
    saved = Mutex([])
  }

  /// Every saved value, oldest first.
  var saves: [AppSettings] { saved.withLock { $0 } }

  /// The port the store uses.
  var repository: SettingsRepository {
    SettingsRepository(
      load: { self.saved.withLock { $0.last } ?? self.initial },
      save: { settings in self.saved.withLock { $0.append(settings) } })
  }
}
