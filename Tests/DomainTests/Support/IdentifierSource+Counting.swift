import Domain
import Synchronization

extension IdentifierSource {
  /// `prefix-1`, `prefix-2`, … in call order, so tests know every id in advance.
  static func counting(_ prefix: String = "id") -> IdentifierSource {
    let counter = Mutex(0)
    return IdentifierSource {
      let value = counter.withLock { count in
        count += 1
        return count
      }
      return "\(prefix)-\(value)"
    }
  }
}
