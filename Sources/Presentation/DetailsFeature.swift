import Domain
import OTP

/// One account's details; its QR code and Key URI appear only on explicit request.
public enum DetailsFeature {
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The account.
    public var account: Account
    /// Its groups' names.
    public var groupNames: [String]
    /// Whether the Key URI (with the secret) is shown.
    public var showsURI = false
    /// The QR code, once drawn.
    public var qr: QRCode?
    /// Why the QR code cannot be drawn (a missing library and how to install it).
    public var message: String?

    /// Details of `account`.
    public init(account: Account, groupNames: [String]) {
      self.account = account
      self.groupNames = groupNames
    }

    /// The account's Key URI.
    public var uri: String {
      KeyURI(issuer: account.issuer, name: account.name, parameters: account.otp).string
    }
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case uriToggled
    case qrRequested
    case qrRendered(QRCode)
    case qrFailed(String)
    case closed
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    case renderQR(String)
    case navigate(Navigation)
  }

  /// What to say when the secret stayed with the agent.
  public static let withheldMessage =
    "The secret stays with the agent: 'twofold show --uri' asks for the password and prints it."

  /// Pure state transition.
  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .uriToggled:
      guard !state.account.otp.isWithheld else {
        state.message = withheldMessage
        return []
      }
      state.showsURI.toggle()
      return []
    case .qrRequested:
      guard !state.account.otp.isWithheld else {
        state.message = withheldMessage
        return []
      }
      if state.qr != nil {
        state.qr = nil
        return []
      }
      return [.renderQR(state.uri)]
    case .qrRendered(let code):
      state.qr = code
      state.message = nil
      return []
    case .qrFailed(let message):
      state.message = message
      return []
    case .closed:
      state.qr = nil
      state.showsURI = false
      return [.navigate(.pop)]
    }
  }
}

/// A QR code's modules, row by row, true for dark.
public struct QRCode: Equatable, Sendable {
  /// Modules per side.
  public var size: Int
  /// `size × size` modules, row-major.
  public var modules: [Bool]

  /// Wraps modules.
  public init(size: Int, modules: [Bool]) {
    self.size = size
    self.modules = modules
  }

  /// Whether the module at (`row`, `column`) is dark; outside the code is light.
  public func isDark(row: Int, column: Int) -> Bool {
    guard row >= 0, column >= 0, row < size, column < size else { return false }
    return modules[row * size + column]
  }
}
