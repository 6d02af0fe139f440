import Codecs
import Crypto
import Domain
import Synchronization

/// A vault's database as the vault file seals it: the compact JSON of `AegisDatabase.encode`.
/// Within `reusing(_:)` the text of the contents last serialized is kept and reused while the
/// contents stay equal: a sync writes one result to the vault, the shared file, the base and
/// the kept version's fingerprint, and serializing ten thousand accounts once instead of four
/// times is most of its writing. The kept text is wiped when the scope ends.
public enum DatabaseText {
  /// The one text kept for a scope.
  final class Memo: @unchecked Sendable {
    let last = Mutex<(contents: VaultContents, text: [UInt8])?>(nil)

    deinit {
      last.withLock { kept in
        if var text = kept?.text { wipe(&text) }
        kept = nil
      }
    }
  }

  @TaskLocal static var memo: Memo?

  /// Runs `body` keeping the last database serialized, for reuse by every write inside it.
  public static func reusing<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var outcome: Swift.Result<Result, Failure>?
    $memo.withValue(Memo()) {
      outcome = Swift.Result { () throws(Failure) -> Result in try body() }
    }
    return try outcome!.get()
  }

  /// The compact JSON text of `contents`' database (reused inside `reusing`). Wipe it after use
  /// outside such a scope; inside one, the scope wipes the text it keeps.
  static func of(_ contents: VaultContents) -> (text: [UInt8], isKept: Bool) {
    guard let memo else { return (JSONValue.object(AegisDatabase.encode(contents)).serialized(), false) }
    if let kept = memo.last.withLock({ $0 }), kept.contents == contents { return (kept.text, true) }
    let text = JSONValue.object(AegisDatabase.encode(contents)).serialized()
    memo.last.withLock { kept in
      if var old = kept?.text { wipe(&old) }
      kept = (contents, text)
    }
    return (text, true)
  }
}
