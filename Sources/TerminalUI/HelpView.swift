import Presentation

/// Every key binding, from `HelpContent`, wrapped to the terminal's width and scrolled when it is short.
enum HelpView {
  /// One line of the help: a section title, or keys and (part of) what they do.
  struct Line: Equatable {
    var keys: String
    var text: String
    var isTitle: Bool
  }

  /// The lines of the help for a screen `width` wide.
  static func lines(width: Int) -> [Line] {
    let keyWidth = HelpContent.sections.flatMap { $0.bindings.map { DisplayWidth.of($0.keys) } }.max() ?? 0
    let textWidth = max(10, width - keyWidth - 8)
    var lines: [Line] = []
    for section in HelpContent.sections {
      lines.append(Line(keys: "", text: section.title, isTitle: true))
      for binding in section.bindings {
        for (index, part) in DisplayWidth.wrapped(binding.action, to: textWidth).enumerated() {
          lines.append(Line(keys: index == 0 ? binding.keys : "", text: part, isTitle: false))
        }
      }
      lines.append(Line(keys: "", text: "", isTitle: false))
    }
    return lines
  }

  /// Rows available for help lines on a screen `height` tall.
  static func visibleRows(_ height: Int) -> Int { max(1, height - 2) }

  /// Draws the screen from line `context.helpTop`.
  static func render(context: ViewContext, into canvas: inout Canvas) {
    Chrome.titleBar(&canvas, "Keys")
    let all = lines(width: canvas.width)
    let keyWidth = all.map { DisplayWidth.of($0.keys) }.max() ?? 0
    for (index, line) in all.dropFirst(context.helpTop).prefix(visibleRows(canvas.height)).enumerated() {
      let row = 1 + index
      if line.isTitle {
        canvas.write(line.text, row: row, column: 2, style: .bold)
      } else {
        canvas.write(line.keys, row: row, column: 4, style: .accent)
        canvas.write(line.text, row: row, column: 4 + keyWidth + 3)
      }
    }
    Chrome.hints(&canvas, [("↑↓ j k", "scroll"), ("Esc q ?", "back")])
  }
}
