import Domain

/// The screens of the app.
public enum Route: Equatable, Sendable {
  /// Password entry.
  case unlock
  /// The list of accounts with their codes.
  case accounts
  /// Add (nil) or edit an account.
  case editor(Account.ID?)
  /// One account's details, QR code and URI.
  case details(Account.ID)
  /// Preferences.
  case settings
  /// Every key binding.
  case help
}

/// A change of screen a feature asks for; the app feature applies it to the coordinator.
public enum Navigation: Equatable, Sendable {
  /// Show a screen on top of the current one.
  case push(Route)
  /// Go back one screen.
  case pop
}

/// Owns the stack of screens (unlock → accounts → editor / details / settings / help).
/// Screens never construct each other; they ask for a `Navigation`.
public struct Coordinator: Equatable, Sendable {
  /// The screens, bottom first.
  public private(set) var stack: [Route]

  /// Starts on `root`.
  public init(root: Route) { stack = [root] }

  /// The screen on top.
  public var current: Route { stack[stack.count - 1] }

  /// Applies a navigation; the root is never popped.
  public mutating func apply(_ navigation: Navigation) {
    switch navigation {
    case .push(let route): if route != current { stack.append(route) }
    case .pop: if stack.count > 1 { stack.removeLast() }
    }
  }

  /// Replaces the whole stack with one screen (after unlocking, or when locking).
  public mutating func reset(to route: Route) { stack = [route] }
}
