import Domain
import OTP
import Presentation
import Testing

@Suite("Editor form")
struct EditorFeatureFormTests {
  typealias Case = ReducerCase<EditorFeature.State, EditorFeature.Action, EditorFeature.Effect>

  static func adding(_ type: OTPType = .totp, focus: EditorFeature.Field = .uri) -> EditorFeature.State {
    var state = EditorFeature.State()
    state.draft.type = type
    state.focus = focus
    return state
  }

  static func editing(focus: EditorFeature.Field = .issuer) -> EditorFeature.State {
    var state = EditorFeature.State(editing: Fixture.tokyo, groupNames: ["Work", "Travel"])
    state.focus = focus
    return state
  }

  static let head: [EditorFeature.Field] = [.uri, .issuer, .name, .secret, .type, .algorithm, .digits]
  static let tail: [EditorFeature.Field] = [.note, .groups, .favorite]

  @Test(
    "An add form has the fields of its type",
    arguments: [
      (OTPType.totp, head + [.period] + tail),
      (.hotp, head + [.counter] + tail),
      (.steam, head + [.period] + tail),
      (.motp, head + [.period, .pin] + tail),
      (.yandex, head + [.period, .pin] + tail),
    ] as [(OTPType, [EditorFeature.Field])])
  func addFields(type: OTPType, fields: [EditorFeature.Field]) {
    #expect(Self.adding(type).fields == fields)
  }

  @Test("An edit form has only the label, note, groups and favorite, filled from the account")
  func editFields() {
    let state = Self.editing()
    #expect(state.mode == .edit(Fixture.tokyo.id))
    #expect(state.fields == [.issuer, .name, .note, .groups, .favorite])
    #expect(state.focus == .issuer)
    #expect(state.fields.map(state.text(of:)) == ["東京", "taro", "metro pass", "Work, Travel", "no"])
  }

  @Test("A new add form is empty, focused on the Key URI, with the type's defaults shown")
  func emptyAdd() {
    let state = EditorFeature.State()
    #expect(state.mode == .add)
    #expect(state.focus == .uri)
    #expect(state.problems.isEmpty)
    #expect(state.message == nil)
    #expect(state.text(of: .algorithm) == "default (SHA1)")
    #expect(state.text(of: .digits) == "default (6)")
    #expect(state.text(of: .period) == "default (30)")
    #expect(state.text(of: .counter) == "0")
    #expect(state.text(of: .favorite) == "no")
  }

  static let table: [Case] = [
    Case("focus moves to the next field", adding(), .focusMoved(1), then: { $0.focus = .issuer }),
    Case(
      "focus wraps from the last field to the first", adding(focus: .favorite), .focusMoved(1),
      then: { $0.focus = .uri }),
    Case(
      "focus wraps from the first field to the last", adding(focus: .uri), .focusMoved(-1),
      then: { $0.focus = .favorite }),
    Case(
      "focus skips the counter of a TOTP form", adding(focus: .digits), .focusMoved(1),
      then: { $0.focus = .period }),
    Case(
      "focus goes from digits to the counter of an HOTP form", adding(.hotp, focus: .digits), .focusMoved(1),
      then: { $0.focus = .counter }),
    Case(
      "focus goes from the period to the PIN of an mOTP form", adding(.motp, focus: .period),
      .focusMoved(1), then: { $0.focus = .pin }),
    Case(
      "focus wraps in an edit form", editing(focus: .favorite), .focusMoved(1), then: { $0.focus = .issuer }),
    Case(
      "focus wraps backwards in an edit form", editing(focus: .issuer), .focusMoved(-1),
      then: { $0.focus = .favorite }),
    Case(
      "typing fills the Key URI and shows its problem at once", adding(focus: .uri), .typed("otpauth://"),
      then: {
        $0.uri = "otpauth://"
        $0.problems = [.uri: "malformed URI: no OTP type after 'otpauth://'"]
      }),
    Case(
      "typing fills the issuer", adding(focus: .issuer), .typed("GitHub"),
      then: { $0.draft.issuer = "GitHub" }),
    Case("typing fills the name", adding(focus: .name), .typed("octo"), then: { $0.draft.name = "octo" }),
    Case(
      "typing fills the secret", adding(focus: .secret), .typed("JBSW"), then: { $0.draft.secret = "JBSW" }),
    Case(
      "typing fills the algorithm", adding(focus: .algorithm), .typed("sha256"),
      then: { $0.draft.algorithm = "sha256" }),
    Case("typing fills the digits", adding(focus: .digits), .typed("8"), then: { $0.draft.digits = "8" }),
    Case("typing fills the period", adding(focus: .period), .typed("60"), then: { $0.draft.period = "60" }),
    Case(
      "typing fills the counter", adding(.hotp, focus: .counter), .typed("42"),
      then: { $0.draft.counter = "42" }),
    Case("typing fills the PIN", adding(.motp, focus: .pin), .typed("1234"), then: { $0.draft.pin = "1234" }),
    Case("typing fills the note", adding(focus: .note), .typed("spare"), then: { $0.draft.note = "spare" }),
    Case(
      "typing fills the groups", adding(focus: .groups), .typed("Work, Home"),
      then: { $0.groups = "Work, Home" }),
    Case(
      "typing on the favorite flips it", adding(focus: .favorite), .typed(" "),
      then: { $0.draft.favorite = true }),
    Case(
      "typing appends to an edited field", editing(focus: .name), .typed("2"),
      then: { $0.draft.name = "taro2" }),
    Case(
      "backspace erases the focused field's last character", editing(focus: .issuer), .backspace,
      then: { $0.draft.issuer = "東" }),
    Case("backspace in an empty field does nothing", adding(focus: .secret), .backspace),
    Case(
      "the type cycles forward", adding(.totp, focus: .type), .optionCycled(1),
      then: { $0.draft.type = .hotp }),
    Case(
      "the type cycles backward from the first to the last", adding(.totp, focus: .type), .optionCycled(-1),
      then: { $0.draft.type = .yandex }),
    Case(
      "the type cycles forward from the last to the first", adding(.yandex, focus: .type), .optionCycled(1),
      then: { $0.draft.type = .totp }),
    Case(
      "the algorithm cycles from the default to the first allowed", adding(focus: .algorithm),
      .optionCycled(1), then: { $0.draft.algorithm = "SHA1" }),
    Case(
      "the algorithm cycles backward from the default to the last allowed", adding(focus: .algorithm),
      .optionCycled(-1), then: { $0.draft.algorithm = "SHA512" }),
    Case(
      "a typed algorithm cycles to the next allowed", typedAlgorithm("sha256"), .optionCycled(1),
      then: { $0.draft.algorithm = "SHA512" }),
    Case(
      "the last algorithm cycles back to the default", typedAlgorithm("SHA512"), .optionCycled(1),
      then: { $0.draft.algorithm = "" }),
    Case(
      "an mOTP form cycles only through MD5", adding(.motp, focus: .algorithm), .optionCycled(1),
      then: { $0.draft.algorithm = "MD5" }),
    Case(
      "the favorite cycles", editing(focus: .favorite), .optionCycled(1), then: { $0.draft.favorite = true }),
    Case("cycling a text field does nothing", adding(focus: .issuer), .optionCycled(1)),
    Case("cancelling goes back", adding(focus: .issuer), .cancelled, effects: [.navigate(.pop)]),
  ]

  static func typedAlgorithm(_ text: String) -> EditorFeature.State {
    var state = adding(focus: .algorithm)
    state.draft.algorithm = text
    return state
  }

  @Test("Form actions reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) {
    row.check(EditorFeature.reduce)
  }

  @Test("The type cycles through every type in order and back to TOTP")
  func typeCycle() {
    var state = Self.adding(focus: .type)
    var seen: [OTPType] = []
    for _ in OTPType.allCases {
      _ = EditorFeature.reduce(&state, .optionCycled(1))
      seen.append(state.draft.type)
    }
    #expect(seen == [.hotp, .steam, .motp, .yandex, .totp])
  }

  @Test("Secrets and PINs are shown masked")
  func masked() {
    var state = Self.adding(.motp)
    state.draft.secret = "JBSWY3DP"
    state.draft.pin = "1234"
    #expect(state.text(of: .secret) == "••••••••")
    #expect(state.text(of: .pin) == "••••")
  }
}
