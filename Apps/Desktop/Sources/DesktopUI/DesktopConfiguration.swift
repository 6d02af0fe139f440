/// What the composition root decides about the window.
public struct DesktopConfiguration {
  /// The application id (window class, `.desktop` file, AppStream).
  public var applicationID = "io.github.twofold.Twofold"
  /// The release, for "About Twofold" (`Release.version`, as `--version` prints it).
  public var version = ""
  /// What is open, for the subtitle (the vault's path).
  public var vaultLocation: String
  /// Where settings are kept, shown on the settings screen.
  public var settingsNote: String
  /// The current Unix time in milliseconds.
  public var milliseconds: () -> Int64
  /// Whether another process changed the vault since last asked (checked once a second).
  public var vaultChanged: () -> Bool
  /// Called once, when the first frame showing codes has been drawn.
  public var firstCodesDrawn: (() -> Void)?
  /// Called as start-up passes its stages (for the benchmark's breakdown), with the stage's name.
  public var stageReached: ((String) -> Void)?
  /// Text the account list's search starts with (`--search`, from the desktop's own search).
  public var initialSearch: String?

  /// Collects the options.
  public init(
    vaultLocation: String, settingsNote: String, milliseconds: @escaping () -> Int64,
    vaultChanged: @escaping () -> Bool, firstCodesDrawn: (() -> Void)? = nil
  ) {
    self.vaultLocation = vaultLocation
    self.settingsNote = settingsNote
    self.milliseconds = milliseconds
    self.vaultChanged = vaultChanged
    self.firstCodesDrawn = firstCodesDrawn
  }
}
