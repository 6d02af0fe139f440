import CAdwaita
import Domain
import Presentation

/// The main window: one page per route of the coordinator, drawn from the store's state after
/// every action; the only place where GTK meets the store.
@MainActor
final class DesktopWindow {
  let window: Widget
  private let store: AppStore
  private let configuration: DesktopConfiguration
  private let stack: Widget
  private let toasts: Widget
  // The pages send their actions through the window, so they are built once it is (in `init`).
  private lazy var unlock = UnlockPage(send: sender)
  private lazy var accounts = AccountListPage(subtitle: configuration.vaultLocation, send: sender)
  private lazy var editor = EditorPage(
    send: sender, scanScreen: { [unowned self] in self.scanScreen() },
    chooseImage: { [unowned self] chosen in
      self.chooseFile(title: "Open a QR code picture", types: ["image/png", "image/jpeg"], chosen)
    })
  private lazy var details = DetailsPage(send: sender)
  private lazy var settings = SettingsPage(note: configuration.settingsNote, over: window, send: sender)
  private var rendering = false
  /// Whether the window was destroyed (Ctrl+Q, the quit action, the window manager): nothing is
  /// drawn into its widgets any more and the clock stops.
  private var destroyed = false
  private var second: Int64 = 0
  /// The store's state as last drawn: what changed since says which page to show, which window
  /// or file chooser to open and whether there is a new message.
  private var drawn: AppFeature.State?
  private var deleteDialog: Widget?
  private var importDialog: ImportDialog?
  private var exportDialog: ExportDialog?
  private var firstFrameHandler: UInt?

  init(
    application: UnsafeMutablePointer<AdwApplication>, store: AppStore, configuration: DesktopConfiguration
  ) {
    self.store = store
    self.configuration = configuration
    window = adw_application_window_new(cast(application))!
    gtk_window_set_title(cast(window), "Twofold — \(configuration.vaultLocation)")
    gtk_window_set_default_size(cast(window), 620, 760)
    // Usable from a phone-sized window up (GNOME's smallest: 360 px wide).
    gtk_widget_set_size_request(window, DesktopWindow.minimumWidth, DesktopWindow.minimumHeight)
    stack = gtk_stack_new()!
    gtk_stack_set_transition_type(cast(stack), GTK_STACK_TRANSITION_TYPE_NONE)
    // The window as narrow as the screen shown allows, not as the widest of all the screens.
    gtk_stack_set_hhomogeneous(cast(stack), 0)
    gtk_stack_set_vhomogeneous(cast(stack), 0)
    toasts = adw_toast_overlay_new()!
    adw_toast_overlay_set_child(cast(toasts), stack)
    adw_application_window_set_content(cast(window), toasts)
    for page in Page.allCases {
      gtk_stack_add_named(cast(stack), widget(of: page), page.childName)
    }
    // The preferences window is built with the pages, hidden until the route is the settings.
    _ = settings
    accounts.captureKeys(from: window)
    PrimaryMenu.install(on: window) { [unowned self] item in self.send(.menu(item)) }
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKey(keys, "key-pressed") { [unowned self] key, modifiers in self.key(key, modifiers) }
    gtk_widget_add_controller(window, keys)
  }

  /// The smallest size the window can be given, in logical pixels.
  static let minimumWidth: Int32 = 360
  static let minimumHeight: Int32 = 400

  /// Shows the window and starts the clock.
  func start() {
    configuration.stageReached?("window_built")
    Styles.install()
    second = configuration.milliseconds() / 1000
    store.send(.tick(second))
    store.send(.started)
    configuration.stageReached?("vault_loaded")
    render()
    if let text = configuration.initialSearch, !text.isEmpty, store.state.coordinator.current == .accounts {
      accounts.startSearch(text)
    }
    configuration.stageReached?("rendered")
    gtk_window_present(cast(window))
    configuration.stageReached?("presented")
    if configuration.firstCodesDrawn != nil, let clock = gtk_widget_get_frame_clock(window) {
      firstFrameHandler = Signal.connect(clock, "after-paint") { [unowned self] in self.painted(clock) }
    }
    Signal.connect(window, "destroy") { [weak self] in self?.destroyed = true }
    scheduleTick()
  }

  /// Brings the window forward with the list's search started with `text`, as `start()` does
  /// with the initial search (only while the list is the current screen): a later
  /// `twofold-desktop --search TEXT`, handed over by the application's `search` action.
  func search(_ text: String) {
    if !text.isEmpty, store.state.coordinator.current == .accounts {
      accounts.startSearch(text)
    }
    gtk_window_present(cast(window))
  }

  private func painted(_ clock: OpaquePointer) {
    guard store.state.coordinator.current == .accounts, accounts.showsCodes, let handler = firstFrameHandler
    else {
      return
    }
    firstFrameHandler = nil
    Signal.disconnect(clock, handler)
    configuration.firstCodesDrawn?()
  }

  private func scheduleTick() {
    let wait = UInt32(1000 - configuration.milliseconds() % 1000 + 5)
    after(milliseconds: wait) { [weak self] in
      guard let self, !self.destroyed else { return }
      let now = self.configuration.milliseconds() / 1000
      if now != self.second {
        self.second = now
        if self.configuration.vaultChanged() { self.store.send(.vaultChangedOnDisk) }
        self.store.send(.tick(now))
        self.render()
      }
      if !self.store.state.shouldQuit { self.scheduleTick() }
    }
  }

  /// `send(_:)` for the pages, which do not keep the window alive.
  private var sender: @MainActor (AppFeature.Action) -> Void { { [unowned self] in self.send($0) } }

  /// A person's action: counts as activity for auto-lock, then goes through the store.
  func send(_ action: AppFeature.Action) {
    guard !rendering, !destroyed else { return }
    store.send(.keyPressed(at: configuration.milliseconds() / 1000))
    store.send(action)
    render()
  }

  private func render() {
    guard !destroyed else { return }
    rendering = true
    defer { rendering = false }
    let state = store.state
    let previous = drawn
    drawn = state
    SettingsPage.apply(state.settings.settings.theme)
    let page = Page(state.coordinator)
    switch page {
    case .unlock: unlock.render(state.unlock)
    case .editor: if let form = state.editor { editor.render(form) }
    case .details:
      if let shown = state.details {
        details.render(shown, row: state.accounts.rows.first { $0.id == shown.account.id })
      }
    case .accounts: break
    }
    settings.render(state.settings, shown: state.coordinator.current == .settings)
    accounts.render(state.accounts)
    if page != previous.map({ Page($0.coordinator) }) {
      gtk_stack_set_visible_child_name(cast(stack), page.childName)
      focus(page)
    }
    renderWindows(state, since: previous)
    renderDeleteConfirmation(state)
    renderImport(state)
    renderExport(state)
    if state.accounts.message != previous?.accounts.message, let message = state.accounts.message {
      toast(message)
    }
    if state.shouldQuit { gtk_window_destroy(cast(window)) }
  }

  private func widget(of page: Page) -> Widget {
    switch page {
    case .unlock: unlock.widget
    case .accounts: accounts.widget
    case .editor: editor.widget
    case .details: details.widget
    }
  }

  private func focus(_ page: Page) {
    switch page {
    case .unlock: gtk_widget_grab_focus(unlock.focusTarget)
    case .accounts: gtk_widget_grab_focus(accounts.focusTarget)
    case .editor: if let first = editor.focusTarget { gtk_widget_grab_focus(first) }
    case .details: break
    }
  }

  /// Opens the shortcuts, About and the import's file chooser when the store's state opens them
  /// (each closes itself and says so to the store).
  private func renderWindows(_ state: AppFeature.State, since previous: AppFeature.State?) {
    func opened(_ isOpen: (AppFeature.State) -> Bool) -> Bool {
      isOpen(state) && !(previous.map(isOpen) ?? false)
    }
    if opened({ $0.coordinator.current == .help }) {
      ShortcutsWindow.present(over: window) { [unowned self] in self.send(.helpClosed) }
    }
    if opened(\.showsAbout) {
      AboutWindow.present(
        over: window, applicationID: configuration.applicationID, version: configuration.version
      ) { [unowned self] in self.send(.aboutClosed) }
    }
    if opened(\.isChoosingImportFile) {
      chooseFile(
        title: "Import from a file", types: [],
        cancelled: { [unowned self] in self.send(.importFileCancelled) },
        { [unowned self] file in self.send(.importChosen(file: file)) })
    }
  }

  private func renderDeleteConfirmation(_ state: AppFeature.State) {
    let pending = state.accounts.pendingDelete.flatMap { id in
      state.accounts.contents.accounts.first { $0.id == id }
    }
    guard let account = pending else {
      if let dialog = deleteDialog {
        deleteDialog = nil
        gtk_window_destroy(cast(dialog))
      }
      return
    }
    guard deleteDialog == nil else { return }
    let dialog = UI.deleteConfirmation(over: window, label: account.label) { [unowned self] delete in
      self.deleteDialog = nil
      self.send(.accounts(delete ? .deleteConfirmed : .deleteCancelled))
    }
    deleteDialog = dialog
    gtk_window_present(cast(dialog))
  }

  /// Steps the window aside, reads the QR code on the screen, and comes back.
  private func scanScreen() {
    gtk_widget_set_visible(window, 0)
    after(milliseconds: 400) { [unowned self] in
      self.send(.editor(.scanRequested(.screen)))
      gtk_widget_set_visible(self.window, 1)
      gtk_window_present(cast(self.window))
    }
  }

  /// Asks for a file through the file chooser (the desktop portal where there is one), of
  /// `types` (any when empty).
  private func chooseFile(
    title: String, types: [String], saving name: String? = nil, cancelled: (@MainActor () -> Void)? = nil,
    _ chosen: @escaping @MainActor (String) -> Void
  ) {
    let action = name == nil ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE
    let chooser = gtk_file_chooser_native_new(
      title, cast(window), action, name == nil ? "_Open" : "_Save", "_Cancel")!
    if let name { gtk_file_chooser_set_current_name(cast(chooser), name) }
    if !types.isEmpty {
      let filter = gtk_file_filter_new()!
      gtk_file_filter_set_name(filter, "Pictures (PNG, JPEG)")
      for type in types { gtk_file_filter_add_mime_type(filter, type) }
      gtk_file_chooser_add_filter(cast(chooser), filter)
    }
    gtk_native_dialog_set_modal(cast(chooser), 1)
    Signal.connectNumber(chooser, "response") { response in
      var path: String?
      if Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue,
        let file = gtk_file_chooser_get_file(cast(chooser))
      {
        if let chosenPath = g_file_get_path(file) {
          path = String(cString: chosenPath)
          g_free(chosenPath)
        }
        g_object_unref(UnsafeMutableRawPointer(file))
      }
      if let path { chosen(path) } else { cancelled?() }
      gtk_native_dialog_destroy(cast(chooser))
      g_object_unref(UnsafeMutableRawPointer(chooser))
    }
    gtk_native_dialog_show(cast(chooser))
  }

  private func renderImport(_ state: AppFeature.State) {
    guard let importing = state.importing else {
      if let dialog = importDialog {
        importDialog = nil
        gtk_window_destroy(cast(dialog.window))
      }
      return
    }
    if importDialog == nil {
      importDialog = ImportDialog(
        over: window, file: importing.file, send: { [unowned self] in self.send($0) },
        closed: { [unowned self] imported in
          self.importDialog = nil
          if imported { self.send(.importing(.importConfirmed)) }
          // The dialog closes with its answer: what was imported stays in a toast.
          if let done = self.store.state.importing, done.result != nil, let summary = done.reportLines.last {
            self.toast(summary)
          }
          self.send(.importClosed)
        })
    }
    importDialog?.render(importing)
  }

  private func renderExport(_ state: AppFeature.State) {
    guard let exporting = state.exporting else {
      if let dialog = exportDialog {
        exportDialog = nil
        gtk_window_destroy(cast(dialog.window))
      }
      return
    }
    if exportDialog == nil {
      exportDialog = ExportDialog(
        over: window, send: { [unowned self] in self.send($0) },
        chooseFile: { [unowned self] format in
          let name = format == .uris ? "twofold-export.txt" : "twofold-export.json"
          self.chooseFile(title: "Export to a file", types: [], saving: name) {
            self.send(.exporting(.destinationChosen($0)))
          }
        },
        closed: { [unowned self] export in
          self.exportDialog = nil
          if export { self.send(.exporting(.exportRequested)) }
          // The dialog closes with its answer: what happened stays in a toast.
          if export, let message = self.store.state.exporting?.message { self.toast(message) }
          self.send(.exportClosed)
        })
    }
    exportDialog?.render(exporting)
  }

  private func toast(_ text: String) {
    let toast = adw_toast_new(text)!
    adw_toast_set_timeout(toast, 5)
    adw_toast_overlay_add_toast(cast(toasts), toast)
  }

  private func key(_ key: UInt32, _ modifiers: UInt32) -> Bool {
    let control = modifiers & GDK_CONTROL_MASK.rawValue != 0
    let route = store.state.coordinator.current
    if control {
      switch Int32(key) {
      case GDK_KEY_q:
        gtk_window_destroy(cast(window))
        return true
      case GDK_KEY_w:
        gtk_window_close(cast(window))
        return true
      default: break
      }
    }
    if route == .unlock { return false }
    if key == UInt32(GDK_KEY_Escape) {
      switch route {
      case .editor: send(.editor(.cancelled))
      case .details: send(.details(.closed))
      case .settings: send(.settings(.closed))
      default: return false
      }
      return true
    }
    guard route == .accounts else { return false }
    if control {
      switch Int32(key) {
      case GDK_KEY_f: accounts.toggleSearch()
      case GDK_KEY_c: send(.accounts(.copyRequested))
      case GDK_KEY_g: send(.accounts(.generateRequested))
      case GDK_KEY_n: send(.accounts(.addRequested))
      case GDK_KEY_e: send(.accounts(.editRequested))
      case GDK_KEY_i: send(.accounts(.detailsRequested))
      case GDK_KEY_comma: send(.accounts(.settingsRequested))
      case GDK_KEY_question, GDK_KEY_slash: send(.accounts(.helpRequested))
      default: return false
      }
      return true
    }
    if key == UInt32(GDK_KEY_Delete), !accounts.isTyping {
      send(.accounts(.deleteRequested))
      return true
    }
    if key == UInt32(GDK_KEY_F1) {
      send(.accounts(.helpRequested))
      return true
    }
    return false
  }
}
