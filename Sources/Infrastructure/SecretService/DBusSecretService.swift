import Crypto
import Data

/// The Secret Service API (freedesktop.org's Secret Storage specification) spoken directly over
/// the session bus, for a process that cannot load libsecret (a statically linked `twofold`).
/// The same items as through libsecret, and the same rules: `SearchItems` and `GetSecret` never
/// unlock or prompt; a call that would need a prompt is refused. Secrets travel in a `plain`
/// session: over the local socket to the bus and the service, which run as the same user.
enum DBusSecretService {
  private static let service = "org.freedesktop.secrets"
  private static let servicePath = "/org/freedesktop/secrets"
  private static let serviceInterface = "org.freedesktop.Secret.Service"

  /// The item for `vault`, its secret read only when it is unlocked.
  static func lookup(vault: String, variables: [String: String], timeout: Int) -> KeyringLookup {
    do throws(KeyringFailure) {
      let bus = try connect(variables, timeout)
      let (unlocked, locked) = try search(bus, vault: vault)
      guard unlocked.count + locked.count <= 1 else { return .several(unlocked.count + locked.count) }
      guard let item = unlocked.first else { return locked.isEmpty ? .absent : .locked }
      let attributes = try call(
        bus, path: item, interface: "org.freedesktop.DBus.Properties", member: "Get",
        [.string("org.freedesktop.Secret.Item"), .string("Attributes")])
      guard let uuid = Self.attribute("uuid", in: attributes.first), !uuid.isEmpty else {
        return .damaged("it has no uuid attribute")
      }
      let session = try openSession(bus)
      let reply = try call(
        bus, path: item, interface: "org.freedesktop.Secret.Item", member: "GetSecret", [.objectPath(session)]
      )
      guard case .structure(let fields) = reply.first, fields.count == 4, case .bytes(let value) = fields[2]
      else {
        return .damaged("its secret cannot be read")
      }
      defer { wipeStorage(of: value) }
      guard value.count == AESGCM.keySize else {
        return .damaged("its secret is \(value.count) bytes, not a \(AESGCM.keySize)-byte key")
      }
      return .found(key: SecretBytes(count: value.count) { $0.copyBytes(from: value) }, slot: uuid)
    } catch {
      switch error {
      case .unavailable(let reason): return .unavailable(reason)
      case .locked: return .locked
      case .failed(let reason): return .failed(reason)
      }
    }
  }

  /// Replaces the items for `vault` in the default collection with one holding `key`.
  static func store(vault: String, slot: String, key: SecretBytes, variables: [String: String], timeout: Int)
    throws(KeyringFailure)
  {
    let bus = try connect(variables, timeout)
    guard
      let collection = try call(
        bus, path: servicePath, interface: serviceInterface, member: "ReadAlias",
        [
          .string("default")
        ]
      ).first?.text, collection != "/"
    else {
      throw .failed(
        "the Secret Service has no default collection (login keyring): create one, in Seahorse for example")
    }
    let locked = try call(
      bus, path: collection, interface: "org.freedesktop.DBus.Properties", member: "Get",
      [.string("org.freedesktop.Secret.Collection"), .string("Locked")])
    if case .variant(.boolean(true)) = locked.first { throw .locked }
    _ = try remove(bus, vault: vault)
    let session = try openSession(bus)
    var secret = key.withUnsafeBytes { Array($0) }
    defer { wipe(&secret) }
    let properties = DBusValue.array(
      "{sv}",
      [
        .dictEntry(
          .string("org.freedesktop.Secret.Item.Label"),
          .variant(.string(SecretServiceKeyring.label(for: vault)))),
        .dictEntry(
          .string("org.freedesktop.Secret.Item.Attributes"),
          .variant(.attributes(attributes(vault) + [("uuid", slot)]))),
      ])
    let created = try call(
      bus, path: collection, interface: "org.freedesktop.Secret.Collection", member: "CreateItem",
      [
        properties,
        .structure([.objectPath(session), .bytes([]), .bytes(secret), .string("application/octet-stream")]),
        .boolean(true),
      ])
    guard created.count == 2, created[1].text == "/" else {
      throw .failed("the Secret Service asked for a prompt to store the key; nothing was stored")
    }
  }

  /// Removes the items for `vault`; whether there was one.
  static func remove(vault: String, variables: [String: String], timeout: Int) throws(KeyringFailure) -> Bool
  {
    try remove(try connect(variables, timeout), vault: vault)
  }

  private static func remove(_ bus: DBusConnection, vault: String) throws(KeyringFailure) -> Bool {
    let (unlocked, locked) = try search(bus, vault: vault)
    guard locked.isEmpty else { throw .locked }
    for item in unlocked {
      let prompt = try call(bus, path: item, interface: "org.freedesktop.Secret.Item", member: "Delete")
      guard prompt.first?.text == "/" else {
        throw .failed("the Secret Service asked for a prompt to remove the key; it was left as it is")
      }
    }
    return !unlocked.isEmpty
  }

  private static func attributes(_ vault: String) -> [(String, String)] {
    [("xdg:schema", SecretServiceKeyring.schema), ("vault", vault)]
  }

  /// The object paths of the unlocked and the locked items for `vault`.
  private static func search(_ bus: DBusConnection, vault: String) throws(KeyringFailure) -> (
    [String], [String]
  ) {
    let found = try call(
      bus, path: servicePath, interface: serviceInterface, member: "SearchItems",
      [.attributes(attributes(vault))])
    guard found.count == 2, case .array(_, let unlocked) = found[0], case .array(_, let locked) = found[1]
    else {
      throw .failed("the login keyring gave an unreadable answer to a search")
    }
    return (unlocked.compactMap(\.text), locked.compactMap(\.text))
  }

  private static func openSession(_ bus: DBusConnection) throws(KeyringFailure) -> String {
    let opened = try call(
      bus, path: servicePath, interface: serviceInterface, member: "OpenSession",
      [.string("plain"), .variant(.string(""))])
    guard opened.count == 2, let session = opened[1].text else {
      throw .failed("the login keyring opened no session")
    }
    return session
  }

  /// The value of attribute `name` in a `Get` reply holding an `a{ss}`.
  private static func attribute(_ name: String, in reply: DBusValue?) -> String? {
    guard case .variant(.array(_, let entries)) = reply else { return nil }
    for case .dictEntry(let key, let value) in entries where key.text == name { return value.text }
    return nil
  }

  private static func connect(_ variables: [String: String], _ timeout: Int) throws(KeyringFailure)
    -> DBusConnection
  {
    do throws(DBusConnection.Failure) {
      return try DBusConnection(variables: variables, milliseconds: timeout)
    } catch {
      throw failure(error, timeout: timeout, connecting: true)
    }
  }

  private static func call(
    _ bus: DBusConnection, path: String, interface: String, member: String, _ arguments: [DBusValue] = []
  ) throws(KeyringFailure) -> [DBusValue] {
    do throws(DBusConnection.Failure) {
      return try bus.call(destination: service, path: path, interface: interface, member: member, arguments)
    } catch {
      throw failure(error, timeout: bus.milliseconds, connecting: false)
    }
  }

  private static func failure(_ error: DBusConnection.Failure, timeout: Int, connecting: Bool)
    -> KeyringFailure
  {
    switch error {
    case .noBus(let reason): return .unavailable(SecretServiceKeyring.noService(reason))
    case .error(let name, let message)
    where name == "org.freedesktop.DBus.Error.ServiceUnknown"
      || name == "org.freedesktop.DBus.Error.NameHasNoOwner":
      return .unavailable(SecretServiceKeyring.noService(message))
    case .error(_, let message): return .failed("the login keyring failed: \(message)")
    case .timedOut:
      return .failed("the login keyring did not answer within \(SecretServiceCall.seconds(timeout))")
    case .failed(let reason):
      return connecting ? .unavailable(SecretServiceKeyring.noService(reason)) : .failed(reason)
    }
  }

  /// Overwrites the storage of `bytes` (which no one else reads any more) with zeros: the secret
  /// from a reply, held by the decoded value as well as by this array.
  private static func wipeStorage(of bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in wipe(UnsafeMutableRawBufferPointer(mutating: buffer)) }
  }
}
