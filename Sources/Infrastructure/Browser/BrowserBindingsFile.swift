import Codecs
import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The browser bindings and settings as `browser.json` (CLI.md, "In the browser"):
/// `$XDG_CONFIG_HOME/twofold/browser.json`, else `~/.config/twofold/browser.json`, mode 0600 in
/// a 0700 folder, replaced atomically under a lock. A file that does not read as the format is
/// an error naming the file (and the line, where one is known): it is never emptied or
/// overwritten. Members of the top-level object Twofold does not know are kept as they are.
///
/// `{"version": 1, "autofill": false, "extension_ids": [], "accounts": {"UUID": ["example.com"]}}`
public struct BrowserBindingsFile: Sendable {
  /// Why the file cannot be read or written; the reason names the file, never anything else in it.
  public struct Failure: Error, Equatable, Sendable {
    /// One line for people.
    public let reason: String

    /// A failure saying `reason`.
    public init(reason: String) {
      self.reason = reason
    }
  }

  /// The format version this code reads and writes.
  public static let version: Int64 = 1

  /// The file's path.
  public let path: String

  /// The file at `path`.
  public init(path: String) {
    self.path = path
  }

  /// The file of `variables`' user: nil when neither `XDG_CONFIG_HOME` (absolute) nor `HOME` is set.
  public init?(variables: [String: String]) {
    guard let folder = XDGBaseDirectory.config.twofold(variables) else { return nil }
    self.init(path: folder + "/browser.json")
  }

  /// The bindings; none, and the defaults, when there is no file.
  public func load() throws(Failure) -> BrowserBindings {
    try read().bindings
  }

  /// Reads the bindings, lets `change` change them, and writes them back when they changed: all
  /// under an exclusive lock (waiting up to 10 s), so two changes never lose one another.
  public func update<Result>(_ change: (inout BrowserBindings) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    let folder = POSIX.directory(of: path)
    if let code = POSIX.makeDirectories(folder) {
      throw Failure(reason: "cannot create \(folder): \(POSIX.reason(code))")
    }
    let lockPath = folder + "/." + POSIX.fileName(of: path) + ".lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw Failure(reason: "cannot lock \(path): \(POSIX.reason())") }
    defer { close(descriptor) }
    let deadline = POSIX.monotonicSeconds() + 10
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, POSIX.monotonicSeconds() < deadline else {
        throw Failure(reason: "\(path) is held by another twofold process: try again")
      }
      POSIX.sleep(milliseconds: 20)
    }
    defer { flock(descriptor, LOCK_UN) }
    let (original, object) = try read()
    var bindings = original
    let result = try change(&bindings)
    if bindings != original { try write(bindings, over: object) }
    return result
  }

  /// The bindings and the file's whole object (empty when there is no file).
  private func read() throws(Failure) -> (bindings: BrowserBindings, object: JSONObject) {
    let bytes: [UInt8]
    switch POSIX.readFile(path) {
    case .success(let read): bytes = read
    case .failure(let error) where error.code == ENOENT: return (BrowserBindings(), JSONObject())
    case .failure(let error): throw Failure(reason: "cannot read \(path): \(POSIX.reason(error.code))")
    }
    let value: JSONValue
    do throws(JSONError) {
      value = try JSONValue(parsing: bytes)
    } catch {
      throw damaged("line \(Self.line(of: error.offset, in: bytes)): \(error.message)")
    }
    guard let object = value.objectValue else { throw damaged("it is not a JSON object") }
    return (try decode(object, bytes: bytes), object)
  }

  private func decode(_ object: JSONObject, bytes: [UInt8]) throws(Failure) -> BrowserBindings {
    func wrong(_ key: String, _ expected: String) -> Failure {
      let line = Self.line(ofKey: key, in: bytes).map { "line \($0): " } ?? ""
      return damaged("\(line)\"\(key)\" must be \(expected)")
    }
    guard let version = object["version"]?.int64Value else { throw wrong("version", "the number 1") }
    guard version == Self.version else {
      throw Failure(
        reason: "\(path) has version \(version), which this twofold does not read: update twofold")
    }
    var bindings = BrowserBindings()
    if let autofill = object["autofill"] {
      guard let value = autofill.boolValue else { throw wrong("autofill", "true or false") }
      bindings.autofill = value
    }
    if let ids = object["extension_ids"] {
      guard let values = ids.arrayValue?.compactMap(\.stringValue), values.count == ids.arrayValue?.count,
        values.allSatisfy({ !$0.isEmpty })
      else { throw wrong("extension_ids", "an array of extension ids") }
      bindings.extensionIDs = values
    }
    if let accounts = object["accounts"] {
      guard let members = accounts.objectValue?.members else {
        throw wrong("accounts", "an object of account ids and their domains")
      }
      for (key, domains) in members {
        guard !key.isEmpty, let list = domains.arrayValue else {
          throw wrong(key.isEmpty ? "accounts" : key, "an array of domains")
        }
        for domain in list {
          guard let text = domain.stringValue, !text.isEmpty, !text.contains(where: \.isWhitespace) else {
            throw wrong(key, "an array of domains")
          }
          bindings.bind(Account.ID(key.lowercased()), to: text.lowercased())
        }
      }
    }
    return bindings
  }

  private func write(_ bindings: BrowserBindings, over original: JSONObject) throws(Failure) {
    var object = original
    object["version"] = .number(JSONNumber(Self.version))
    object["autofill"] = .bool(bindings.autofill)
    object["extension_ids"] = .array(bindings.extensionIDs.map { .string($0) })
    let accounts = bindings.accounts.sorted { $0.key < $1.key }.map { id, domains in
      (id.rawValue, JSONValue.array(domains.map { .string($0) }))
    }
    object["accounts"] = .object(JSONObject(accounts))
    if case .failure(let error) = LocalFiles.writePrivate(
      path, JSONValue.object(object).serialized(pretty: true) + [0x0A])
    {
      throw Failure(reason: error.reason)
    }
    POSIX.syncDirectory(POSIX.directory(of: path))
  }

  private func damaged(_ detail: String) -> Failure {
    Failure(reason: "\(path) is damaged (\(detail)): correct or remove it")
  }

  /// The one-based line of byte `offset`.
  private static func line(of offset: Int, in bytes: [UInt8]) -> Int {
    1 + bytes.prefix(min(offset, bytes.count)).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  /// The line where `"key"` first appears, if it does.
  private static func line(ofKey key: String, in bytes: [UInt8]) -> Int? {
    let needle = Array("\"\(key)\"".utf8)
    guard needle.count <= bytes.count else { return nil }
    for start in 0...(bytes.count - needle.count)
    where bytes[start..<(start + needle.count)].elementsEqual(needle) {
      return line(of: start, in: bytes)
    }
    return nil
  }
}
