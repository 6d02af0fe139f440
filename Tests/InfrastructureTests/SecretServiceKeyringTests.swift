import Crypto
import Data
import Infrastructure
import Testing

@Suite("The login keyring without libsecret")
struct SecretServiceKeyringTests {
  static let missing = SecretServiceKeyring(libraryNames: ["libsecret-1-missing.so.0"])
  static let hint =
    "the login keyring needs libsecret: install it with 'apt-get install libsecret-1-0' (Debian, Ubuntu)"

  @Test(
    "A lookup without the library is 'unavailable', naming the Debian package: commands fall through to the password"
  )
  func lookupWithoutLibrary() {
    guard case .unavailable(let reason) = Self.missing.lookup(vault: "/v.json") else {
      Issue.record("not unavailable")
      return
    }
    #expect(reason == Self.hint)
  }

  @Test("Storing and removing without the library fail with the same one line")
  func storeWithoutLibrary() {
    #expect(throws: KeyringFailure.unavailable(Self.hint)) {
      try Self.missing.store(
        vault: "/v.json", slot: "slot",
        key: SecretBytes(count: 32) { $0.initializeMemory(as: UInt8.self, repeating: 0) })
    }
    #expect(throws: KeyringFailure.unavailable(Self.hint)) { try Self.missing.remove(vault: "/v.json") }
  }

  @Test("The item's label names the vault")
  func label() {
    #expect(SecretServiceKeyring.label(for: "/home/me/vault.json") == "Twofold key for /home/me/vault.json")
    #expect(SecretServiceKeyring.schema == "io.github.twofold.VaultKey")
  }
}
