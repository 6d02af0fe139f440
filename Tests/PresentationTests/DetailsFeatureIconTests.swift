import Domain
import OTP
import Presentation
import Testing

@Suite("Details screen: icon and deletion")
struct DetailsFeatureIconTests {
  typealias Case = ReducerCase<DetailsFeature.State, DetailsFeature.Action, DetailsFeature.Effect>

  static let icon = try! AccountIcon(format: .svg, bytes: Array(#"<svg viewBox="0 0 1 1"/>"#.utf8))
  static let choice = IconChoice(
    pack: "Aegis Icons", name: "GitHub", category: "Development", path: "/packs/a/github.svg", format: .svg,
    isMatch: true)
  static let other = IconChoice(
    pack: "Aegis Icons", name: "GitLab", path: "/packs/a/gitlab.svg", format: .svg)

  static let plain = DetailsFeature.State(account: Fixture.github, groupNames: ["Work"])
  static var withIcon: DetailsFeature.State {
    var account = Fixture.github
    account.setIcon(icon)
    return DetailsFeature.State(account: account, groupNames: ["Work"])
  }

  static func state(choices: [IconChoice]? = nil, confirming: Bool = false, message: String? = nil)
    -> DetailsFeature.State
  {
    var state = plain
    state.iconChoices = choices
    state.confirmingDelete = confirming
    state.message = message
    return state
  }

  static let table: [Case] = [
    Case(
      "asking to choose an icon lists the packs' icons for the issuer", plain, .iconChoiceRequested,
      effects: [.listIconChoices(issuer: "GitHub")]),
    Case(
      "the listed icons open the chooser", plain, .iconChoicesListed([choice, other]),
      then: { $0.iconChoices = [choice, other] }),
    Case(
      "no pack installed opens an empty chooser", plain, .iconChoicesListed([]), then: { $0.iconChoices = [] }
    ),
    Case(
      "cancelling the chooser closes it and saves nothing", state(choices: [choice]), .iconChoiceCancelled,
      then: { $0.iconChoices = nil }),
    Case(
      "a pack's icon chosen closes the chooser and reads its file", state(choices: [choice, other]),
      .iconChosen(choice), then: { $0.iconChoices = nil }, effects: [.loadIcon(path: "/packs/a/github.svg")]),
    Case(
      "a file chosen is read as the icon", plain, .iconFileChosen("/home/me/logo.png"),
      effects: [.loadIcon(path: "/home/me/logo.png")]),
    Case(
      "an icon read is saved on the account", plain, .iconLoaded(icon),
      effects: [.saveIcon(Fixture.github.id, icon)]),
    Case(
      "removing the icon saves the account without one", withIcon, .iconRemoved,
      effects: [.saveIcon(Fixture.github.id, nil)]),
    Case("removing an icon that is not there saves nothing", plain, .iconRemoved),
    Case(
      "the saved account is shown with its icon", plain, .iconSaved(withIcon.account),
      then: {
        $0.account = withIcon.account
        $0.message = "Icon saved."
      }),
    Case(
      "the saved account without its icon says it was removed", withIcon, .iconSaved(Fixture.github),
      then: {
        $0.account = Fixture.github
        $0.message = "Icon removed."
      }),
    Case("another account saved is not shown here", plain, .iconSaved(Fixture.acme)),
    Case(
      "an icon that cannot be read or saved says why", plain,
      .iconFailed("/home/me/logo.gif cannot be an icon: GIF images cannot be icons; use PNG, JPEG or SVG."),
      then: {
        $0.message = "/home/me/logo.gif cannot be an icon: GIF images cannot be icons; use PNG, JPEG or SVG."
      }
    ),
    Case(
      "Delete asks for a confirmation first", plain, .deleteRequested, then: { $0.confirmingDelete = true }),
    Case(
      "confirming deletes the account", state(confirming: true), .deleteConfirmed,
      then: { $0.confirmingDelete = false }, effects: [.delete(Fixture.github.id)]),
    Case("a confirmation nobody asked for deletes nothing", plain, .deleteConfirmed),
    Case(
      "cancelling keeps the account", state(confirming: true), .deleteCancelled,
      then: { $0.confirmingDelete = false }),
    Case(
      "a failed deletion says why", plain, .deleteFailed("Could not save: disk full."),
      then: { $0.message = "Could not save: disk full." }),
    Case(
      "closing drops the chooser and the confirmation", state(choices: [choice], confirming: true), .closed,
      then: {
        $0.iconChoices = nil
        $0.confirmingDelete = false
      }, effects: [.navigate(.pop)]),
  ]

  @Test("Icon and deletion actions reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) {
    row.check(DetailsFeature.reduce)
  }

  @Test("The details show the account's icon, none when it has none")
  func icon() {
    #expect(Self.withIcon.icon == Self.icon)
    #expect(Self.plain.icon == nil)
  }
}
