import Foundation
import TestSupport
import Testing

/// A vault with an HOTP account (RFC 4226: counter 0 gives 755224, then 287082), a TOTP account
/// in a group and a favorite, and a folder for the stand-in menus and tools a test writes.
final class DesktopVault {
  /// RFC 4226 Appendix D's secret in Base32.
  static let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
  /// The HOTP codes of counters 0 and 1.
  static let codes = ["755224", "287082"]

  let folder: TemporaryDirectory
  /// The variables every run gets: the vault, its password, and `PATH` with `bin` first.
  var environment: [String: String]

  init() throws {
    folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
    environment = [
      "TWOFOLD_VAULT": folder.path("vault.json"), "TWOFOLD_PASSWORD": "correct horse",
      "PATH": folder.path("bin") + ":/usr/bin:/bin", "TWOFOLD_TYPE_DELAY_MS": "0",
    ]
    #expect(try run(["init"]).status == 0)
    for add in [
      ["--issuer", "RFC", "--name", "4226", "--type", "hotp", "--secret", Self.secret],
      [
        "--issuer", "Example", "--name", "alice@example.com", "--secret", "JBSWY3DPEHPK3PXP", "--group",
        "Work",
      ],
      ["--issuer", "Zed", "--name", "z", "--secret", "KRSXG5CTMVRXEZLU", "--favorite"],
    ] {
      #expect(try run(["add"] + add).status == 0)
    }
  }

  /// Runs `twofold arguments…` with `environment` and `extra`.
  func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(arguments, environment: environment.merging(extra) { $1 })
  }

  /// Writes an executable `/bin/sh` script into `bin` and returns its path.
  @discardableResult
  func script(_ name: String, _ body: String) throws -> String {
    try folder.script("bin/\(name)", body)
  }

  /// The text of a file in the folder; nil when there is none.
  func read(_ name: String) -> String? {
    (try? Data(contentsOf: URL(fileURLWithPath: folder.path(name)))).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// A menu that saves what it was offered to `offered`, its arguments to `arguments`, and
  /// prints the first line offered that contains `choice` (nothing when nil), exiting `status`.
  func menu(choosing choice: String?, status: Int = 0) throws -> String {
    let pick = choice.map { "grep -F -m 1 -- '\($0)' \"$here/offered\"" } ?? ":"
    return try script(
      "menu",
      """
      here="$(dirname "$0")/.."
      printf '%s\\n' "$#" "$@" > "$here/arguments"
      cat > "$here/offered"
      \(pick)
      exit \(status)
      """)
  }
}
