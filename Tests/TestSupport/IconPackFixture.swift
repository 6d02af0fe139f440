import Foundation

/// Aegis icon packs the tests make: images, a `pack.json`, and zip archives of them written by
/// python3's `zipfile` (so the archives come from another zip writer than the one reading them).
public enum IconPackFixture {
  /// A 1×1 PNG image.
  public static let png: [UInt8] = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00,
    0x00,
    0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00,
    0x00,
    0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x30, 0x49, 0x5d, 0xf2, 0x1f, 0x00, 0x04, 0x4b, 0x02,
    0x3d,
    0x4e, 0x90, 0x4f, 0x9f, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
  ]

  /// An SVG image that refers to nothing outside itself, filled with `colour`.
  public static func svg(_ colour: String = "#24292f") -> [UInt8] {
    Array(
      """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8" fill="\(colour)"/></svg>
      """.utf8)
  }

  /// An SVG image that draws a picture from another file.
  public static let externalSVG: [UInt8] = Array(
    """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd"/></svg>
    """.utf8)

  /// One icon of a `pack.json`.
  public struct Icon: Sendable {
    /// `filename`.
    public var fileName: String
    /// `issuer`.
    public var issuers: [String]
    /// `category`.
    public var category: String?
    /// `name`.
    public var name: String?

    /// Describes an icon.
    public init(_ fileName: String, issuers: [String], category: String? = nil, name: String? = nil) {
      self.fileName = fileName
      self.issuers = issuers
      self.category = category
      self.name = name
    }
  }

  /// The uuid of the packs `manifest` writes unless told otherwise.
  public static let uuid = "6A7E2D4C-7F0B-4D7A-9E57-2B1F0C3A8E11"

  /// A `pack.json` as Aegis writes it.
  public static func manifest(
    uuid: String = uuid, name: String = "Test Icons", version: Int = 1, icons: [Icon]
  ) -> [UInt8] {
    let entries: [[String: Any]] = icons.map { icon in
      var entry: [String: Any] = [
        "filename": icon.fileName, "issuer": icon.issuers, "category": icon.category ?? NSNull(),
      ]
      if let name = icon.name { entry["name"] = name }
      return entry
    }
    let object: [String: Any] = ["uuid": uuid, "name": name, "version": version, "icons": entries]
    return [UInt8](try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
  }

  /// The icons of the usual test pack: GitHub (SVG), Zürich Bank (PNG, also "ZKB") and Example (SVG).
  public static let icons = [
    Icon("SVG/github.svg", issuers: ["GitHub"], category: "Development"),
    Icon("PNG/zkb.png", issuers: ["Zürich Bank", "ZKB"], category: "Finance", name: "Zürcher Kantonalbank"),
    Icon("SVG/example.svg", issuers: ["Example"]),
  ]

  /// The members of the usual test pack, `pack.json` first.
  public static func members(uuid: String = uuid, version: Int = 1) -> [(String, [UInt8])] {
    [
      ("pack.json", manifest(uuid: uuid, version: version, icons: icons)), ("SVG/github.svg", svg()),
      ("PNG/zkb.png", png), ("SVG/example.svg", svg("#ff0000")),
    ]
  }

  /// A zip archive of `members`, in their order, written by python3's `zipfile` (deflated).
  public static func zip(_ members: [(String, [UInt8])]) throws -> [UInt8] {
    let folder = try TemporaryDirectory()
    let path = folder.path("pack.zip")
    let list = members.map { [$0.0, Data($0.1).base64EncodedString()] }
    let script = """
      import base64, json, sys, zipfile
      with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as archive:
          for name, data in json.load(sys.stdin):
              archive.writestr(name, base64.b64decode(data))
      """
    let run = try ProgramRun.run(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, path],
      stdin: try JSONSerialization.data(withJSONObject: list))
    guard run.status == 0 else { throw ZipFailure(message: String(decoding: run.stderr, as: UTF8.self)) }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// python3 could not write the archive.
  public struct ZipFailure: Error {
    /// What python3 printed.
    public let message: String
  }
}
