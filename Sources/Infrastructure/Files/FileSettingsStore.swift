import Codecs
import Data
import Domain

/// The app's settings as a small JSON file (`settings.json`) beside the vault, mode 0600,
/// replaced atomically. A missing or unreadable file gives the defaults; unknown values fall
/// back one by one.
public struct FileSettingsStore: Sendable {
  /// The settings file's path.
  public let path: String

  /// The store beside the vault at `vaultPath`.
  public init(vaultPath: String) {
    path = POSIX.directory(of: vaultPath) + "/settings.json"
  }

  /// The store at `path` itself.
  public init(path: String) {
    self.path = path
  }

  /// The saved settings, or the defaults.
  public func load() -> AppSettings {
    guard case .success(let bytes) = LocalFiles.read(path), let value = try? JSONValue(parsing: bytes) else {
      return AppSettings()
    }
    var settings = AppSettings()
    if let theme = value["theme"]?.stringValue.flatMap(AppSettings.Theme.init(rawValue:)) {
      settings.theme = theme
    }
    if let hide = value["hideCodes"]?.boolValue { settings.hideCodes = hide }
    if let order = value["sortOrder"]?.stringValue.flatMap(AppSettings.SortOrder.init(rawValue:)) {
      settings.sortOrder = order
    }
    if let minutes = value["autoLockMinutes"]?.int64Value, (0...1440).contains(minutes) {
      settings.autoLockMinutes = Int(minutes)
    }
    return settings
  }

  /// Writes `settings`, replacing the file atomically.
  public func save(_ settings: AppSettings) throws(DomainError) {
    let object: JSONValue = [
      "theme": .string(settings.theme.rawValue),
      "hideCodes": .bool(settings.hideCodes),
      "sortOrder": .string(settings.sortOrder.rawValue),
      "autoLockMinutes": .number(JSONNumber(Int64(settings.autoLockMinutes))),
    ]
    if let code = POSIX.makeDirectories(POSIX.directory(of: path)) {
      throw .storage("cannot create the folder of \(path): \(POSIX.reason(code))")
    }
    if case .failure(let error) = LocalFiles.writePrivate(path, object.serialized(pretty: true) + [0x0a]) {
      throw .storage(error.reason)
    }
  }

  /// The store as the app's settings port.
  public var repository: SettingsRepository {
    SettingsRepository(load: { load() }, save: { (settings) throws(DomainError) in try save(settings) })
  }
}
