// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Twofold",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "OTP", targets: ["OTP"]),
    .library(name: "Crypto", targets: ["Crypto"]),
    .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
    // What a front end of its own package (Apps/Desktop) builds on.
    .library(name: "Domain", targets: ["Domain"]),
    .library(name: "Presentation", targets: ["Presentation"]),
    .library(name: "Infrastructure", targets: ["Infrastructure"]),
    .library(name: "AppSession", targets: ["AppSession"]),
    .library(name: "Agent", targets: ["Agent"]),
    .library(name: "Data", targets: ["Data"]),
    // The skips for optional programs and libraries, shared with the desktop package's tests.
    .library(name: "TestSupport", targets: ["TestSupport"]),
    .executable(name: "twofold", targets: ["twofold"]),
    .executable(name: "twofold-bench", targets: ["twofold-bench"]),
  ],
  targets: [
    .systemLibrary(
      name: "COpenSSL",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    // `dlopen` in one place, below every target that loads a library at run time.
    .target(name: "DynamicLibraries"),
    .target(name: "Crypto", dependencies: ["COpenSSL", "DynamicLibraries"]),
    .target(name: "OTP", dependencies: ["Crypto"]),
    // Yubico's YKOATH applet protocol, pure: APDUs, TLVs, names, secrets, challenge/response.
    .target(name: "YKOATH", dependencies: ["Crypto"]),
    .target(name: "Domain", dependencies: ["OTP"]),
    .target(name: "Codecs"),
    .target(name: "Data", dependencies: ["Domain", "OTP", "Crypto", "Codecs"]),
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .target(
      name: "Formats", dependencies: ["Domain", "OTP", "Crypto", "Codecs", "CSQLite", "DynamicLibraries"]),
    .target(name: "CProcessControl"),
    .target(name: "CUnixSocket"),
    .target(
      name: "Infrastructure",
      dependencies: [
        "Data", "Domain", "OTP", "Crypto", "Codecs", "CProcessControl", "CUnixSocket", "DynamicLibraries",
        "YKOATH",
      ]),
    .target(name: "Presentation", dependencies: ["Domain", "OTP"]),
    .target(name: "Agent", dependencies: ["Domain", "Data", "Infrastructure", "Crypto", "OTP"]),
    .target(
      name: "AppSession",
      dependencies: ["Agent", "Presentation", "Domain", "OTP", "Data", "Formats", "Infrastructure", "Crypto"]),
    .target(name: "BrowserHost", dependencies: ["Domain", "Codecs"]),
    .target(name: "Arguments"),
    .target(name: "FuzzTargets", dependencies: ["OTP", "Domain", "Codecs", "Data", "Formats", "Crypto"]),
    // No pkgConfig: Debian's ncursesw.pc adds -D_DEFAULT_SOURCE and -D_XOPEN_SOURCE=600, which
    // SwiftPM drops with a warning on every build; shim.h defines what the wide functions need
    // and module.modulemap links ncursesw and tinfo, as the .pc file's libraries say.
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]),
    .target(name: "TerminalUI", dependencies: ["Presentation", "CNcurses"]),
    .executableTarget(
      name: "twofold",
      dependencies: [
        "OTP", "Domain", "Data", "Formats", "Codecs", "Infrastructure", "Arguments", "Presentation",
        "TerminalUI", "Agent", "Crypto", "AppSession", "BrowserHost", "YKOATH",
      ],
      exclude: ["link-order.txt"],
      // The crash-consistency tests' fault points (Environment+FaultPoints.swift), only in
      // the debug build `swift test` runs: a release build and the .deb have no test hook.
      swiftSettings: [.define("TWOFOLD_FAULT_POINTS", .when(configuration: .debug))],
      // The release build links with lld, placing the functions a command's start-up and the
      // common commands run (link-order.txt, made by Scripts/make-link-order.sh) side by side:
      // a process faults in fewer pages of the 31 MB executable, so it starts faster and peaks
      // lower (README "By hand"). A name the file lists that the build no longer has is skipped.
      linkerSettings: [
        .unsafeFlags(
          [
            "-use-ld=lld",
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/twofold/link-order.txt",
            "-Xlinker", "--no-warn-symbol-ordering",
          ], .when(platforms: [.linux], configuration: .release))
      ]
    ),
    .target(
      name: "CBenchBaseline",
      linkerSettings: [.linkedLibrary("crypto")]
    ),
    .executableTarget(
      name: "twofold-bench",
      dependencies: ["OTP", "Crypto", "Domain", "CBenchBaseline"]
    ),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "CryptoTests", dependencies: ["Crypto", "TestSupport"]),
    .testTarget(name: "CodecsTests", dependencies: ["Codecs", "TestSupport"]),
    .testTarget(name: "FormatsTests", dependencies: ["Formats", "Domain", "OTP", "Data", "TestSupport"]),
    .testTarget(name: "OTPTests", dependencies: ["OTP", "TestSupport"]),
    .testTarget(name: "YKOATHTests", dependencies: ["YKOATH", "Crypto"]),
    .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
    .testTarget(name: "PresentationTests", dependencies: ["Presentation", "Domain", "OTP"]),
    .testTarget(name: "DomainTests", dependencies: ["Domain", "OTP", "TestSupport"]),
    .testTarget(
      name: "DataTests",
      dependencies: ["Data", "Domain", "OTP", "Crypto", "Codecs", "Infrastructure", "TestSupport"]),
    .testTarget(
      name: "FuzzRegressionTests", dependencies: ["FuzzTargets", "TestSupport"], exclude: ["Inputs"]),
    .testTarget(
      name: "TwofoldEndToEndTests", dependencies: ["twofold", "TestSupport"],
      // The emulated YubiKey the hardware-key tests run under vpcd (HardwareKeyTests.swift).
      exclude: ["Support/oath_card.py"]),
    .testTarget(
      name: "InfrastructureTests",
      dependencies: ["Infrastructure", "Data", "Crypto", "Domain", "OTP", "TestSupport"]),
    .testTarget(
      name: "AgentTests",
      dependencies: ["Agent", "Domain", "OTP", "Data", "Crypto", "Infrastructure", "TestSupport"]),
    .testTarget(
      name: "AppSessionTests",
      dependencies: [
        "AppSession", "Agent", "Data", "Domain", "Crypto", "Infrastructure", "Presentation", "TestSupport",
      ]),
    .testTarget(name: "BrowserHostTests", dependencies: ["BrowserHost", "Domain", "OTP"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Presentation", "Domain", "OTP"]),
  ]
)

for target in package.targets where target.type != .system {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  target.swiftSettings = settings
}
