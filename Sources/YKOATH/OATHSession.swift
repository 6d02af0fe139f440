/// A conversation with the OATH applet over one connection: SELECT on opening, then the
/// applet's commands, answers longer than one response fetched with SEND REMAINING (`61xx`).
public struct OATHSession: Sendable {
  /// The connection the commands go over.
  public let connection: any SmartCardConnection
  /// The applet's answer to SELECT (version, salt, the challenge when locked).
  public private(set) var selected: SelectAnswer

  /// Selects the OATH applet on `connection`.
  public init(connection: any SmartCardConnection) throws(OATHError) {
    self.connection = connection
    let response = try Self.exchange(OATHCommand.select, over: connection)
    guard response.isSuccess else { throw .notOATH(response.status) }
    do { selected = try SelectAnswer(response.data) } catch { throw .malformedAnswer }
  }

  /// Sends `apdu` and collects the whole answer; a status other than `9000` is thrown.
  public func send(_ apdu: APDU) throws(OATHError) -> [UInt8] {
    let response = try Self.exchange(apdu, over: connection)
    switch response.status {
    case OATH.Status.ok: return response.data
    case OATH.Status.authenticationRequired: throw .locked
    case OATH.Status.noSpace: throw .full
    case OATH.Status.noSuchObject: throw .noSuchCredential
    default: throw .status(response.status)
    }
  }

  /// Sends `apdu`, then SEND REMAINING while the card says `61xx`, joining the data.
  private static func exchange(_ apdu: APDU, over connection: any SmartCardConnection) throws(OATHError)
    -> APDUResponse
  {
    var data: [UInt8] = []
    var command = apdu
    while true {
      let bytes: [UInt8]
      do { bytes = try connection.transmit(command.bytes) } catch { throw .card(error) }
      guard let response = APDUResponse(bytes: bytes) else { throw .malformedAnswer }
      data += response.data
      guard response.hasMoreData else { return APDUResponse(data: data, status: response.status) }
      command = OATHCommand.sendRemaining
    }
  }

  /// Sends `apdu` and reads its answer with `read`; an unreadable answer is `malformedAnswer`.
  private func answer<Value>(_ apdu: APDU, _ read: ([UInt8]) throws(OATHAnswer.Error) -> Value)
    throws(OATHError) -> Value
  {
    let data = try send(apdu)
    do { return try read(data) } catch { throw .malformedAnswer }
  }

  /// Every credential on the key.
  public func list() throws(OATHError) -> [OATHAnswer.ListedCredential] {
    try answer(OATHCommand.list, OATHAnswer.list)
  }

  /// Every credential with its code for the 30-second step of `unixTime` (HOTP and touch
  /// credentials without one: listing never touches, never advances a counter).
  public func calculateAll(unixTime: Int64) throws(OATHError) -> [OATHAnswer.CalculatedCredential] {
    let challenge = OATHCommand.timeChallenge(unixTime: unixTime, period: CredentialName.defaultPeriod)
    return try answer(OATHCommand.calculateAll(challenge: challenge), OATHAnswer.calculateAll)
  }

  /// The code of one credential: TOTP for the step of `unixTime` in its period; HOTP advances
  /// the key's counter by one; a touch credential waits for the touch.
  public func code(stored: [UInt8], name: CredentialName, unixTime: Int64) throws(OATHError) -> String {
    let challenge =
      name.type == .totp ? OATHCommand.timeChallenge(unixTime: unixTime, period: name.period) : []
    let value = try answer(OATHCommand.calculate(name: stored, challenge: challenge), OATHAnswer.calculate)
    do { return try OATHAnswer.code(truncated: value) } catch { throw .malformedAnswer }
  }

  /// Writes `credential` (a credential of the same name is replaced by the applet: callers
  /// check `list()` first).
  public func put(_ credential: CredentialData) throws(OATHError) {
    let data: [UInt8]
    do { data = try credential.putData() } catch { throw .credential(error) }
    _ = try send(OATHCommand.put(data))
  }

  /// Deletes the credential stored as `stored`.
  public func delete(stored: [UInt8]) throws(OATHError) {
    _ = try send(OATHCommand.delete(name: stored))
  }

  /// Renames the credential stored as `stored` to `issuer`/`name`, keeping its period and type
  /// (firmware 5.3.1 and later).
  public func rename(stored: [UInt8], from old: CredentialName, issuer: String?, name: String)
    throws(OATHError)
  {
    guard selected.isAtLeast([5, 3, 1]) else { throw .unsupportedByFirmware("5.3.1") }
    var renamed = old
    renamed.issuer = issuer
    renamed.name = name
    let bytes: [UInt8]
    do { bytes = try renamed.encoded() } catch { throw .credential(.name(error)) }
    _ = try send(OATHCommand.rename(from: stored, to: bytes))
  }

  /// Unlocks the applet with `key`, sending `ourChallenge` (8 random bytes) and checking the
  /// card's answer to it; a wrong key is `wrongPassword`, a wrong answer `cardNotAuthenticated`.
  public mutating func validate(_ key: AccessKey, ourChallenge: [UInt8]) throws(OATHError) {
    guard let cardChallenge = selected.challenge else { return }
    let data: [UInt8]
    do {
      data = try send(key.validateCommand(cardChallenge: cardChallenge, ourChallenge: ourChallenge))
    } catch .noSuchCredential, .status(OATH.Status.wrongSyntax) {
      throw .wrongPassword
    }
    guard key.verifies(validateAnswer: data, ourChallenge: ourChallenge) else { throw .cardNotAuthenticated }
    selected.challenge = nil
  }

  /// Protects the applet with `key`, proven with `challenge` (8 random bytes).
  public func setCode(_ key: AccessKey, challenge: [UInt8]) throws(OATHError) {
    _ = try send(key.setCodeCommand(challenge: challenge))
  }

  /// Removes the applet's password (it must be unlocked).
  public func clearCode() throws(OATHError) {
    _ = try send(OATHCommand.clearCode)
  }

  /// Ends the connection.
  public func disconnect() { connection.disconnect() }
}
