import Domain
import Presentation
import Testing

@Suite("Coordinator")
struct CoordinatorTests {
  static let id = Account.ID("a-1")

  @Test(
    "Navigations change the stack of screens",
    arguments: [
      ("starting shows the root", Route.unlock, [], [.unlock]),
      ("a push shows the screen on top", .accounts, [.push(.settings)], [.accounts, .settings]),
      ("pushes stack up", .accounts, [.push(.details(id)), .push(.help)], [.accounts, .details(id), .help]),
      ("a pop goes back one screen", .accounts, [.push(.editor(nil)), .pop], [.accounts]),
      ("the root is never popped", .accounts, [.pop, .pop], [.accounts]),
      ("popping past the root keeps the root", .unlock, [.push(.accounts), .pop, .pop], [.unlock]),
      (
        "pushing the current screen again does nothing", .accounts, [.push(.help), .push(.help)],
        [.accounts, .help]
      ),
      ("pushing the root again does nothing", .accounts, [.push(.accounts)], [.accounts]),
      (
        "the same screen for another account is pushed", .accounts,
        [.push(.editor(id)), .push(.editor(nil))], [.accounts, .editor(id), .editor(nil)]
      ),
    ] as [(String, Route, [Navigation], [Route])])
  func navigates(_ what: String, root: Route, navigations: [Navigation], stack: [Route]) {
    var coordinator = Coordinator(root: root)
    for navigation in navigations { coordinator.apply(navigation) }
    #expect(coordinator.stack == stack)
    #expect(coordinator.current == stack.last)
  }

  @Test("Resetting replaces the whole stack with one screen")
  func reset() {
    var coordinator = Coordinator(root: .unlock)
    coordinator.reset(to: .accounts)
    coordinator.apply(.push(.settings))
    coordinator.reset(to: .unlock)
    #expect(coordinator.stack == [.unlock])
    coordinator.apply(.pop)
    #expect(coordinator.current == .unlock)
  }
}
