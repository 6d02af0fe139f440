/// Finds the keys among the readers PC/SC knows and reads what `key list` shows of each
/// (hardware-keys.md "Reaching keys"): every reader whose card answers SELECT of the OATH AID is
/// a key; its serial comes from the management applet (READ CONFIG, tag `02`), else the OTP
/// applet. Each connection is exclusive and closed before `keys` returns.
public struct KeyInventory: Sendable {
  /// The management applet's AID.
  public static let managementAID: [UInt8] = [0xA0, 0x00, 0x00, 0x05, 0x27, 0x47, 0x11, 0x17]
  /// The OTP applet's AID.
  public static let otpAID: [UInt8] = [0xA0, 0x00, 0x00, 0x05, 0x27, 0x20, 0x01]

  /// Why no key could be listed.
  public enum Failure: Error, Equatable, Sendable {
    /// pcscd or libpcsclite is missing (the text says what to install).
    case serviceUnavailable(String)
    /// PC/SC failed otherwise.
    case card(SmartCardError)
    /// The access key given for the key named here (serial) is wrong.
    case wrongPassword(String)
    /// The key named here answered our VALIDATE challenge wrongly: it does not hold the key.
    case cardNotAuthenticated(String)
  }

  private let service: any SmartCardService

  /// Lists through `service`.
  public init(service: any SmartCardService) { self.service = service }

  /// The readers, only those whose name contains `readerFilter` (case-insensitive) when given.
  public func readers(matching readerFilter: String?) throws(Failure) -> [String] {
    let all: [String]
    do { all = try service.readers() } catch { throw Self.failure(error) }
    guard let readerFilter, !readerFilter.isEmpty else { return all }
    return all.filter { $0.lowercased().contains(readerFilter.lowercased()) }
  }

  /// Every key in `readers` with its accounts at `unixTime`; a reader without a card, or whose
  /// card has no OATH applet, is no key. `accessKey` gives the key of a locked applet, if any.
  public func keys(
    readers: [String], unixTime: Int64,
    accessKey: (SelectAnswer, String) -> AccessKey? = { _, _ in nil },
    challenge: () -> [UInt8] = { [] }
  ) throws(Failure) -> [HardwareKey] {
    var keys: [HardwareKey] = []
    for reader in readers {
      let connection: any SmartCardConnection
      do { connection = try service.connect(reader: reader) } catch {
        if case .serviceUnavailable = error { throw Self.failure(error) }
        continue
      }
      defer { connection.disconnect() }
      var serial: String?
      do {
        if let key = try Self.key(
          on: connection, reader: reader, unixTime: unixTime, accessKey: accessKey, challenge: challenge,
          serial: &serial)
        {
          keys.append(key)
        }
      } catch .card(.serviceUnavailable(let hint)) {
        throw .serviceUnavailable(hint)
      } catch .wrongPassword {
        throw .wrongPassword(serial ?? reader)
      } catch .cardNotAuthenticated {
        throw .cardNotAuthenticated(serial ?? reader)
      } catch {
        continue
      }
    }
    return keys
  }

  /// Runs `body` on the OATH applet of the card in `reader` over one exclusive connection,
  /// unlocked with `accessKey` when a password protects it, closed before returning.
  public func withSession<Value>(
    reader: String, accessKey: (SelectAnswer) -> AccessKey?, challenge: () -> [UInt8],
    _ body: (OATHSession) throws(OATHError) -> Value
  ) throws(OATHError) -> Value {
    let connection: any SmartCardConnection
    do { connection = try service.connect(reader: reader) } catch { throw .card(error) }
    defer { connection.disconnect() }
    var session = try OATHSession(connection: connection)
    if session.selected.isLocked {
      guard let key = accessKey(session.selected) else { throw .locked }
      try session.validate(key, ourChallenge: challenge())
    }
    return try body(session)
  }

  private static func failure(_ error: SmartCardError) -> Failure {
    if case .serviceUnavailable(let hint) = error { return .serviceUnavailable(hint) }
    return .card(error)
  }

  private static func key(
    on connection: any SmartCardConnection, reader: String, unixTime: Int64,
    accessKey: (SelectAnswer, String) -> AccessKey?, challenge: () -> [UInt8], serial found: inout String?
  ) throws(OATHError) -> HardwareKey? {
    var session: OATHSession
    do { session = try OATHSession(connection: connection) } catch .notOATH { return nil }
    let serial = try serialNumber(over: connection) ?? session.selected.deviceID
    found = serial
    // Selecting another applet deselected OATH: select it again (a new challenge if locked).
    session = try OATHSession(connection: connection)
    var key = HardwareKey(
      serial: serial, version: session.selected.versionText, reader: reader,
      password: session.selected.isLocked,
      locked: session.selected.isLocked, accounts: [])
    if session.selected.isLocked {
      guard let access = accessKey(session.selected, serial) else { return key }
      try session.validate(access, ourChallenge: challenge())
      key.locked = false
    }
    let listed = try session.list()
    let calculated = try session.calculateAll(unixTime: unixTime)
    key.accounts = listed.map { entry in
      let result = calculated.first { $0.stored == entry.stored }?.result
      var (digits, touch) = (6, false)
      switch result {
      case .truncated(let value), .full(let value): digits = Int(value.first ?? 6)
      case .hotp(let count): digits = Int(count)
      case .touch(let count): (digits, touch) = (Int(count), true)
      case nil: break
      }
      return HardwareKey.Account(
        stored: entry.stored, name: entry.name, algorithm: entry.algorithm, digits: digits, touch: touch)
    }
    return key
  }

  /// The serial from the management applet's READ CONFIG (tag `02`), else the OTP applet's
  /// GET SERIAL; nil when neither answers.
  static func serialNumber(over connection: any SmartCardConnection) throws(OATHError) -> String? {
    if try select(managementAID, over: connection) {
      let answer = try exchange(APDU(ins: 0x1D), over: connection)
      if answer.isSuccess, let length = answer.data.first, answer.data.count > Int(length),
        let tlvs = try? TLV.parse(Array(answer.data[1...Int(length)])),
        let serial = tlvs.value(0x02), serial.count == 4
      {
        return String(serial.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
      }
    }
    if try select(otpAID, over: connection) {
      let answer = try exchange(APDU(ins: 0x01, p1: 0x10), over: connection)
      if answer.isSuccess, answer.data.count == 4 {
        return String(answer.data.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
      }
    }
    return nil
  }

  private static func select(_ aid: [UInt8], over connection: any SmartCardConnection) throws(OATHError)
    -> Bool
  {
    try exchange(APDU(ins: OATH.Instruction.select, p1: 0x04, data: aid), over: connection).isSuccess
  }

  private static func exchange(_ apdu: APDU, over connection: any SmartCardConnection) throws(OATHError)
    -> APDUResponse
  {
    let bytes: [UInt8]
    do { bytes = try connection.transmit(apdu.bytes) } catch { throw .card(error) }
    guard let response = APDUResponse(bytes: bytes) else { throw .malformedAnswer }
    return response
  }
}
