import Crypto
import Data

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The vault's master key in the Secret Service's default collection (the login keyring, which
/// the login unlocks), through libsecret (CLI.md "Unlock with the login session"). Items have the
/// schema `io.github.twofold.VaultKey`, the attributes `vault` (absolute path) and `uuid` (the
/// password slot's) and the label `Twofold key for PATH`; the secret is the 32-byte key.
///
/// Nothing here prompts: items are searched without `SECRET_SEARCH_UNLOCK`, a locked collection
/// is reported as locked, and every call gives up after `timeout` milliseconds.
public struct SecretServiceKeyring: VaultKeyring {
  /// The item's schema name (its `xdg:schema` attribute).
  public static let schema = "io.github.twofold.VaultKey"
  /// How long a call may take before the keyring counts as not answering (2 s).
  public static let defaultTimeout = 2_000

  /// The libsecret names tried, newest first.
  public static let libraryNames = LibSecret.libraryNames

  /// What speaks to the Secret Service.
  public enum Client: Sendable {
    /// libsecret, except in a statically linked executable, which cannot load it: there Twofold's
    /// own D-Bus client.
    case automatic
    /// Twofold's own D-Bus client (`$TWOFOLD_KEYRING=dbus`).
    case dbus
  }

  private let timeout: Int
  private let libraryNames: [String]
  private let client: Client
  private let variables: [String: String]?

  /// The session's Secret Service; calls give up after `timeout` milliseconds. libsecret is
  /// loaded by `libraryNames` (tests name missing ones); Twofold's own client finds the bus in
  /// `variables` (nil: this process's environment).
  public init(
    timeout milliseconds: Int = SecretServiceKeyring.defaultTimeout,
    libraryNames: [String] = SecretServiceKeyring.libraryNames, client: Client = .automatic,
    variables: [String: String]? = nil
  ) {
    timeout = milliseconds
    self.libraryNames = libraryNames
    self.client = client
    self.variables = variables
  }

  /// The client `$TWOFOLD_KEYRING` asks for: `dbus` for Twofold's own, else the automatic choice.
  public static func client(variables: [String: String]) -> Client {
    variables["TWOFOLD_KEYRING"]?.lowercased() == "dbus" ? .dbus : .automatic
  }

  /// The login keyring a process with these environment variables uses: nil with
  /// `$TWOFOLD_KEYRING=off`, else through the client it names (`dbus`: Twofold's own).
  public static func chosen(variables: [String: String]) -> SecretServiceKeyring? {
    guard variables["TWOFOLD_KEYRING"]?.lowercased() != "off" else { return nil }
    return SecretServiceKeyring(client: client(variables: variables), variables: variables)
  }

  /// Whether calls go through Twofold's own D-Bus client.
  private var speaksDBus: Bool { client == .dbus || LibSecret.isStaticExecutable }

  /// The bus's environment.
  private var busVariables: [String: String] { variables ?? processVariables() }

  /// The item's label for the vault at `vault`.
  public static func label(for vault: String) -> String { "Twofold key for \(vault)" }

  /// The item for `vault`, its secret read only when its collection is unlocked.
  public func lookup(vault: String) -> KeyringLookup {
    if speaksDBus { return DBusSecretService.lookup(vault: vault, variables: busVariables, timeout: timeout) }
    let outcome = SecretServiceCall.run(timeout: timeout, libraryNames: libraryNames) {
      library, cancellable in
      Self.lookup(library, vault: vault, cancellable: cancellable)
    }
    switch outcome {
    case .success(let lookup): return lookup
    case .failure(.unavailable(let reason)): return .unavailable(reason)
    case .failure(.locked): return .locked
    case .failure(.failed(let reason)): return .failed(reason)
    }
  }

  /// Replaces the items for `vault` with one holding `key`; refuses a locked collection.
  public func store(vault: String, slot: String, key: SecretBytes) throws(KeyringFailure) {
    if speaksDBus {
      return try DBusSecretService.store(
        vault: vault, slot: slot, key: key, variables: busVariables, timeout: timeout)
    }
    try SecretServiceCall.run(timeout: timeout, libraryNames: libraryNames) { library, cancellable in
      Self.store(library, vault: vault, slot: slot, key: key, cancellable: cancellable)
    }.flatMap { $0 }.get()
  }

  /// Removes the items for `vault`; whether there was one.
  public func remove(vault: String) throws(KeyringFailure) -> Bool {
    if speaksDBus {
      return try DBusSecretService.remove(vault: vault, variables: busVariables, timeout: timeout)
    }
    return try SecretServiceCall.run(timeout: timeout, libraryNames: libraryNames) { library, cancellable in
      Self.remove(library, vault: vault, cancellable: cancellable)
    }.flatMap { $0 }.get()
  }

  private static func attributes(_ vault: String) -> [(String, String)] {
    [("xdg:schema", schema), ("vault", vault)]
  }

  private static func lookup(_ library: LibSecret, vault: String, cancellable: LibSecret.Pointer?)
    -> KeyringLookup
  {
    let found: [LibSecret.Pointer]
    let service: LibSecret.Pointer
    switch search(library, vault: vault, cancellable: cancellable) {
    case .success(let result): (service, found) = result
    case .failure(.unavailable(let reason)): return .unavailable(reason)
    case .failure(.locked): return .locked
    case .failure(.failed(let reason)): return .failed(reason)
    }
    defer { library.objectUnref(service) }
    defer { for item in found { library.objectUnref(item) } }
    guard found.count <= 1 else { return .several(found.count) }
    guard let item = found.first else { return .absent }
    if library.itemLocked(item) != 0 { return .locked }
    let attributes = library.itemAttributes(item)
    defer { library.hashUnref(attributes) }
    guard let uuid = "uuid".withCString({ library.hashLookup(attributes, $0) }).map({ String(cString: $0) }),
      !uuid.isEmpty
    else { return .damaged("it has no uuid attribute") }
    guard let value = library.itemSecret(item) else { return .damaged("its secret cannot be read") }
    defer { library.valueUnref(value) }
    var length = 0
    guard let bytes = library.valueGet(value, &length), length == AESGCM.keySize else {
      return .damaged("its secret is \(length) bytes, not a \(AESGCM.keySize)-byte key")
    }
    let key = SecretBytes(count: length) { buffer in
      buffer.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: length))
    }
    return .found(key: key, slot: uuid)
  }

  private static func store(
    _ library: LibSecret, vault: String, slot: String, key: SecretBytes, cancellable: LibSecret.Pointer?
  ) -> Result<Void, KeyringFailure> {
    var error: LibSecret.Pointer?
    guard let service = library.serviceGet(0, cancellable, &error) else {
      return .failure(failure(library.consume(error), reaching: true))
    }
    defer { library.objectUnref(service) }
    guard let collection = library.collectionForAlias(service, "default", 0, cancellable, &error) else {
      if error != nil { return .failure(failure(library.consume(error))) }
      return .failure(
        .failed(
          "the Secret Service has no default collection (login keyring): create one, in Seahorse for example")
      )
    }
    defer { library.objectUnref(collection) }
    if library.collectionLocked(collection) != 0 { return .failure(.locked) }
    switch remove(library, vault: vault, cancellable: cancellable) {
    case .success: break
    case .failure(let failure): return .failure(failure)
    }
    let value = key.withUnsafeBytes { library.valueNew($0.baseAddress, $0.count, "application/octet-stream") }
    defer { library.valueUnref(value) }
    let stored = library.withAttributes(attributes(vault) + [("uuid", slot)]) { table in
      library.store(service, nil, table, "default", label(for: vault), value, cancellable, &error)
    }
    guard stored != 0 else { return .failure(failure(library.consume(error))) }
    return .success(())
  }

  private static func remove(_ library: LibSecret, vault: String, cancellable: LibSecret.Pointer?) -> Result<
    Bool, KeyringFailure
  > {
    let found: [LibSecret.Pointer]
    let service: LibSecret.Pointer
    switch search(library, vault: vault, cancellable: cancellable) {
    case .success(let result): (service, found) = result
    case .failure(let failure): return .failure(failure)
    }
    defer { library.objectUnref(service) }
    defer { for item in found { library.objectUnref(item) } }
    if found.contains(where: { library.itemLocked($0) != 0 }) { return .failure(.locked) }
    for item in found {
      var error: LibSecret.Pointer?
      guard library.delete(item, cancellable, &error) != 0 else {
        return .failure(failure(library.consume(error)))
      }
    }
    return .success(!found.isEmpty)
  }

  /// The service and the items for `vault` (each with a reference the caller drops).
  private static func search(_ library: LibSecret, vault: String, cancellable: LibSecret.Pointer?) -> Result<
    (LibSecret.Pointer, [LibSecret.Pointer]), KeyringFailure
  > {
    var error: LibSecret.Pointer?
    guard let service = library.serviceGet(0, cancellable, &error) else {
      return .failure(failure(library.consume(error), reaching: true))
    }
    let list = library.withAttributes(attributes(vault)) { table in
      library.search(service, nil, table, LibSecret.searchAllLoadingSecrets, cancellable, &error)
    }
    if list == nil, error != nil {
      library.objectUnref(service)
      return .failure(failure(library.consume(error)))
    }
    let items = library.items(of: list)
    // The items' references pass to the caller; only the list's cells are freed here.
    library.listFree(list)
    return .success((service, items))
  }

  /// The failure a `GError` stands for; `reaching` when it came from connecting to the service.
  private static func failure(_ error: (message: String, cancelled: Bool), reaching: Bool = false)
    -> KeyringFailure
  {
    if reaching || error.message.contains("org.freedesktop.DBus.Error.ServiceUnknown")
      || error.message.contains("not provided by any .service files")
    {
      return .unavailable(noService(error.message))
    }
    return .failed("the login keyring failed: \(error.message)")
  }

  /// What to say when no Secret Service answers.
  static func noService(_ detail: String) -> String {
    "no Secret Service answers on the session bus (\(detail)): install gnome-keyring "
      + "('apt-get install gnome-keyring') or another Secret Service, and log in again"
  }
}

/// This process's environment variables.
private func processVariables() -> [String: String] {
  var variables: [String: String] = [:]
  var entry = environ
  while let pointer = entry.pointee {
    let text = String(cString: pointer)
    if let equals = text.firstIndex(of: "=") {
      variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    entry += 1
  }
  return variables
}
