/// A command APDU (ISO 7816-4, short form): class, instruction, two parameters and the data,
/// sent as `CLA INS P1 P2 Lc DATA` (`Lc` 0 when there is no data, as ykman sends it).
public struct APDU: Equatable, Sendable {
  /// The class byte; 0 for every YKOATH command.
  public var cla: UInt8
  /// The instruction.
  public var ins: UInt8
  /// The first parameter.
  public var p1: UInt8
  /// The second parameter.
  public var p2: UInt8
  /// The command data, at most 255 bytes.
  public var data: [UInt8]

  /// Holds the command's fields.
  public init(cla: UInt8 = 0, ins: UInt8, p1: UInt8 = 0, p2: UInt8 = 0, data: [UInt8] = []) {
    self.cla = cla
    self.ins = ins
    self.p1 = p1
    self.p2 = p2
    self.data = data
  }

  /// The command as the card receives it.
  public var bytes: [UInt8] {
    precondition(data.count <= 0xFF, "a short APDU carries at most 255 bytes")
    return [cla, ins, p1, p2, UInt8(data.count)] + data
  }
}

/// A response APDU: the data and the two status bytes.
public struct APDUResponse: Equatable, Sendable {
  /// The response data.
  public var data: [UInt8]
  /// SW1 SW2 as one number (`0x9000` for success).
  public var status: UInt16

  /// Holds data and status.
  public init(data: [UInt8], status: UInt16) {
    self.data = data
    self.status = status
  }

  /// Splits what a card sent: everything but the last two bytes is data.
  public init?(bytes: [UInt8]) {
    guard bytes.count >= 2 else { return nil }
    data = Array(bytes.dropLast(2))
    status = UInt16(bytes[bytes.count - 2]) << 8 | UInt16(bytes[bytes.count - 1])
  }

  /// The response as a card sends it.
  public var bytes: [UInt8] { data + [UInt8(status >> 8), UInt8(status & 0xFF)] }

  /// Whether the card said `9000`.
  public var isSuccess: Bool { status == 0x9000 }

  /// Whether more data waits (`61xx`), to be fetched with SEND REMAINING.
  public var hasMoreData: Bool { status >> 8 == 0x61 }
}
