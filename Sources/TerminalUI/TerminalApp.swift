import Presentation

/// The full-screen app on a terminal: draws the store's state with ncurses, turns keys into
/// actions, and sends `.tick` once a second. It wakes only for a key or the next second and
/// draws only what changed, so an idle list costs next to nothing.
public final class TerminalApp {
  /// What the composition root decides about the app's look.
  public struct Configuration: Sendable {
    /// What is open, for the title bar (the vault's path, or the demo).
    public var title: String
    /// Where settings are kept, shown on the settings screen.
    public var settingsNote: String
    /// False for a monochrome screen even when the terminal has colours (`NO_COLOR`).
    public var useColor: Bool

    /// Collects the options.
    public init(title: String, settingsNote: String, useColor: Bool) {
      self.title = title
      self.settingsNote = settingsNote
      self.useColor = useColor
    }
  }

  private let store: AppStore
  private let milliseconds: () -> Int64
  private let vaultChanged: () -> Bool
  private let useColor: Bool
  private var context: ViewContext
  private var second: Int64 = 0

  /// An app over `store`; `milliseconds` is the current Unix time in milliseconds, and
  /// `vaultChanged` tells, once a second, whether another process changed the vault.
  public init(
    store: AppStore, configuration: Configuration, milliseconds: @escaping () -> Int64,
    vaultChanged: @escaping () -> Bool = { false }
  ) {
    self.store = store
    self.milliseconds = milliseconds
    self.vaultChanged = vaultChanged
    useColor = configuration.useColor
    context = ViewContext(title: configuration.title, settingsNote: configuration.settingsNote)
  }

  /// Runs until the person quits; the terminal is restored on the way out.
  public func run() throws(TerminalFailure) {
    let screen = try NcursesScreen(useColor: useColor, theme: store.state.settings.settings.theme.rawValue)
    defer { screen.stop() }
    second = milliseconds() / 1000
    store.send(.tick(second))
    store.send(.started)
    while !store.state.shouldQuit {
      draw(on: screen)
      let wait = Int32(1000 - milliseconds() % 1000 + 5)
      var key = screen.readKey(milliseconds: wait)
      tickIfDue()
      var handled = 0
      while let pressed = key, !store.state.shouldQuit, handled < 512 {
        handle(pressed, on: screen)
        handled += 1
        tickIfDue()
        key = screen.readKey(milliseconds: 0)
      }
    }
    if let pending = store.state.accounts.clipboard { store.send(.tick(pending.at)) }
  }

  private func tickIfDue() {
    let now = milliseconds() / 1000
    guard now != second else { return }
    second = now
    if vaultChanged() { store.send(.vaultChangedOnDisk) }
    store.send(.tick(now))
  }

  private func handle(_ key: Key, on screen: NcursesScreen) {
    switch key {
    case .resize, .control("l"):
      screen.invalidate()
      return
    default:
      break
    }
    let size = screen.size
    let height = size.height
    if store.state.coordinator.current == .help { scrollHelp(key, size: size) }
    store.send(.keyPressed(at: second))
    let actions = KeyMap.actions(for: key, in: store.state, pageSize: AccountsView.listHeight(height))
    for action in actions {
      if action == .unlock(.submitted), !store.state.unlock.password.isEmpty {
        context.busy = "Opening the vault…"
        draw(on: screen)
        context.busy = nil
      }
      store.send(action)
    }
  }

  private func scrollHelp(_ key: Key, size: (width: Int, height: Int)) {
    let page = HelpView.visibleRows(size.height)
    let count = HelpView.lines(width: size.width).count
    switch key {
    case .up, .character("k"): context.helpTop -= 1
    case .down, .character("j"): context.helpTop += 1
    case .pageUp, .control("b"): context.helpTop -= page
    case .pageDown, .control("f"), .character(" "): context.helpTop += page
    case .home, .character("g"): context.helpTop = 0
    case .end, .character("G"): context.helpTop = count
    default: return
    }
    context.helpTop = max(0, min(context.helpTop, count - page))
  }

  private func draw(on screen: NcursesScreen) {
    let state = store.state
    screen.use(theme: state.settings.settings.theme.rawValue)
    let (width, height) = screen.size
    var rows: [AccountRow]?
    if state.coordinator.current == .accounts {
      let shown = state.accounts.rows
      let index = AccountsView.selectedIndex(state.accounts, rows: shown) ?? 0
      context.listTop = AccountsView.top(
        previous: context.listTop, selected: index, count: shown.count,
        visible: AccountsView.listHeight(height))
      rows = shown
    }
    if state.coordinator.current == .help {
      let count = HelpView.lines(width: width).count
      context.helpTop = max(0, min(context.helpTop, count - HelpView.visibleRows(height)))
    }
    screen.draw(ScreenRenderer.render(state, rows: rows, context: context, width: width, height: height))
  }
}
