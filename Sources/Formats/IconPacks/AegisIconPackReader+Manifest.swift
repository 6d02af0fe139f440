import Codecs
import Domain

extension AegisIconPackReader {
  /// The pack `pack.json` describes: `{"uuid": UUID, "name": TEXT, "version": INT, "icons":
  /// [{"filename": PATH, "name": TEXT?, "category": TEXT|null, "issuer": [TEXT…]}]}`, as Aegis'
  /// `IconPack.fromJson` reads it; members it does not know are ignored.
  public static func pack(fromManifest bytes: [UInt8]) throws(Problem) -> IconPack {
    let json: JSONValue
    do throws(JSONError) {
      json = try JSONValue(parsing: bytes)
    } catch {
      throw invalid("not valid JSON (\(error.description))")
    }
    guard let object = json.objectValue else { throw invalid("not a JSON object") }
    guard let uuid = object["uuid"]?.stringValue else { throw invalid("no \"uuid\" text") }
    guard let id = IconPack.ID(uuid) else { throw invalid("\"uuid\" is not a UUID") }
    guard let name = object["name"]?.stringValue else { throw invalid("no \"name\" text") }
    guard let version = object["version"]?.int64Value, let number = Int(exactly: version) else {
      throw invalid("no whole-number \"version\"")
    }
    guard let entries = object["icons"]?.arrayValue else { throw invalid("no \"icons\" array") }
    var icons: [IconPack.Icon] = []
    icons.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      icons.append(try icon(entry, at: index))
    }
    return IconPack(id: id, name: name, version: number, icons: icons)
  }

  private static func icon(_ entry: JSONValue, at index: Int) throws(Problem) -> IconPack.Icon {
    let place = "icons[\(index)]"
    guard let object = entry.objectValue else { throw invalid("\(place) is not an object") }
    guard let fileName = object["filename"]?.stringValue else {
      throw invalid("\(place) has no \"filename\" text")
    }
    guard IconPack.Icon.isSafe(fileName: fileName) else {
      throw invalid("\(place): the file name \"\(printable(fileName))\" is not a plain path inside the pack")
    }
    var name: String?
    if let value = object["name"], !value.isNull {
      guard let text = value.stringValue else { throw invalid("\(place): \"name\" is not text") }
      name = text
    }
    var category: String?
    if let value = object["category"], !value.isNull {
      guard let text = value.stringValue else { throw invalid("\(place): \"category\" is not text") }
      category = text
    }
    guard let names = object["issuer"]?.arrayValue else {
      throw invalid("\(place) has no \"issuer\" array")
    }
    var issuers: [String] = []
    for value in names {
      guard let text = value.stringValue else { throw invalid("\(place): an issuer is not text") }
      issuers.append(text)
    }
    return IconPack.Icon(fileName: fileName, name: name, category: category, issuers: issuers)
  }

  /// `text` with control characters shown as `?`, so a message stays one line.
  static func printable(_ text: String) -> String {
    String(
      String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
  }

  private static func invalid(_ reason: String) -> Problem { Problem(entry: manifestName, reason) }
}
