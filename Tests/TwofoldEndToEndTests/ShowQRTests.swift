import Foundation
import TestSupport
import Testing

/// `show QUERY --qr`: the Key URI as a QR code in half blocks, or how to install libqrencode.
@Suite("show --qr")
struct ShowQRTests {
  /// `show Deno --qr` on a new vault holding one account.
  func showQR() throws -> TwofoldProcess.Output {
    let folder = try TemporaryDirectory()
    let environment = ["XDG_DATA_HOME": folder.path("data"), "TWOFOLD_PASSWORD": "correct horse"]
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
    let uri = "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno"
    #expect(try TwofoldProcess.run(["add", "--uri", uri], environment: environment).status == 0)
    return try TwofoldProcess.run(["show", "Deno", "--qr"], environment: environment)
  }

  @Test("show --qr draws a square code and not the secret", .requires(.qrencode))
  func draws() throws {
    let output = try showQR()
    #expect(output.status == 0)
    let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let width = lines.first?.count ?? 0
    #expect(width >= 25)
    #expect(lines.allSatisfy { $0.count == width })
    #expect(lines.count == (width + 1) / 2)
    #expect(output.stdout.contains("█▀▀▀▀▀█"))
    #expect(!output.stdout.contains("4SJHB4GSD43FZBAI7C2HLRJGPQ"))
  }

  // Twofold finds libqrencode by the system's search, so only a machine without it shows this.
  @Test(
    "without libqrencode, show --qr fails and says how to install it",
    .enabled(
      if: !OptionalDependency.qrencode.isInstalled,
      "libqrencode is installed, so its absence cannot be shown here (Scripts/test-fresh-machine.sh hides it)"
    ))
  func explainsMissingLibrary() throws {
    let output = try showQR()
    #expect(output.status == 1)
    #expect(output.stderr.contains("apt-get install libqrencode4"))
    #expect(output.stdout.isEmpty)
  }
}
