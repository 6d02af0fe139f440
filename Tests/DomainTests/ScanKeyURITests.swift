import Domain
import Testing

@Suite("Reading a Key URI from the screen")
struct ScanKeyURITests {
  static let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

  func scan(_ texts: [String]) throws(DesktopError) -> NewAccount {
    try ScanKeyURI(
      screen: ScreenCapture { Self.picture },
      decoder: QRImageDecoder { bytes in bytes == Self.picture ? texts : [] })()
  }

  @Test("The one Key URI on the screen becomes the new account; other codes beside it are ignored")
  func oneURI() throws {
    let new = try scan(["https://example.com", "otpauth://totp/Shop:ann?secret=JBSWY3DPEHPK3PXP&issuer=Shop"])
    #expect(new.issuer == "Shop" && new.name == "ann")
  }

  @Test(
    "No code, no Key URI, several, or a transfer code is nothing found, saying what to do",
    arguments: [
      ([], "no QR code found on the screen"),
      (["hello"], "holds no Key URI"),
      (["otpauth-migration://offline?data=AA"], "twofold import --from-screen"),
      (
        ["otpauth://totp/a?secret=JBSWY3DPEHPK3PXP", "otpauth://totp/b?secret=JBSWY3DPEHPK3PXP"],
        "2 QR codes with Key URIs"
      ),
      (["otpauth://totp/a?secret=!!"], "not valid"),
    ])
  func nothingFound(texts: [String], saying words: String) {
    #expect {
      try scan(texts)
    } throws: { error in
      guard case .nothingFound(let message) = error as? DesktopError else { return false }
      return message.contains(words)
    }
  }

  @Test("A cancelled selection and a missing library come back as such")
  func failures() {
    let cancelled = ScanKeyURI(
      screen: ScreenCapture { () throws(DesktopError) in throw .cancelled },
      decoder: QRImageDecoder { _ in [] })
    #expect(throws: DesktopError.cancelled) { try cancelled() }
    let noLibrary = ScanKeyURI(
      screen: ScreenCapture { Self.picture },
      decoder: QRImageDecoder { (_) throws(ImportError) in throw .missingLibrary("install libzbar0") })
    #expect(throws: DesktopError.toolMissing("install libzbar0")) { try noLibrary() }
  }
}
