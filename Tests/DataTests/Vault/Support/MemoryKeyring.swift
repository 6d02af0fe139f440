import Crypto
import Data
import Synchronization
import Testing

/// A keyring in memory: what `lookup` answers, what was stored, and how often it was asked.
final class MemoryKeyring: VaultKeyring {
  /// What the keyring holds for every vault.
  enum Holding: Sendable, CustomTestStringConvertible {
    case item(key: [UInt8], slot: String)
    case absent
    case locked
    case damaged
    case several
    case unavailable
    case slow

    var testDescription: String {
      switch self {
      case .item(_, let slot): "an item for slot \(slot)"
      case .absent: "no item"
      case .locked: "a locked collection"
      case .damaged: "a damaged item"
      case .several: "two items"
      case .unavailable: "no Secret Service"
      case .slow: "a Secret Service that does not answer in time"
      }
    }
  }

  private struct State {
    var holding: Holding
    var lookups = 0
    var stored: [(vault: String, slot: String, key: [UInt8])] = []
  }

  private let state: Mutex<State>

  init(_ holding: Holding) { state = Mutex(State(holding: holding)) }

  /// How many times `lookup` was called.
  var lookups: Int { state.withLock { $0.lookups } }
  /// Every `store`, in order.
  var stored: [(vault: String, slot: String, key: [UInt8])] { state.withLock { $0.stored } }

  func lookup(vault: String) -> KeyringLookup {
    state.withLock { state in
      state.lookups += 1
      switch state.holding {
      case .item(var key, let slot): return .found(key: SecretBytes(wiping: &key), slot: slot)
      case .absent: return .absent
      case .locked: return .locked
      case .damaged: return .damaged("the key is 5 bytes, not 32")
      case .several: return .several(2)
      case .unavailable: return .unavailable("no Secret Service")
      case .slow: return .failed("the login keyring did not answer within 2 s")
      }
    }
  }

  func store(vault: String, slot: String, key: SecretBytes) throws(KeyringFailure) {
    let bytes = key.withUnsafeBytes { Array($0) }
    state.withLock {
      $0.stored.append((vault, slot, bytes))
      $0.holding = .item(key: bytes, slot: slot)
    }
  }

  func remove(vault: String) throws(KeyringFailure) -> Bool {
    state.withLock {
      guard case .item = $0.holding else { return false }
      $0.holding = .absent
      return true
    }
  }
}
