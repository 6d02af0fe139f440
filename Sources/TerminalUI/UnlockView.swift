import Presentation

/// The password screen: where the vault is, the password masked, the last failure.
enum UnlockView {
  /// Draws the screen.
  static func render(_ state: UnlockFeature.State, context: ViewContext, into canvas: inout Canvas) {
    Chrome.titleBar(&canvas, "locked")
    let top = max(2, canvas.height / 2 - 4)
    canvas.center("This vault is locked.", row: top, style: .bold)
    let location = DisplayWidth.tail(state.vaultLocation, fitting: max(10, canvas.width - 10))
    canvas.center(location, row: top + 1, style: .dim)
    let label = "Password: "
    let fieldWidth = min(40, max(10, canvas.width - 16))
    let left = max(1, (canvas.width - DisplayWidth.of(label) - fieldWidth) / 2)
    let start = canvas.write(label, row: top + 3, column: left)
    canvas.clear(row: top + 3, column: start, width: fieldWidth, height: 1, style: .input)
    let masked = DisplayWidth.tail(state.maskedPassword, fitting: fieldWidth - 1)
    let end = canvas.write(masked, row: top + 3, column: start, style: .input)
    if let busy = context.busy {
      canvas.center(busy, row: top + 5, style: .dim)
    } else {
      canvas.cursor = Canvas.Position(row: top + 3, column: end)
      if let message = state.message { canvas.center(message, row: top + 5, style: .error) }
    }
    Chrome.hints(&canvas, [("Enter", "unlock"), ("Ctrl-U", "clear"), ("Esc", "quit")])
  }
}
