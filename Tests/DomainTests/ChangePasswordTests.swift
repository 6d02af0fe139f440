import Domain
import Synchronization
import Testing

/// Records the passwords it is asked to change to.
private final class RecordingCredentials: VaultCredentials {
  let calls = Mutex<[[UInt8]]>([])

  func changePassword(to newPassword: [UInt8]) throws(DomainError) {
    calls.withLock { $0.append(newPassword) }
  }
}

@Suite("ChangePassword")
struct ChangePasswordTests {
  @Test("An empty new password is refused and never reaches the vault")
  func emptyRefused() {
    let credentials = RecordingCredentials()
    #expect(throws: DomainError.invalidField(.password, "the new password is empty")) {
      try ChangePassword(credentials: credentials)([])
    }
    #expect(credentials.calls.withLock { $0 }.isEmpty)
  }

  @Test("A new password is handed to the vault once, byte for byte")
  func forwarded() throws {
    let credentials = RecordingCredentials()
    try ChangePassword(credentials: credentials)(Array("correct horse".utf8))
    #expect(credentials.calls.withLock { $0 } == [Array("correct horse".utf8)])
  }
}
