import Domain
import Formats
import OTP
import Testing

/// The `qr` importer over a decoder that returns given texts: what it makes of each QR code.
/// (Real PNG and JPEG files through ZBar are read in DataTests' `LibZBarQR…` suites.)
@Suite("QR image importer")
struct QRImageImporterTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
  static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16]
  static let neo4j =
    "otpauth://totp/neo4j:Charlotte?secret=B33WS2ALPT34K4BNY24AYROE4M&issuer=neo4j"
    + "&algorithm=SHA1&digits=6&period=30"

  static func importer(_ texts: [String]) -> QRImageImporter {
    QRImageImporter(decoder: QRImageDecoder { _ in texts })
  }

  static func candidates(_ texts: [String], bytes: [UInt8] = png) throws(ImportError) -> [ImportCandidate] {
    try importer(texts).candidates(from: ImportFile(name: "shot.png", bytes: bytes), password: .none)
  }

  static func account(_ issuer: String, _ name: String, _ secret: UInt8) throws -> Account {
    let otp = try OTPParameters(type: .totp, secret: Array(repeating: secret, count: 10))
    return Account(id: Account.ID("id-\(name)"), issuer: issuer, name: name, otp: otp)
  }

  @Test("PNG and JPEG files are recognised by their magic bytes; other files are not")
  func recognisesImages() {
    let importer = Self.importer([])
    #expect(importer.format == "qr")
    #expect(importer.recognizes(ImportFile(name: "a.png", bytes: Self.png)))
    #expect(importer.recognizes(ImportFile(name: "a.jpg", bytes: Self.jpeg)))
    #expect(!importer.recognizes(ImportFile(name: "a.txt", bytes: Array(Self.neo4j.utf8))))
    #expect(!importer.recognizes(ImportFile(name: "a.gif", bytes: Array("GIF89a".utf8))))
    #expect(!importer.recognizes(ImportFile(name: "a.zip", bytes: [0x50, 0x4B, 0x03, 0x04])))
  }

  @Test("The registry with a QR decoder detects a screenshot as qr, placing it just before andOTP")
  func registryDetectsImages() throws {
    let importers = FormatRegistry.formats(qrDecoder: QRImageDecoder { _ in [] })
    let names = importers.map(\.format)
    let qr = try #require(names.firstIndex(of: "qr"))
    #expect(names[qr + 1] == "andotp")
    #expect(names.filter { $0 != "qr" } == FormatRegistry.formats.map(\.format))
    let registry = FormatRegistry(importers: importers)
    for bytes in [Self.png, Self.jpeg + Array(repeating: 0x42, count: 64)] {
      #expect(try registry.detect(ImportFile(name: "shot", bytes: bytes)).format == "qr")
    }
  }

  @Test("The image's bytes are what the decoder reads")
  func decoderReadsTheFile() throws {
    let bytes = Self.jpeg + [1, 2, 3]
    let importer = QRImageImporter(
      decoder: QRImageDecoder { received in received == bytes ? [Self.neo4j] : [] })
    let candidates = try importer.candidates(from: ImportFile(name: "a.jpg", bytes: bytes), password: .none)
    #expect(candidates.count == 1)
  }

  @Test("A QR code holding a Key URI gives its account")
  func keyURI() throws {
    let candidates = try Self.candidates([Self.neo4j])
    let account = try #require(candidates.first?.account)
    #expect(candidates.count == 1)
    #expect(account.issuer == "neo4j")
    #expect(account.name == "Charlotte")
    #expect(Base32.encode(account.otp.secret) == "B33WS2ALPT34K4BNY24AYROE4M")
    #expect(account.otp.type == .totp && account.otp.digits == 6 && account.otp.period == 30)
  }

  @Test("Every part of a multi-part Google Authenticator export in one image gives every account")
  func migrationParts() throws {
    let accounts = try [("GitHub", "ann", 1), ("GitLab", "bob", 2), ("Proton", "cy", 3)].map {
      try Self.account($0.0, $0.1, UInt8($0.2))
    }
    let uris = GoogleMigration.encode(accounts, perCode: 2, batchID: 7).uris
    #expect(uris.count == 2)
    let candidates = try Self.candidates(uris.reversed())
    #expect(candidates.compactMap(\.account).map(\.name).sorted() == ["ann", "bob", "cy"])
    #expect(Set(candidates.compactMap(\.batch).map(\.index)) == [0, 1])
    #expect(ImportBatch.missingParts(in: candidates) == nil)
    let firstOnly = try Self.candidates([uris[0]])
    #expect(ImportBatch.missingParts(in: firstOnly) == .incompleteBatch(missing: [2], size: 2))
  }

  @Test("A QR code holding something else is a failed entry, named after its code, that shows no content")
  func notAKeyURI() throws {
    let candidates = try Self.candidates(["https://example.com/login?token=SECRET", Self.neo4j])
    #expect(candidates.count == 2)
    #expect(candidates[0] == .failed("QR code 1", "not a Key URI"))
    #expect(candidates[1].account?.issuer == "neo4j")
    #expect(try Self.candidates(["WIFI:S:home;P:pass;;"]) == [.failed("QR code", "not a Key URI")])
  }

  @Test("A broken Key URI in a QR code is a failed entry named after the code")
  func brokenKeyURI() throws {
    let candidates = try Self.candidates(["otpauth://totp/x?secret=not-base32!"])
    #expect(candidates.count == 1)
    #expect(candidates[0].label == "QR code")
    #expect(candidates[0].account == nil && candidates[0].problem != nil)
  }

  @Test("An image without a QR code is refused with a clear reason")
  func noQRCode() {
    #expect(throws: ImportError.unrecognized("no QR code found in the image")) {
      try Self.candidates([])
    }
    #expect(ImportError.unrecognized("no QR code found in the image").description.contains("no QR code"))
  }

  @Test("A file that is no image, or empty, is refused before decoding")
  func notAnImage() {
    let failing = QRImageImporter(
      decoder: QRImageDecoder { _ in
        Issue.record("decoded")
        return []
      })
    #expect(throws: ImportError.unrecognized("notes.txt is not a PNG or JPEG image")) {
      try failing.candidates(from: ImportFile(name: "notes.txt", bytes: Array("hello".utf8)), password: .none)
    }
    #expect(throws: ImportError.empty) {
      try failing.candidates(from: ImportFile(name: "empty.png", bytes: []), password: .none)
    }
  }

  @Test("The decoder's errors, such as a missing library, reach the caller unchanged")
  func decoderErrors() {
    let hint = "reading QR images needs libzbar: install it with 'apt-get install libzbar0'"
    let importer = QRImageImporter(
      decoder: QRImageDecoder { (_) throws(ImportError) in throw .missingLibrary(hint) })
    #expect(throws: ImportError.missingLibrary(hint)) {
      try importer.candidates(from: ImportFile(name: "a.png", bytes: Self.png), password: .none)
    }
  }
}
