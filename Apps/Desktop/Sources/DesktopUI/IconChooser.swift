import CAdwaita
import Domain
import Presentation

/// "Choose Icon…": a window over the details listing the installed packs' icons, those naming the
/// account's issuer first, the others found by searching; "From a File…" takes a PNG, JPEG or SVG
/// file instead. Without any pack it says how to import one.
@MainActor
final class IconChooser {
  let window: Widget
  private let search: Widget
  private let matches: Widget
  private let others: Widget
  private let othersGroup: Widget
  private let more: Widget
  private var matchRows: [Widget] = []
  private var otherRows: [Widget] = []
  private var choices: [IconChoice] = []
  private var shown: [IconChoice] = []
  private var closing = false
  private let stack: Widget
  private let matchesGroup: Widget

  /// At most this many icons of the other issuers are listed at once; searching finds the rest.
  static let listed = 60

  init(over parent: Widget, issuer: String, send: @escaping @MainActor (AppFeature.Action) -> Void) {
    let window = adw_window_new()!
    self.window = window
    gtk_window_set_transient_for(cast(window), cast(parent))
    gtk_window_set_modal(cast(window), 1)
    gtk_window_set_title(cast(window), "Choose an Icon")
    gtk_window_set_default_size(cast(window), 440, 600)
    let header = UI.headerBar(title: "Choose an Icon", subtitle: issuer)
    adw_header_bar_set_show_end_title_buttons(cast(header.bar), 0)
    adw_header_bar_set_show_start_title_buttons(cast(header.bar), 0)
    let cancel = UI.button("_Cancel") { gtk_window_close(cast(window)) }
    let file = UI.button("From a _File…") {
      IconChooser.chooseFile(over: window) { send(.details(.iconFileChosen($0))) }
    }
    adw_header_bar_pack_start(cast(header.bar), cancel)
    adw_header_bar_pack_end(cast(header.bar), file)

    search = gtk_search_entry_new()!
    twofold_accessible_label(search, "Search icons")
    matches = Self.list()
    others = Self.list()
    more = UI.label(classes: ["dim-label", "caption"], wrap: true)
    let matchesGroup = Rows.group("For \(issuer.isEmpty ? "this account" : issuer)", [matches])
    othersGroup = Rows.group("All Icons", [search, others, more])
    gtk_widget_set_margin_bottom(search, 12)
    let content = UI.box(true, spacing: 24, [matchesGroup, othersGroup])
    UI.margins(content, 18)
    let clamp = adw_clamp_new()!
    adw_clamp_set_child(cast(clamp), content)
    let empty = adw_status_page_new()!
    adw_status_page_set_icon_name(cast(empty), "image-x-generic-symbolic")
    adw_status_page_set_title(cast(empty), "No Icon Packs")
    adw_status_page_set_description(
      cast(empty), "Import an Aegis icon pack with “twofold icons import PACK.zip”, or choose a file.")
    let stack = gtk_stack_new()!
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(cast(scrolled), clamp)
    gtk_scrolled_window_set_policy(cast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_stack_add_named(cast(stack), scrolled, "icons")
    gtk_stack_add_named(cast(stack), empty, "empty")
    gtk_widget_set_vexpand(stack, 1)
    adw_window_set_content(cast(window), UI.box(true, spacing: 0, [header.bar, stack]))
    self.stack = stack
    self.matchesGroup = matchesGroup

    Signal.connect(search, "search-changed") { [unowned self] in self.fillOthers() }
    for list in [matches, others] {
      Signal.connectPointer(list, "row-activated") { [unowned self] row in
        guard let row else { return }
        let widget = row.assumingMemoryBound(to: GtkWidget.self)
        let index = Int(gtk_list_box_row_get_index(cast(widget)))
        let rows = list == self.matches ? self.matchRows : self.otherRows
        let chosen = list == self.matches ? self.choices.filter(\.isMatch) : self.shown
        guard index < rows.count, index < chosen.count else { return }
        self.closing = true
        send(.details(.iconChosen(chosen[index])))
      }
    }
    let keys = gtk_event_controller_key_new()!
    Signal.connectKey(keys, "key-pressed") { key, _ in
      guard key == UInt32(GDK_KEY_Escape) else { return false }
      gtk_window_close(cast(window))
      return true
    }
    gtk_widget_add_controller(window, keys)
    // Closed by a person: the state hears of it and closes the window itself (`close()`).
    Signal.connectStopping(window, "close-request") { [unowned self] in
      guard !self.closing else { return false }
      self.closing = true
      send(.details(.iconChoiceCancelled))
      return true
    }
  }

  /// Shows `choices` (the issuer's first) and presents the window.
  func render(_ choices: [IconChoice]) {
    guard choices != self.choices || gtk_widget_get_visible(window) == 0 else { return }
    self.choices = choices
    gtk_stack_set_visible_child_name(cast(stack), choices.isEmpty ? "empty" : "icons")
    let matching = choices.filter(\.isMatch)
    UI.visible(matchesGroup, !matching.isEmpty)
    matchRows = Self.fill(matches, matching)
    UI.visible(othersGroup, matching.count < choices.count)
    fillOthers()
    gtk_window_present(cast(window))
  }

  /// Closes the window without a further action (the state no longer asks for it).
  func close() {
    closing = true
    gtk_window_destroy(cast(window))
  }

  private func fillOthers() {
    let words = UI.text(of: search).lowercased().split(separator: " ").map(String.init)
    let found = choices.filter { choice in
      !choice.isMatch
        && words.allSatisfy { word in
          [choice.name, choice.pack, choice.category ?? ""].contains { $0.lowercased().contains(word) }
        }
    }
    shown = Array(found.prefix(Self.listed))
    otherRows = Self.fill(others, shown)
    UI.set(
      more,
      found.count > shown.count
        ? "\(found.count - shown.count) more: type part of a name to find them."
        : found.isEmpty ? "No icon found." : "")
    UI.visible(more, found.count > shown.count || found.isEmpty)
  }

  private static func list() -> Widget {
    let list = gtk_list_box_new()!
    gtk_widget_add_css_class(list, "boxed-list")
    gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
    return list
  }

  /// Replaces the rows of `list` with one per choice: its picture, name, and pack.
  private static func fill(_ list: Widget, _ choices: [IconChoice]) -> [Widget] {
    while let child = gtk_widget_get_first_child(list) { gtk_list_box_remove(cast(list), child) }
    UI.visible(list, !choices.isEmpty)
    return choices.map { choice in
      let row = Rows.action(
        choice.name, subtitle: [choice.pack, choice.category].compactMap { $0 }.joined(separator: " · "))
      gtk_list_box_row_set_activatable(cast(row), 1)
      let picture = gtk_image_new_from_file(choice.path)!
      gtk_image_set_pixel_size(cast(picture), 32)
      twofold_accessible_hidden(picture)
      adw_action_row_add_prefix(cast(row), picture)
      gtk_list_box_append(cast(list), row)
      return row
    }
  }

  /// Asks for a PNG, JPEG or SVG file through the file chooser (the portal where there is one).
  static func chooseFile(over parent: Widget, _ chosen: @escaping @MainActor (String) -> Void) {
    let chooser = gtk_file_chooser_native_new(
      "Choose an icon file", cast(parent), GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
    let filter = gtk_file_filter_new()!
    gtk_file_filter_set_name(filter, "Images (PNG, JPEG, SVG)")
    for type in AccountIcon.Format.allCases.map(\.mime) { gtk_file_filter_add_mime_type(filter, type) }
    for pattern in ["*.png", "*.jpg", "*.jpeg", "*.svg"] { gtk_file_filter_add_pattern(filter, pattern) }
    gtk_file_chooser_add_filter(cast(chooser), filter)
    gtk_native_dialog_set_modal(cast(chooser), 1)
    Signal.connectNumber(chooser, "response") { response in
      if Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue,
        let file = gtk_file_chooser_get_file(cast(chooser))
      {
        if let path = g_file_get_path(file) {
          chosen(String(cString: path))
          g_free(path)
        }
        g_object_unref(UnsafeMutableRawPointer(file))
      }
      gtk_native_dialog_destroy(cast(chooser))
      g_object_unref(UnsafeMutableRawPointer(chooser))
    }
    gtk_native_dialog_show(cast(chooser))
  }
}
