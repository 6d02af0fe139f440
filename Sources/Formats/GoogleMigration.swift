import Codecs
import Domain
import OTP

/// Google Authenticator's transfer format: `otpauth-migration://offline?data=…`, percent-encoded
/// Base64 of a `MigrationPayload` protobuf (vault-format.md "Google Authenticator transfer").
public enum GoogleMigration {
  /// The accounts of one QR code and which part of the export it is.
  public struct Part: Equatable, Sendable {
    /// The entries, understood or not.
    public var candidates: [ImportCandidate]
    /// The part's place in its export.
    public var batch: ImportBatch
  }

  /// Decodes one transfer URI.
  public static func decode(_ uri: String) throws(ImportError) -> Part {
    let trimmed = uri.trimmingWhitespace()
    guard trimmed.lowercased().hasPrefix("otpauth-migration://") else {
      throw .unrecognized("not an otpauth-migration:// URI")
    }
    guard let query = trimmed.firstIndex(of: "?").map({ trimmed[trimmed.index(after: $0)...] }),
      let data = query.split(separator: "&").first(where: { $0.hasPrefix("data=") })?.dropFirst(5)
    else { throw .damaged("the transfer URI has no data parameter") }
    guard let base64 = try? PercentEncoding.decode(data, plusIsSpace: false),
      let bytes = try? Base64.decode(base64)
    else {
      throw .damaged("the transfer URI's data is not Base64")
    }
    return try decodePayload(bytes)
  }

  static func decodePayload(_ bytes: [UInt8]) throws(ImportError) -> Part {
    var reader = ProtobufReader(bytes)
    var parameters: [[UInt8]] = []
    var batch = ImportBatch(id: 0, index: 0, size: 1)
    do throws(ProtobufReader.Failure) {
      while let (field, value) = try reader.next() {
        switch (field, value) {
        case (1, .bytes(let message)): parameters.append(message)
        case (3, .varint(let size)): batch.size = Int64(truncatingIfNeeded: size)
        case (4, .varint(let index)): batch.index = Int64(truncatingIfNeeded: index)
        case (5, .varint(let id)): batch.id = Int64(truncatingIfNeeded: id)
        default: continue
        }
      }
    } catch {
      throw .damaged("the transfer payload is not a valid protobuf message")
    }
    if batch.size < 1 { batch.size = 1 }
    var candidates: [ImportCandidate] = []
    for (index, message) in parameters.enumerated() {
      candidates.append(candidate(message, position: index + 1, batch: batch))
    }
    return Part(candidates: candidates, batch: batch)
  }

  private static func candidate(_ message: [UInt8], position: Int, batch: ImportBatch) -> ImportCandidate {
    var reader = ProtobufReader(message)
    var secret: [UInt8] = []
    var name = ""
    var issuer = ""
    var algorithm: UInt64 = 0
    var digits: UInt64 = 0
    var type: UInt64 = 0
    var counter: UInt64 = 0
    do throws(ProtobufReader.Failure) {
      while let (field, value) = try reader.next() {
        switch (field, value) {
        case (1, .bytes(let bytes)): secret = bytes
        case (2, .bytes(let bytes)): name = String(decoding: bytes, as: UTF8.self)
        case (3, .bytes(let bytes)): issuer = String(decoding: bytes, as: UTF8.self)
        case (4, .varint(let value)): algorithm = value
        case (5, .varint(let value)): digits = value
        case (6, .varint(let value)): type = value
        case (7, .varint(let value)): counter = value
        default: continue
        }
      }
    } catch {
      return .failed("entry \(position)", "the entry is not a valid protobuf message")
    }
    if issuer.isEmpty, let colon = name.firstIndex(of: ":") {
      issuer = String(name[..<colon])
      name = String(name[name.index(after: colon)...])
    }
    let label = issuer.isEmpty ? (name.isEmpty ? "entry \(position)" : name) : "\(issuer):\(name)"
    let otpAlgorithm: OTPAlgorithm
    switch algorithm {
    case 0, 1: otpAlgorithm = .sha1
    case 2: otpAlgorithm = .sha256
    case 3: otpAlgorithm = .sha512
    case 4: return .failed(label, "MD5 time-based codes are not supported")
    default: return .failed(label, "unknown algorithm number \(algorithm)")
    }
    let digitCount: Int
    switch digits {
    case 0, 1: digitCount = 6
    case 2: digitCount = 8
    default: return .failed(label, "unknown digit count number \(digits)")
    }
    let otpType: OTPType
    switch type {
    case 0, 2: otpType = .totp
    case 1: otpType = .hotp
    default: return .failed(label, "unknown OTP type number \(type)")
    }
    do throws(OTPError) {
      let parameters = try OTPParameters(
        type: otpType, secret: secret, algorithm: otpAlgorithm, digits: digitCount, period: 30,
        counter: counter)
      return .account(NewAccount(issuer: issuer, name: name, otp: parameters), batch: batch)
    } catch {
      return .failed(label, error.description)
    }
  }

  /// The transfer URIs for `accounts`, `perCode` accounts in each QR code. Only TOTP and HOTP
  /// accounts with SHA1/256/512, 6 or 8 digits and (for TOTP) 30 s fit; the rest are returned apart.
  public static func encode(_ accounts: [Account], perCode: Int = 10, batchID: Int64)
    -> (uris: [String], unfit: [Account])
  {
    let fits = accounts.filter(canCarry)
    let unfit = accounts.filter { !canCarry($0) }
    let chunks = stride(from: 0, to: fits.count, by: max(1, perCode)).map {
      Array(fits[$0..<min($0 + max(1, perCode), fits.count)])
    }
    let uris = chunks.enumerated().map { index, chunk in
      var payload = ProtobufWriter()
      for account in chunk { payload.bytes(1, parameters(account)) }
      payload.varint(2, 1)
      payload.varint(3, UInt64(chunks.count))
      payload.varint(4, UInt64(index))
      payload.varint(5, UInt64(UInt32(truncatingIfNeeded: batchID)))
      return "otpauth-migration://offline?data=" + PercentEncoding.encode(Base64.encode(payload.bytes))
    }
    return (uris, unfit)
  }

  /// Whether the transfer format can carry `account` without changing its codes.
  public static func canCarry(_ account: Account) -> Bool {
    let otp = account.otp
    guard otp.type == .totp || otp.type == .hotp, otp.digits == 6 || otp.digits == 8 else { return false }
    guard otp.algorithm != .md5 else { return false }
    return otp.type == .hotp || otp.period == 30
  }

  private static func parameters(_ account: Account) -> [UInt8] {
    let otp = account.otp
    var message = ProtobufWriter()
    message.bytes(1, otp.secret)
    // A name with a colon and no issuer would be read back as "issuer:name"; an empty issuer
    // prefix keeps it whole (found by fuzzing).
    let name = account.issuer.isEmpty && account.name.contains(":") ? ":" + account.name : account.name
    message.bytes(2, Array(name.utf8))
    message.bytes(3, Array(account.issuer.utf8))
    let algorithm: UInt64 =
      switch otp.algorithm {
      case .sha1: 1
      case .sha256: 2
      case .sha512: 3
      case .md5: 4
      }
    message.varint(4, algorithm)
    message.varint(5, otp.digits == 8 ? 2 : 1)
    message.varint(6, otp.type == .hotp ? 1 : 2)
    if otp.type == .hotp { message.varint(7, otp.counter) }
    return message.bytes
  }
}
