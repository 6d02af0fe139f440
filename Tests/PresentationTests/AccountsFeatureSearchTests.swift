import Domain
import Presentation
import Testing

@Suite("Account list search, group filter and selection")
struct AccountsFeatureSearchTests {
  typealias Case = ReducerCase<AccountsFeature.State, AccountsFeature.Action, AccountsFeature.Effect>

  static func searching(_ text: String, selecting account: Account? = nil) -> AccountsFeature.State {
    var state = Fixture.accounts()
    state.isSearching = true
    _ = AccountsFeature.reduce(&state, .searchTyped(text))
    if let account { state.selection = account.id }
    return state
  }

  @Test(
    "Search matches issuer, name, note and group names, ignoring case and diacritics",
    arguments: [
      ("", Fixture.displayOrder),
      ("zu", [Fixture.zurich.id]),
      ("ZÜR", [Fixture.zurich.id]),
      ("z", [Fixture.zurich.id, Fixture.zynga.id]),
      ("東", [Fixture.tokyo.id]),
      ("octo", [Fixture.github.id]),
      ("metro", [Fixture.tokyo.id]),
      ("token", [Fixture.acme.id]),
      ("travel", [Fixture.zurich.id, Fixture.tokyo.id]),
      ("Work", [Fixture.github.id, Fixture.steam.id, Fixture.tokyo.id]),
      ("nothing like it", []),
    ] as [(String, [Account.ID])])
  func matches(text: String, expected: [Account.ID]) {
    let state = Self.searching(text)
    #expect(state.rows.map(\.id) == expected)
    #expect(state.selection == expected.first)
  }

  @Test("Search narrows the list as each character is typed and widens on backspace")
  func asYouType() {
    var state = Fixture.accounts()
    _ = AccountsFeature.reduce(&state, .searchStarted)
    #expect(state.isSearching)
    var visible: [[Account.ID]] = []
    for action in [AccountsFeature.Action.searchTyped("z"), .searchTyped("u"), .searchBackspace] {
      #expect(AccountsFeature.reduce(&state, action) == [])
      visible.append(state.rows.map(\.id))
    }
    #expect(
      visible == [
        [Fixture.zurich.id, Fixture.zynga.id], [Fixture.zurich.id], [Fixture.zurich.id, Fixture.zynga.id],
      ])
    #expect(state.search == "z")
  }

  static let table: [Case] = [
    Case(
      "typing moves the selection to the first visible row when the selected one is hidden",
      Fixture.accounts(), .searchTyped("zy"),
      then: {
        $0.search = "zy"
        $0.selection = Fixture.zynga.id
      }),
    Case(
      "typing keeps a selection that stays visible", Fixture.accounts(selecting: Fixture.zynga),
      .searchTyped("z"), then: { $0.search = "z" }),
    Case(
      "typing what matches nothing selects nothing", Fixture.accounts(), .searchTyped("qqq"),
      then: {
        $0.search = "qqq"
        $0.selection = nil
      }),
    Case(
      "backspace on an empty search does nothing", Fixture.accounts(), .searchBackspace),
    Case(
      "ending the search with Enter keeps the text", searching("zu"), .searchEnded(keep: true),
      then: { $0.isSearching = false }),
    Case(
      "ending the search with Esc clears the text and keeps the selection", searching("zu"),
      .searchEnded(keep: false),
      then: {
        $0.isSearching = false
        $0.search = ""
      }),
    Case(
      "no filter cycles to the first group", Fixture.accounts(), .groupFilterCycled,
      then: { $0.groupFilter = Fixture.work.id }),
    Case(
      "the first group cycles to the second, moving the selection to a visible row",
      filtered(Fixture.work), .groupFilterCycled,
      then: {
        $0.groupFilter = Fixture.travel.id
        $0.selection = Fixture.zurich.id
      }),
    Case(
      "the last group cycles back to no filter", filtered(Fixture.travel), .groupFilterCycled,
      then: { $0.groupFilter = nil }),
    Case(
      "moving up from the first row stays there", Fixture.accounts(), .moveSelection(-1)),
    Case(
      "moving down selects the next row", Fixture.accounts(), .moveSelection(1),
      then: { $0.selection = Fixture.acme.id }),
    Case(
      "moving up selects the previous row", Fixture.accounts(selecting: Fixture.zurich), .moveSelection(-1),
      then: { $0.selection = Fixture.steam.id }),
    Case(
      "moving down from the last row stays there", Fixture.accounts(selecting: Fixture.tokyo),
      .moveSelection(1)),
    Case(
      "moving a page down stops at the last row", Fixture.accounts(), .moveSelection(10),
      then: { $0.selection = Fixture.tokyo.id }),
    Case(
      "moving a page up stops at the first row", Fixture.accounts(selecting: Fixture.zynga),
      .moveSelection(-10), then: { $0.selection = Fixture.github.id }),
    Case(
      "moving to the last edge selects the last row", Fixture.accounts(), .moveToEdge(last: true),
      then: { $0.selection = Fixture.tokyo.id }),
    Case(
      "moving to the first edge selects the first row", Fixture.accounts(selecting: Fixture.zynga),
      .moveToEdge(last: false), then: { $0.selection = Fixture.github.id }),
    Case(
      "moving within a search stays among the matches", searching("z"), .moveSelection(5),
      then: { $0.selection = Fixture.zynga.id }),
    Case(
      "moving in an empty list does nothing", AccountsFeature.State(now: 0), .moveSelection(1)),
  ]

  static func filtered(_ group: AccountGroup) -> AccountsFeature.State {
    var state = Fixture.accounts()
    state.groupFilter = group.id
    return state
  }

  @Test("Search, filter and selection actions reduce", arguments: table)
  func reduces(_ row: Case) {
    row.check(AccountsFeature.reduce)
  }

  @Test("The group filter cycles through no filter, each group in vault order, and back")
  func groupCycle() {
    var state = Fixture.accounts()
    var seen: [(AccountGroup.ID?, String?, [Account.ID])] = []
    for _ in 0..<3 {
      _ = AccountsFeature.reduce(&state, .groupFilterCycled)
      seen.append((state.groupFilter, state.groupFilterName, state.rows.map(\.id)))
    }
    #expect(seen.map(\.0) == [Fixture.work.id, Fixture.travel.id, nil])
    #expect(seen.map(\.1) == ["Work", "Travel", nil])
    #expect(seen[0].2 == [Fixture.github.id, Fixture.steam.id, Fixture.tokyo.id])
    #expect(seen[1].2 == [Fixture.zurich.id, Fixture.tokyo.id])
    #expect(seen[2].2 == Fixture.displayOrder)
  }

  @Test("A vault without groups has nothing to filter by")
  func noGroups() {
    var state = AccountsFeature.State(now: 0)
    _ = AccountsFeature.reduce(&state, .loaded(VaultContents(accounts: [Fixture.zynga])))
    _ = AccountsFeature.reduce(&state, .groupFilterCycled)
    #expect(state.groupFilter == nil)
    #expect(state.rows.map(\.id) == [Fixture.zynga.id])
  }

  @Test("Reloading a vault without the filtered group drops the filter")
  func filterGroupGone() {
    var state = Self.filtered(Fixture.travel)
    var contents = Fixture.vault
    contents.groups.removeAll { $0.id == Fixture.travel.id }
    _ = AccountsFeature.reduce(&state, .loaded(contents))
    #expect(state.groupFilter == nil)
  }
}
