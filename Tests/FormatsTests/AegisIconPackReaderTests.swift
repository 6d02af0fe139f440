import Domain
import Formats
import TestSupport
import Testing

/// Reading Aegis icon packs the tests make: a good one whole, each bad one refused naming its entry.
@Suite("Aegis icon pack reader")
struct AegisIconPackReaderTests {
  typealias Icon = IconPackFixture.Icon
  let reader = AegisIconPackReader()

  private func problem(_ members: [(String, [UInt8])]) throws -> AegisIconPackReader.Problem? {
    let bytes = try IconPackFixture.zip(members)
    do throws(AegisIconPackReader.Problem) {
      _ = try reader.read(bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test("A good pack gives its uuid, name, version and icons, and each image checked", .requires(.zip))
  func goodPack() throws {
    let members = IconPackFixture.members(version: 7)
    let contents = try reader.read(try IconPackFixture.zip(members))
    #expect(contents.pack.id.rawValue == IconPackFixture.uuid.lowercased())
    #expect(contents.pack.name == "Test Icons")
    #expect(contents.pack.version == 7)
    #expect(contents.pack.icons.map(\.fileName) == ["SVG/github.svg", "PNG/zkb.png", "SVG/example.svg"])
    #expect(contents.pack.icons.map(\.name) == ["github", "Zürcher Kantonalbank", "example"])
    #expect(contents.pack.icons.map(\.category) == ["Development", "Finance", nil])
    #expect(contents.pack.icons[1].issuers == ["Zürich Bank", "ZKB"])
    #expect(contents.manifest == members[0].1)
    #expect(contents.images.map(\.fileName) == ["SVG/github.svg", "PNG/zkb.png", "SVG/example.svg"])
    #expect(contents.images.map(\.icon.format) == [.svg, .png, .svg])
    #expect(contents.images[1].icon.bytes == IconPackFixture.png)
  }

  @Test("An image two icons name is read once", .requires(.zip))
  func sharedImage() throws {
    let manifest = IconPackFixture.manifest(icons: [
      Icon("github.svg", issuers: ["GitHub"]), Icon("github.svg", issuers: ["GitHub Enterprise"]),
    ])
    let contents = try reader.read(
      try IconPackFixture.zip([("pack.json", manifest), ("github.svg", IconPackFixture.svg())]))
    #expect(contents.pack.icons.count == 2)
    #expect(contents.images.map(\.fileName) == ["github.svg"])
  }

  @Test("Bytes that are not a zip archive are refused as such")
  func notZip() {
    for bytes in [Array("hello".utf8), [], IconPackFixture.png] {
      #expect(
        throws: AegisIconPackReader.Problem(
          entry: nil, "not a zip archive (an Aegis icon pack is a .zip file)")
      ) {
        try reader.read(bytes)
      }
    }
  }

  @Test("A truncated archive is refused, naming no entry it cannot tell", .requires(.zip))
  func truncated() throws {
    let bytes = try IconPackFixture.zip(IconPackFixture.members())
    #expect(throws: AegisIconPackReader.Problem.self) {
      try reader.read(Array(bytes.prefix(bytes.count / 2)))
    }
  }

  @Test("A zip without pack.json is refused naming pack.json", .requires(.zip))
  func noManifest() throws {
    let found = try problem([("SVG/github.svg", IconPackFixture.svg())])
    #expect(
      found
        == AegisIconPackReader.Problem(
          entry: "pack.json", "missing: an Aegis icon pack has pack.json at its top"))
  }

  @Test(
    "A pack.json that is not Aegis' format is refused naming pack.json and what is wrong", .requires(.zip),
    arguments: [
      ("{", "not valid JSON"),
      ("[]", "not a JSON object"),
      (#"{"name":"x","version":1,"icons":[]}"#, "no \"uuid\" text"),
      (#"{"uuid":"nope","name":"x","version":1,"icons":[]}"#, "\"uuid\" is not a UUID"),
      (#"{"uuid":"\#(IconPackFixture.uuid)","version":1,"icons":[]}"#, "no \"name\" text"),
      (
        #"{"uuid":"\#(IconPackFixture.uuid)","name":"x","version":1.5,"icons":[]}"#,
        "no whole-number \"version\""
      ),
      (#"{"uuid":"\#(IconPackFixture.uuid)","name":"x","version":1,"icons":{}}"#, "no \"icons\" array"),
      (
        #"{"uuid":"\#(IconPackFixture.uuid)","name":"x","version":1,"icons":[3]}"#,
        "icons[0] is not an object"
      ),
      (
        #"{"uuid":"\#(IconPackFixture.uuid)","name":"x","version":1,"icons":[{"issuer":[]}]}"#,
        "icons[0] has no \"filename\" text"
      ),
      (
        #"{"uuid":"\#(IconPackFixture.uuid)","name":"x","version":1,"icons":[{"filename":"a.svg"}]}"#,
        "icons[0] has no \"issuer\" array"
      ),
      (
        #"{"uuid":"\#(IconPackFixture.uuid)","name":"x","version":1,"icons":[{"filename":"a.svg","issuer":[1]}]}"#,
        "icons[0]: an issuer is not text"
      ),
      (
        #"{"uuid":"\#(IconPackFixture.uuid)","name":"x","version":1,"icons":[{"filename":"a.svg","issuer":[],"category":2}]}"#,
        "icons[0]: \"category\" is not text"
      ),
    ])
  func invalidManifest(json: String, reason: String) throws {
    let found = try #require(try problem([("pack.json", Array(json.utf8))]))
    #expect(found.entry == "pack.json")
    #expect(found.reason.hasPrefix(reason), "\(found.reason)")
    #expect(!found.message.contains("\n"))
  }

  @Test(
    "A file name that is not a plain path inside the pack is refused before anything is read",
    .requires(.zip),
    arguments: [
      "../evil.svg", "/etc/evil.svg", "SVG//x.svg", "SVG/./x.svg", "SVG/../../x.svg", "a\\b.svg", "",
      "x\ny.svg",
    ])
  func unsafeFileName(name: String) throws {
    let manifest = IconPackFixture.manifest(icons: [Icon(name, issuers: ["Evil"])])
    let found = try #require(
      try problem([("pack.json", manifest), (name.isEmpty ? "x" : name, IconPackFixture.svg())]))
    #expect(found.entry == "pack.json")
    #expect(found.reason.contains("is not a plain path inside the pack"))
    #expect(!found.message.contains("\n"))
  }

  @Test("A file pack.json names that the pack lacks is refused naming it", .requires(.zip))
  func missingImage() throws {
    var members = IconPackFixture.members()
    members.remove(at: 2)
    #expect(
      try problem(members)
        == AegisIconPackReader.Problem(entry: "PNG/zkb.png", "named in pack.json but not in the pack"))
  }

  @Test(
    "An image that is too large, not an image, not a format Aegis keeps, or an SVG referring outside is refused naming it",
    .requires(.zip),
    arguments: [
      (
        IconPackFixture.png + [UInt8](repeating: 0, count: AccountIcon.maximumSize),
        "larger than 1048576 bytes (1 MiB)"
      ),
      (Array("just text, no picture".utf8), "not a PNG, JPEG or SVG image"),
      (Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), "GIF images cannot be icons"),
      (IconPackFixture.externalSVG, "the SVG refers to something outside itself"),
    ])
  func badImage(image: [UInt8], reason: String) throws {
    var members = IconPackFixture.members()
    members[2] = ("PNG/zkb.png", image)
    let found = try #require(try problem(members))
    #expect(found.entry == "PNG/zkb.png")
    #expect(found.reason.hasPrefix(reason), "\(found.reason)")
  }

  @Test("A pack whose images together inflate to more than the limit is refused", .requires(.zip))
  func imagesLimit() throws {
    let large = IconPackFixture.png + [UInt8](repeating: 0, count: 600 << 10)
    let manifest = IconPackFixture.manifest(icons: [
      Icon("a.png", issuers: ["A"]), Icon("b.png", issuers: ["B"]),
    ])
    let bytes = try IconPackFixture.zip([("pack.json", manifest), ("a.png", large), ("b.png", large)])
    let limited = AegisIconPackReader(imagesLimit: 1 << 20)
    #expect(throws: AegisIconPackReader.Problem(entry: nil, "its images inflate to more than 1 MiB together"))
    {
      try limited.read(bytes)
    }
    #expect(try AegisIconPackReader().read(bytes).images.count == 2)
    #expect(AegisIconPackReader.imagesLimit == 256 << 20)
  }

  @Test("Without libzip a pack is refused naming the package to install")
  func missingLibzip() throws {
    let reader = AegisIconPackReader(zipLibraries: ["libtwofold-no-such-zip.so.9"])
    let bytes: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40)
    #expect(throws: AegisIconPackReader.Problem(entry: nil, AegisIconPackReader.installHint)) {
      try reader.read(bytes)
    }
  }
}
