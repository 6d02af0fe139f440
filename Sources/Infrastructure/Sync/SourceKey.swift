import Codecs
import Crypto
import Domain
import OTP

/// A source's master key as the device state keeps it (issue 31: the agent opens its remembered
/// sources on its own): sealed with AES-256-GCM under the vault's own master key, bound to the
/// source's path, never in plaintext and never beside the vault.
struct SourceKey: Equatable, Sendable {
  var nonce: [UInt8]
  var box: AESGCM.SealedBox

  /// `key` sealed under `vaultKey` for the source at `path`; nil when sealing fails.
  static func seal(_ key: SecretBytes, for path: String, under vaultKey: SecretBytes, random: RandomSource)
    -> SourceKey?
  {
    let nonce = random.bytes(AESGCM.nonceSize)
    guard let box = try? AESGCM.seal(key, key: vaultKey, nonce: nonce, authenticating: Array(path.utf8))
    else { return nil }
    return SourceKey(nonce: nonce, box: box)
  }

  /// The key, when `vaultKey` opens it for `path`.
  func open(for path: String, under vaultKey: SecretBytes) -> SecretBytes? {
    try? AESGCM.openSecret(box, key: vaultKey, nonce: nonce, authenticating: Array(path.utf8))
  }

  /// As `sources.json` holds it.
  var json: JSONValue {
    .object(
      JSONObject([
        ("nonce", .string(Hex.encode(nonce))), ("ciphertext", .string(Hex.encode(box.ciphertext))),
        ("tag", .string(Hex.encode(box.tag))),
      ]))
  }

  /// Read from `sources.json`; nil when malformed.
  init?(json: JSONValue?) {
    guard let object = json?.objectValue,
      let nonce = object["nonce"]?.stringValue.flatMap({ try? Hex.decode($0) }),
      let ciphertext = object["ciphertext"]?.stringValue.flatMap({ try? Hex.decode($0) }),
      let tag = object["tag"]?.stringValue.flatMap({ try? Hex.decode($0) }),
      nonce.count == AESGCM.nonceSize, tag.count == AESGCM.tagSize
    else { return nil }
    self.init(nonce: nonce, box: AESGCM.SealedBox(ciphertext: ciphertext, tag: tag))
  }

  init(nonce: [UInt8], box: AESGCM.SealedBox) {
    self.nonce = nonce
    self.box = box
  }
}

/// A source that tells which master key opened it (a shared file, a backup folder), so a sync
/// can remember it for the agent.
protocol KeyedSyncSource: SyncSource {
  /// The master key that opened what was read; nil before a read or when nothing was opened.
  var openedKey: SecretBytes? { get }
}
