// swift-tools-version:6.0
// The GTK 4 / libadwaita desktop app. A package of its own, depending on the root package by
// path, so the root package and the README's two commands never need GTK:
//   swift build -c release --package-path Apps/Desktop --product twofold-desktop
import PackageDescription

let package = Package(
  name: "TwofoldDesktop",
  products: [
    .executable(name: "twofold-desktop", targets: ["twofold-desktop"]),
    // The desktop's own search (GNOME Shell, KRunner) over D-Bus; CLI.md, "Desktop search".
    .executable(name: "twofold-search-provider", targets: ["twofold-search-provider"]),
  ],
  dependencies: [.package(name: "Twofold", path: "../..")],
  targets: [
    .systemLibrary(
      name: "CAdwaita",
      pkgConfig: "libadwaita-1",
      providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]
    ),
    // GIO alone (GDBus), without GTK: the search provider starts on every search.
    .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
    // librsvg, to draw accounts' SVG icons at the size of a row (CLI.md, "The desktop window").
    .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
    .target(
      name: "SearchProvider",
      dependencies: [
        "CGio",
        .product(name: "Domain", package: "Twofold"),
        .product(name: "OTP", package: "Twofold"),
        .product(name: "Presentation", package: "Twofold"),
      ]
    ),
    .executableTarget(
      name: "twofold-search-provider",
      dependencies: [
        "SearchProvider",
        .product(name: "AppSession", package: "Twofold"),
        .product(name: "Agent", package: "Twofold"),
        .product(name: "Domain", package: "Twofold"),
        .product(name: "Infrastructure", package: "Twofold"),
        .product(name: "Presentation", package: "Twofold"),
      ]
    ),
    .target(
      name: "DesktopUI",
      dependencies: [
        "CAdwaita",
        "CRsvg",
        .product(name: "Presentation", package: "Twofold"),
        .product(name: "Domain", package: "Twofold"),
        .product(name: "OTP", package: "Twofold"),
      ]
    ),
    .executableTarget(
      name: "twofold-desktop",
      dependencies: [
        "DesktopUI",
        .product(name: "AppSession", package: "Twofold"),
        .product(name: "Agent", package: "Twofold"),
        .product(name: "Presentation", package: "Twofold"),
        .product(name: "Domain", package: "Twofold"),
        .product(name: "Infrastructure", package: "Twofold"),
        .product(name: "Crypto", package: "Twofold"),
      ]
    ),
    .testTarget(
      name: "DesktopTests",
      dependencies: [
        "twofold-desktop",
        "DesktopUI",
        "CAdwaita",
        .product(name: "Data", package: "Twofold"),
        .product(name: "Domain", package: "Twofold"),
        .product(name: "Crypto", package: "Twofold"),
        .product(name: "Infrastructure", package: "Twofold"),
        .product(name: "TestSupport", package: "Twofold"),
      ]
    ),
    .testTarget(
      name: "SearchProviderTests",
      dependencies: [
        "SearchProvider",
        "twofold-search-provider",
        .product(name: "twofold", package: "Twofold"),
        .product(name: "Domain", package: "Twofold"),
        .product(name: "OTP", package: "Twofold"),
        .product(name: "TestSupport", package: "Twofold"),
      ]
    ),
  ]
)

for target in package.targets where target.type != .system {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  target.swiftSettings = settings
}
