// swift-tools-version:6.0
// The libFuzzer driver over Twofold's fuzz targets. Built only by Scripts/fuzz.sh, with
// `-sanitize=fuzzer,address -parse-as-library`, so the main package's build is untouched.
import PackageDescription

let package = Package(
  name: "TwofoldFuzz",
  dependencies: [.package(name: "Twofold", path: "..")],
  targets: [
    .target(name: "CLibFuzzer"),
    .executableTarget(
      name: "twofold-fuzz",
      dependencies: ["CLibFuzzer", .product(name: "FuzzTargets", package: "Twofold")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
