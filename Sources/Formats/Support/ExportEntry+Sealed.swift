import Codecs
import Crypto
import Domain

extension ExportEntry {
  /// The JSON document sealed in `box` with AES-256-GCM, as `read` takes it (`objectValue`,
  /// `arrayValue`): the preamble of the encrypted backups of Stratum and 2FAS. A failing tag is a
  /// wrong password, any other failure `unreadable`; a plaintext `read` finds nothing in is
  /// `notJSON`. The plaintext is wiped once read.
  static func open<Document>(
    _ box: AESGCM.SealedBox, key: [UInt8], nonce: [UInt8], unreadable: String, notJSON: String,
    as read: (JSONValue) -> Document?
  ) throws(ImportError) -> Document {
    var plaintext: [UInt8]
    do throws(CryptoError) {
      plaintext = try AESGCM.open(box, key: key, nonce: nonce)
    } catch .authenticationFailed {
      throw .wrongPassword
    } catch {
      throw .damaged(unreadable)
    }
    defer { wipe(&plaintext) }
    guard let document = self.document(plaintext).flatMap(read) else { throw .damaged(notJSON) }
    return document
  }
}
