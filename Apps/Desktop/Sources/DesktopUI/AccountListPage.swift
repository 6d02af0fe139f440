import CAdwaita
import Domain
import Presentation

/// The account list, to the GNOME standard: a header bar (Add, the group filter, the title, the
/// shared countdown, Search and the primary menu), search as you type, and a boxed list in a clamp
/// whose rows are drawn from `AccountsFeature.State.rows`; an `AdwStatusPage` instead when the
/// vault is empty or nothing matches.
///
/// The list is a `GtkListView` styled as a boxed list (`boxed-list`, Styles.swift) rather than a
/// `GtkListBox`: only the rows on screen exist as widgets, which a vault of 1,000 accounts needs
/// (1,000 `AdwActionRow`s in a list box take seconds to lay out and tens of MiB). A tick changes
/// only the labels whose text changed.
///
/// Clicking a row or Enter on it copies its code, as its Copy button does; its context menu (right
/// click, long press, Menu or Shift+F10) holds Details and Delete… (the confirmation the Delete key
/// opens), and Alt+Enter opens the details.
@MainActor
final class AccountListPage {
  let widget: Widget
  let title: Widget
  private let send: @MainActor (AppFeature.Action) -> Void
  private let strings: OpaquePointer
  private let selection: OpaquePointer
  private let list: Widget
  private let content: Widget
  private let searchBar: Widget
  private let searchEntry: Widget
  private let groups: Widget
  private let empty: Widget
  private let noMatch: Widget
  /// Says that the syncs without being asked stopped on a source, or that Syncthing conflict
  /// copies of the vault wait to be merged (`twofold sync`).
  private let noticeBar: Widget
  private let noticeLabel: Widget
  private var ids: [String] = []
  private var groupIDs: [AccountGroup.ID?] = [nil]
  private var rows: [String: AccountRow] = [:]
  private var bound: [UnsafeMutableRawPointer: AccountRowWidgets] = [:]
  private var rendering = false
  private var shownContent: Content?
  private let textures = IconTextures()
  /// The rows' icons' keys (hash, SVG or not) by account, as of `contents` (made again when it
  /// changes): a row's icon is hashed once per vault load, not each second.
  private var contents = VaultContents()
  private var iconKeys: [String: (hash: String, isSVG: Bool)?] = [:]
  /// One countdown for the whole list when every row shown has the same period (as Aegis does),
  /// so a second repaints one dial, not one per row; rows have their own otherwise.
  private let sharedDial = CountdownDial()
  private var sharesDial = false
  /// The rows' context menu: Details and Delete…, actions of the list's `row.` group.
  private let rowMenu: OpaquePointer

  /// The rows the first frame of a long list is drawn with (more than a tall window shows).
  static let firstRows = 40

  init(subtitle: String, send: @escaping @MainActor (AppFeature.Action) -> Void) {
    self.send = send
    let header = UI.headerBar(title: "Twofold", subtitle: subtitle)
    title = header.title
    strings = gtk_string_list_new(nil)
    selection = gtk_single_selection_new(cast(strings))!
    gtk_single_selection_set_autoselect(cast(selection), 0)
    gtk_single_selection_set_can_unselect(cast(selection), 1)
    let factory = gtk_signal_list_item_factory_new()!
    list = gtk_list_view_new(cast(selection), factory)!
    twofold_accessible_label(list, "Accounts")
    gtk_widget_add_css_class(list, "boxed-list")
    gtk_widget_set_valign(list, GTK_ALIGN_START)
    gtk_list_view_set_single_click_activate(cast(list), 1)
    rowMenu = g_menu_new()!
    searchEntry = gtk_search_entry_new()!
    twofold_accessible_label(searchEntry, "Search accounts")
    searchBar = gtk_search_bar_new()!
    gtk_search_bar_set_child(cast(searchBar), searchEntry)
    gtk_search_bar_connect_entry(cast(searchBar), cast(searchEntry))
    groups = UI.dropDown(["All groups"], name: "Group")
    noticeLabel = UI.label(wrap: true)
    noticeBar = gtk_info_bar_new()!
    gtk_info_bar_set_message_type(cast(noticeBar), GTK_MESSAGE_WARNING)
    gtk_info_bar_add_child(cast(noticeBar), noticeLabel)
    UI.visible(noticeBar, false)

    let add = UI.iconButton("list-add-symbolic", name: "Add account") { send(.accounts(.addRequested)) }
    let search = UI.iconButton("system-search-symbolic", name: "Search") {}
    adw_header_bar_pack_start(cast(header.bar), add)
    adw_header_bar_pack_start(cast(header.bar), groups)
    adw_header_bar_pack_end(cast(header.bar), PrimaryMenu.button())
    adw_header_bar_pack_end(cast(header.bar), search)
    adw_header_bar_pack_end(cast(header.bar), sharedDial.widget)

    empty = Self.emptyPage(send: send)
    noMatch = adw_status_page_new()!
    adw_status_page_set_icon_name(cast(noMatch), "edit-find-symbolic")
    adw_status_page_set_title(cast(noMatch), "No Results Found")
    content = gtk_stack_new()!
    gtk_stack_set_transition_type(cast(content), GTK_STACK_TRANSITION_TYPE_NONE)
    gtk_widget_set_vexpand(content, 1)
    for shown in Content.allCases {
      let page =
        switch shown {
        case .list: Self.scroller(list)
        case .empty: empty
        case .noMatch: noMatch
        }
      gtk_stack_add_named(cast(content), page, shown.rawValue)
    }
    widget = UI.box(true, spacing: 0, [header.bar, noticeBar, searchBar, content])

    let bar = searchBar
    Signal.connect(search, "clicked") {
      gtk_search_bar_set_search_mode(cast(bar), gtk_search_bar_get_search_mode(cast(bar)) == 0 ? 1 : 0)
    }
    connect(factory: factory)
    installRowMenu()
    connectList()
  }

  /// What the page shows under its bars: the list, or the status page saying why it is empty.
  private enum Content: String, CaseIterable {
    case list, empty
    case noMatch = "no-match"
  }

  /// The list scrolled vertically, in a clamp.
  private static func scroller(_ list: Widget) -> Widget {
    let clamp = adw_clamp_scrollable_new()!
    adw_clamp_scrollable_set_maximum_size(cast(clamp), 640)
    adw_clamp_scrollable_set_tightening_threshold(cast(clamp), 480)
    adw_clamp_scrollable_set_child(cast(clamp), list)
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(cast(scroller), clamp)
    gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    return scroller
  }

  /// The status page of an empty vault, with Add Account and Import….
  private static func emptyPage(send: @escaping @MainActor (AppFeature.Action) -> Void) -> Widget {
    let empty = adw_status_page_new()!
    adw_status_page_set_icon_name(cast(empty), "dialog-password-symbolic")
    adw_status_page_set_title(cast(empty), "No Accounts")
    adw_status_page_set_description(
      cast(empty), "Add an account from its QR code or setup key, or import the accounts of another app.")
    let addFirst = UI.button("_Add Account", classes: ["suggested-action", "pill"]) {
      send(.accounts(.addRequested))
    }
    let importFirst = UI.button("_Import…", classes: ["pill"]) { send(.menu(.importFile)) }
    let emptyButtons = UI.box(true, spacing: 12, [addFirst, importFirst])
    gtk_widget_set_halign(emptyButtons, GTK_ALIGN_CENTER)
    adw_status_page_set_child(cast(empty), emptyButtons)
    return empty
  }

  /// Activating and selecting rows, the search's text and the group chosen go to the store.
  private func connectList() {
    Signal.connectNumber(list, "activate") { [unowned self] position in self.activate(position) }
    Signal.connect(selection, "notify::selected") { [unowned self] in self.selectionChanged() }
    Signal.connect(searchEntry, "search-changed") { [unowned self] in
      guard !self.rendering else { return }
      self.send(.accounts(.searchChanged(UI.text(of: self.searchEntry))))
    }
    Signal.connect(searchEntry, "stop-search") { [unowned self] in
      self.send(.accounts(.searchChanged("")))
      gtk_search_bar_set_search_mode(cast(self.searchBar), 0)
    }
    Signal.connect(groups, "notify::selected") { [unowned self] in
      guard !self.rendering else { return }
      let index = UI.selected(self.groups)
      self.send(.accounts(.groupFilterChosen(index < self.groupIDs.count ? self.groupIDs[index] : nil)))
    }
  }

  /// Typing anywhere in `window` goes to the search.
  func captureKeys(from window: Widget) { gtk_search_bar_set_key_capture_widget(cast(searchBar), window) }

  /// Shows or hides the search bar.
  func toggleSearch() {
    let on = gtk_search_bar_get_search_mode(cast(searchBar)) == 0
    gtk_search_bar_set_search_mode(cast(searchBar), on ? 1 : 0)
    if on { gtk_widget_grab_focus(searchEntry) }
  }

  /// Opens the search with `text` in it, the list already narrowed to its matches.
  func startSearch(_ text: String) {
    gtk_search_bar_set_search_mode(cast(searchBar), 1)
    UI.setText(searchEntry, text)
    gtk_widget_grab_focus(searchEntry)
    send(.accounts(.searchChanged(text)))
  }

  /// Whether a key goes to a text field now (so Delete and the like are the field's).
  var isTyping: Bool {
    gtk_widget_has_focus(searchEntry) != 0 || gtk_search_bar_get_search_mode(cast(searchBar)) != 0
  }

  /// The widget to focus when the screen shows.
  var focusTarget: Widget { list }

  /// Whether a row on screen shows a code (for the first-frame timing).
  var showsCodes: Bool { !ids.isEmpty && !bound.isEmpty }

  func render(_ state: AccountsFeature.State) {
    rendering = true
    defer { rendering = false }
    let shown = state.rows
    let newIDs = shown.map(\.id.rawValue)
    rows = Dictionary(shown.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
    if state.contents != contents {
      contents = state.contents
      iconKeys = [:]
    }
    if newIDs != ids {
      ids = newIDs
      let count = g_list_model_get_n_items(cast(strings))
      if count == 0, newIDs.count > Self.firstRows {
        // A long list at start: GTK 4.8's list view makes up to 200 rows for any model at once,
        // so the first frame gets a screenful and the rest follows right after it is drawn.
        withCStrings(Array(newIDs.prefix(Self.firstRows))) { gtk_string_list_splice(strings, 0, 0, $0) }
        afterNextFrame { [weak self] in
          guard let self, self.ids == newIDs,
            g_list_model_get_n_items(cast(self.strings)) == UInt32(Self.firstRows)
          else { return }
          withCStrings(Array(newIDs.dropFirst(Self.firstRows))) {
            gtk_string_list_splice(self.strings, UInt32(Self.firstRows), 0, $0)
          }
        }
      } else {
        withCStrings(newIDs) { gtk_string_list_splice(strings, 0, count, $0) }
      }
    }
    let periods = Set(shown.compactMap(\.period))
    sharesDial = periods.count == 1
    if sharesDial, let first = shown.first(where: { $0.period != nil }), let remaining = first.remaining {
      sharedDial.show(remaining: remaining, period: first.period!, ending: first.isEnding)
    }
    UI.visible(sharedDial.widget, sharesDial)
    for (_, row) in bound { fill(row, row.id.flatMap { rows[$0.rawValue] }) }
    renderGroups(state)
    // The selected account when shown, else the first (as `selectedAccount`, without sorting again).
    let selected = state.selection.map(\.rawValue).flatMap { rows[$0] != nil ? $0 : nil } ?? ids.first
    if let id = selected, let index = ids.firstIndex(of: id),
      index < g_list_model_get_n_items(cast(strings))
    {
      if gtk_single_selection_get_selected(cast(selection)) != UInt32(index) {
        gtk_single_selection_set_selected(cast(selection), UInt32(index))
      }
    }
    // The entry holds the search text (it tells the store after a short pause); it is cleared
    // only when the list is emptied by locking, never between its change and that pause's end.
    if !state.isLoaded, !UI.text(of: searchEntry).isEmpty { UI.setText(searchEntry, "") }
    renderContent(state, nothingShown: shown.isEmpty)
    let notices = state.notices
    if !notices.isEmpty { UI.set(noticeLabel, notices.joined(separator: "\n")) }
    UI.visible(noticeBar, !notices.isEmpty)
  }

  /// The list, or the status page saying why it is empty.
  private func renderContent(_ state: AccountsFeature.State, nothingShown: Bool) {
    var page = Content.list
    if state.isLoaded, nothingShown {
      page = state.contents.accounts.isEmpty ? .empty : .noMatch
    }
    if page == .noMatch {
      let search = state.search
      let description =
        search.allSatisfy(\.isWhitespace)
        ? "No account is in this group." : "No account matches “\(search)”. Try another word."
      if adw_status_page_get_description(cast(noMatch)).map({ String(cString: $0) }) != description {
        adw_status_page_set_description(cast(noMatch), description)
      }
    }
    if page != shownContent {
      shownContent = page
      gtk_stack_set_visible_child_name(cast(content), page.rawValue)
    }
  }

  private func renderGroups(_ state: AccountsFeature.State) {
    let wanted: [AccountGroup.ID?] = [nil] + state.contents.groups.map(\.id)
    if wanted != groupIDs {
      groupIDs = wanted
      let names = ["All groups"] + state.contents.groups.map(\.name)
      let model = withCStrings(names) { gtk_string_list_new($0) }
      gtk_drop_down_set_model(cast(groups), cast(model!))
      g_object_unref(model.map { UnsafeMutableRawPointer($0) })
    }
    UI.visible(groups, state.contents.groups.count > 0)
    UI.select(groups, groupIDs.firstIndex(of: state.groupFilter) ?? 0)
  }

  private func connect(factory: OpaquePointer) {
    Signal.connectPointer(factory, "setup") { [unowned self] item in
      let row = AccountRowWidgets(textures: self.textures, menuModel: self.rowMenu) {
        [unowned self] id, action in
        self.rowAction(id, action)
      }
      gtk_list_item_set_child(cast(item!), row.root)
      self.bound[item!] = row
    }
    Signal.connectPointer(factory, "bind") { [unowned self] item in
      guard let item, let row = self.bound[item] else { return }
      let object = gtk_list_item_get_item(cast(item))
      let id = object.map { String(cString: twofold_string_object($0)) }
      self.fill(row, id.flatMap { self.rows[$0] })
    }
    Signal.connectPointer(factory, "teardown") { [unowned self] item in
      if let item { self.bound[item] = nil }
    }
  }

  private func rowAction(_ id: Account.ID, _ action: AccountRowWidgets.RowAction) {
    send(.accounts(.selected(id)))
    switch action {
    case .copy: send(.accounts(.copyRequested))
    case .generate: send(.accounts(.generateRequested))
    case .menu: bound.values.first { $0.id == id }?.openMenu()
    }
  }

  /// The rows' context menu's items and actions, and the keys that open it (Menu, Shift+F10) or
  /// the details (Alt+Enter) on the selected row, which is the focused one.
  private func installRowMenu() {
    let group = g_simple_action_group_new()!
    for (name, title, action) in [
      ("details", "Details", AccountsFeature.Action.detailsRequested),
      ("delete", "Delete…", .deleteRequested),
    ] {
      g_menu_append(rowMenu, title, "row.\(name)")
      let entry = g_simple_action_new(name, nil)!
      Signal.connectPointer(entry, "activate") { [unowned self] _ in self.send(.accounts(action)) }
      g_action_map_add_action(cast(group), cast(entry))
      g_object_unref(UnsafeMutableRawPointer(entry))
    }
    gtk_widget_insert_action_group(list, "row", cast(group))
    g_object_unref(UnsafeMutableRawPointer(group))
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKey(keys, "key-pressed") { [unowned self] key, modifiers in
      let shift = modifiers & GDK_SHIFT_MASK.rawValue != 0
      let alt = modifiers & GDK_ALT_MASK.rawValue != 0
      let position = Int(gtk_single_selection_get_selected(cast(self.selection)))
      guard position < self.ids.count else { return false }
      let id = Account.ID(self.ids[position])
      switch Int32(key) {
      case GDK_KEY_Menu where !alt, GDK_KEY_F10 where shift && !alt:
        self.rowAction(id, .menu)
      case GDK_KEY_Return where alt, GDK_KEY_KP_Enter where alt, GDK_KEY_ISO_Enter where alt:
        self.send(.accounts(.selected(id)))
        self.send(.accounts(.detailsRequested))
      default: return false
      }
      return true
    }
    gtk_widget_add_controller(list, keys)
  }

  /// Draws `row` in `widgets`, with its icon.
  private func fill(_ widgets: AccountRowWidgets, _ row: AccountRow?) {
    widgets.fill(row, image: row.flatMap(image), dial: !sharesDial)
  }

  /// What the row's icon is drawn from: its account's icon from the vault (`AccountRow.icon`), if
  /// any; its bytes are used only when the texture has to be drawn.
  private func image(of row: AccountRow) -> IconTextures.Source? {
    guard let icon = row.icon else { return nil }
    let id = row.id.rawValue
    let key: (hash: String, isSVG: Bool)
    if let known = iconKeys[id], let known {
      key = known
    } else {
      key = (icon.cacheKey, icon.format == .svg)
      iconKeys[id] = .some(key)
    }
    return IconTextures.Source(hash: key.hash, isSVG: key.isSVG) { icon.bytes }
  }

  private func activate(_ position: UInt32) {
    guard Int(position) < ids.count else { return }
    send(.accounts(.selected(Account.ID(ids[Int(position)]))))
    send(.accounts(.copyRequested))
  }

  private func selectionChanged() {
    guard !rendering else { return }
    let position = Int(gtk_single_selection_get_selected(cast(selection)))
    guard position < ids.count else { return }
    send(.accounts(.selected(Account.ID(ids[position]))))
  }
}
