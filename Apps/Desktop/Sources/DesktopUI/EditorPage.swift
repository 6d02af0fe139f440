import CAdwaita
import Domain
import OTP
import Presentation

/// Add or edit an account, to the GNOME standard: preference groups of entry rows (the Key URI,
/// or issuer, name, secret and type), the rarely used settings (algorithm, digits, period,
/// counter) in an expander row "Advanced", then note, groups and favorite. Each field's problem
/// shows in a row right under it as soon as the form knows it, in the command line's words;
/// Add (or Save) is sensitive only while the input is valid (`EditorFeature.State.canSave`), and
/// its tooltip says why not.
@MainActor
final class EditorPage {
  let widget: Widget
  private let heading: Widget
  private let save: Widget
  private let uriGroup: Widget
  private let accountGroup: Widget
  private let type: Widget
  private let algorithm: Widget
  private var algorithmNames: [String] = []
  private let advanced: Widget
  private let favorite: Widget
  private let scanners: Widget
  private var rows: [EditorFeature.Field: (row: Widget, problemRow: Widget, problem: Widget)] = [:]
  private var advancedProblems = false
  private var rendering = false

  /// What the Key URI group says when there is no message for the whole form.
  private static let uriHint = "Paste the Key URI or read it from a QR code, or fill in the account below."

  /// `scanScreen` reads a QR code on the screen (the window steps aside first); `chooseImage`
  /// asks for a picture file and gives its path.
  init(
    send: @escaping @MainActor (AppFeature.Action) -> Void, scanScreen: @escaping @MainActor () -> Void,
    chooseImage: @escaping @MainActor (@escaping @MainActor (String) -> Void) -> Void
  ) {
    let header = UI.headerBar(title: "Add account")
    heading = header.title
    let cancel = UI.button("_Cancel") { send(.editor(.cancelled)) }
    save = UI.button("_Add", classes: ["suggested-action"]) { send(.editor(.submitted)) }
    adw_header_bar_set_show_end_title_buttons(cast(header.bar), 0)
    adw_header_bar_set_show_start_title_buttons(cast(header.bar), 0)
    adw_header_bar_pack_start(cast(header.bar), cancel)
    adw_header_bar_pack_end(cast(header.bar), save)

    type = Rows.combo("Type", OTPType.allCases.map(Self.typeName))
    algorithm = Rows.combo("Algorithm", [])
    let switchRow = Rows.switchRow("Favorite", subtitle: "Listed first")
    favorite = switchRow.control
    advanced = adw_expander_row_new()!
    adw_preferences_row_set_title(cast(advanced), "Advanced")

    scanners = Self.scanners(scanScreen: scanScreen) {
      chooseImage { path in send(.editor(.scanRequested(.imageFile(path)))) }
    }
    uriGroup = Rows.group(description: Self.uriHint)
    adw_preferences_group_set_header_suffix(cast(uriGroup), scanners)
    accountGroup = Rows.group("Account")
    let otherGroup = Rows.group()
    let page = adw_preferences_page_new()!
    for group in [uriGroup, accountGroup, otherGroup] { adw_preferences_page_add(cast(page), cast(group)) }
    widget = UI.page(header: header.bar, content: page, scrolls: false)

    for field in EditorFeature.Field.allCases {
      let row: Widget
      switch field {
      case .type: row = type
      case .algorithm: row = algorithm
      case .favorite: row = switchRow.row
      default: row = entry(for: field, send: send)
      }
      add(row, of: field, otherGroup: otherGroup)
    }
    connectChoices(send: send)
  }

  /// The buttons that read a QR code: on the screen, or in a picture file.
  private static func scanners(
    scanScreen: @escaping @MainActor () -> Void, chooseImage: @escaping @MainActor () -> Void
  ) -> Widget {
    let screen = UI.iconButton(
      "video-display-symbolic", name: "Scan a QR code on the screen", action: scanScreen)
    let image = UI.iconButton(
      "image-x-generic-symbolic", name: "Open a QR code picture…", action: chooseImage)
    for button in [screen, image] { gtk_widget_set_valign(button, GTK_ALIGN_CENTER) }
    return UI.box(false, spacing: 6, [screen, image])
  }

  /// A text field's entry row: what is typed (not what the page draws) goes to the form, and
  /// Enter submits it when it can be.
  private func entry(for field: EditorFeature.Field, send: @escaping @MainActor (AppFeature.Action) -> Void)
    -> Widget
  {
    let row = Rows.entry(field.title, secret: field == .secret || field == .pin)
    if [.digits, .period, .counter].contains(field) {
      adw_entry_row_set_input_purpose(cast(row), GTK_INPUT_PURPOSE_DIGITS)
    }
    Signal.connect(row, "changed") { [unowned self] in
      guard !self.rendering else { return }
      send(.editor(.fieldChanged(field, UI.text(of: row))))
    }
    Signal.connect(row, "entry-activated") { [unowned self] in
      if UI.isSensitive(self.save) { send(.editor(.submitted)) }
    }
    return row
  }

  /// Adds a field's row, and the row of its problem under it, to the field's group: the Key URI's,
  /// the account's (the advanced fields in the expander after the PIN) or the last one.
  private func add(_ row: Widget, of field: EditorFeature.Field, otherGroup: Widget) {
    let problem = Rows.problem()
    let place: (Widget) -> Void =
      switch field {
      case .uri: { adw_preferences_group_add(cast(self.uriGroup), $0) }
      case _ where field.isAdvanced: { adw_expander_row_add_row(cast(self.advanced), $0) }
      case .note, .groups, .favorite: { adw_preferences_group_add(cast(otherGroup), $0) }
      default: { adw_preferences_group_add(cast(self.accountGroup), $0) }
      }
    place(row)
    place(problem.row)
    if field == .pin { adw_preferences_group_add(cast(accountGroup), advanced) }
    rows[field] = (row, problem.row, problem.label)
  }

  /// The type, algorithm and favorite choices go to the form; each form opens folded.
  private func connectChoices(send: @escaping @MainActor (AppFeature.Action) -> Void) {
    // Each form opens with the rarely used fields folded away.
    Signal.connect(widget, "unmap") { [unowned self] in
      adw_expander_row_set_expanded(cast(self.advanced), 0)
      self.advancedProblems = false
    }
    Signal.connect(type, "notify::selected") { [unowned self] in
      guard !self.rendering else { return }
      let all = OTPType.allCases
      let index = Rows.selected(self.type)
      if index < all.count { send(.editor(.typeChosen(all[index]))) }
    }
    Signal.connect(algorithm, "notify::selected") { [unowned self] in
      guard !self.rendering else { return }
      let index = Rows.selected(self.algorithm)
      if index < self.algorithmNames.count {
        send(.editor(.fieldChanged(.algorithm, self.algorithmNames[index])))
      }
    }
    Signal.connect(favorite, "notify::active") { [unowned self] in
      guard !self.rendering else { return }
      send(.editor(.favoriteChanged(Rows.isOn(self.favorite))))
    }
  }

  /// The first field, to focus when the form opens.
  var focusTarget: Widget? {
    gtk_widget_get_visible(uriGroup) != 0 ? rows[.uri]?.row : rows[.issuer]?.row
  }

  func render(_ state: EditorFeature.State) {
    rendering = true
    defer { rendering = false }
    let adding = state.mode == .add
    adw_window_title_set_title(cast(heading), adding ? "Add account" : "Edit account")
    UI.setLabel(save, adding ? "_Add" : "_Save")
    UI.sensitive(save, state.canSave)
    let reason = state.canSave ? "" : Self.reason(state)
    gtk_widget_set_tooltip_text(save, reason.isEmpty ? nil : reason)
    twofold_accessible_description(save, reason)
    UI.visible(uriGroup, adding)
    adw_preferences_group_set_description(cast(uriGroup), state.message ?? Self.uriHint)

    let fields = Set(state.fields)
    for (field, widgets) in rows {
      UI.visible(widgets.row, fields.contains(field))
      Rows.show(
        problem: fields.contains(field) ? state.problems[field] : nil, field: widgets.row,
        row: widgets.problemRow,
        label: widgets.problem)
      switch field {
      case .type: Rows.select(type, OTPType.allCases.firstIndex(of: state.draft.type) ?? 0)
      case .algorithm: renderAlgorithm(state)
      case .favorite: Rows.setOn(favorite, state.draft.favorite)
      default: UI.setText(widgets.row, state.value(of: field))
      }
    }

    let advancedFields = state.fields.filter(\.isAdvanced)
    UI.visible(advanced, !advancedFields.isEmpty)
    let problems = advancedFields.compactMap { state.problems[$0] }
    // A problem appearing in a field folded away opens the fold, so it is seen.
    if !problems.isEmpty, !advancedProblems { adw_expander_row_set_expanded(cast(advanced), 1) }
    advancedProblems = !problems.isEmpty
    adw_expander_row_set_subtitle(cast(advanced), problems.first ?? Self.summary(state))
  }

  /// Fills the algorithm row with the type's algorithms (the first: the type's default).
  private func renderAlgorithm(_ state: EditorFeature.State) {
    let allowed = state.draft.type.allowedAlgorithms.map(\.rawValue)
    algorithmNames = [""] + allowed
    Rows.setItems(algorithm, ["Default (\(state.draft.type.defaults.algorithm.rawValue))"] + allowed)
    Rows.select(algorithm, algorithmNames.firstIndex(of: state.draft.algorithm.uppercased()) ?? 0)
  }

  /// Why Add (or Save) is insensitive: the first field's problem, or what is missing.
  private static func reason(_ state: EditorFeature.State) -> String {
    if let field = state.fields.first(where: { state.problems[$0] != nil }),
      let problem = state.problems[field]
    {
      return "\(field.title): \(problem)"
    }
    if state.mode == .add { return "Type a Key URI or a secret first" }
    return "Needs an issuer or a name"
  }

  /// The code settings in a few words, the defaults of the type where nothing was typed.
  private static func summary(_ state: EditorFeature.State) -> String {
    let draft = state.draft
    let defaults = draft.type.defaults
    let algorithm = draft.algorithm.isEmpty ? defaults.algorithm.rawValue : draft.algorithm.uppercased()
    let digits = draft.digits.isEmpty ? String(defaults.digits) : draft.digits
    var words = ["\(algorithm)", "\(digits) digits"]
    if draft.type == .hotp {
      words.append("counter \(draft.counter.isEmpty ? "0" : draft.counter)")
    } else {
      words.append("every \(draft.period.isEmpty ? String(defaults.period) : draft.period) s")
    }
    return words.joined(separator: ", ")
  }

  private static func typeName(_ type: OTPType) -> String {
    switch type {
    case .totp: "TOTP (time-based)"
    case .hotp: "HOTP (counter-based)"
    case .steam: "Steam"
    case .motp: "mOTP"
    case .yandex: "Yandex"
    }
  }
}
