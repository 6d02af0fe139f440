/// A connected key as `key list` shows it: its serial, firmware, reader, whether a password
/// protects it and whether it is still locked, and its accounts (none while locked).
public struct HardwareKey: Equatable, Sendable {
  /// The serial number in decimal (else the OATH device id, for a card that tells no serial).
  public var serial: String
  /// The OATH applet's version, `5.4.3`.
  public var version: String
  /// The PC/SC reader's name.
  public var reader: String
  /// Whether the OATH applet is protected by a password.
  public var password: Bool
  /// Whether it stayed locked (no access key unlocked it).
  public var locked: Bool
  /// The accounts, in the key's order; empty while locked.
  public var accounts: [Account]

  /// One account on a key: no code, no secret.
  public struct Account: Equatable, Sendable {
    /// The name as stored on the key (`60/Example:alice`).
    public var stored: [UInt8]
    /// The name, read.
    public var name: CredentialName
    /// The hash.
    public var algorithm: OATHAlgorithm
    /// The digits, as CALCULATE ALL tells them.
    public var digits: Int
    /// Whether each code needs a touch.
    public var touch: Bool

    /// The id `list` gives it: `yubikey:SERIAL:` and the stored name.
    public func id(serial: String) -> String {
      "yubikey:\(serial):" + String(decoding: stored, as: UTF8.self)
    }
  }
}
