import OTP

/// Reads the one Key URI shown as a QR code on the screen, for `add --from-screen`.
public struct ScanKeyURI: Sendable {
  let screen: ScreenCapture
  let decoder: QRImageDecoder

  /// Creates the use case.
  public init(screen: ScreenCapture, decoder: QRImageDecoder) {
    self.screen = screen
    self.decoder = decoder
  }

  /// The account of the one `otpauth://` or `motp://` QR code on the picture; none, several, or a
  /// Google Authenticator transfer code (which `import --from-screen` reads) is `.nothingFound`.
  public func callAsFunction() throws(DesktopError) -> NewAccount {
    let texts = try Self.texts(of: screen.capture(), decoder: decoder)
    let uris = texts.filter { text in
      ["otpauth://", "motp://"].contains { text.lowercased().hasPrefix($0) }
    }
    if uris.isEmpty, texts.contains(where: { $0.lowercased().hasPrefix("otpauth-migration://") }) {
      throw .nothingFound(
        "the QR code is a Google Authenticator transfer code: use 'twofold import --from-screen'")
    }
    guard !uris.isEmpty else {
      throw .nothingFound("the QR code on the screen holds no Key URI (otpauth:// or motp://)")
    }
    guard uris.count == 1 else {
      throw .nothingFound("\(uris.count) QR codes with Key URIs on the screen: choose one region holding one")
    }
    do {
      return NewAccount(try KeyURI(parsing: uris[0]))
    } catch {
      throw .nothingFound("the QR code's Key URI is not valid: \(error.description)")
    }
  }

  /// The texts of the QR codes in `picture`; none at all is `.nothingFound`.
  public static func texts(of picture: [UInt8], decoder: QRImageDecoder) throws(DesktopError) -> [String] {
    let texts: [String]
    do {
      texts = try decoder.decode(picture)
    } catch .missingLibrary(let hint) {
      throw .toolMissing(hint)
    } catch {
      throw .toolFailed("the screenshot cannot be read: \(error.description)")
    }
    guard !texts.isEmpty else { throw .nothingFound("no QR code found on the screen") }
    return texts
  }
}
