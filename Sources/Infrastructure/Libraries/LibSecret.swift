import DynamicLibraries

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few functions of libsecret (and of the GLib it brings) the Secret Service keyring calls,
/// loaded at run time with `dlopen`, so Twofold builds without libsecret's headers and runs
/// without the library (CLI.md "Unlock with the login session"). Loaded once and never closed:
/// GLib starts threads of its own (GDBus's worker) that outlive any call, so unloading it is not
/// safe. Unchecked `Sendable`: it holds nothing but function addresses, set once.
final class LibSecret: @unchecked Sendable {
  /// The library names tried, newest first.
  static let libraryNames = [
    "libsecret-1.so.0", "libsecret-1.so", "libsecret-1.0.dylib", "libsecret-1.dylib",
  ]

  /// What to tell someone when the library is absent.
  static let installHint =
    "the login keyring needs libsecret: install it with 'apt-get install libsecret-1-0' (Debian, Ubuntu)"

  typealias Pointer = UnsafeMutableRawPointer
  /// A `GError **`.
  typealias ErrorOut = UnsafeMutablePointer<Pointer?>
  typealias ServiceGet = @convention(c) (UInt32, Pointer?, ErrorOut?) -> Pointer?
  typealias Search =
    @convention(c) (Pointer?, UnsafeRawPointer?, Pointer?, UInt32, Pointer?, ErrorOut?) -> Pointer?
  typealias CollectionForAlias =
    @convention(c) (Pointer?, UnsafePointer<CChar>?, UInt32, Pointer?, ErrorOut?) ->
    Pointer?
  typealias Store =
    @convention(c) (
      Pointer?, UnsafeRawPointer?, Pointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Pointer?, Pointer?,
      ErrorOut?
    ) -> Int32
  typealias Delete = @convention(c) (Pointer?, Pointer?, ErrorOut?) -> Int32
  typealias Getter = @convention(c) (Pointer?) -> Pointer?
  typealias Flag = @convention(c) (Pointer?) -> Int32
  typealias ValueGet = @convention(c) (Pointer?, UnsafeMutablePointer<Int>?) -> UnsafePointer<UInt8>?
  typealias ValueNew = @convention(c) (UnsafeRawPointer?, Int, UnsafePointer<CChar>?) -> Pointer?
  typealias Release = @convention(c) (Pointer?) -> Void
  typealias HashNew = @convention(c) (Pointer?, Pointer?) -> Pointer?
  typealias HashInsert = @convention(c) (Pointer?, UnsafeRawPointer?, UnsafeRawPointer?) -> Int32
  typealias HashLookup = @convention(c) (Pointer?, UnsafeRawPointer?) -> UnsafePointer<CChar>?
  typealias New = @convention(c) () -> Pointer?

  /// `SECRET_SEARCH_ALL | SECRET_SEARCH_LOAD_SECRETS`: every match, secrets of unlocked items
  /// only (never `SECRET_SEARCH_UNLOCK`, which prompts).
  static let searchAllLoadingSecrets: UInt32 = 1 << 1 | 1 << 3
  /// `G_IO_ERROR_CANCELLED`.
  static let cancelledCode: Int32 = 19

  private let library: DynamicLibrary
  let serviceGet: ServiceGet
  let search: Search
  let collectionForAlias: CollectionForAlias
  let collectionLocked: Flag
  let store: Store
  let delete: Delete
  let itemLocked: Flag
  let itemSecret: Getter
  let itemAttributes: Getter
  let valueGet: ValueGet
  let valueNew: ValueNew
  let valueUnref: Release
  let hashNew: HashNew
  let hashInsert: HashInsert
  let hashLookup: HashLookup
  let hashUnref: Release
  let strHash: Pointer
  let strEqual: Pointer
  let listFree: Release
  let objectUnref: Release
  let errorFree: Release
  let cancellableNew: New
  let cancellableCancel: Release

  /// The library of this process, loaded on first use; nil when it is not installed.
  static let loaded = LibSecret()

  /// The library by `names`: the process's own for the usual names (tests name missing ones).
  /// Never in a statically linked executable (the README's install build): there `dlopen` gives
  /// GLib a C library of its own that was never initialized, and GLib's constructors crash.
  static func load(_ names: [String]) -> LibSecret? {
    guard !isStaticExecutable else { return nil }
    return names == libraryNames ? loaded : LibSecret(names: names)
  }

  /// Whether this process was linked statically: it has no program interpreter (its auxiliary
  /// vector's `AT_BASE`, the interpreter's address, is 0).
  static let isStaticExecutable: Bool = {
    #if os(Linux)
      let atBase: UInt64 = 7
      let descriptor = open("/proc/self/auxv", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var pair: (type: UInt64, value: UInt64) = (0, 0)
      while read(descriptor, &pair, MemoryLayout<(UInt64, UInt64)>.size)
        == MemoryLayout<(UInt64, UInt64)>.size,
        pair.type != 0
      {
        if pair.type == atBase { return pair.value == 0 }
      }
      return true
    #else
      return false
    #endif
  }()

  /// The library, or nil when it (or one of its functions) is missing.
  private init?(names: [String] = LibSecret.libraryNames) {
    guard let library = DynamicLibrary(firstOf: names),
      let serviceGet = library.function("secret_service_get_sync", as: ServiceGet.self),
      let search = library.function("secret_service_search_sync", as: Search.self),
      let collectionForAlias = library.function(
        "secret_collection_for_alias_sync", as: CollectionForAlias.self),
      let collectionLocked = library.function("secret_collection_get_locked", as: Flag.self),
      let store = library.function("secret_service_store_sync", as: Store.self),
      let delete = library.function("secret_item_delete_sync", as: Delete.self),
      let itemLocked = library.function("secret_item_get_locked", as: Flag.self),
      let itemSecret = library.function("secret_item_get_secret", as: Getter.self),
      let itemAttributes = library.function("secret_item_get_attributes", as: Getter.self),
      let valueGet = library.function("secret_value_get", as: ValueGet.self),
      let valueNew = library.function("secret_value_new", as: ValueNew.self),
      let valueUnref = library.function("secret_value_unref", as: Release.self),
      let hashNew = library.function("g_hash_table_new", as: HashNew.self),
      let hashInsert = library.function("g_hash_table_insert", as: HashInsert.self),
      let hashLookup = library.function("g_hash_table_lookup", as: HashLookup.self),
      let hashUnref = library.function("g_hash_table_unref", as: Release.self),
      let strHash = library.symbol("g_str_hash"),
      let strEqual = library.symbol("g_str_equal"),
      let listFree = library.function("g_list_free", as: Release.self),
      let objectUnref = library.function("g_object_unref", as: Release.self),
      let errorFree = library.function("g_error_free", as: Release.self),
      let cancellableNew = library.function("g_cancellable_new", as: New.self),
      let cancellableCancel = library.function("g_cancellable_cancel", as: Release.self)
    else { return nil }
    self.library = library
    self.serviceGet = serviceGet
    self.search = search
    self.collectionForAlias = collectionForAlias
    self.collectionLocked = collectionLocked
    self.store = store
    self.delete = delete
    self.itemLocked = itemLocked
    self.itemSecret = itemSecret
    self.itemAttributes = itemAttributes
    self.valueGet = valueGet
    self.valueNew = valueNew
    self.valueUnref = valueUnref
    self.hashNew = hashNew
    self.hashInsert = hashInsert
    self.hashLookup = hashLookup
    self.hashUnref = hashUnref
    self.strHash = strHash
    self.strEqual = strEqual
    self.listFree = listFree
    self.objectUnref = objectUnref
    self.errorFree = errorFree
    self.cancellableNew = cancellableNew
    self.cancellableCancel = cancellableCancel
  }

  /// A `GHashTable` of the given attributes, for the time of `body` (the strings live that long).
  func withAttributes<Result>(_ attributes: [(String, String)], _ body: (Pointer?) -> Result) -> Result {
    let table = hashNew(strHash, strEqual)
    defer { hashUnref(table) }
    let strings = attributes.flatMap { [strdup($0.0), strdup($0.1)] }
    defer { for string in strings { free(string) } }
    for pair in stride(from: 0, to: strings.count, by: 2) {
      _ = hashInsert(table, strings[pair], strings[pair + 1])
    }
    return body(table)
  }

  /// The message of a `GError` (then freed), and whether it was a cancellation.
  func consume(_ error: Pointer?) -> (message: String, cancelled: Bool) {
    guard let error else { return ("unknown error", false) }
    defer { errorFree(error) }
    // struct GError { GQuark domain; gint code; gchar *message; }
    let code = error.load(fromByteOffset: MemoryLayout<UInt32>.size, as: Int32.self)
    let message = error.load(fromByteOffset: MemoryLayout<Pointer>.size, as: UnsafePointer<CChar>?.self)
    return (message.map { String(cString: $0) } ?? "unknown error", code == Self.cancelledCode)
  }

  /// The items of a `GList`, in order (the list and its references stay the caller's to free).
  func items(of list: Pointer?) -> [Pointer] {
    var items: [Pointer] = []
    var node = list
    // struct GList { gpointer data; GList *next; GList *prev; }
    while let current = node {
      if let data = current.load(as: Pointer?.self) { items.append(data) }
      node = current.load(fromByteOffset: MemoryLayout<Pointer>.stride, as: Pointer?.self)
    }
    return items
  }
}
