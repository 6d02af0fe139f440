import Presentation

/// The account list: issuer, name, the code grouped for reading, seconds left as a bar that
/// turns red near the end, the next code in the last seconds; favorites first; a search field,
/// a group filter, the empty-vault guide and the delete question.
enum AccountsView {
  /// Rows available for accounts on a screen `height` tall (title, headers, status, hints).
  static func listHeight(_ height: Int) -> Int { max(1, height - 4) }

  /// The first row to show so that the selection stays on screen, moving as little as possible.
  static func top(previous: Int, selected: Int, count: Int, visible: Int) -> Int {
    var top = min(previous, max(0, count - visible))
    if selected < top { top = selected }
    if selected >= top + visible { top = selected - visible + 1 }
    return max(0, top)
  }

  /// The selected row: the selection when it is shown, else the first row
  /// (`AccountsFeature.State.selectedAccount`, from rows already computed).
  static func selectedIndex(_ state: AccountsFeature.State, rows: [AccountRow]) -> Int? {
    rows.firstIndex { $0.id == state.selection } ?? (rows.isEmpty ? nil : 0)
  }

  /// Draws the screen with `rows` (`state.rows`, computed once per frame).
  static func render(
    _ state: AccountsFeature.State, rows: [AccountRow], context: ViewContext, into canvas: inout Canvas
  ) {
    let selected = selectedIndex(state, rows: rows).map { rows[$0].id }
    Chrome.titleBar(&canvas, context.title, right: summary(state, shown: rows.count))
    if !state.isLoaded {
      canvas.center("Opening the vault…", row: canvas.height / 2, style: .dim)
    } else if state.contents.accounts.isEmpty {
      emptyVault(&canvas)
    } else if rows.isEmpty {
      noMatch(state, into: &canvas)
    } else {
      let columns = AccountColumns(rows: rows, width: canvas.width)
      headers(columns, into: &canvas)
      let visible = listHeight(canvas.height)
      for (offset, row) in rows.dropFirst(context.listTop).prefix(visible).enumerated() {
        let line = 2 + offset
        let isSelected = row.id == selected
        let hidden = state.settings.hideCodes && !isSelected
        AccountRowView.draw(row, hidden: hidden, columns: columns, line: line, into: &canvas)
        if isSelected { canvas.highlight(row: line) }
      }
    }
    statusLine(state, into: &canvas)
    Chrome.hints(&canvas, hints(state))
    if let id = state.pendingDelete {
      let account = state.contents.accounts.first { $0.id == id }
      DeleteConfirmationView.render(label: account?.label ?? "this account", into: &canvas)
    }
  }

  private static func summary(_ state: AccountsFeature.State, shown: Int) -> String {
    let total = state.contents.accounts.count
    var parts: [String] = []
    if let group = state.groupFilterName { parts.append("group: \(group)") }
    if !state.search.isEmpty, !state.isSearching { parts.append("search: \(state.search)") }
    guard state.isLoaded else { return "" }
    let count = shown == total ? "\(total) account\(total == 1 ? "" : "s")" : "\(shown) of \(total)"
    return (parts + [count]).joined(separator: " · ")
  }

  private static func headers(_ columns: AccountColumns, into canvas: inout Canvas) {
    canvas.write("Issuer", row: 1, column: columns.issuerStart, style: .dim)
    canvas.write("Name", row: 1, column: columns.nameStart, style: .dim)
    canvas.write("Code", row: 1, column: columns.codeStart, style: .dim)
    canvas.write("Time left", row: 1, column: columns.timeStart, style: .dim)
    if columns.showsNext { canvas.write("Next", row: 1, column: columns.nextStart, style: .dim) }
  }

  private static func emptyVault(_ canvas: inout Canvas) {
    let middle = max(2, canvas.height / 2 - 3)
    canvas.center("Your vault is empty.", row: middle, style: .bold)
    canvas.center("Press a to add your first account:", row: middle + 2)
    canvas.center("paste its otpauth:// Key URI, or type its issuer, name and secret.", row: middle + 3)
    canvas.center(
      "From a shell: twofold add --uri 'otpauth://…'  or  twofold import FILE", row: middle + 5, style: .dim)
  }

  private static func noMatch(_ state: AccountsFeature.State, into canvas: inout Canvas) {
    let middle = max(2, canvas.height / 2 - 1)
    if state.search.isEmpty, let group = state.groupFilterName {
      canvas.center("No account in the group “\(group)”.", row: middle)
      canvas.center("Tab shows the next group, Esc all accounts.", row: middle + 1, style: .dim)
    } else {
      canvas.center("No account matches “\(state.search)”.", row: middle)
      canvas.center("/ changes the search, Esc clears it.", row: middle + 1, style: .dim)
    }
  }

  private static func statusLine(_ state: AccountsFeature.State, into canvas: inout Canvas) {
    let row = canvas.height - 2
    var right = ""
    if let pending = state.clipboard {
      right = "clipboard clears in \(max(0, pending.at - state.now)) s"
    }
    if state.isSearching {
      let end = canvas.write("/", row: row, column: 1, style: .accent)
      let text = DisplayWidth.tail(state.search, fitting: max(1, canvas.width - end - 30))
      let cursor = canvas.write(text, row: row, column: end, style: .input)
      canvas.cursor = Canvas.Position(row: row, column: cursor)
      let hint = "Enter keeps · Esc clears"
      if cursor + DisplayWidth.of(hint) + 4 < canvas.width {
        canvas.write(hint, row: row, column: canvas.width - DisplayWidth.of(hint) - 1, style: .dim)
      }
    } else if let message = state.message {
      Chrome.status(&canvas, message, style: .bold, right: right, row: row)
    } else if let notice = state.notices.first {
      // A sync that stopped comes before conflict copies waiting (the next sync merges those).
      Chrome.status(&canvas, notice, style: .accent, right: right, row: row)
    } else if !state.search.isEmpty {
      Chrome.status(&canvas, "Search: \(state.search) (Esc clears)", style: .dim, right: right, row: row)
    } else {
      Chrome.status(&canvas, "", style: .normal, right: right, row: row)
    }
  }

  private static func hints(_ state: AccountsFeature.State) -> [(key: String, action: String)] {
    if state.pendingDelete != nil { return [("y", "delete"), ("n Esc", "keep")] }
    if state.isSearching {
      return [("type", "to search"), ("Enter", "keep"), ("Esc", "clear"), ("↑↓", "move")]
    }
    if state.isLoaded, state.contents.accounts.isEmpty {
      return [("a", "add"), ("s", "settings"), ("?", "help"), ("q", "quit")]
    }
    return [
      ("↑↓", "move"), ("/", "search"), ("Enter", "copy"), ("a", "add"), ("e", "edit"), ("d", "delete"),
      ("?", "help"), ("q", "quit"), ("i", "details"), ("s", "settings"), ("Tab", "group"), ("f", "favorite"),
    ]
  }
}
