import Infrastructure
import Presentation

extension QRCode {
  /// Draws `text` with libqrencode when it is installed, or says how to install it.
  public static func rendered(_ text: String) -> Result<QRCode, ClipboardFailure> {
    LibQRencode.encode(text).map { QRCode(size: $0.size, modules: $0.dark) }.mapError {
      ClipboardFailure(sentence($0.message))
    }
  }
}
