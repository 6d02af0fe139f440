import CAdwaita
import Domain
import Presentation

/// One account's details; the QR code (drawn with cairo from libqrencode's modules) and the Key
/// URI appear only when asked for.
@MainActor
final class DetailsPage {
  let widget: Widget
  private let heading: Widget
  private let facts: Widget
  private let message: Widget
  private let uri: Widget
  private let qrButton: Widget
  private let uriButton: Widget
  private let drawing: Widget
  private let qr = QRDrawing()

  init(send: @escaping @MainActor (AppFeature.Action) -> Void) {
    let header = UI.headerBar(title: "Details")
    heading = header.title
    let back = UI.iconButton("go-previous-symbolic", name: "Back") { send(.details(.closed)) }
    adw_header_bar_pack_start(cast(header.bar), back)
    facts = UI.label(wrap: true)
    gtk_label_set_selectable(cast(facts), 1)
    message = UI.label(classes: ["dim-label"], wrap: true)
    uri = UI.label(classes: ["monospace"], wrap: true)
    gtk_label_set_selectable(cast(uri), 1)
    gtk_label_set_wrap_mode(cast(uri), PANGO_WRAP_CHAR)
    qrButton = UI.button("Show _QR code") { send(.details(.qrRequested)) }
    uriButton = UI.button("Show Key _URI") { send(.details(.uriToggled)) }
    let edit = UI.button("_Edit") { send(.accounts(.editRequested)) }
    let delete = UI.button("_Delete", classes: ["destructive-action"]) { send(.accounts(.deleteRequested)) }
    drawing = qr.widget
    let buttons = UI.box(false, spacing: 6, [qrButton, uriButton, edit, delete])
    let content = UI.box(true, spacing: 12, [facts, buttons, message, drawing, uri])
    UI.margins(content, 18)
    widget = UI.page(header: header.bar, content: content)
  }

  func render(_ state: DetailsFeature.State) {
    let account = state.account
    adw_window_title_set_title(cast(heading), account.label)
    var lines = [
      "Issuer: \(account.issuer)", "Name: \(account.name)", "Type: \(account.otp.type.rawValue.uppercased())",
    ]
    if !account.otp.isWithheld {
      lines.append(
        "Algorithm: \(account.otp.algorithm.rawValue), \(account.otp.digits) digits"
          + (account.otp.type == .hotp
            ? ", counter \(account.otp.counter)" : ", every \(account.otp.period) s"))
    }
    if !state.groupNames.isEmpty { lines.append("Groups: \(state.groupNames.joined(separator: ", "))") }
    if !account.note.isEmpty { lines.append("Note: \(account.note)") }
    UI.set(facts, lines.joined(separator: "\n"))
    UI.set(message, state.message ?? "")
    UI.visible(message, state.message != nil)
    UI.setLabel(qrButton, state.qr == nil ? "Show _QR code" : "Hide _QR code")
    UI.setLabel(uriButton, state.showsURI ? "Hide Key _URI" : "Show Key _URI")
    UI.set(uri, state.showsURI ? state.uri : "")
    UI.visible(uri, state.showsURI)
    qr.show(state.qr)
  }
}

/// A QR code drawn module by module, with the quiet zone the standard asks for.
@MainActor
final class QRDrawing {
  let widget: Widget
  private var code: QRCode?

  init() {
    widget = gtk_drawing_area_new()!
    twofold_accessible_label(widget, "QR code of the Key URI")
    gtk_widget_set_halign(widget, GTK_ALIGN_START)
    let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
      let drawing = Unmanaged<QRDrawing>.fromOpaque(data!).takeUnretainedValue()
      MainActor.assumeIsolated { drawing.draw(cairo, Int(min(width, height))) }
    }
    gtk_drawing_area_set_draw_func(cast(widget), draw, Unmanaged.passUnretained(self).toOpaque(), nil)
    UI.visible(widget, false)
  }

  func show(_ code: QRCode?) {
    guard code != self.code else { return }
    self.code = code
    UI.visible(widget, code != nil)
    if let code {
      let side = Int32((code.size + 8) * 6)
      gtk_drawing_area_set_content_width(cast(widget), side)
      gtk_drawing_area_set_content_height(cast(widget), side)
    }
    gtk_widget_queue_draw(widget)
  }

  private func draw(_ cairo: OpaquePointer?, _ side: Int) {
    guard let code else { return }
    let modules = code.size + 8
    let scale = Double(side) / Double(modules)
    cairo_set_source_rgb(cairo, 1, 1, 1)
    cairo_paint(cairo)
    cairo_set_source_rgb(cairo, 0, 0, 0)
    for row in 0..<code.size {
      for column in 0..<code.size where code.isDark(row: row, column: column) {
        cairo_rectangle(cairo, Double(column + 4) * scale, Double(row + 4) * scale, scale, scale)
      }
    }
    cairo_fill(cairo)
  }
}
