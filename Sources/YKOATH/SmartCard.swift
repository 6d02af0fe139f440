/// PC/SC, as the OATH session needs it: the readers, an exclusive connection to one, and
/// commands sent over it. Implemented over libpcsclite in Infrastructure (`LibPCSCLite`) and by
/// an in-memory applet in the tests.
public protocol SmartCardService: Sendable {
  /// The names of the readers pcscd knows, in its order (empty when there is none).
  func readers() throws(SmartCardError) -> [String]
  /// An exclusive connection to the card in `reader`.
  func connect(reader: String) throws(SmartCardError) -> any SmartCardConnection
}

/// An exclusive connection to one card, closed by `disconnect` (the card is left as it is).
public protocol SmartCardConnection: Sendable {
  /// Sends one command APDU and returns the response APDU (data and status bytes).
  func transmit(_ command: [UInt8]) throws(SmartCardError) -> [UInt8]
  /// Ends the connection; the card is not reset.
  func disconnect()
}

/// Why PC/SC could not do what was asked.
public enum SmartCardError: Error, Equatable, Sendable {
  /// pcscd is not running, or libpcsclite is not installed; the text says what to install.
  case serviceUnavailable(String)
  /// The reader has no card.
  case noCard
  /// The card was removed (or reset) while in use.
  case removed
  /// Another program holds the card.
  case sharingViolation
  /// The reader is gone.
  case readerUnavailable
  /// Anything else PC/SC reports: the function and its return code.
  case failed(function: String, code: UInt32)
}
