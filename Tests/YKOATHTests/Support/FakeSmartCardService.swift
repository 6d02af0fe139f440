import YKOATH

/// Readers in memory: each holds a card, or none (`noCard` on connecting).
struct FakeSmartCardService: SmartCardService {
  /// The readers in order, each with its card or nil.
  var slots: [(String, FakeOATHCard?)]
  /// Thrown by every call instead, when set (pcscd not running).
  var unavailable: SmartCardError?

  func readers() throws(SmartCardError) -> [String] {
    if let unavailable { throw unavailable }
    return slots.map(\.0)
  }

  func connect(reader: String) throws(SmartCardError) -> any SmartCardConnection {
    if let unavailable { throw unavailable }
    guard let card = slots.first(where: { $0.0 == reader })?.1 else { throw .noCard }
    return card
  }
}
