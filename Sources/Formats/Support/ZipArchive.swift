import Crypto
import DynamicLibraries

/// A zip archive held in memory, read through libzip loaded at run time with `dlopen` (no
/// headers, no link-time dependency): libzip does the ZipCrypto decryption and the inflating.
final class ZipArchive {
  /// Why a member cannot be read; never holds the archive's content or the password.
  enum Failure: Error, Equatable {
    /// libzip is not installed.
    case libraryMissing
    /// libzip does not take the bytes for a zip archive; the text says why.
    case notZip(String)
    /// The archive has no member of that name.
    case noMember
    /// The member is encrypted and no password was given.
    case passwordNeeded
    /// The password does not pass the member's check.
    case wrongPassword
    /// The member cannot be decrypted, inflated or fails its CRC; the text says why.
    case unreadable(String)
    /// The member is larger than the limit.
    case tooLarge
  }

  /// The library names tried, in order.
  static let libraryNames = ["libzip.so.5", "libzip.so.4", "libzip.5.dylib", "libzip.4.dylib"]

  private typealias SourceBufferCreate =
    @convention(c) (UnsafeRawPointer?, UInt64, Int32, UnsafeMutableRawPointer?) -> OpaquePointer?
  private typealias OpenFromSource =
    @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> OpaquePointer?
  private typealias Release = @convention(c) (OpaquePointer?) -> Void
  private typealias Open = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt32) -> OpaquePointer?
  private typealias OpenEncrypted =
    @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt32, UnsafePointer<CChar>?) -> OpaquePointer?
  private typealias Read = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt64) -> Int64
  private typealias Close = @convention(c) (OpaquePointer?) -> Int32
  private typealias GetError = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
  private typealias ErrorCode = @convention(c) (UnsafeMutableRawPointer?) -> Int32
  private typealias ErrorText = @convention(c) (UnsafeMutableRawPointer?) -> UnsafePointer<CChar>?
  private typealias ErrorLifetime = @convention(c) (UnsafeMutableRawPointer?) -> Void

  /// `zip_error_t` is `{ int zip_err; int sys_err; char *str; }`; this is more than enough room.
  private static let errorStorageSize = 64
  /// libzip's error codes (`zip.h`) this reader tells apart.
  private enum Code {
    static let noSuchFile: Int32 = 9
    static let notZip: Int32 = 19
    static let noPassword: Int32 = 26
    static let wrongPassword: Int32 = 27
  }
  private static let readOnly: Int32 = 16

  private let library: DynamicLibrary
  private let data: UnsafeMutableBufferPointer<UInt8>
  private var archive: OpaquePointer?
  private let open: Open
  private let openEncrypted: OpenEncrypted
  private let read: Read
  private let close: Close
  private let archiveError: GetError
  private let fileError: GetError
  private let errorCode: ErrorCode
  private let errorText: ErrorText
  private let discard: Release

  /// Loads the first of `libraries` that exists and opens `bytes` as a zip archive.
  init(_ bytes: [UInt8], libraries: [String] = libraryNames) throws(Failure) {
    guard let library = DynamicLibrary(firstOf: libraries) else { throw .libraryMissing }
    func symbol<T>(_ name: String, as type: T.Type) -> T? { library.function(name, as: type) }
    guard let createSource = symbol("zip_source_buffer_create", as: SourceBufferCreate.self),
      let openSource = symbol("zip_open_from_source", as: OpenFromSource.self),
      let freeSource = symbol("zip_source_free", as: Release.self),
      let open = symbol("zip_fopen", as: Open.self),
      let openEncrypted = symbol("zip_fopen_encrypted", as: OpenEncrypted.self),
      let read = symbol("zip_fread", as: Read.self), let close = symbol("zip_fclose", as: Close.self),
      let archiveError = symbol("zip_get_error", as: GetError.self),
      let fileError = symbol("zip_file_get_error", as: GetError.self),
      let errorCode = symbol("zip_error_code_zip", as: ErrorCode.self),
      let errorText = symbol("zip_error_strerror", as: ErrorText.self),
      let errorInit = symbol("zip_error_init", as: ErrorLifetime.self),
      let errorFini = symbol("zip_error_fini", as: ErrorLifetime.self),
      let discard = symbol("zip_discard", as: Release.self)
    else { throw .libraryMissing }
    self.library = library
    self.open = open
    self.openEncrypted = openEncrypted
    self.read = read
    self.close = close
    self.archiveError = archiveError
    self.fileError = fileError
    self.errorCode = errorCode
    self.errorText = errorText
    self.discard = discard
    data = .allocate(capacity: max(1, bytes.count))
    _ = data.initialize(from: bytes)
    let error = UnsafeMutableRawPointer.allocate(byteCount: Self.errorStorageSize, alignment: 16)
    error.initializeMemory(as: UInt8.self, repeating: 0, count: Self.errorStorageSize)
    errorInit(error)
    defer {
      errorFini(error)
      error.deallocate()
    }
    guard let source = createSource(data.baseAddress, UInt64(bytes.count), 0, error) else {
      throw .notZip(describe(error))
    }
    archive = openSource(source, Self.readOnly, error)
    guard archive != nil else {
      freeSource(source)
      let code = errorCode(error)
      throw .notZip(code == Code.notZip ? "its central directory is missing" : describe(error))
    }
  }

  deinit {
    if let archive { discard(archive) }
    wipe(UnsafeMutableRawBufferPointer(data))
    data.deallocate()
  }

  /// The bytes of the member `name`, at most `limit` of them; an encrypted member needs `password`.
  func member(_ name: String, password: [UInt8]?, limit: Int) throws(Failure) -> [UInt8] {
    let file: OpaquePointer?
    if let password {
      guard !password.contains(0) else { throw .wrongPassword }
      var cString = password + [0]
      defer { wipe(&cString) }
      file = cString.withUnsafeBufferPointer { secret in
        secret.withMemoryRebound(to: CChar.self) { openEncrypted(archive, name, 0, $0.baseAddress) }
      }
    } else {
      file = open(archive, name, 0)
    }
    guard let file else {
      let error = archiveError(archive)
      switch errorCode(error) {
      case Code.noSuchFile: throw .noMember
      case Code.noPassword: throw password == nil ? .passwordNeeded : .wrongPassword
      case Code.wrongPassword: throw .wrongPassword
      default: throw .unreadable(describe(error))
      }
    }
    defer { _ = close(file) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    defer { wipe(&chunk) }
    while true {
      let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, UInt64($0.count)) }
      if count == 0 { return output }
      guard count > 0 else { throw .unreadable(describe(fileError(file))) }
      guard output.count + Int(count) <= limit else { throw .tooLarge }
      output += chunk[..<Int(count)]
    }
  }

  private func describe(_ error: UnsafeMutableRawPointer?) -> String {
    errorText(error).map { String(cString: $0).lowercased() } ?? "unknown libzip error"
  }
}
