import CAdwaita
import Domain
import OTP
import Presentation

/// Add or edit an account: a Key URI, or the fields, each with its problem under it after the
/// first Save; Save is sensitive only while the input is valid (`EditorFeature.State.canSave`).
@MainActor
final class EditorPage {
  let widget: Widget
  private let heading: Widget
  private let save: Widget
  private let message: Widget
  private let type: Widget
  private let favorite: Widget
  private var rows: [EditorFeature.Field: (row: Widget, control: Widget, problem: Widget)] = [:]
  private let scanners: Widget
  private var rendering = false
  private let send: @MainActor (AppFeature.Action) -> Void

  /// `scanScreen` reads a QR code on the screen (the window steps aside first); `chooseImage`
  /// asks for a picture file and gives its path.
  init(
    send: @escaping @MainActor (AppFeature.Action) -> Void, scanScreen: @escaping @MainActor () -> Void,
    chooseImage: @escaping @MainActor (@escaping @MainActor (String) -> Void) -> Void
  ) {
    self.send = send
    let header = UI.headerBar(title: "Add account")
    heading = header.title
    let cancel = UI.button("_Cancel") { send(.editor(.cancelled)) }
    save = UI.button("_Save", classes: ["suggested-action"]) { send(.editor(.submitted)) }
    adw_header_bar_set_show_end_title_buttons(cast(header.bar), 0)
    adw_header_bar_set_show_start_title_buttons(cast(header.bar), 0)
    adw_header_bar_pack_start(cast(header.bar), cancel)
    adw_header_bar_pack_end(cast(header.bar), save)
    message = UI.label(classes: ["problem"], wrap: true)
    type = UI.dropDown(OTPType.allCases.map { $0.rawValue.uppercased() }, name: "Type")
    favorite = gtk_check_button_new_with_label("Favorite (listed first)")!
    let screen = UI.button("Scan a QR code on the _screen", action: scanScreen)
    let image = UI.button("Open a QR code _picture…") {
      chooseImage { path in send(.editor(.scanRequested(.imageFile(path)))) }
    }
    scanners = UI.box(false, spacing: 6, [screen, image])
    let form = UI.box(true, spacing: 4, [message, scanners])
    UI.margins(form, 18)
    gtk_widget_set_size_request(form, 420, -1)
    gtk_widget_set_halign(form, GTK_ALIGN_CENTER)
    widget = UI.page(header: header.bar, content: form)
    for field in EditorFeature.Field.allCases {
      let control: Widget
      switch field {
      case .type: control = type
      case .favorite: control = favorite
      default:
        control = UI.entry(name: field.title, placeholder: Self.placeholder(field))
        if field == .secret || field == .pin { gtk_entry_set_visibility(cast(control), 0) }
        Signal.connect(control, "changed") { [unowned self] in
          guard !self.rendering else { return }
          send(.editor(.fieldChanged(field, UI.text(of: control))))
        }
        Signal.connect(control, "activate") { [unowned self] in
          if UI.isSensitive(self.save) { send(.editor(.submitted)) }
        }
      }
      let title = UI.label(field == .favorite ? "" : field.title, classes: ["caption-heading"])
      let problem = UI.label(classes: ["problem"], wrap: true)
      let row = UI.box(true, spacing: 2, [title, control, problem])
      gtk_widget_set_margin_top(row, 6)
      UI.append(form, row)
      rows[field] = (row, control, problem)
    }
    Signal.connect(type, "notify::selected") { [unowned self] in
      guard !self.rendering else { return }
      let all = OTPType.allCases
      let index = UI.selected(self.type)
      if index < all.count { send(.editor(.typeChosen(all[index]))) }
    }
    Signal.connect(favorite, "toggled") { [unowned self] in
      guard !self.rendering else { return }
      send(.editor(.favoriteChanged(UI.isActive(self.favorite))))
    }
  }

  /// The first field, to focus when the form opens.
  var focusTarget: Widget? { rows[.uri]?.control }

  func render(_ state: EditorFeature.State) {
    rendering = true
    defer { rendering = false }
    let adding = state.mode == .add
    adw_window_title_set_title(cast(heading), adding ? "Add account" : "Edit account")
    UI.setLabel(save, adding ? "_Add" : "_Save")
    UI.sensitive(save, state.canSave)
    UI.visible(scanners, adding)
    UI.set(message, state.message ?? "")
    UI.visible(message, state.message != nil)
    let fields = Set(state.fields)
    for (field, widgets) in rows {
      UI.visible(widgets.row, fields.contains(field))
      let problem = state.attempted ? state.problems[field] : nil
      UI.set(widgets.problem, problem ?? "")
      UI.visible(widgets.problem, problem != nil)
      switch field {
      case .type: UI.select(type, OTPType.allCases.firstIndex(of: state.draft.type) ?? 0)
      case .favorite: UI.setActive(favorite, state.draft.favorite)
      default: UI.setText(widgets.control, state.value(of: field))
      }
    }
  }

  private static func placeholder(_ field: EditorFeature.Field) -> String {
    switch field {
    case .uri: "otpauth://totp/Issuer:name?secret=…  (or fill in the fields below)"
    case .secret: "Base32, as the service shows it"
    case .algorithm: "SHA1, SHA256 or SHA512 (default for the type)"
    case .digits: "default for the type"
    case .period: "seconds (default 30)"
    case .counter: "0"
    case .groups: "comma-separated"
    default: ""
    }
  }
}
