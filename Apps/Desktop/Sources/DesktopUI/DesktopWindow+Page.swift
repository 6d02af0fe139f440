import Presentation

extension DesktopWindow {
  /// The pages of the window's stack. The shortcuts and the preferences are windows over the
  /// screen below them, so they have no page of their own.
  enum Page: String, CaseIterable {
    case unlock, accounts, editor, details

    /// The page that shows the coordinator's current screen (or, under the shortcuts and the
    /// preferences, the one below it).
    init(_ coordinator: Coordinator) {
      var route = coordinator.current
      if route == .help || route == .settings, coordinator.stack.count > 1 {
        route = coordinator.stack[coordinator.stack.count - 2]
      }
      switch route {
      case .unlock: self = .unlock
      case .accounts, .help, .settings: self = .accounts
      case .editor: self = .editor
      case .details: self = .details
      }
    }

    /// The page's name as a child of the stack.
    var childName: String { rawValue }
  }
}
