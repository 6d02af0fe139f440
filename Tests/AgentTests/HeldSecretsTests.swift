import Data
import Domain
import Infrastructure
import OTP
import Synchronization
import TestSupport
import Testing

@testable import Agent
@testable import Crypto

@Suite("secrets the agent holds")
struct HeldSecretsTests {
  /// What a secrets buffer held when it was handed back to be freed.
  final class Released: Sendable {
    private let seen = Mutex<[UInt8]?>(nil)

    /// Allocates as `HeldSecrets` does, in ordinary memory, recording the bytes on release.
    func allocate(_ count: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Void) -> SecretBytes {
      SecretBytes(
        count: count,
        release: { buffer in
          self.seen.withLock { $0 = Array(buffer) }
          buffer.deallocate()
        }, initializingWith: fill)
    }

    /// The bytes, once released; nil before.
    var bytes: [UInt8]? { seen.withLock { $0 } }
  }

  /// One account as freshly decoded (secret arrays of its own), and its code at `time`.
  struct Row: Sendable, CustomTestStringConvertible {
    let type: OTPType
    let secret: [UInt8]
    let pin: String?
    let digits: Int?
    let counter: UInt64
    let time: Int64
    let code: String

    var testDescription: String { "\(type.rawValue): \(code)" }

    /// The account, its secret in an array no other value shares.
    func account(_ id: String) -> Account {
      let fresh = secret.map { $0 }
      let otp = try! OTPParameters(type: type, secret: fresh, digits: digits, counter: counter, pin: pin)
      return Account(id: Account.ID(id), issuer: "Issuer \(id)", name: "me", otp: otp)
    }
  }

  /// RFC 6238 Appendix B, RFC 4226 Appendix D (counter 9), vault-format.md "Known values".
  static let rows: [Row] = [
    Row(
      type: .totp, secret: Array("12345678901234567890".utf8), pin: nil, digits: 8, counter: 0, time: 59,
      code: "94287082"),
    Row(
      type: .hotp, secret: Array("12345678901234567890".utf8), pin: nil, digits: 6, counter: 9, time: 0,
      code: "520489"),
    Row(
      type: .motp, secret: [0xe3, 0x15, 0x2a, 0xfe, 0xe6, 0x25, 0x99, 0xc8], pin: "1234", digits: nil,
      counter: 0,
      time: 165_892_298, code: "e7d8b6"),
    Row(
      type: .yandex, secret: try! Base32.decode("6SB2IKNM6OBZPAVBVTOHDKS4FAAAAAAADFUTQMBTRY"), pin: "5239",
      digits: nil, counter: 0, time: 1_641_559_648, code: "umozdicq"),
  ]

  @Test("every account's code comes from the held secrets, whatever its place", arguments: rows)
  func codes(_ row: Row) throws {
    // The mOTP row first, so the account under test is not at the buffer's start and has a PIN before it.
    var accounts = [Self.rows[2].account("before"), row.account("tested"), Self.rows[3].account("after")]
    let secrets = HeldSecrets(taking: &accounts)
    let code = CodesAt.code(
      of: accounts[1], generator: secrets.generator(at: 1, for: accounts[1]), at: row.time, next: false)
    #expect(code.code == row.code)
    #expect(code.problem == nil)
  }

  @Test("taking the secrets leaves every account withheld and zeroes, in place, the arrays only they held")
  func takingWipesTheDecodedArrays() {
    var accounts = Self.rows.enumerated().map { $0.element.account("a-\($0.offset)") }
    let decodedAt = accounts.map { $0.otp.secret.withUnsafeBytes { $0.baseAddress } }
    let hadPIN = accounts.map { $0.otp.pin != nil }
    var wiped: [[UInt8]] = []
    let secrets = HeldSecrets(
      taking: &accounts,
      wiping: { decoded in
        wipe(&decoded)
        wiped.append(decoded)
      })
    #expect(accounts.allSatisfy { $0.otp.isWithheld })
    #expect(accounts.map { $0.otp.pin != nil } == hadPIN)
    #expect(accounts.allSatisfy { $0.otp.pin?.isEmpty ?? true })
    // The very buffers the accounts were decoded into, not copies of them, are zeroed.
    #expect(wiped.map { $0.withUnsafeBytes { $0.baseAddress } } == decodedAt)
    #expect(wiped.map(\.count) == [20, 20, 8, 16])
    #expect(wiped.allSatisfy { $0.allSatisfy { $0 == 0 } })
    #expect(secrets.bytes.count == 20 + 20 + 8 + 4 + 16 + 4)
  }

  @Test(
    "a secret array a copy elsewhere still holds keeps its bytes, and the code comes from the held secret")
  func sharedSecretsAreNotZeroed() {
    let row = Self.rows[0]
    var accounts = [row.account("a")]
    let keptElsewhere = accounts[0].otp.secret
    let secrets = HeldSecrets(taking: &accounts)
    #expect(accounts[0].otp.isWithheld)
    #expect(keptElsewhere == row.secret)
    let code = CodesAt.code(
      of: accounts[0], generator: secrets.generator(at: 0, for: accounts[0]), at: row.time, next: false)
    #expect(code.code == row.code)
  }

  @Test("the buffer holds each secret and PIN, and is wiped once the last copy goes")
  func wipedWhenLetGo() {
    let released = Released()
    do {
      var accounts = [Self.rows[2].account("a")]
      let secrets = HeldSecrets(taking: &accounts, allocate: released.allocate)
      let copy = secrets
      #expect(copy.bytes.withUnsafeBytes { Array($0) } == Self.rows[2].secret + Array("1234".utf8))
      #expect(released.bytes == nil)
    }
    #expect(released.bytes == [UInt8](repeating: 0, count: 12))
  }

  @Test(
    "a held vault keeps its accounts withheld, makes their codes, and lets their secrets go on invalidate")
  func heldVaultLetsSecretsGo() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path("vault.json")
    let storage = FileVaultStorage(path: path, now: { 0 })
    try AegisVaultRepository.create(storage: storage, password: nil, random: .secure, ids: .counting())
    let repository = AegisVaultRepository(
      storage: storage, password: { () throws(DomainError) in throw .passwordRequired }, random: .secure,
      ids: .counting())
    let accounts = Self.rows.enumerated().map { $0.element.account("a-\($0.offset)") }
    try repository.update { (contents) throws(DomainError) in contents.accounts = accounts }
    let held = HeldVault(
      path: path, repository: repository, lease: KeyLease(at: 0, idle: 60, max: 60), identity: FileIdentity.of
    )

    #expect(try held.contents().accounts.allSatisfy { $0.otp.isWithheld })
    let indexed = try held.indexed()
    for (position, row) in Self.rows.enumerated() {
      #expect(held.code(at: position, of: indexed, time: row.time, next: false).code == row.code)
    }
    weak let bytes = try held.secrets().bytes
    #expect(bytes != nil)
    held.invalidate()
    #expect(bytes == nil)
  }
}
