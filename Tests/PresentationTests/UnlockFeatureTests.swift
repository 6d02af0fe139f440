import Domain
import Presentation
import Testing

@Suite("Unlock screen")
struct UnlockFeatureTests {
  typealias Case = ReducerCase<UnlockFeature.State, UnlockFeature.Action, UnlockFeature.Effect>

  static let empty = UnlockFeature.State(vaultLocation: "/home/me/.twofold/vault.json")

  static func typed(_ password: String, failures: Int = 0, message: String? = nil) -> UnlockFeature.State {
    var state = empty
    state.password = password
    state.failedAttempts = failures
    state.message = message
    return state
  }

  static let table: [Case] = [
    Case("typing appends to the password", typed("se"), .typed("cr"), then: { $0.password = "secr" }),
    Case("typing drops line breaks", empty, .typed("pw\r\n"), then: { $0.password = "pw" }),
    Case("backspace erases the last character", typed("pw"), .backspace, then: { $0.password = "p" }),
    Case("backspace on an empty password does nothing", empty, .backspace),
    Case(
      "submitting nothing asks for the password and tries nothing", empty, .submitted,
      then: { $0.message = "Type the vault password, then Enter." }),
    Case(
      "submitting tries the password and clears the last message",
      typed("hunter2", failures: 1, message: "Wrong password. Try again."), .submitted,
      then: { $0.message = nil }, effects: [.unlock(password: "hunter2")]),
    Case(
      "a wrong password is cleared, counted and explained", typed("hunter2"), .failed(.wrongPassword),
      then: {
        $0.password = ""
        $0.failedAttempts = 1
        $0.message = "Wrong password. Try again."
      }),
    Case(
      "failures keep counting", typed("again", failures: 2), .failed(.wrongPassword),
      then: {
        $0.password = ""
        $0.failedAttempts = 3
        $0.message = "Wrong password. Try again."
      }),
    Case(
      "other failures show their message", typed("pw"), .failed(.vaultLocked),
      then: {
        $0.password = ""
        $0.failedAttempts = 1
        $0.message = "Another twofold is changing the vault; try again in a moment."
      }),
    Case(
      "unlocking clears the password, the message and the count",
      typed("hunter2", failures: 2, message: "Wrong password. Try again."), .unlocked,
      then: {
        $0.password = ""
        $0.failedAttempts = 0
        $0.message = nil
      }),
  ]

  @Test("The unlock screen reduces each action", arguments: table)
  func reduces(_ row: Case) {
    row.check(UnlockFeature.reduce)
  }

  @Test("The password is shown as one bullet per character")
  func masked() {
    #expect(Self.typed("pässwörd").maskedPassword == "••••••••")
    #expect(Self.empty.maskedPassword == "")
  }

  @Test("The failure message is the one Messages gives for the error")
  func messagesText() {
    var state = Self.typed("pw")
    _ = UnlockFeature.reduce(&state, .failed(.passwordRequired))
    #expect(state.message == Messages.text(for: .passwordRequired))
  }
}
