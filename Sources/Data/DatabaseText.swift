import Codecs
import Crypto
import Domain
import Synchronization

/// A vault's database as the vault file seals it: the compact JSON of `AegisDatabase.encode`.
/// Within `reusing(_:)` the texts of the two contents last serialized are kept and reused while
/// the contents stay equal: a sync writes one result to the vault, the shared file, the base and
/// the kept version's fingerprint, and serializing ten thousand accounts once instead of four
/// times is most of its writing (two, so that sealing a kept version's small changes in between
/// does not push the result out). The kept texts are wiped when the scope ends.
public enum DatabaseText {
  /// The texts kept for a scope, the one used last at the end.
  final class Memo: @unchecked Sendable {
    static let size = 2
    let kept = Mutex<[(contents: VaultContents, text: [UInt8])]>([])

    deinit {
      kept.withLock { kept in
        for index in kept.indices { wipe(&kept[index].text) }
        kept = []
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
    guard let memo else { return (AegisDatabase.serialized(contents), false) }
    let found = memo.kept.withLock { kept -> [UInt8]? in
      guard let index = kept.firstIndex(where: { $0.contents == contents }) else { return nil }
      kept.append(kept.remove(at: index))
      return kept.last?.text
    }
    if let found { return (found, true) }
    let text = AegisDatabase.serialized(contents)
    memo.kept.withLock { kept in
      if kept.count == Memo.size {
        wipe(&kept[0].text)
        kept.removeFirst()
      }
      kept.append((contents, text))
    }
    return (text, true)
  }
}
