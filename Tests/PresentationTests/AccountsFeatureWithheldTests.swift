import Domain
import OTP
import Presentation
import Testing

/// Accounts loaded through the agent come without secrets: the list asks for their codes
/// (an effect) and shows what comes back; details never show a URI without the secret.
@Suite("Accounts without their secrets")
struct AccountsFeatureWithheldTests {
  static func withheld(_ contents: VaultContents) -> VaultContents {
    var copy = contents
    for index in copy.accounts.indices { copy.accounts[index].otp = copy.accounts[index].otp.withoutSecret() }
    return copy
  }

  static let contents = withheld(Fixture.vault)
  static let timeBased = contents.accounts.filter { $0.otp.type != .hotp }

  @Test("loading withheld accounts asks for the time-based ones' codes, never the HOTP ones")
  func loadingFetches() {
    var state = AccountsFeature.State(now: Fixture.Time.early)
    let effects = AccountsFeature.reduce(&state, .loaded(Self.contents))
    #expect(effects == [.fetchCodes(Self.timeBased, at: Fixture.Time.early)])
  }

  @Test("accounts with their secrets fetch nothing")
  func localCodesFetchNothing() {
    var state = AccountsFeature.State(now: Fixture.Time.early)
    #expect(AccountsFeature.reduce(&state, .loaded(Fixture.vault)).isEmpty)
    #expect(AccountsFeature.reduce(&state, .tick(Fixture.Time.early + 1)).isEmpty)
  }

  @Test("a missing code is asked for each new second; the same second does not ask again")
  func ticksFetch() {
    var state = AccountsFeature.State(now: Fixture.Time.early)
    _ = AccountsFeature.reduce(&state, .loaded(Self.contents))
    _ = AccountsFeature.reduce(&state, .codesFetched([], at: Fixture.Time.early))
    #expect(
      AccountsFeature.reduce(&state, .tick(Fixture.Time.early + 1))
        == [.fetchCodes(Self.timeBased, at: Fixture.Time.early + 1)])
  }

  @Test("fetched codes last until their period ends, counting down, then are asked for again")
  func fetchedCodesLast() {
    // Fixture.Time.early is 1 s into a 30 s period: 29 s left for every time-based fixture account.
    let start = Fixture.Time.early
    var state = AccountsFeature.State(now: start)
    _ = AccountsFeature.reduce(&state, .loaded(Self.contents))
    let computed = CodesAt()(Fixture.vault.accounts.filter { $0.otp.type != .hotp }, at: start)
    _ = AccountsFeature.reduce(&state, .codesFetched(computed, at: start))
    #expect(AccountsFeature.reduce(&state, .tick(start)).isEmpty, "the same second asks nothing")
    for later in [start + 1, start + 15, start + 28] {
      #expect(AccountsFeature.reduce(&state, .tick(later)).isEmpty, "no fetch \(later - start) s later")
      let local = Fixture.accounts(at: later)
      #expect(state.rows.map(\.code) == local.rows.map(\.code))
      #expect(state.rows.map(\.remaining) == local.rows.map(\.remaining))
      #expect(state.rows.map(\.nextCode) == local.rows.map(\.nextCode))
    }
    #expect(
      AccountsFeature.reduce(&state, .tick(start + 29)) == [.fetchCodes(Self.timeBased, at: start + 29)])
    #expect(
      state.rows.filter { !$0.isCounterBased }.allSatisfy { $0.code == nil }, "a run-out code is not shown")
  }

  @Test("fetched codes show in the rows as local ones would; stale ones do not")
  func fetchedCodesShow() {
    let local = Fixture.accounts(at: Fixture.Time.early)
    var state = AccountsFeature.State(now: Fixture.Time.early)
    _ = AccountsFeature.reduce(&state, .loaded(Self.contents))
    let computed = CodesAt()(Fixture.vault.accounts.filter { $0.otp.type != .hotp }, at: Fixture.Time.early)
    _ = AccountsFeature.reduce(&state, .codesFetched(computed, at: Fixture.Time.early))
    #expect(state.rows.map(\.code) == local.rows.map(\.code))
    #expect(state.rows.map(\.remaining) == local.rows.map(\.remaining))
    _ = AccountsFeature.reduce(&state, .tick(Fixture.Time.early + 29))
    #expect(state.rows.filter { !$0.isCounterBased }.allSatisfy { $0.code == nil })
  }

  @Test("copying a withheld account copies the fetched code")
  func copyUsesFetched() {
    var state = AccountsFeature.State(now: Fixture.Time.early)
    _ = AccountsFeature.reduce(&state, .loaded(Self.contents))
    state.selection = Fixture.github.id
    let computed = CodesAt()([Fixture.github], at: Fixture.Time.early)
    _ = AccountsFeature.reduce(&state, .codesFetched(computed, at: Fixture.Time.early))
    #expect(AccountsFeature.reduce(&state, .copyRequested) == [.copy(computed[0].code!)])
  }

  @Test(
    "details of a withheld account explain, and draw no URI or QR code",
    arguments: [
      DetailsFeature.Action.uriToggled, .qrRequested,
    ])
  func detailsWithheld(action: DetailsFeature.Action) {
    var state = DetailsFeature.State(account: Self.contents.accounts[0], groupNames: [])
    #expect(DetailsFeature.reduce(&state, action).isEmpty)
    #expect(!state.showsURI)
    #expect(state.message == DetailsFeature.withheldMessage)
  }
}
