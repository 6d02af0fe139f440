import Domain
import OTP
import Presentation
import Testing

@Suite("Account list icons")
struct AccountsFeatureIconTests {
  static let icon = try! AccountIcon(format: .png, bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

  /// The fixture vault with GitHub's icon set and Steam's icon unreadable.
  static var vault: VaultContents {
    var vault = Fixture.vault
    let github = vault.accounts.firstIndex { $0.id == Fixture.github.id }!
    vault.accounts[github].setIcon(icon)
    let steam = vault.accounts.firstIndex { $0.id == Fixture.steam.id }!
    vault.accounts[steam].preserved = [PreservedField(key: "icon", raw: #""bm90IGFuIGltYWdl""#)]
    return vault
  }

  static func loaded() -> AccountsFeature.State {
    var state = AccountsFeature.State(now: Fixture.Time.early)
    _ = AccountsFeature.reduce(&state, .loaded(vault))
    return state
  }

  @Test("A row has its account's icon; none when the account has none or an unreadable one")
  func rows() {
    let rows = Self.loaded().rows
    #expect(rows.first { $0.id == Fixture.github.id }?.icon == Self.icon)
    #expect(rows.filter { $0.icon != nil }.map(\.id) == [Fixture.github.id])
  }

  @Test("Icons are read when the contents load and follow each new load")
  func readOnLoad() {
    var state = Self.loaded()
    #expect(state.icons == [Fixture.github.id: Self.icon])
    _ = AccountsFeature.reduce(&state, .loaded(Fixture.vault))
    #expect(state.icons == [:])
    #expect(state.rows.allSatisfy { $0.icon == nil })
  }
}
