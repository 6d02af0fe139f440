import Domain
import OTP

/// One account's details; its QR code and Key URI appear only on explicit request. The icon is
/// chosen from the installed packs or a file, or removed; deleting asks for a confirmation first.
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
    /// Why the QR code cannot be drawn (a missing library and how to install it), or what
    /// became of an icon or a deletion.
    public var message: String?
    /// The pack icons offered while the icon chooser is open (empty: no pack installed); nil when closed.
    public var iconChoices: [IconChoice]?
    /// Whether the deletion waits for a confirmation.
    public var confirmingDelete = false

    /// Details of `account`.
    public init(account: Account, groupNames: [String]) {
      self.account = account
      self.groupNames = groupNames
    }

    /// The account's icon; nil draws the issuer's initials.
    public var icon: AccountIcon? { account.icon }

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
    /// The icon chooser opened: the packs' icons are listed.
    case iconChoiceRequested
    case iconChoicesListed([IconChoice])
    /// The icon chooser closed without a choice.
    case iconChoiceCancelled
    /// A pack's icon chosen.
    case iconChosen(IconChoice)
    /// An image file chosen as the icon.
    case iconFileChosen(String)
    /// A chosen file was read as an icon.
    case iconLoaded(AccountIcon)
    /// Remove the icon (the issuer's initials are drawn again).
    case iconRemoved
    /// The icon was saved (or removed): the account as saved.
    case iconSaved(Account)
    /// An icon could not be read or saved; the sentence says why.
    case iconFailed(String)
    case deleteRequested
    case deleteConfirmed
    case deleteCancelled
    /// The deletion failed; the sentence says why.
    case deleteFailed(String)
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    case renderQR(String)
    case navigate(Navigation)
    /// List the packs' icons for an issuer (`AppDependencies.iconChoices`).
    case listIconChoices(issuer: String)
    /// Read an image file as an icon (`AppDependencies.loadIcon`).
    case loadIcon(path: String)
    /// Save the account's icon, or remove it with nil (`VaultServices.setIcon`).
    case saveIcon(Account.ID, AccountIcon?)
    /// Delete the account (`VaultServices.remove`; the list then says so).
    case delete(Account.ID)
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
      state.iconChoices = nil
      state.confirmingDelete = false
      return [.navigate(.pop)]
    case .iconChoiceRequested:
      return [.listIconChoices(issuer: state.account.issuer)]
    case .iconChoicesListed(let choices):
      state.iconChoices = choices
      return []
    case .iconChoiceCancelled:
      state.iconChoices = nil
      return []
    case .iconChosen(let choice):
      state.iconChoices = nil
      return [.loadIcon(path: choice.path)]
    case .iconFileChosen(let path):
      state.iconChoices = nil
      return [.loadIcon(path: path)]
    case .iconLoaded(let icon):
      return [.saveIcon(state.account.id, icon)]
    case .iconRemoved:
      state.iconChoices = nil
      guard state.account.icon != nil else { return [] }
      return [.saveIcon(state.account.id, nil)]
    case .iconSaved(let account):
      guard account.id == state.account.id else { return [] }
      state.account = account
      state.message = account.icon == nil ? "Icon removed." : "Icon saved."
      return []
    case .iconFailed(let message):
      state.message = message
      return []
    case .deleteRequested:
      state.confirmingDelete = true
      return []
    case .deleteConfirmed:
      guard state.confirmingDelete else { return [] }
      state.confirmingDelete = false
      return [.delete(state.account.id)]
    case .deleteCancelled:
      state.confirmingDelete = false
      return []
    case .deleteFailed(let message):
      state.message = message
      return []
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
