import CAdwaita
import Domain
import Presentation

/// One account's details, to the GNOME standard: the account's icon (or an avatar of the
/// issuer's initials) at the top, groups of rows (issuer, name, type, code, groups, note), the QR
/// code (drawn with cairo from libqrencode's modules) and the Key URI only when asked for, Edit in
/// the header bar, and Delete at the bottom, which asks first.
@MainActor
final class DetailsPage {
  let widget: Widget
  private let heading: Widget
  private let avatar: Widget
  private let picture: Widget
  private var iconHash: String?
  private let textures = IconTextures()
  private let title: Widget
  private let subtitle: Widget
  private let issuerRow: Widget
  private let nameRow: Widget
  private let typeRow: Widget
  private let codeRow: Widget
  private let code: Widget
  private let groupsRow: Widget
  private let noteRow: Widget
  private let uri: Widget
  private let qrButton: Widget
  private let uriButton: Widget
  private let qr = QRDrawing()
  private let message: Widget
  private let removeIcon: Widget
  private var chooser: IconChooser?
  private var confirmation: Widget?
  private let send: @MainActor (AppFeature.Action) -> Void

  init(send: @escaping @MainActor (AppFeature.Action) -> Void) {
    self.send = send
    let header = UI.headerBar(title: "Details")
    heading = header.title
    let back = UI.iconButton("go-previous-symbolic", name: "Back") { send(.details(.closed)) }
    adw_header_bar_pack_start(cast(header.bar), back)
    let edit = UI.button("_Edit") { send(.accounts(.editRequested)) }
    adw_header_bar_pack_end(cast(header.bar), edit)

    avatar = adw_avatar_new(Self.iconSize, "", 1)!
    picture = gtk_image_new()!
    gtk_image_set_pixel_size(cast(picture), Self.iconSize)
    twofold_accessible_label(picture, "Icon")
    // The initials say nothing the title below them does not.
    twofold_accessible_hidden(avatar)
    title = UI.label(classes: ["title-2"], wrap: true)
    subtitle = UI.label(classes: ["dim-label"], wrap: true)
    for label in [title, subtitle] {
      gtk_label_set_xalign(cast(label), 0.5)
      gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
      gtk_label_set_selectable(cast(label), 1)
    }
    let choose = UI.button("C_hoose Icon…", classes: ["flat"]) { send(.details(.iconChoiceRequested)) }
    removeIcon = UI.button("_Remove Icon", classes: ["flat"]) { send(.details(.iconRemoved)) }
    let iconButtons = UI.box(false, spacing: 6, [choose, removeIcon])
    gtk_widget_set_halign(iconButtons, GTK_ALIGN_CENTER)
    message = UI.label(classes: ["dim-label"], wrap: true)
    gtk_label_set_xalign(cast(message), 0.5)
    gtk_label_set_justify(cast(message), GTK_JUSTIFY_CENTER)
    let top = UI.box(true, spacing: 6, [avatar, picture, title, subtitle, iconButtons, message])
    gtk_widget_set_halign(top, GTK_ALIGN_CENTER)

    issuerRow = Rows.action("Issuer")
    nameRow = Rows.action("Name")
    typeRow = Rows.action("Type")
    codeRow = Rows.action("Code")
    groupsRow = Rows.action("Groups")
    noteRow = Rows.action("Note")
    for row in [issuerRow, nameRow, typeRow, codeRow, groupsRow, noteRow] {
      adw_action_row_set_subtitle_lines(cast(row), 0)
    }
    code = UI.label(classes: ["title-3", "numeric"])
    let copy = UI.iconButton("edit-copy-symbolic", name: "Copy") { send(.accounts(.copyRequested)) }
    gtk_widget_set_valign(copy, GTK_ALIGN_CENTER)
    adw_action_row_add_suffix(cast(codeRow), code)
    adw_action_row_add_suffix(cast(codeRow), copy)
    let account = Rows.group("Account", [issuerRow, nameRow, typeRow, codeRow, groupsRow, noteRow])

    qrButton = UI.button("Show _QR code") { send(.details(.qrRequested)) }
    uriButton = UI.button("Show Key _URI") { send(.details(.uriToggled)) }
    let qrRow = Rows.action("QR code", subtitle: "To add the account on another device")
    let uriRow = Rows.action("Key URI", subtitle: "The secret, as text")
    for (row, button) in [(qrRow, qrButton), (uriRow, uriButton)] {
      gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
      adw_action_row_add_suffix(cast(row), button)
    }
    uri = UI.label(classes: ["monospace"], wrap: true)
    gtk_label_set_selectable(cast(uri), 1)
    gtk_label_set_wrap_mode(cast(uri), PANGO_WRAP_CHAR)
    gtk_widget_set_halign(qr.widget, GTK_ALIGN_CENTER)
    let secretGroup = Rows.group("Secret", [qrRow, uriRow, qr.widget, uri])

    let delete = UI.button("_Delete Account", classes: ["destructive-action", "pill"]) {
      send(.details(.deleteRequested))
    }
    gtk_widget_set_halign(delete, GTK_ALIGN_CENTER)
    let deleteGroup = Rows.group("", [delete])

    let content = UI.box(true, spacing: 24, [top, account, secretGroup, deleteGroup])
    UI.margins(content, 18)
    gtk_widget_set_margin_top(content, 24)
    gtk_widget_set_margin_bottom(content, 24)
    let clamp = adw_clamp_new()!
    adw_clamp_set_child(cast(clamp), content)
    widget = UI.page(header: header.bar, content: clamp)
  }

  func render(_ state: DetailsFeature.State, row: AccountRow?) {
    let account = state.account
    adw_window_title_set_title(cast(heading), account.label)
    showIcon(account)
    UI.set(title, account.issuer.isEmpty ? account.name : account.issuer)
    UI.set(subtitle, account.issuer.isEmpty ? "" : account.name)
    UI.visible(subtitle, !account.issuer.isEmpty && !account.name.isEmpty)
    Self.show(issuerRow, account.issuer)
    Self.show(nameRow, account.name)
    var type = account.otp.type.rawValue.uppercased()
    if !account.otp.isWithheld {
      type +=
        ", \(account.otp.algorithm.rawValue), \(account.otp.digits) digits"
        + (account.otp.type == .hotp ? ", counter \(account.otp.counter)" : ", every \(account.otp.period) s")
    }
    Self.show(typeRow, type)
    // The code large at the row's end; why there is none (HOTP before asking) as its subtitle.
    UI.set(code, row?.code ?? "")
    UI.visible(codeRow, row?.code != nil || row?.problem != nil)
    adw_action_row_set_subtitle(cast(codeRow), row?.code == nil ? row?.problem ?? "" : "")
    Self.show(groupsRow, state.groupNames.joined(separator: ", "))
    Self.show(noteRow, account.note)
    UI.set(message, state.message ?? "")
    UI.visible(message, state.message != nil)
    UI.visible(removeIcon, state.icon != nil)
    UI.setLabel(qrButton, state.qr == nil ? "Show _QR code" : "Hide _QR code")
    UI.setLabel(uriButton, state.showsURI ? "Hide Key _URI" : "Show Key _URI")
    UI.set(uri, state.showsURI ? state.uri : "")
    UI.visible(uri, state.showsURI)
    qr.show(state.qr)
    renderChooser(state)
    renderConfirmation(state)
  }

  /// The window the page is in, which dialogs stand over.
  private var parent: Widget { cast(gtk_widget_get_root(widget)!) }

  private func renderChooser(_ state: DetailsFeature.State) {
    guard let choices = state.iconChoices else {
      chooser?.close()
      chooser = nil
      return
    }
    if chooser == nil { chooser = IconChooser(over: parent, issuer: state.account.issuer, send: send) }
    chooser?.render(choices)
  }

  /// The confirmation of a deletion: Delete (destructive) or Cancel, the default; nothing is
  /// written before the answer.
  private func renderConfirmation(_ state: DetailsFeature.State) {
    guard state.confirmingDelete else {
      if let dialog = confirmation {
        confirmation = nil
        gtk_window_destroy(cast(dialog))
      }
      return
    }
    guard confirmation == nil else { return }
    let dialog = UI.deleteConfirmation(over: parent, label: state.account.label) { [unowned self] delete in
      self.confirmation = nil
      self.send(.details(delete ? .deleteConfirmed : .deleteCancelled))
    }
    confirmation = dialog
    gtk_window_present(cast(dialog))
  }

  /// The account's icon at the top, else an avatar of the issuer's initials.
  private func showIcon(_ account: Account) {
    let icon = account.icon
    if icon?.cacheKey != iconHash {
      iconHash = icon?.cacheKey
      let pixels = Self.iconSize * max(1, gtk_widget_get_scale_factor(widget))
      let source = icon.map { icon in
        IconTextures.Source(hash: icon.cacheKey, isSVG: icon.format == .svg) { icon.bytes }
      }
      if let source, let texture = textures.texture(source, pixels: pixels) {
        gtk_image_set_from_paintable(cast(picture), cast(texture))
      } else {
        gtk_image_clear(cast(picture))
      }
    }
    let drawn = gtk_image_get_storage_type(cast(picture)) != GTK_IMAGE_EMPTY
    adw_avatar_set_text(cast(avatar), account.issuer.isEmpty ? account.name : account.issuer)
    UI.visible(picture, drawn)
    UI.visible(avatar, !drawn)
  }

  /// The size of the icon at the top, in logical pixels.
  static let iconSize: Int32 = 96

  /// Shows `value` as the row's subtitle, or hides the row when there is nothing to show.
  private static func show(_ row: Widget, _ value: String) {
    UI.visible(row, !value.isEmpty)
    if let current = adw_action_row_get_subtitle(cast(row)), String(cString: current) == value { return }
    adw_action_row_set_subtitle(cast(row), value)
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
