import Domain

/// The use cases of one opened vault, bound to its repository.
public struct VaultServices: Sendable {
  /// Loads the contents.
  public var load: @Sendable () throws(DomainError) -> VaultContents
  /// Adds an account.
  public var add: @Sendable (NewAccount) throws(DomainError) -> Account
  /// Edits an account.
  public var edit: @Sendable (Account.ID, EditAccount.Changes) throws(DomainError) -> Account
  /// Removes an account.
  public var remove: @Sendable (Account.ID) throws(DomainError) -> Void
  /// Flips the favorite flag.
  public var toggleFavorite: @Sendable (Account.ID) throws(DomainError) -> Void
  /// Sets an account's icon, or removes it with nil; the account as saved.
  public var setIcon: @Sendable (Account.ID, AccountIcon?) throws(DomainError) -> Account
  /// Advances an HOTP counter (saved first) and returns the code.
  public var nextHOTP: @Sendable (Account.ID) throws(DomainError) -> String
  /// The codes of accounts at a time, computed where their secrets are.
  public var codes: @Sendable ([Account], Int64) throws(DomainError) -> [AccountCode]
  /// How many Syncthing conflict copies of the vault wait beside it to be merged.
  public var conflictCopies: @Sendable () -> Int
  /// The problem that stopped the last sync without being asked (`SOURCE: what (since TIME)`),
  /// nil when there is none.
  public var syncProblem: @Sendable () -> String?
  /// Imports candidates (`skipBad`, `dryRun`), or says what would have happened when refused.
  public var importAccounts:
    @Sendable ([ImportCandidate], Bool, Bool) throws(DomainError) -> Result<
      ImportReport, ImportAccounts.Refused
    >

  /// The use cases over `repository`; `conflictCopies` counts the copies waiting beside its file,
  /// `syncProblem` reads what stopped its last sync without being asked.
  public init(
    repository: any VaultRepository, ids: IdentifierSource,
    conflictCopies: @escaping @Sendable () -> Int = { 0 },
    syncProblem: @escaping @Sendable () -> String? = { nil }
  ) {
    self.conflictCopies = conflictCopies
    self.syncProblem = syncProblem
    load = { () throws(DomainError) in try repository.load() }
    add = { (new) throws(DomainError) in try AddAccount(repository: repository, ids: ids)(new) }
    edit = { (id, changes) throws(DomainError) in
      try EditAccount(repository: repository, ids: ids)(id, changes)
    }
    remove = { (id) throws(DomainError) in try RemoveAccount(repository: repository)(id) }
    toggleFavorite = { (id) throws(DomainError) in try ToggleFavorite(repository: repository)(id) }
    setIcon = { (id, icon) throws(DomainError) in
      try repository.perform(.setIcon(id, icon), ids: ids).account()
    }
    nextHOTP = { (id) throws(DomainError) in try NextHOTPCode(repository: repository)(id) }
    importAccounts = { (candidates, skipBad, dryRun) throws(DomainError) in
      try ImportAccounts(repository: repository, ids: ids)(candidates, skipBad: skipBad, dryRun: dryRun)
    }
    codes = { (accounts, time) throws(DomainError) in try repository.codes(of: accounts, at: time, next: true)
    }
  }
}

/// The clipboard as the app needs it.
public struct ClipboardPort: Sendable {
  /// Copies text and returns the tool's name, or throws a sentence saying why not.
  public var copy: @Sendable (String) throws(ClipboardFailure) -> String
  /// Clears the clipboard if it still holds `text`.
  public var clear: @Sendable (_ ifStill: String) -> Void

  /// Wraps a copy and a clear.
  public init(
    copy: @escaping @Sendable (String) throws(ClipboardFailure) -> String,
    clear: @escaping @Sendable (String) -> Void
  ) {
    self.copy = copy
    self.clear = clear
  }
}

/// Why a copy did not happen, for the status line.
public struct ClipboardFailure: Error, Equatable, Sendable {
  /// One sentence for people.
  public var message: String
  /// Wraps a sentence.
  public init(_ message: String) { self.message = message }
}

/// Why a file cannot be an account's icon, for the details' status line.
public struct IconFailure: Error, Equatable, Sendable {
  /// One sentence for people.
  public var message: String
  /// Wraps a sentence.
  public init(_ message: String) { self.message = message }
}

/// The vault's key in the login keyring ("Unlock with the login keyring"), kept and removed as
/// `twofold keyring enable|disable` does; never prompting for the keyring.
public struct KeyringPort: Sendable {
  /// Whether the keyring holds the vault's key; nil when there is no keyring to ask.
  public var status: @Sendable () -> Bool?
  /// Whether keeping the key needs the vault's password: the vault was not opened here (its
  /// secrets are with the agent, which hands its key to no one), as for an export.
  public var needsPassword: @Sendable () -> Bool
  /// Keeps the vault's key in the keyring, with the vault's password when `needsPassword`, or
  /// says why not.
  public var enable: @Sendable (_ vaultPassword: [UInt8]?) -> Result<Void, ClipboardFailure>
  /// Removes the vault's key from the keyring, or says why not.
  public var disable: @Sendable () -> Result<Void, ClipboardFailure>

  /// Wraps a status, whether a password is needed, an enable and a disable.
  public init(
    status: @escaping @Sendable () -> Bool?, needsPassword: @escaping @Sendable () -> Bool,
    enable: @escaping @Sendable (_ vaultPassword: [UInt8]?) -> Result<Void, ClipboardFailure>,
    disable: @escaping @Sendable () -> Result<Void, ClipboardFailure>
  ) {
    self.status = status
    self.needsPassword = needsPassword
    self.enable = enable
    self.disable = disable
  }

  /// No keyring: the setting is not offered.
  public static let unavailable = KeyringPort(
    status: { nil }, needsPassword: { false },
    enable: { _ in .failure(ClipboardFailure("The login keyring is not available here.")) },
    disable: { .failure(ClipboardFailure("The login keyring is not available here.")) })
}

/// Everything the store needs from outside; built once by the composition root.
public struct AppDependencies: Sendable {
  /// Opens the vault with a password (for the demo: ignores it).
  public var unlock: @Sendable (_ password: [UInt8]) throws(DomainError) -> VaultServices
  /// The clipboard.
  public var clipboard: ClipboardPort
  /// Where settings are kept.
  public var settings: SettingsRepository
  /// Draws a text as a QR code, or says why it cannot.
  public var renderQR: @Sendable (String) -> Result<QRCode, ClipboardFailure>
  /// Writes an export of `contents` (nil when the secrets stay with the agent: the vault file is
  /// then opened with the request's password); the path written, or why not.
  public var export: @Sendable (ExportFeature.Request, VaultContents?) -> Result<String, ClipboardFailure>
  /// Reads another app's export (with its password when given): its entries, or why not.
  public var readImport: @Sendable (_ file: String, _ password: String?) -> ImportFeature.Read
  /// Reads the account of the one Key URI QR code at a source, or says why not.
  public var scanQR: @Sendable (EditorFeature.QRSource) -> Result<NewAccount, ClipboardFailure>
  /// The vault's key in the login keyring.
  public var keyring: KeyringPort
  /// The icons of the installed packs to offer for an account of this issuer, the matching ones first.
  public var iconChoices: @Sendable (_ issuer: String) -> [IconChoice]
  /// Reads an image file (a pack's or one chosen by the person) as an icon, or says why not.
  public var loadIcon: @Sendable (_ path: String) -> Result<AccountIcon, IconFailure>

  /// Collects the dependencies.
  public init(
    unlock: @escaping @Sendable ([UInt8]) throws(DomainError) -> VaultServices, clipboard: ClipboardPort,
    settings: SettingsRepository, renderQR: @escaping @Sendable (String) -> Result<QRCode, ClipboardFailure>,
    scanQR: @escaping @Sendable (EditorFeature.QRSource) -> Result<NewAccount, ClipboardFailure> = { _ in
      .failure(ClipboardFailure("Reading QR codes is not available here: paste the Key URI."))
    },
    readImport: @escaping @Sendable (String, String?) -> ImportFeature.Read = { _, _ in
      .failed("Importing is not available here: use 'twofold import'.")
    },
    export: @escaping @Sendable (ExportFeature.Request, VaultContents?) -> Result<String, ClipboardFailure> =
      {
        _, _ in .failure(ClipboardFailure("Exporting is not available here: use 'twofold export'."))
      },
    keyring: KeyringPort = .unavailable,
    iconChoices: @escaping @Sendable (String) -> [IconChoice] = { _ in [] },
    loadIcon: @escaping @Sendable (String) -> Result<AccountIcon, IconFailure> = { _ in
      .failure(IconFailure("Icons are not available here."))
    }
  ) {
    self.keyring = keyring
    self.iconChoices = iconChoices
    self.loadIcon = loadIcon
    self.export = export
    self.readImport = readImport
    self.scanQR = scanQR
    self.unlock = unlock
    self.clipboard = clipboard
    self.settings = settings
    self.renderQR = renderQR
  }
}
