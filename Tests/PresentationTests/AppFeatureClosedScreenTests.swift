import Domain
import OTP
import Presentation
import Testing

@Suite("Actions for a closed screen or dialog")
struct AppFeatureClosedScreenTests {
  typealias Case = ReducerCase<AppFeature.State, AppFeature.Action, AppFeature.Effect>

  static let unlocked = AppFeatureTests.unlocked(selecting: Fixture.tokyo)

  static let table: [Case] = [
    Case("a save for a closed editor reloads nothing", unlocked, .editor(.saved(Fixture.zynga))),
    Case("a key for a closed editor types nothing", unlocked, .editor(.cancelled)),
    Case("an icon saved for closed details reloads nothing", unlocked, .details(.iconSaved(Fixture.tokyo))),
    Case("closing details already closed pops nothing", unlocked, .details(.closed)),
    Case(
      "an import done after its dialog closed reloads nothing", unlocked,
      .importing(.imported(ImportReport()))),
    Case(
      "an import read after its dialog closed shows nothing", unlocked, .importing(.fileRead(.failed("gone")))
    ),
    Case(
      "an export done after its dialog closed shows nothing", unlocked, .exporting(.exported("/tmp/x.json"))),
    Case(
      "a closed screen's action leaves the open one alone",
      AppFeatureTests.after(unlocked, .accounts(.detailsRequested)), .editor(.saved(Fixture.zynga))),
  ]

  @Test(
    "An action for a screen or dialog that is not open changes nothing and does nothing", arguments: table)
  func ignored(_ row: Case) {
    row.check(AppFeature.reduce)
  }
}
