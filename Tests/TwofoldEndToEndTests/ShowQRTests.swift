import Foundation
import TestSupport
import Testing

/// `show QUERY --qr`: the Key URI as a QR code in half blocks, or how to install libqrencode.
@Suite("show --qr")
struct ShowQRTests {
  @Test("show --qr draws a square code, or says how to install libqrencode")
  func drawsOrExplains() throws {
    let folder = try TemporaryDirectory()
    let environment = ["XDG_DATA_HOME": folder.path("data"), "TWOFOLD_PASSWORD": "correct horse"]
    #expect(try TwofoldProcess.run(["init"], environment: environment).status == 0)
    let uri = "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno"
    #expect(try TwofoldProcess.run(["add", "--uri", uri], environment: environment).status == 0)
    let output = try TwofoldProcess.run(["show", "Deno", "--qr"], environment: environment)
    if output.status == 0 {
      let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      let width = lines.first?.count ?? 0
      #expect(width >= 25)
      #expect(lines.allSatisfy { $0.count == width })
      #expect(lines.count == (width + 1) / 2)
      #expect(output.stdout.contains("█▀▀▀▀▀█"))
      #expect(!output.stdout.contains("4SJHB4GSD43FZBAI7C2HLRJGPQ"))
    } else {
      #expect(output.status == 1)
      #expect(output.stderr.contains("apt-get install libqrencode4"))
    }
  }
}
