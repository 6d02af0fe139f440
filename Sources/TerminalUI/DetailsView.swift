import Presentation

/// One account's details; the Key URI and the QR code appear only when asked for.
enum DetailsView {
  /// Draws the screen.
  static func render(_ state: DetailsFeature.State, context: ViewContext, into canvas: inout Canvas) {
    let account = state.account
    Chrome.titleBar(&canvas, account.label)
    var line = 2
    if let qr = state.qr, drawQRBeside(qr, into: &canvas) == false {
      drawQRAlone(qr, into: &canvas)
      Chrome.hints(&canvas, [("r", "hide the QR code"), ("Esc", "back")])
      return
    }
    for (label, value) in fields(state) where line < canvas.height - 3 {
      canvas.write(label, row: line, column: 2, style: .dim)
      canvas.write(value, row: line, column: 14, limit: max(0, min(canvas.width, 44) - 14))
      line += 1
    }
    line += 1
    if state.showsURI {
      let width = max(10, (state.qr == nil ? canvas.width : min(canvas.width, 46)) - 4)
      for warning in DisplayWidth.wrapped("Key URI: it contains the secret, keep it private", to: width) {
        canvas.write(warning, row: line, column: 2, style: .ending)
        line += 1
      }
      for chunk in DisplayWidth.wrapped(state.uri, to: width) where line < canvas.height - 3 {
        canvas.write(chunk, row: line, column: 2, style: .bold)
        line += 1
      }
    }
    if let message = state.message {
      let chunks = DisplayWidth.wrapped(message, to: max(10, canvas.width - 4))
      let first = max(line + 1, canvas.height - 2 - chunks.count)
      for (index, chunk) in chunks.enumerated() where first + index < canvas.height - 1 {
        canvas.write(chunk, row: first + index, column: 2, style: .error)
      }
    }
    let uriHint = state.showsURI ? "hide the Key URI" : "show the Key URI"
    let qrHint = state.qr == nil ? "QR code" : "hide the QR code"
    Chrome.hints(&canvas, [("u", uriHint), ("r", qrHint), ("Esc", "back")])
  }

  private static func fields(_ state: DetailsFeature.State) -> [(String, String)] {
    let account = state.account
    let otp = account.otp
    var rows: [(String, String)] = [
      ("Issuer", account.issuer), ("Name", account.name), ("Type", otp.type.rawValue),
      ("Algorithm", otp.algorithm.rawValue), ("Digits", String(otp.digits)),
    ]
    if otp.type.isTimeBased {
      rows.append(("Period", "\(otp.period) s"))
    } else {
      rows.append(("Counter", String(otp.counter)))
    }
    rows += [
      ("Groups", state.groupNames.isEmpty ? "none" : state.groupNames.joined(separator: ", ")),
      ("Favorite", account.favorite ? "yes" : "no"),
      ("Note", account.note),
    ]
    return rows
  }

  /// Draws the code right of the details when it fits; false when it does not.
  private static func drawQRBeside(_ qr: QRCode, into canvas: inout Canvas) -> Bool {
    let size = QRDrawing.size(qr)
    let left = canvas.width - size.width - 1
    guard left >= 46, size.height <= canvas.height - 3 else { return false }
    for (index, text) in QRDrawing.lines(qr).enumerated() {
      canvas.write(text, row: 1 + index, column: left, style: .qr)
    }
    return true
  }

  /// Draws the code alone, or says how large the terminal must be.
  private static func drawQRAlone(_ qr: QRCode, into canvas: inout Canvas) {
    let size = QRDrawing.size(qr)
    guard size.width <= canvas.width, size.height <= canvas.height - 2 else {
      canvas.center("The QR code needs a terminal", row: canvas.height / 2 - 1, style: .error)
      canvas.center("of at least \(size.width)×\(size.height + 2).", row: canvas.height / 2, style: .error)
      return
    }
    let left = (canvas.width - size.width) / 2
    for (index, text) in QRDrawing.lines(qr).enumerated() {
      canvas.write(text, row: 1 + index, column: left, style: .qr)
    }
  }
}
