import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run-time library Twofold loads with `dlopen` for an optional feature, or a program a test
/// drives (tmux, groff, man, zsh, fish): a test that needs one is skipped where it is absent
/// (`.requires(_:)`), saying which package to install. CI installs them all and fails on any such skip (`.ci/run`).
public struct OptionalDependency: Equatable, Sendable {
  /// What is missing, as the skip reason names it.
  public let name: String
  /// The Debian package that installs it.
  public let package: String
  /// The names it is loaded by, the same ones and in the order the product tries (empty for a program).
  public let libraryNames: [String]
  /// Whether it is there: one of `libraryNames` loads, or the program is on `PATH`.
  public let isInstalled: Bool

  /// Starts every skip reason, so CI can tell such skips from others in the test output (the
  /// phrase appears nowhere else in it; "optional: " did, in the descriptions of test arguments).
  public static let skipMarker = "missing optional dependency: "

  /// Why a test that needs it is skipped.
  public var skipReason: Comment {
    Comment(rawValue: "\(Self.skipMarker)\(name) (apt-get install \(package))")
  }

  private init(_ name: String, package: String, libraryNames: [String]) {
    self.name = name
    self.package = package
    self.libraryNames = libraryNames
    isInstalled = libraryNames.contains { name in
      guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { return false }
      dlclose(handle)
      return true
    }
  }

  private init(program: String, package: String) {
    name = program
    self.package = package
    libraryNames = []
    isInstalled = Self.onPath(program) != nil
  }

  /// libzip, for Authenticator Plus backups (`ZipArchive.libraryNames`).
  public static let zip = OptionalDependency(
    "libzip", package: "libzip4",
    libraryNames: ["libzip.so.5", "libzip.so.4", "libzip.5.dylib", "libzip.4.dylib"])
  /// libargon2, for Stratum's Argon2id backups (`Argon2.libraryNames`).
  public static let argon2 = OptionalDependency(
    "libargon2", package: "libargon2-1", libraryNames: ["libargon2.so.1", "libargon2.1.dylib"])
  /// libzbar, for reading QR screenshots (`LibZBar.libraryNames`).
  public static let zbar = OptionalDependency(
    "libzbar", package: "libzbar0", libraryNames: ["libzbar.so.0", "libzbar.0.dylib", "libzbar.dylib"])
  /// libpng, for PNG screenshots (`LibZBar.pngLibraryNames`).
  public static let png = OptionalDependency(
    "libpng", package: "libpng16-16",
    libraryNames: ["libpng16.so.16", "libpng16.16.dylib", "libpng16.dylib"])
  /// libturbojpeg, for JPEG screenshots (`LibZBar.jpegLibraryNames`).
  public static let turboJPEG = OptionalDependency(
    "libturbojpeg", package: "libturbojpeg0",
    libraryNames: ["libturbojpeg.so.0", "libturbojpeg.0.dylib", "libturbojpeg.dylib"])
  /// libqrencode, for drawing QR codes (`LibQRencode.libraryNames`).
  public static let qrencode = OptionalDependency(
    "libqrencode", package: "libqrencode4",
    libraryNames: ["libqrencode.so.4", "libqrencode.so", "libqrencode.4.dylib", "libqrencode.dylib"])
  /// tmux, which the terminal app's end-to-end tests drive.
  public static let tmux = OptionalDependency(program: "tmux", package: "tmux")

  /// groff, which renders the manual page (`twofold help --man`).
  public static let groff = OptionalDependency(program: "groff", package: "groff-base")
  /// man-db's `man`, which lintian runs on manual pages.
  public static let man = OptionalDependency(program: "man", package: "man-db")
  /// zsh, which checks the zsh completion script.
  public static let zsh = OptionalDependency(program: "zsh", package: "zsh")
  /// fish, which checks and runs the fish completion script.
  public static let fish = OptionalDependency(program: "fish", package: "fish")
  /// Syncthing, two instances of which carry the shared vault in the sync test between devices.
  public static let syncthing = OptionalDependency(program: "syncthing", package: "syncthing")

  /// The path of `program` on `PATH`, or nil.
  public static func path(of program: String) -> String? { onPath(program) }

  /// Xvfb, the X server in memory the typing and screen tests show windows on.
  public static let xvfb = OptionalDependency(program: "Xvfb", package: "xvfb")
  /// xdotool, the X11 typing tool `--type` runs (and the tests use to focus a window).
  public static let xdotool = OptionalDependency(program: "xdotool", package: "xdotool")
  /// xterm, the window the typing test types into.
  public static let xterm = OptionalDependency(program: "xterm", package: "xterm")
  /// maim, the X11 screenshot tool `--from-screen` runs.
  public static let maim = OptionalDependency(program: "maim", package: "maim")
  /// feh, which shows the QR code the screen test reads back.
  public static let feh = OptionalDependency(program: "feh", package: "feh")
  /// qrencode, the program that draws the QR code the screen test shows.
  public static let qrencodeProgram = OptionalDependency(program: "qrencode", package: "qrencode")

  /// sway (and its swaymsg), the Wayland compositor the Wayland desktop tests run headless.
  public static let sway = OptionalDependency(program: "sway", package: "sway")
  /// foot, the Wayland terminal the Wayland tests type into and show a QR code in.
  public static let foot = OptionalDependency(program: "foot", package: "foot")
  /// fuzzel, the Wayland menu `pick` runs in the Wayland tests.
  public static let fuzzel = OptionalDependency(program: "fuzzel", package: "fuzzel")
  /// wtype, the Wayland typing tool `--type` runs (and the Wayland tests press keys with).
  public static let wtype = OptionalDependency(program: "wtype", package: "wtype")
  /// wl-clipboard's wl-copy, which `--copy` runs under Wayland, and wl-paste, which reads it back.
  public static let wlClipboard = OptionalDependency(program: "wl-paste", package: "wl-clipboard")
  /// grim, the Wayland screenshot tool `--from-screen` runs.
  public static let grim = OptionalDependency(program: "grim", package: "grim")
  /// GTK 3's introspection data for Debian's python3: the GTK 3 entry the Wayland tests type into.
  public static let gtk3Python = OptionalDependency(
    "GTK 3 for python3", package: "python3-gi gir1.2-gtk-3.0",
    isInstalled: succeeds("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '3.0')"]))

  /// dbus-run-session, which gives the desktop app's tests a private session bus.
  public static let dbusRunSession = OptionalDependency(program: "dbus-run-session", package: "dbus")
  /// GLib's gdbus, which calls the search provider's methods as a shell would.
  public static let gdbus = OptionalDependency(program: "gdbus", package: "libglib2.0-bin")
  /// GIO for Debian's python3: the notification server the search provider's tests stand up.
  public static let gioPython = OptionalDependency(
    "GIO for python3", package: "python3-gi",
    isInstalled: succeeds("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gio', '2.0')"]))
  /// Chromium, the browser the extension's tests (`Apps/Browser/Tests`) run headless.
  public static let chromium = OptionalDependency(program: "chromium", package: "chromium")
  /// chromedriver, through which Selenium drives Chromium.
  public static let chromedriver = OptionalDependency(program: "chromedriver", package: "chromium-driver")
  /// Selenium for Debian's python3, which drives Chromium in the extension's tests.
  public static let seleniumPython = OptionalDependency(
    "Selenium for python3", package: "python3-selenium",
    isInstalled: succeeds("/usr/bin/python3", ["-c", "import selenium.webdriver.chrome.service"]))
  /// libsecret, through which the login keyring keeps the vault's key (`LibSecret.libraryNames`).
  public static let libsecret = OptionalDependency(
    "libsecret", package: "libsecret-1-0",
    libraryNames: ["libsecret-1.so.0", "libsecret-1.so", "libsecret-1.0.dylib", "libsecret-1.dylib"])
  /// gnome-keyring's daemon, the Secret Service the keyring tests run on a private session bus.
  public static let gnomeKeyring = OptionalDependency(
    program: "gnome-keyring-daemon", package: "gnome-keyring")
  /// dbus-daemon, the private session bus of the keyring tests (dbus-send asks it and the keyring).
  public static let dbusDaemon = OptionalDependency(program: "dbus-daemon", package: "dbus")
  /// secret-tool, with which the keyring tests look at and damage the item.
  public static let secretTool = OptionalDependency(program: "secret-tool", package: "libsecret-tools")

  /// Debian's copy of the Public Suffix List, which the browser host reads and the suffix tests
  /// check against.
  public static let publicSuffixList = OptionalDependency(
    "/usr/share/publicsuffix/public_suffix_list.dat", package: "publicsuffix",
    isInstalled: ((try? FileManager.default.attributesOfItem(
      atPath: "/usr/share/publicsuffix/public_suffix_list.dat")[.size] as? Int) ?? 0) > 0)

  /// ImageMagick's import, which takes the desktop tests' screenshots.
  public static let imageMagick = OptionalDependency(program: "import", package: "imagemagick")
  /// xsel, which reads the clipboard back in the desktop tests.
  public static let xsel = OptionalDependency(program: "xsel", package: "xsel")
  /// libatspi's and GTK 4's introspection data for Debian's python3, which drives the desktop
  /// app through the accessibility bus.
  public static let atspiPython = OptionalDependency(
    "AT-SPI for python3", package: "python3-gi gir1.2-atspi-2.0 gir1.2-gtk-4.0 at-spi2-core",
    isInstalled: succeeds(
      "/usr/bin/python3",
      ["-c", "import gi; gi.require_version('Atspi', '2.0'); gi.require_version('Gdk', '4.0')"]))

  /// libpcsclite, through which Twofold reaches hardware keys (`LibPCSCLite.libraryNames`).
  public static let pcsclite = OptionalDependency(
    "libpcsclite", package: "libpcsclite1", libraryNames: ["libpcsclite.so.1", "libpcsclite.so"])
  /// pcscd, the PC/SC daemon each hardware-key test runs privately.
  public static let pcscd = OptionalDependency(
    "pcscd", package: "pcscd", isInstalled: FileManager.default.isExecutableFile(atPath: "/usr/sbin/pcscd"))
  /// vsmartcard's virtual reader, the driver pcscd loads for the emulated YubiKey.
  public static let vpcd = OptionalDependency(
    "vpcd", package: "vsmartcard-vpcd",
    isInstalled: FileManager.default.fileExists(atPath: "/usr/lib/pcsc/drivers/serial/libifdvpcd.so"))
  /// vsmartcard's card framework for Debian's python3, on which the emulated YubiKey runs.
  public static let virtualSmartcardPython = OptionalDependency(
    "virtualsmartcard for python3", package: "python3-virtualsmartcard",
    isInstalled: FileManager.default.fileExists(
      atPath: "/usr/lib/python3/site-packages/virtualsmartcard/virtualsmartcard/VirtualSmartcard.py"))
  /// unshare, which gives each hardware-key test's pcscd private mount and network namespaces.
  public static let unshare = OptionalDependency(program: "unshare", package: "util-linux")
  /// ip, which brings up the loopback of that private network namespace.
  public static let ip = OptionalDependency(
    "ip", package: "iproute2",
    isInstalled: ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    })
  /// Yubico's ykman, which writes on the emulated key in the interoperability test.
  public static let ykman = OptionalDependency(program: "ykman", package: "yubikey-manager")

  private init(_ name: String, package: String, isInstalled: Bool) {
    self.name = name
    self.package = package
    libraryNames = []
    self.isInstalled = isInstalled
  }

  /// Whether `program` with `arguments` runs and exits 0.
  private static func succeeds(_ program: String, _ arguments: [String]) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: program) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// The first executable `program` on `PATH`, or nil (for the tests that start one).
  public static func program(_ program: String) -> String? { onPath(program) }

  /// tmux's path, found on `PATH`, or nil.
  public static let tmuxProgram = onPath("tmux")

  /// The first executable `program` in the folders of `PATH`.
  private static func onPath(_ program: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only where `dependency` is installed; elsewhere skips it with its reason.
  public static func requires(
    _ dependency: OptionalDependency, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    .enabled(if: dependency.isInstalled, dependency.skipReason, sourceLocation: sourceLocation)
  }
}
