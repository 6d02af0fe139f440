/// Why an OATH session could not do what was asked, in the applet's terms.
public enum OATHError: Error, Equatable, Sendable {
  /// The card or PC/SC failed.
  case card(SmartCardError)
  /// The card has no OATH applet (SELECT was refused with this status).
  case notOATH(UInt16)
  /// The applet is locked: VALIDATE first.
  case locked
  /// The applet has no room for another credential (`6A84`).
  case full
  /// No credential of that name (`6984`).
  case noSuchCredential
  /// The password (access key) is wrong.
  case wrongPassword
  /// The card answered our VALIDATE challenge wrongly: it does not hold the key it claims.
  case cardNotAuthenticated
  /// The firmware does not have the command (RENAME before 5.3.1).
  case unsupportedByFirmware(String)
  /// The name or account cannot be written.
  case credential(CredentialData.Error)
  /// An answer the applet should not give.
  case malformedAnswer
  /// Any other status word.
  case status(UInt16)
}
