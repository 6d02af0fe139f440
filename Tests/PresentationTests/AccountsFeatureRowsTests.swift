import Domain
import OTP
import Presentation
import Testing

@Suite("Account list rows")
struct AccountsFeatureRowsTests {
  static func row(_ account: Account, in state: AccountsFeature.State) -> AccountRow? {
    state.rows.first { $0.id == account.id }
  }

  @Test("Rows list the favorite first, then by issuer ignoring case and diacritics")
  func order() {
    let rows = Fixture.accounts().rows
    #expect(rows.map(\.id) == Fixture.displayOrder)
    #expect(rows.map(\.issuer) == ["GitHub", "Acme", "Steam", "Zürich Bank", "Zynga", "東京"])
    #expect(rows.map(\.favorite) == [true, false, false, false, false, false])
  }

  @Test(
    "The sort order setting orders the rows, favorites always first",
    arguments: [
      (
        AppSettings.SortOrder.issuer,
        [
          Fixture.github, Fixture.acme, Fixture.steam, Fixture.zurich,
          Fixture.zynga, Fixture.tokyo,
        ]
      ),
      (.name, [Fixture.github, Fixture.zurich, Fixture.acme, Fixture.zynga, Fixture.steam, Fixture.tokyo]),
      (.vault, [Fixture.github, Fixture.zurich, Fixture.acme, Fixture.tokyo, Fixture.steam, Fixture.zynga]),
    ] as [(AppSettings.SortOrder, [Account])])
  func sortOrder(order: AppSettings.SortOrder, expected: [Account]) {
    let state = Fixture.accounts(settings: AppSettings(sortOrder: order))
    #expect(state.rows.map(\.id) == expected.map(\.id))
  }

  @Test(
    "TOTP codes are the RFC 6238 codes for the time, grouped in halves, with the seconds left",
    arguments: [
      (Fixture.Time.endOfFirstPeriod, "287 082", "428 7082", 1),
      (Fixture.Time.fiveLeft, "081 804", "708 1804", 5),
      (Fixture.Time.sixLeft, "081 804", "708 1804", 6),
      (Fixture.Time.early, "050 471", "405 0471", 29),
      (Fixture.Time.periodStart, "005 924", "900 5924", 30),
    ] as [(Int64, String, String, Int)])
  func totpCodes(time: Int64, sixDigits: String, sevenDigits: String, remaining: Int) {
    let state = Fixture.accounts(at: time)
    let zurich = Self.row(Fixture.zurich, in: state)
    let tokyo = Self.row(Fixture.tokyo, in: state)
    #expect(zurich?.code == sixDigits)
    #expect(tokyo?.code == sevenDigits)
    #expect(zurich?.remaining == remaining)
    #expect(tokyo?.remaining == remaining)
    #expect(zurich?.period == 30)
    #expect(zurich?.isCounterBased == false)
    #expect(zurich?.problem == nil)
  }

  @Test(
    "The next code appears only in the last five seconds of a 30-second period",
    arguments: [
      (Fixture.Time.endOfFirstPeriod, true, "359 152", "735 9152"),
      (Fixture.Time.fiveLeft, true, "050 471", "405 0471"),
      (Fixture.Time.sixLeft, false, nil, nil),
      (Fixture.Time.early, false, nil, nil),
      (Fixture.Time.periodStart, false, nil, nil),
    ] as [(Int64, Bool, String?, String?)])
  func ending(time: Int64, isEnding: Bool, zurichNext: String?, tokyoNext: String?) {
    let state = Fixture.accounts(at: time)
    #expect(Self.row(Fixture.zurich, in: state)?.isEnding == isEnding)
    #expect(Self.row(Fixture.zurich, in: state)?.nextCode == zurichNext)
    #expect(Self.row(Fixture.tokyo, in: state)?.nextCode == tokyoNext)
  }

  @Test(
    "Codes of other accounts are what OTP's generator gives for the time",
    arguments: [Fixture.Time.endOfFirstPeriod, Fixture.Time.early, Fixture.Time.periodStart])
  func generatorCodes(time: Int64) {
    let state = Fixture.accounts(at: time)
    let github = Fixture.code(Fixture.github, at: time)
    #expect(Self.row(Fixture.github, in: state)?.code == AccountRow.grouped(github))
    #expect(Self.row(Fixture.github, in: state)?.code?.count == 7)
    let zynga = Fixture.code(Fixture.zynga, at: time)
    #expect(Self.row(Fixture.zynga, in: state)?.code == "\(zynga.prefix(3)) \(zynga.dropFirst(3))")
  }

  @Test(
    "A Steam code is five characters, not grouped",
    arguments: [Fixture.Time.endOfFirstPeriod, Fixture.Time.early, Fixture.Time.periodStart])
  func steamCode(time: Int64) {
    let row = Self.row(Fixture.steam, in: Fixture.accounts(at: time))
    #expect(row?.code == Fixture.code(Fixture.steam, at: time))
    #expect(row?.code?.count == 5)
    #expect(row?.code?.contains(" ") == false)
  }

  @Test(
    "Codes are grouped in two halves, the longer half last",
    arguments: [
      ("123456", "123 456"), ("1234567", "123 4567"), ("12345678", "1234 5678"),
      ("1234567890", "12345 67890"), ("12345", "12345"), ("2BK7Q", "2BK7Q"), ("", ""),
    ])
  func grouping(code: String, grouped: String) {
    #expect(AccountRow.grouped(code) == grouped)
  }

  @Test("An HOTP row has no code, seconds or period until a code is generated")
  func hotpWithoutCode() {
    let row = Self.row(Fixture.acme, in: Fixture.accounts(at: Fixture.Time.endOfFirstPeriod))
    #expect(row?.isCounterBased == true)
    #expect(row?.code == nil)
    #expect(row?.nextCode == nil)
    #expect(row?.remaining == nil)
    #expect(row?.period == nil)
    #expect(row?.isEnding == false)
  }

  @Test("A generated HOTP code is stored, shown grouped, and the vault is reloaded")
  func generatedCode() {
    var state = Fixture.accounts()
    let effects = AccountsFeature.reduce(&state, .generated(Fixture.acme.id, code: "755224"))
    #expect(effects == [.load])
    #expect(state.generatedCodes == [Fixture.acme.id: "755224"])
    #expect(Self.row(Fixture.acme, in: state)?.code == "755 224")
  }

  @Test("Rows carry the names of their groups in the vault's group order")
  func groupNames() {
    let state = Fixture.accounts()
    #expect(Self.row(Fixture.tokyo, in: state)?.groups == ["Work", "Travel"])
    #expect(Self.row(Fixture.zurich, in: state)?.groups == ["Travel"])
    #expect(Self.row(Fixture.zynga, in: state)?.groups == [])
  }

  @Test("With hidden codes only the selected row shows its code and next code")
  func hiddenCodes() {
    var state = Fixture.accounts(at: Fixture.Time.endOfFirstPeriod, settings: AppSettings(hideCodes: true))
    state.selection = Fixture.zurich.id
    state.generatedCodes[Fixture.acme.id] = "755224"
    let shown = state.rows.filter { $0.code != nil }.map(\.id)
    #expect(shown == [Fixture.zurich.id])
    #expect(Self.row(Fixture.zurich, in: state)?.code == "287 082")
    #expect(Self.row(Fixture.zurich, in: state)?.nextCode == "359 152")
    #expect(Self.row(Fixture.tokyo, in: state)?.nextCode == nil)
    #expect(Self.row(Fixture.tokyo, in: state)?.remaining == 1)
  }

  @Test("With hidden codes a selected HOTP row shows its generated code")
  func hiddenCodesHOTP() {
    var state = Fixture.accounts(settings: AppSettings(hideCodes: true))
    state.selection = Fixture.acme.id
    state.generatedCodes[Fixture.acme.id] = "755224"
    #expect(state.rows.compactMap(\.code) == ["755 224"])
  }

  @Test("An account that cannot make a code shows why instead")
  func problem() {
    let motp = Account(
      id: Account.ID("a-motp"), issuer: "Legacy", name: "pinless",
      otp: try! OTPParameters(type: .motp, secret: [1, 2, 3, 4, 5, 6, 7, 8]))
    var state = AccountsFeature.State(now: Fixture.Time.early)
    _ = AccountsFeature.reduce(&state, .loaded(VaultContents(accounts: [motp])))
    #expect(state.rows.count == 1)
    #expect(state.rows.first?.code == nil)
    #expect(state.rows.first?.problem?.isEmpty == false)
  }

  @Test("An empty vault shows no rows and selects nothing")
  func emptyVault() {
    var state = AccountsFeature.State(now: Fixture.Time.early)
    let effects = AccountsFeature.reduce(&state, .loaded(VaultContents()))
    #expect(effects == [])
    #expect(state.isLoaded)
    #expect(state.rows == [])
    #expect(state.selection == nil)
    #expect(state.selectedAccount == nil)
  }

  @Test("Loading selects the first row")
  func loadSelects() {
    #expect(Fixture.accounts().selection == Fixture.github.id)
  }

  @Test("Appearing asks for the vault")
  func appeared() {
    var state = AccountsFeature.State(now: Fixture.Time.early)
    #expect(AccountsFeature.reduce(&state, .appeared) == [.load])
    #expect(state == AccountsFeature.State(now: Fixture.Time.early))
  }
}
