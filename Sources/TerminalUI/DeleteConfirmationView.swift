/// The question asked before an account is deleted (`AccountsFeature.State.pendingDelete`).
enum DeleteConfirmationView {
  /// Draws the question over the list.
  static func render(label: String, into canvas: inout Canvas) {
    Chrome.box(
      &canvas, title: "Delete account",
      lines: [
        ("Delete \(label)?", .bold),
        ("This cannot be undone from here.", .normal),
        ("", .normal),
        ("y  delete        n or Esc  keep it", .accent),
      ])
  }
}
