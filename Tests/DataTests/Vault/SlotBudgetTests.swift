import Codecs
import Crypto
import Domain
import Testing

@testable import Data

/// The password slots of a file another program made are tried within a budget, the cheapest
/// first, and one whose parameters are refused is skipped (issue 32: bounded work on hostile
/// vault files).
@Suite("Password slots: order, budget and refused parameters")
struct SlotBudgetTests {
  static let password = Array("slot budget".utf8)
  static let masterKey = SecretBytes(count: 32) { $0.initializeMemory(as: UInt8.self, repeating: 7) }

  /// A slot wrapping the master key under `password` with scrypt N = `n`, r = 8, p = 1.
  static func slot(n: UInt64, password: [UInt8] = password) throws -> PasswordSlot {
    let parameters = KeyDerivation.ScryptParameters(n: n, r: 8, p: 1)
    let salt = [UInt8](repeating: UInt8(truncatingIfNeeded: n), count: 32)
    let nonce = [UInt8](repeating: 1, count: AESGCM.nonceSize)
    // Parameters Twofold refuses cannot be derived here either: such a slot wraps nothing.
    guard case .success = KeyDerivation.scryptWork(parameters) else {
      return PasswordSlot(
        uuid: "refused", wrappedKey: [UInt8](repeating: 0, count: 32), nonce: nonce,
        tag: [UInt8](repeating: 0, count: AESGCM.tagSize), salt: salt, scrypt: parameters,
        object: JSONObject())
    }
    let key = try KeyDerivation.scryptKey(password: password, salt: salt, parameters: parameters)
    let box = try AESGCM.seal(masterKey, key: key, nonce: nonce)
    return PasswordSlot(
      uuid: "n\(n)", wrappedKey: box.ciphertext, nonce: nonce, tag: box.tag, salt: salt, scrypt: parameters,
      object: JSONObject())
  }

  static func candidates(_ slots: [PasswordSlot]) -> [(index: Int, slot: PasswordSlot)] {
    slots.enumerated().map { ($0.offset, $0.element) }
  }

  @Test("a slot over the limits is skipped: the person's own slot after it still opens the vault")
  func refusedSlotSkipped() throws {
    let slots = [try Self.slot(n: 1 << 21), try Self.slot(n: 1 << 10)]
    let opened = try AegisVaultFile.unlock(Self.candidates(slots), password: Self.password)
    #expect(opened.slotIndex == 1)
  }

  @Test("the cheapest slot is tried first: a costly slot over the budget is never derived")
  func cheapestFirst() throws {
    let slots = [
      try Self.slot(n: 1 << 14, password: Array("other".utf8)), try Self.slot(n: 1 << 10),
    ]
    // The budget covers the cheap slot alone: trying the costly one first would exceed it.
    let opened = try AegisVaultFile.unlock(Self.candidates(slots), password: Self.password, budget: 1 << 14)
    #expect(opened.slotIndex == 1)
  }

  @Test("slots past the file's budget are not tried, and the error names them and the refused ones")
  func budgetExhausted() throws {
    var slots = try (0..<6).map { _ in try Self.slot(n: 1 << 10, password: Array("wrong".utf8)) }
    slots.append(try Self.slot(n: 1 << 21))
    do {
      _ = try AegisVaultFile.unlock(Self.candidates(slots), password: Self.password, budget: 4 << 13)
      Issue.record("opened")
    } catch {
      guard case .vaultCorrupted(let reason) = error else { throw error }
      #expect(reason.contains("password slot 7 asks for more"), "\(reason)")
      #expect(reason.contains("password slots 5 and 6 were not tried"), "\(reason)")
    }
  }

  @Test("every slot tried and none opens: the password is wrong")
  func wrongPassword() throws {
    let slots = [try Self.slot(n: 1 << 10), try Self.slot(n: 1 << 11)]
    #expect(throws: DomainError.wrongPassword) {
      try AegisVaultFile.unlock(Self.candidates(slots), password: Array("nope".utf8))
    }
  }
}
