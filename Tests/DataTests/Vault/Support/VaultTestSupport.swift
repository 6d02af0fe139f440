import Codecs
import Crypto
import Data
import Domain
import Foundation
import OTP
import Synchronization
import TestSupport

/// Fixture files and the repositories the vault tests open them with.
enum Vault {
  /// The password of every encrypted fixture.
  static let fixturePassword = "test"
  /// The master key of `aegis_encrypted.json` (vault-format.md "Known values").
  static let fixtureMasterKey = try! Hex.decode(
    "5bf3eea657754b176d076ea07078e22a8df3e2ca5abc886e2e25f7cef24d11a6")
  /// Whether the shared fixtures are present.
  static var fixturesPresent: Bool { SharedFixtures.aegis != nil }

  /// A fixture's bytes.
  static func fixture(_ path: String) throws -> [UInt8] {
    [UInt8](try SharedFixtures.data(path))
  }

  /// A repository over `storage` that answers `password` when asked (and keeps the contents it
  /// last decoded, with `reusesDecoded`).
  static func repository(
    _ storage: any VaultStorage, password: String = fixturePassword, ids: IdentifierSource = .counting(),
    reusesDecoded: Bool = false
  ) -> AegisVaultRepository {
    let bytes = Array(password.utf8)
    return AegisVaultRepository(
      storage: storage, password: { bytes }, random: .secure, ids: ids, reusesDecoded: reusesDecoded)
  }

  /// A repository over an in-memory copy of a fixture.
  static func memory(_ path: String, password: String = fixturePassword) throws -> (
    MemoryVaultStorage, AegisVaultRepository
  ) {
    let storage = MemoryVaultStorage(try fixture(path))
    return (storage, repository(storage, password: password))
  }

  /// Parses vault bytes.
  static func json(_ bytes: [UInt8]?) throws -> JSONValue {
    guard let bytes else { throw VaultTestFailure("no vault bytes") }
    return try JSONValue(parsing: bytes)
  }

  /// Seals `db` into `vault` under `masterKey` with a fresh nonce, as Aegis does.
  static func seal(_ vault: inout JSONValue, db: JSONValue, masterKey: [UInt8]) throws {
    let nonce = RandomSource.secure.bytes(AESGCM.nonceSize)
    let box = try AESGCM.seal(db.serialized(), key: masterKey, nonce: nonce)
    vault.set(["header", "params", "nonce"], to: .string(Hex.encode(nonce)))
    vault.set(["header", "params", "tag"], to: .string(Hex.encode(box.tag)))
    vault.set(["db"], to: .string(Base64.encode(box.ciphertext)))
  }

  /// The db of an encrypted vault, opened with `masterKey`.
  static func unseal(_ vault: JSONValue, masterKey: [UInt8]) throws -> JSONValue {
    guard let nonce = vault[path: ["header", "params", "nonce"]]?.stringValue,
      let tag = vault[path: ["header", "params", "tag"]]?.stringValue,
      let db = vault[path: ["db"]]?.stringValue
    else { throw VaultTestFailure("not an encrypted vault") }
    let plaintext = try AESGCM.open(
      AESGCM.SealedBox(ciphertext: try Base64.decode(db), tag: try Hex.decode(tag)), key: masterKey,
      nonce: try Hex.decode(nonce))
    return try JSONValue(parsing: plaintext)
  }

  /// Serializes an edited vault.
  static func bytes(_ value: JSONValue) -> [UInt8] { value.serialized(pretty: true) }
}

extension JSONValue {
  /// The value at a path of object keys and array indices (`["header", "slots", 0, "uuid"]`).
  subscript(path path: [any PathComponent]) -> JSONValue? {
    var current: JSONValue? = self
    for component in path {
      current = current.flatMap { component.step(into: $0) }
    }
    return current
  }

  /// Replaces the value at a path (every step must exist except the last key).
  mutating func set(_ path: [any PathComponent], to newValue: JSONValue?) {
    guard let first = path.first else {
      self = newValue ?? .null
      return
    }
    let rest = Array(path.dropFirst())
    switch (self, first) {
    case (.object(var object), let key as String):
      if rest.isEmpty {
        object[key] = newValue
      } else {
        var child = object[key] ?? .object(JSONObject())
        child.set(rest, to: newValue)
        object[key] = child
      }
      self = .object(object)
    case (.array(var array), let index as Int):
      if rest.isEmpty {
        if let newValue { array[index] = newValue } else { array.remove(at: index) }
      } else {
        array[index].set(rest, to: newValue)
      }
      self = .array(array)
    default:
      preconditionFailure("no \(first) in \(self)")
    }
  }
}

/// A step in a JSON path: an object key or an array index.
protocol PathComponent: Sendable {
  func step(into value: JSONValue) -> JSONValue?
}

extension String: PathComponent {
  func step(into value: JSONValue) -> JSONValue? { value.objectValue?[self] }
}

extension Int: PathComponent {
  func step(into value: JSONValue) -> JSONValue? {
    guard let array = value.arrayValue, array.indices.contains(self) else { return nil }
    return array[self]
  }
}

extension DomainError {
  /// The case without its message, for tests that care which failure, not its wording.
  var kind: String {
    switch self {
    case .wrongPassword: "wrongPassword"
    case .passwordRequired: "passwordRequired"
    case .cancelled: "cancelled"
    case .vaultMissing: "vaultMissing"
    case .vaultExists: "vaultExists"
    case .vaultCorrupted: "vaultCorrupted"
    case .vaultLocked: "vaultLocked"
    case .unsupportedVersion: "unsupportedVersion"
    case .storage: "storage"
    case .duplicate: "duplicate"
    case .notFound: "notFound"
    case .ambiguous: "ambiguous"
    case .invalidField: "invalidField"
    case .cannotGenerate: "cannotGenerate"
    }
  }
}

/// Runs `body` and returns the domain error it throws, or nil.
func domainError(_ body: () throws(DomainError) -> Void) -> DomainError? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

/// A test's own precondition failed (not the code under test).
struct VaultTestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
