/// The YKOATH applet's identifiers, instructions, tags and status words (Yubico's YKOATH
/// specification).
public enum OATH {
  /// The applet's AID, `A0 00 00 05 27 21 01`.
  public static let aid: [UInt8] = [0xA0, 0x00, 0x00, 0x05, 0x27, 0x21, 0x01]

  /// Instruction bytes.
  public enum Instruction {
    /// SELECT (ISO 7816-4), P1 `04`.
    public static let select: UInt8 = 0xA4
    /// PUT a credential.
    public static let put: UInt8 = 0x01
    /// DELETE a credential.
    public static let delete: UInt8 = 0x02
    /// SET CODE: set or clear the access key.
    public static let setCode: UInt8 = 0x03
    /// RESET the applet.
    public static let reset: UInt8 = 0x04
    /// RENAME a credential (firmware 5.3.1 and later).
    public static let rename: UInt8 = 0x05
    /// LIST the credentials.
    public static let list: UInt8 = 0xA1
    /// CALCULATE one credential's response.
    public static let calculate: UInt8 = 0xA2
    /// VALIDATE the access key.
    public static let validate: UInt8 = 0xA3
    /// CALCULATE ALL credentials' responses.
    public static let calculateAll: UInt8 = 0xA4
    /// SEND REMAINING data after `61xx`.
    public static let sendRemaining: UInt8 = 0xA5
  }

  /// TLV tags.
  public enum Tag {
    /// A credential's name (and, in SELECT's answer, the salt).
    public static let name: UInt8 = 0x71
    /// One LIST entry: type/algorithm byte then the name.
    public static let nameList: UInt8 = 0x72
    /// A key: type/algorithm byte, digits (PUT) and secret.
    public static let key: UInt8 = 0x73
    /// A challenge.
    public static let challenge: UInt8 = 0x74
    /// A full response (digits byte then the HMAC).
    public static let response: UInt8 = 0x75
    /// A truncated response (digits byte then four bytes).
    public static let truncated: UInt8 = 0x76
    /// CALCULATE ALL: an HOTP credential (no response).
    public static let hotp: UInt8 = 0x77
    /// A property (PUT: `78 02` asks for touch).
    public static let property: UInt8 = 0x78
    /// The firmware version.
    public static let version: UInt8 = 0x79
    /// An HOTP credential's initial moving factor (counter).
    public static let imf: UInt8 = 0x7A
    /// The algorithm of the SELECT challenge.
    public static let algorithm: UInt8 = 0x7B
    /// CALCULATE ALL: a credential that needs a touch (no response).
    public static let touch: UInt8 = 0x7C
  }

  /// The property byte asking for a touch before each calculation.
  public static let requireTouch: UInt8 = 0x02

  /// Status words.
  public enum Status {
    /// Success.
    public static let ok: UInt16 = 0x9000
    /// No space left on the key.
    public static let noSpace: UInt16 = 0x6A84
    /// No such credential (or object).
    public static let noSuchObject: UInt16 = 0x6984
    /// Authentication needed (the applet is locked).
    public static let authenticationRequired: UInt16 = 0x6982
    /// Wrong syntax.
    public static let wrongSyntax: UInt16 = 0x6A80
    /// Unknown or unavailable instruction.
    public static let insNotSupported: UInt16 = 0x6D00
    /// Generic error (a RENAME to a name that exists).
    public static let genericError: UInt16 = 0x6581
    /// The wrong application or file (SELECT of an AID the card does not have).
    public static let fileNotFound: UInt16 = 0x6A82
  }

  /// The most bytes a credential's name may have, period and issuer prefix included.
  public static let maximumNameLength = 64
  /// Secrets shorter than this are padded with zero bytes to it.
  public static let minimumSecretLength = 14
}
