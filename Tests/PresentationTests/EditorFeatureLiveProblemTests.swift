import Domain
import OTP
import Presentation
import Testing

@Suite("Editor: advanced fields and problems as typed")
struct EditorFeatureLiveProblemTests {
  @Test(
    "Algorithm, digits, period and counter are the advanced fields",
    arguments: EditorFeature.Field.allCases)
  func advanced(field: EditorFeature.Field) {
    #expect(field.isAdvanced == [.algorithm, .digits, .period, .counter].contains(field))
  }

  /// An add form with a valid issuer and secret, as typed in the toolkit's entries.
  static var valid: EditorFeature.State {
    var state = EditorFeature.State()
    _ = reduceAll(
      &state, [.fieldChanged(.issuer, "GitHub"), .fieldChanged(.secret, "JBSWY3DPEHPK3PXP")],
      EditorFeature.reduce)
    return state
  }

  // The words are those of the command line (`twofold add` says the same for the same input).
  @Test(
    "Right after an edit, the field's problem is in the state, in the command line's words",
    arguments: [
      (
        EditorFeature.Field.secret, "JBSWY3DP!",
        "the secret is invalid: it has a character outside Base32 (A-Z, 2-7)"
      ),
      (.digits, "11", "digits must be 1 to 10, not 11"),
      (.period, "0", "the period must be 1 to 2147483 seconds, not 0"),
      (.algorithm, "MD4", "unsupported algorithm 'MD4'"),
      (.uri, "https://example.com/", "not a Key URI: scheme 'https' is not otpauth or motp"),
    ] as [(EditorFeature.Field, String, String)])
  func problemAsTyped(field: EditorFeature.Field, text: String, problem: String) {
    var state = Self.valid
    _ = EditorFeature.reduce(&state, .fieldChanged(field, text))
    #expect(state.problems == [field: problem])
    #expect(!state.attempted)
  }

  @Test("A problem shown stays while it holds, whatever else is typed, and a type change adds none")
  func othersStay() {
    var state = Self.valid
    _ = reduceAll(
      &state, [.fieldChanged(.digits, "11"), .fieldChanged(.note, "n"), .typeChosen(.hotp)],
      EditorFeature.reduce)
    #expect(Set(state.problems.keys) == [.digits])
  }

  @Test("Correcting a field removes its problem at once")
  func corrected() {
    var state = Self.valid
    _ = reduceAll(&state, [.fieldChanged(.digits, "11"), .fieldChanged(.digits, "8")], EditorFeature.reduce)
    #expect(state.problems.isEmpty)
  }

  @Test("Emptying both issuer and name shows that one of them is required, under the name")
  func labelRequired() {
    var state = Self.valid
    _ = EditorFeature.reduce(&state, .fieldChanged(.issuer, ""))
    #expect(state.problems == [.name: "an issuer or a name is required"])
  }

  @Test("A toolkit reporting the text a field already holds is no edit: no problem appears")
  func sameText() {
    var state = EditorFeature.State()
    #expect(EditorFeature.reduce(&state, .fieldChanged(.secret, "")) == [])
    #expect(state.problems.isEmpty)
  }

  @Test("Editing an account shows the missing label as soon as the name and issuer are emptied")
  func editing() {
    var state = EditorFeature.State(editing: Fixture.github, groupNames: ["Work"])
    _ = reduceAll(&state, [.fieldChanged(.issuer, ""), .fieldChanged(.name, "")], EditorFeature.reduce)
    #expect(state.problems == [.name: "an issuer or a name is required"])
  }
}
