import Foundation
import FuzzTargets
import TestSupport
import Testing

/// The fuzz targets' checks on the kept findings and on the seed corpus. A broken invariant traps,
/// so a regression here stops the test run with the target's message.
@Suite struct FuzzRegressionTests {
  /// Inputs the fuzzer found that once crashed or hung, in `Inputs/TARGET/`.
  static let inputs: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Inputs")

  /// Every kept input, with the target it belongs to.
  static let kept: [(target: String, file: URL)] = {
    let manager = FileManager.default
    let folders = (try? manager.contentsOfDirectory(atPath: inputs.path)) ?? []
    return folders.sorted().flatMap { target in
      let folder = inputs.appendingPathComponent(target)
      let files = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
      return files.sorted().map { (target, folder.appendingPathComponent($0)) }
    }
  }()

  @Test func everyKeptInputBelongsToATarget() {
    for (target, file) in Self.kept {
      #expect(FuzzTarget.named(target) != nil, "\(file.path) is in a folder that names no target")
    }
  }

  @Test func keptInputsRunCleanly() throws {
    for (name, file) in Self.kept {
      let target = try #require(FuzzTarget.named(name))
      _ = target.check(Array(try Data(contentsOf: file)))
    }
  }

  @Test func targetNamesAreUniqueAndCoverEveryImporter() {
    let names = FuzzTarget.all.map(\.name)
    #expect(Set(names).count == names.count)
    for expected in [
      "key-uri", "base32", "migration", "vault", "json", "import-aegis", "import-2fas", "import-detect",
    ] {
      #expect(names.contains(expected), "no fuzz target \(expected)")
    }
    #expect(names.filter { $0.hasPrefix("import-") }.count >= 19)
  }

  /// Seeds that must get past the parser, so the round trips behind them really run.
  @Test(arguments: [
    ("key-uri", Array("otpauth://totp/ACME:alice?secret=JBSWY3DPEHPK3PXP&issuer=ACME&digits=8".utf8)),
    ("key-uri", Array("otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=5".utf8)),
    ("key-uri", Array("motp://Corp:bob?secret=0123456789abcdef&pin=1234".utf8)),
    ("base32", Array("JBSW Y3DP-EHPK3PXP====".utf8)),
    ("hex", Array("00ff10".utf8)),
    ("account-icon", Array(##"<?xml version="1.0"?><svg viewBox="0 0 1 1"><use href="#a"/></svg>"##.utf8)),
    ("account-icon", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
    ("json", Array(#"{"a":[1,2.50,-0,1e400,"\u00e9\ud83d\ude00"],"b":{"":null}}"#.utf8)),
  ])
  func validSeedsAreAccepted(target name: String, input: [UInt8]) throws {
    let target = try #require(FuzzTarget.named(name))
    #expect(target.check(input))
  }

  @Test(arguments: [
    ("key-uri", Array("otpauth://totp/?secret=1".utf8)),
    ("base32", Array("JBSWY3DP!".utf8)),
    ("hex", Array("0g".utf8)),
    ("json", Array("{".utf8)),
    ("migration", [0xff, 0xff]),
    ("vault", Array("[]".utf8)),
    ("import-detect", []),
  ])
  func invalidInputsAreTurnedAway(target name: String, input: [UInt8]) throws {
    let target = try #require(FuzzTarget.named(name))
    #expect(!target.check(input))
  }

  /// The shared fixtures that the importers read through libzip, swept by their own test.
  static let zipFixtures: Set<String> = ["authenticator_plus.zip"]

  /// Every shared fixture through every target, as the fuzz runner's seeds; each fixture is
  /// accepted by at least the detection target, and the plain vaults by the vault target.
  @Test func sharedFixturesRunThroughEveryTarget() throws {
    guard let root = SharedFixtures.aegis else {
      Issue.record(Comment(rawValue: SharedFixtures.missingMessage))
      return
    }
    let manager = FileManager.default
    let names = try manager.subpathsOfDirectory(atPath: root.path).filter { path in
      var isFolder: ObjCBool = false
      return manager.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
        && !isFolder.boolValue && !path.hasPrefix("expected") && !path.hasPrefix("qr")
        && !path.hasSuffix(".md") && !Self.zipFixtures.contains(path)
    }
    #expect(names.count > 30)
    var acceptedBy: [String: Set<String>] = [:]
    for name in names.sorted() {
      let bytes = Array(try Data(contentsOf: root.appendingPathComponent(name)))
      for target in FuzzTarget.all where target.check(bytes) {
        acceptedBy[name, default: []].insert(target.name)
      }
    }
    for name in [
      "aegis_plain.json", "vault/aegis_plain_grouped_v2.json", "generated/aegis_v3_plain_generated.json",
    ] {
      #expect(acceptedBy[name]?.contains("vault") == true, "\(name) did not open as a vault")
    }
    for name in [
      "2fas_authenticator.json", "andotp_plain.json", "bitwarden.csv", "freeotp_plus.json", "steam.json",
    ] {
      #expect(acceptedBy[name]?.contains("import-detect") == true, "\(name) was not imported")
    }
    #expect(acceptedBy.values.filter { $0.contains("json") }.count >= 10)
  }

  @Test(.requires(.zip)) func zipFixturesRunThroughEveryTarget() throws {
    let root = try #require(SharedFixtures.aegis, Comment(rawValue: SharedFixtures.missingMessage))
    for name in Self.zipFixtures.sorted() {
      let bytes = Array(try Data(contentsOf: root.appendingPathComponent(name)))
      for target in FuzzTarget.all { _ = target.check(bytes) }
    }
  }
}
