import Domain
import OTP
import Presentation
import Testing

/// The whole-value actions a widget toolkit sends: an entry reports its text, a list its
/// chosen row, a menu its chosen value (the desktop app), beside the key-by-key actions.
@Suite("Toolkit actions")
struct ToolkitActionTests {
  typealias Accounts = ReducerCase<AccountsFeature.State, AccountsFeature.Action, AccountsFeature.Effect>
  typealias Unlock = ReducerCase<UnlockFeature.State, UnlockFeature.Action, UnlockFeature.Effect>
  typealias Settings = ReducerCase<SettingsFeature.State, SettingsFeature.Action, SettingsFeature.Effect>
  typealias Editor = ReducerCase<EditorFeature.State, EditorFeature.Action, EditorFeature.Effect>

  static func searching(_ text: String, selecting account: Account) -> AccountsFeature.State {
    var state = Fixture.accounts(selecting: account)
    state.search = text
    return state
  }

  static let accounts: [Accounts] = [
    Accounts(
      "a search text replaces the search and keeps a visible selection",
      Fixture.accounts(selecting: Fixture.github),
      .searchChanged("metro"),
      then: {
        $0.search = "metro"
        $0.selection = Fixture.tokyo.id
      }),
    Accounts(
      "an emptied search shows everything and keeps the selection",
      searching("metro", selecting: Fixture.tokyo),
      .searchChanged(""), then: { $0.search = "" }),
    Accounts(
      "a chosen row becomes the selection", Fixture.accounts(selecting: Fixture.github),
      .selected(Fixture.zynga.id),
      then: { $0.selection = Fixture.zynga.id }),
    Accounts(
      "a row that is no longer in the vault is not chosen", Fixture.accounts(selecting: Fixture.github),
      .selected(Account.ID("gone"))),
    Accounts(
      "a chosen group filters and moves the selection into it", Fixture.accounts(selecting: Fixture.github),
      .groupFilterChosen(Fixture.travel.id),
      then: {
        $0.groupFilter = Fixture.travel.id
        $0.selection = Fixture.zurich.id
      }),
    Accounts(
      "no group shows every group", filtered(Fixture.travel, selecting: Fixture.tokyo),
      .groupFilterChosen(nil),
      then: { $0.groupFilter = nil }),
    Accounts(
      "a group that is no longer in the vault shows every group",
      filtered(Fixture.travel, selecting: Fixture.tokyo),
      .groupFilterChosen(AccountGroup.ID("gone")), then: { $0.groupFilter = nil }),
  ]

  static func filtered(_ group: AccountGroup, selecting account: Account) -> AccountsFeature.State {
    var state = Fixture.accounts(selecting: account)
    state.groupFilter = group.id
    return state
  }

  static func typed(_ password: String) -> UnlockFeature.State {
    var state = UnlockFeature.State(vaultLocation: "/v.json")
    state.password = password
    return state
  }

  static let unlock: [Unlock] = [
    Unlock(
      "an entry's text replaces the password", typed("ab"), .passwordChanged("abc d"),
      then: { $0.password = "abc d" }),
    Unlock("an emptied entry empties it", typed("abc"), .passwordChanged(""), then: { $0.password = "" }),
    Unlock(
      "a newline pasted is dropped", typed(""), .passwordChanged("pass\nword"),
      then: { $0.password = "password" }),
  ]

  static let chosen = AppSettings(theme: .dark, hideCodes: true, sortOrder: .name, autoLockMinutes: 10)

  static let settings: [Settings] = [
    Settings(
      "chosen settings replace and are saved", SettingsFeature.State(settings: AppSettings()),
      .changed(chosen),
      then: { $0.settings = chosen }, effects: [.save(chosen)]),
    Settings("the same settings save nothing", SettingsFeature.State(settings: chosen), .changed(chosen)),
    Settings(
      "an auto-lock between the choices is moved up to the next one",
      SettingsFeature.State(settings: AppSettings()), .changed(AppSettings(autoLockMinutes: 7)),
      then: { $0.settings = AppSettings(autoLockMinutes: 10) },
      effects: [.save(AppSettings(autoLockMinutes: 10))]),
  ]

  static func adding(_ change: (inout EditorFeature.State) -> Void = { _ in }) -> EditorFeature.State {
    var state = EditorFeature.State()
    change(&state)
    return state
  }

  static let scannedAccount = NewAccount(
    issuer: "Acme", name: "me", otp: try! OTPParameters(type: .totp, secret: Fixture.rfcSecret))

  static let editor: [Editor] = [
    Editor(
      "a scan of the screen is asked for", adding { $0.message = "old" }, .scanRequested(.screen),
      then: { $0.message = nil }, effects: [.scan(.screen)]),
    Editor(
      "a scan of a picture is asked for", adding(), .scanRequested(.imageFile("/tmp/qr.png")),
      effects: [.scan(.imageFile("/tmp/qr.png"))]),
    Editor(
      "an edit form does not scan", EditorFeature.State(editing: Fixture.github, groupNames: []),
      .scanRequested(.screen)),
    Editor(
      "a scanned account fills the Key URI and says so", adding(), .scanned(scannedAccount),
      then: {
        $0.uri = KeyURI(issuer: "Acme", name: "me", parameters: scannedAccount.otp).string
        $0.message = "Read the QR code of Acme."
      }),
    Editor(
      "a failed scan says why", adding(), .scanFailed("No QR code found on the screen."),
      then: { $0.message = "No QR code found on the screen." }),
    Editor(
      "a field's text replaces that field and the focus stays", adding { $0.draft.issuer = "Ac" },
      .fieldChanged(.issuer, "Acme"), then: { $0.draft.issuer = "Acme" }),
    Editor(
      "a secret's text replaces the secret", adding(), .fieldChanged(.secret, "JBSWY3DPEHPK3PXP"),
      then: { $0.draft.secret = "JBSWY3DPEHPK3PXP" }),
    Editor(
      "the URI entry's text replaces the URI", adding(), .fieldChanged(.uri, "otpauth://totp/x?secret=AA"),
      then: { $0.uri = "otpauth://totp/x?secret=AA" }),
    Editor(
      "after an attempt a changed field is checked again",
      adding {
        $0.attempted = true
        $0.problems[.uri] = "x"
      },
      .fieldChanged(.uri, ""),
      then: {
        $0.problems = [.name: "an issuer or a name is required", .secret: $0.draft.problems[.secret]!]
      }),
    Editor("a chosen type replaces the type", adding(), .typeChosen(.hotp), then: { $0.draft.type = .hotp }),
    Editor(
      "an edit form keeps its type", EditorFeature.State(editing: Fixture.github, groupNames: []),
      .typeChosen(.steam)),
    Editor(
      "the favorite switch sets favorite", adding(), .favoriteChanged(true),
      then: { $0.draft.favorite = true }),
  ]

  @Test("List toolkit actions", arguments: accounts)
  func accountsTable(_ row: Accounts) { row.check(AccountsFeature.reduce) }

  @Test("Password entry toolkit actions", arguments: unlock)
  func unlockTable(_ row: Unlock) { row.check(UnlockFeature.reduce) }

  @Test("Settings toolkit actions", arguments: settings)
  func settingsTable(_ row: Settings) { row.check(SettingsFeature.reduce) }

  @Test("Editor toolkit actions", arguments: editor)
  func editorTable(_ row: Editor) { row.check(EditorFeature.reduce) }

  @Test(
    "Save is possible only for complete, valid input",
    arguments: [
      ("an empty add form", adding(), false),
      ("a valid Key URI", adding { $0.uri = "otpauth://totp/Acme:me?secret=JBSWY3DPEHPK3PXP" }, true),
      ("a Key URI without a secret", adding { $0.uri = "otpauth://totp/Acme:me" }, false),
      (
        "fields with a secret and a name",
        adding {
          $0.draft.name = "me"
          $0.draft.secret = "JBSWY3DPEHPK3PXP"
        }, true
      ),
      (
        "fields with a secret that is not Base32",
        adding {
          $0.draft.name = "me"
          $0.draft.secret = "not base32!"
        }, false
      ),
      ("fields without issuer or name", adding { $0.draft.secret = "JBSWY3DPEHPK3PXP" }, false),
      ("an edit with a name", EditorFeature.State(editing: Fixture.github, groupNames: []), true),
      (
        "an edit with issuer and name emptied",
        {
          var state = EditorFeature.State(editing: Fixture.github, groupNames: [])
          state.draft.issuer = ""
          state.draft.name = ""
          return state
        }(), false
      ),
    ] as [(String, EditorFeature.State, Bool)])
  func canSave(_ description: String, state: EditorFeature.State, expected: Bool) {
    #expect(state.canSave == expected, "\(description)")
    #expect(state.problems.isEmpty, "checking shows no problem before an attempt")
  }
}
