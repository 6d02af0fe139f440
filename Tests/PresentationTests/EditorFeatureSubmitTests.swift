import Domain
import OTP
import Presentation
import Testing

@Suite("Editor saving")
struct EditorFeatureSubmitTests {
  typealias Case = ReducerCase<EditorFeature.State, EditorFeature.Action, EditorFeature.Effect>

  /// `JBSWY3DPEHPK3PXP` decoded: "Hello!" and DE AD BE EF.
  static let helloSecret: [UInt8] = [0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x21, 0xde, 0xad, 0xbe, 0xef]
  static let acmeURI =
    "otpauth://totp/ACME%20Co:john@example.com?secret=HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ&issuer=ACME%20Co"
    + "&algorithm=SHA256&digits=8&period=60"

  static func form(
    _ type: OTPType = .totp, uri: String = "", issuer: String = "GitHub", name: String = "",
    secret: String = "JBSWY3DPEHPK3PXP", algorithm: String = "", digits: String = "", period: String = "",
    counter: String = "", pin: String = ""
  ) -> EditorFeature.State {
    var state = EditorFeature.State()
    state.uri = uri
    state.draft.type = type
    state.draft.issuer = issuer
    state.draft.name = name
    state.draft.secret = secret
    state.draft.algorithm = algorithm
    state.draft.digits = digits
    state.draft.period = period
    state.draft.counter = counter
    state.draft.pin = pin
    return state
  }

  static func submitting(_ state: EditorFeature.State) -> (EditorFeature.State, [EditorFeature.Effect]) {
    var state = state
    let effects = EditorFeature.reduce(&state, .submitted)
    return (state, effects)
  }

  @Test(
    "Saving with problems shows each next to its field and saves nothing",
    arguments: [
      ("an empty form", form(issuer: "", secret: ""), [.name, .secret]),
      ("a secret outside Base32", form(secret: "not base32!"), [.secret]),
      ("11 digits", form(digits: "11"), [.digits]),
      ("digits that are not a number", form(digits: "six"), [.digits]),
      ("neither issuer nor name", form(issuer: ""), [.name]),
      ("an issuer and a name of spaces", form(issuer: "  ", name: " "), [.name]),
      ("an unknown algorithm", form(algorithm: "MD4"), [.algorithm]),
      ("a zero period", form(period: "0"), [.period]),
      ("a negative HOTP counter", form(.hotp, counter: "-1"), [.counter]),
      ("an mOTP account without its PIN", form(.motp), [.pin]),
      ("a Steam account with 6 digits", form(.steam, digits: "6"), [.digits]),
      ("a URI that is not a Key URI", form(uri: "https://example.com/"), [.uri]),
      ("a Key URI without a secret", form(uri: "otpauth://totp/Acme:me?digits=6"), [.uri]),
      ("a Key URI of an unknown type", form(uri: "otpauth://sms/Acme:me?secret=JBSWY3DP"), [.uri]),
    ] as [(String, EditorFeature.State, Set<EditorFeature.Field>)])
  func problems(_ what: String, state: EditorFeature.State, fields: Set<EditorFeature.Field>) {
    let (after, effects) = Self.submitting(state)
    #expect(effects == [])
    #expect(Set(after.problems.keys) == fields)
    #expect(after.problems.values.allSatisfy { !$0.isEmpty })
    #expect(after.attempted)
  }

  @Test("The missing label problem is worded for people")
  func labelMessage() {
    let (after, _) = Self.submitting(Self.form(issuer: ""))
    #expect(after.problems == [.name: "an issuer or a name is required"])
  }

  @Test("Before the first save, typing shows the problem of the field typed in and of no other")
  func ownProblemBeforeSave() {
    var state = Self.form(issuer: "", secret: "")
    state.focus = .secret
    _ = EditorFeature.reduce(&state, .typed("!!"))
    #expect(Set(state.problems.keys) == [.secret])
  }

  @Test("After the first save, problems follow typing")
  func liveProblems() {
    var state = Self.form(secret: "JBSWY3DPEHPK3PXP!")
    _ = EditorFeature.reduce(&state, .submitted)
    #expect(Set(state.problems.keys) == [.secret])
    state.focus = .secret
    _ = EditorFeature.reduce(&state, .backspace)
    #expect(state.problems.isEmpty)
    state.focus = .digits
    _ = EditorFeature.reduce(&state, .typed("11"))
    #expect(Set(state.problems.keys) == [.digits])
    _ = EditorFeature.reduce(&state, .backspace)
    #expect(state.problems.isEmpty)
  }

  @Test("After the first save, changing the type updates the problems")
  func liveProblemsOnTypeChange() {
    var state = Self.form(.motp)
    _ = EditorFeature.reduce(&state, .submitted)
    #expect(Set(state.problems.keys) == [.pin])
    state.focus = .type
    _ = EditorFeature.reduce(&state, .optionCycled(-1))
    #expect(state.draft.type == .steam)
    #expect(state.problems.isEmpty)
    _ = EditorFeature.reduce(&state, .optionCycled(2))
    #expect(state.draft.type == .yandex)
    #expect(Set(state.problems.keys) == [.pin])
  }

  @Test("Valid fields add the account they describe, with groups from the comma list")
  func addFromFields() throws {
    var state = Self.form(
      issuer: " GitHub ", name: "octocat", secret: "jbsw y3dp-ehpk 3pxp", algorithm: "sha256", digits: "8",
      period: "60")
    state.draft.note = "spare"
    state.draft.favorite = true
    state.groups = "Work, , Home ,"
    let expected = NewAccount(
      issuer: "GitHub", name: "octocat",
      otp: try OTPParameters(
        type: .totp, secret: Self.helloSecret, algorithm: .sha256, digits: 8, period: 60),
      note: "spare", favorite: true, groupNames: ["Work", "Home"])
    let (after, effects) = Self.submitting(state)
    #expect(effects == [.add(expected)])
    #expect(after.problems.isEmpty)
    #expect(after.message == nil)
  }

  @Test("An HOTP account is added with its counter")
  func addHOTP() throws {
    let expected = NewAccount(
      issuer: "Bank", name: "", otp: try OTPParameters(type: .hotp, secret: Self.helloSecret, counter: 5))
    #expect(Self.submitting(Self.form(.hotp, issuer: "Bank", counter: "5")).1 == [.add(expected)])
  }

  @Test("A pasted Key URI adds the URI's account, with the form's note, favorite and groups")
  func addFromURI() throws {
    var state = Self.form(uri: "  \(Self.acmeURI) ", issuer: "ignored", secret: "not base32!")
    state.draft.note = "from the QR code"
    state.draft.favorite = true
    state.groups = "Work"
    let secret = try Base32.decode("HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ")
    let expected = NewAccount(
      issuer: "ACME Co", name: "john@example.com",
      otp: try OTPParameters(type: .totp, secret: secret, algorithm: .sha256, digits: 8, period: 60),
      note: "from the QR code", favorite: true, groupNames: ["Work"])
    let (after, effects) = Self.submitting(state)
    #expect(effects == [.add(expected)])
    #expect(after.problems.isEmpty)
  }

  static let editingTokyo = EditorFeature.State(editing: Fixture.tokyo, groupNames: ["Work", "Travel"])

  static func edited(_ change: (inout EditorFeature.State) -> Void) -> EditorFeature.State {
    var state = editingTokyo
    change(&state)
    return state
  }

  static let table: [Case] = [
    Case(
      "saving an edit sends the label, note, favorite and groups",
      edited {
        $0.draft.name = "hanako"
        $0.draft.favorite = true
        $0.groups = " Travel ,Home,, "
      },
      .submitted, then: { $0.attempted = true },
      effects: [
        .edit(
          Fixture.tokyo.id,
          EditAccount.Changes(
            issuer: "東京", name: "hanako", note: "metro pass", favorite: true, groupNames: ["Travel", "Home"]))
      ]),
    Case(
      "saving an edit with no groups clears them", edited { $0.groups = " " }, .submitted,
      then: { $0.attempted = true },
      effects: [
        .edit(
          Fixture.tokyo.id,
          EditAccount.Changes(issuer: "東京", name: "taro", note: "metro pass", favorite: false, groupNames: [])
        )
      ]),
    Case(
      "saving an edit without issuer and name shows the problem and saves nothing",
      edited {
        $0.draft.issuer = ""
        $0.draft.name = " "
      },
      .submitted,
      then: {
        $0.attempted = true
        $0.problems = [.name: "an issuer or a name is required"]
      }),
    Case(
      "a duplicate is explained for the whole form", editingTokyo, .failed(.duplicate(label: "東京:taro")),
      then: { $0.message = "東京:taro is already in the vault with the same secret." }),
    Case(
      "a storage failure is explained for the whole form", editingTokyo, .failed(.storage("disk full")),
      then: { $0.message = "Could not save: disk full." }),
    Case(
      "an invalid secret is shown next to the secret", form(), .failed(.invalidField(.secret, "too short")),
      then: { $0.problems = [.secret: "too short"] }),
    Case(
      "an invalid name is shown next to the name", editingTokyo,
      .failed(.invalidField(.name, "an issuer or a name is required")),
      then: { $0.problems = [.name: "an issuer or a name is required"] }),
    Case("a saved account closes the form", editingTokyo, .saved(Fixture.tokyo), effects: [.navigate(.pop)]),
    Case(
      "saving again clears the form message", withMessage, .submitted,
      then: {
        $0.message = nil
        $0.attempted = true
      },
      effects: [
        .edit(
          Fixture.tokyo.id,
          EditAccount.Changes(
            issuer: "東京", name: "taro", note: "metro pass", favorite: false, groupNames: ["Work", "Travel"]))
      ]),
  ]

  static let withMessage = edited { $0.message = "東京:taro is already in the vault with the same secret." }

  @Test("Saving and its results reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) {
    row.check(EditorFeature.reduce)
  }

  @Test("After a failed edit save, the label problem follows typing")
  func liveEditProblems() {
    var state = Self.edited {
      $0.draft.issuer = ""
      $0.draft.name = ""
    }
    _ = EditorFeature.reduce(&state, .submitted)
    #expect(state.problems == [.name: "an issuer or a name is required"])
    state.focus = .name
    _ = EditorFeature.reduce(&state, .typed("t"))
    #expect(state.problems.isEmpty)
  }
}
