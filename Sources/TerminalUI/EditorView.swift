import Presentation

/// The add and edit form: one field a row, its problem next to it, the focused one with a cursor.
enum EditorView {
  private static let labelWidth = 10

  /// Draws the screen.
  static func render(_ state: EditorFeature.State, context: ViewContext, into canvas: inout Canvas) {
    let adding = state.mode == .add
    Chrome.titleBar(&canvas, adding ? "Add an account" : "Edit \(title(state))")
    var line = 2
    if adding {
      canvas.write(
        "Paste a Key URI (otpauth://…), or leave it empty and fill in the fields.", row: line, column: 2,
        style: .dim)
      line += 2
    }
    let usesURI = adding && state.uri.contains { !$0.isWhitespace }
    let valueStart = 2 + labelWidth + 2
    let valueWidth = max(8, min(44, canvas.width - valueStart - 2))
    for field in state.fields where line < canvas.height - 3 {
      let fromURI = usesURI && field != .uri && ![.note, .groups, .favorite].contains(field)
      let focused = field == state.focus
      let labelStyle: Style = focused ? .accent : fromURI ? .dim : .normal
      canvas.write(
        DisplayWidth.padded(field.title, to: labelWidth), row: line, column: 2, style: labelStyle)
      let cursor = value(
        state, field, focused: focused, dimmed: fromURI, line: line, start: valueStart, width: valueWidth,
        into: &canvas)
      if let problem = state.problems[field] {
        let message = "✗ " + problem
        let used = focused ? valueWidth : min(valueWidth, max(DisplayWidth.of(state.text(of: field)), 10))
        let column = valueStart + used + 2
        if DisplayWidth.of(message) <= canvas.width - column - 1 {
          canvas.write(message, row: line, column: column, style: .error)
        } else if line + 1 < canvas.height - 3 {
          let end = line
          line += 1
          canvas.write(
            DisplayWidth.truncated(message, to: canvas.width - valueStart - 1), row: line, column: valueStart,
            style: .error)
          if focused, let cursor { canvas.cursor = Canvas.Position(row: end, column: cursor) }
          line += 1
          continue
        }
      }
      if focused, let cursor { canvas.cursor = Canvas.Position(row: line, column: cursor) }
      line += 1
    }
    if usesURI, line < canvas.height - 3 {
      canvas.write(
        "The Key URI gives issuer, name, secret and code settings.", row: line + 1, column: 2, style: .dim)
    }
    if let message = state.message {
      Chrome.status(&canvas, message, style: .error, row: canvas.height - 2)
    }
    Chrome.hints(
      &canvas,
      [
        ("Tab ↓", "next"), ("Shift-Tab ↑", "previous"), ("← →", "change"), ("Enter", "save"),
        ("Esc", "cancel"),
      ])
  }

  /// Draws a field's value; returns where the cursor goes for a text field, nil for an option.
  private static func value(
    _ state: EditorFeature.State, _ field: EditorFeature.Field, focused: Bool, dimmed: Bool, line: Int,
    start: Int, width: Int, into canvas: inout Canvas
  ) -> Int? {
    let text = state.text(of: field)
    if field == .type || field == .favorite {
      let editable = field == .favorite || state.mode == .add
      let shown = focused && editable ? "‹ \(text) ›" : text
      let style: Style = focused ? .accent : dimmed ? .dim : .normal
      canvas.write(shown, row: line, column: start, style: style, limit: width)
      return nil
    }
    let placeholder = isPlaceholder(state, field)
    guard focused else {
      let style: Style = dimmed || placeholder ? .dim : .normal
      canvas.write(DisplayWidth.truncated(text, to: width), row: line, column: start, style: style)
      return nil
    }
    canvas.clear(row: line, column: start, width: width, height: 1, style: .input)
    let typed = placeholder ? "" : text
    let end = canvas.write(
      DisplayWidth.tail(typed, fitting: width - 1), row: line, column: start, style: .input)
    if placeholder { canvas.write(text, row: line, column: end + 1, style: .dim, limit: width - 2) }
    return end
  }

  /// Whether a field shows its default rather than typed text.
  private static func isPlaceholder(_ state: EditorFeature.State, _ field: EditorFeature.Field) -> Bool {
    switch field {
    case .algorithm: state.draft.algorithm.isEmpty
    case .digits: state.draft.digits.isEmpty
    case .period: state.draft.period.isEmpty
    case .counter: state.draft.counter.isEmpty
    default: false
    }
  }

  private static func title(_ state: EditorFeature.State) -> String {
    let issuer = state.draft.issuer
    let name = state.draft.name
    return issuer.isEmpty ? name : name.isEmpty ? issuer : "\(issuer):\(name)"
  }
}
