/// What the views need beyond the app's state: names for the title bar and the state that
/// belongs to the terminal alone (scroll positions, a "working…" note).
struct ViewContext: Equatable {
  /// What is open, for the title bar (the vault's path, or the demo).
  var title: String
  /// Where settings are kept, for the settings screen.
  var settingsNote: String
  /// The first account row shown.
  var listTop = 0
  /// The first help line shown.
  var helpTop = 0
  /// A note shown while slow work runs (opening the vault).
  var busy: String?
}
