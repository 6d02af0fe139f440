import Presentation

/// Draws the screen on top of the coordinator's stack into a fresh frame.
enum ScreenRenderer {
  /// The frame for `state` on a terminal `width × height`; `rows` are the account rows when
  /// already computed.
  static func render(
    _ state: AppFeature.State, rows: [AccountRow]? = nil, context: ViewContext, width: Int, height: Int
  ) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    guard width >= 20, height >= 6 else {
      canvas.write("Too small", row: 0, column: 0, style: .error)
      return canvas
    }
    switch state.coordinator.current {
    case .unlock: UnlockView.render(state.unlock, context: context, into: &canvas)
    case .accounts:
      AccountsView.render(state.accounts, rows: rows ?? state.accounts.rows, context: context, into: &canvas)
    case .editor:
      if let editor = state.editor { EditorView.render(editor, context: context, into: &canvas) }
    case .details:
      if let details = state.details { DetailsView.render(details, context: context, into: &canvas) }
    case .settings: SettingsView.render(state.settings, context: context, into: &canvas)
    case .help: HelpView.render(context: context, into: &canvas)
    }
    return canvas
  }
}
