import DynamicLibraries
import YKOATH

/// PC/SC through libpcsclite (pcsc-lite's client library), loaded at run time with `dlopen` so
/// Twofold builds without its headers and runs, without hardware keys, where it is missing
/// (hardware-keys.md "Reaching keys"). The library honours `$PCSCLITE_CSOCK_NAME`. Linux'
/// pcsc-lite types: `DWORD` is `unsigned long`, `LONG` and the handles are `long`. One context
/// per value, released when it is dropped; unchecked `Sendable`: a command uses it from one
/// thread at a time.
public final class LibPCSCLite: SmartCardService, @unchecked Sendable {
  /// The library names tried.
  public static let libraryNames = ["libpcsclite.so.1", "libpcsclite.so"]

  /// What to tell someone when the library or the daemon is missing.
  public static let installHint =
    "hardware keys need pcscd: install pcscd and start it ('apt-get install pcscd', then 'systemctl start pcscd.socket')"

  typealias EstablishContext =
    @convention(c) (UInt, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeMutablePointer<Int>?) -> Int
  typealias ReleaseContext = @convention(c) (Int) -> Int
  typealias ListReaders =
    @convention(c) (Int, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<UInt>?) ->
    Int
  typealias Connect =
    @convention(c) (
      Int, UnsafePointer<CChar>?, UInt, UInt, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UInt>?
    ) -> Int
  typealias Disconnect = @convention(c) (Int, UInt) -> Int
  typealias Transmit =
    @convention(c) (
      Int, UnsafeRawPointer?, UnsafePointer<UInt8>?, UInt, UnsafeMutableRawPointer?,
      UnsafeMutablePointer<UInt8>?,
      UnsafeMutablePointer<UInt>?
    ) -> Int

  /// `SCARD_SCOPE_SYSTEM`.
  private static let scopeSystem: UInt = 2
  /// `SCARD_SHARE_EXCLUSIVE`.
  private static let shareExclusive: UInt = 1
  /// `SCARD_PROTOCOL_T0 | SCARD_PROTOCOL_T1`.
  private static let protocolAny: UInt = 3
  /// `SCARD_E_NO_READERS_AVAILABLE`.
  private static let noReadersAvailable: UInt32 = 0x8010_002E

  private let library: DynamicLibrary
  private let releaseContext: ReleaseContext
  private let listReaders: ListReaders
  private let connectCard: Connect
  private let disconnectCard: Disconnect
  private let transmitAPDU: Transmit
  private let context: Int

  /// Loads the library and establishes a context with pcscd; `serviceUnavailable` (with the
  /// install hint) when either is missing.
  public init() throws(SmartCardError) {
    guard let library = DynamicLibrary(firstOf: Self.libraryNames),
      let establish = library.function("SCardEstablishContext", as: EstablishContext.self),
      let release = library.function("SCardReleaseContext", as: ReleaseContext.self),
      let list = library.function("SCardListReaders", as: ListReaders.self),
      let connect = library.function("SCardConnect", as: Connect.self),
      let disconnect = library.function("SCardDisconnect", as: Disconnect.self),
      let transmit = library.function("SCardTransmit", as: Transmit.self)
    else { throw .serviceUnavailable(Self.installHint) }
    var context = 0
    let result = establish(Self.scopeSystem, nil, nil, &context)
    guard result == 0 else { throw Self.error("SCardEstablishContext", result) }
    self.library = library
    releaseContext = release
    listReaders = list
    connectCard = connect
    disconnectCard = disconnect
    transmitAPDU = transmit
    self.context = context
  }

  deinit { _ = releaseContext(context) }

  /// The error a PC/SC return code stands for.
  static func error(_ function: String, _ result: Int) -> SmartCardError {
    let code = UInt32(truncatingIfNeeded: result)
    switch code {
    case 0x8010_001D, 0x8010_001E: return .serviceUnavailable(installHint)
    case 0x8010_000C, 0x8010_0066, 0x8010_0067: return .noCard
    case 0x8010_0068, 0x8010_0069: return .removed
    case 0x8010_000B: return .sharingViolation
    case 0x8010_0009, 0x8010_0017: return .readerUnavailable
    default: return .failed(function: function, code: code)
    }
  }

  /// The readers pcscd knows (none: an empty list).
  public func readers() throws(SmartCardError) -> [String] {
    var length: UInt = 0
    var result = listReaders(context, nil, nil, &length)
    if UInt32(truncatingIfNeeded: result) == Self.noReadersAvailable { return [] }
    guard result == 0 else { throw Self.error("SCardListReaders", result) }
    var buffer = [CChar](repeating: 0, count: Int(length) + 1)
    result = listReaders(context, nil, &buffer, &length)
    if UInt32(truncatingIfNeeded: result) == Self.noReadersAvailable { return [] }
    guard result == 0 else { throw Self.error("SCardListReaders", result) }
    // A multi-string: names ended by NUL, the list by an empty name.
    let bytes = buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
    return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }

  /// An exclusive connection to the card in `reader`.
  public func connect(reader: String) throws(SmartCardError) -> any SmartCardConnection {
    var handle = 0
    var activeProtocol: UInt = 0
    let result = reader.withCString {
      connectCard(context, $0, Self.shareExclusive, Self.protocolAny, &handle, &activeProtocol)
    }
    guard result == 0 else { throw Self.error("SCardConnect", result) }
    return Connection(owner: self, handle: handle, activeProtocol: activeProtocol)
  }

  /// One exclusive connection; the service it came from stays loaded while it lives.
  final class Connection: SmartCardConnection, @unchecked Sendable {
    private let owner: LibPCSCLite
    private let handle: Int
    private let activeProtocol: UInt
    private var closed = false

    init(owner: LibPCSCLite, handle: Int, activeProtocol: UInt) {
      self.owner = owner
      self.handle = handle
      self.activeProtocol = activeProtocol
    }

    deinit { disconnect() }

    func transmit(_ command: [UInt8]) throws(SmartCardError) -> [UInt8] {
      // SCARD_IO_REQUEST { unsigned long dwProtocol; unsigned long cbPciLength; }
      var request: (UInt, UInt) = (activeProtocol, UInt(2 * MemoryLayout<UInt>.size))
      var answer = [UInt8](repeating: 0, count: 65_538)
      var length = UInt(answer.count)
      let result = command.withUnsafeBufferPointer { input in
        withUnsafePointer(to: &request) { pci in
          owner.transmitAPDU(handle, pci, input.baseAddress, UInt(input.count), nil, &answer, &length)
        }
      }
      guard result == 0 else { throw LibPCSCLite.error("SCardTransmit", result) }
      return Array(answer.prefix(Int(length)))
    }

    func disconnect() {
      guard !closed else { return }
      closed = true
      // SCARD_LEAVE_CARD: the card is not reset.
      _ = owner.disconnectCard(handle, 0)
    }
  }
}
