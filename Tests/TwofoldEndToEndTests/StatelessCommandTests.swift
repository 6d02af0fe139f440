import TestSupport
import Testing

/// `code --uri` and `verify --uri` run as processes: output, exit statuses, one-line errors.
@Suite("Stateless code and verify")
struct StatelessCommandTests {
  static let deno = "otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&issuer=Deno"

  @Test(
    "code --uri prints the code alone for each type",
    arguments: [
      (deno, "1700000000", "790195"),
      (
        "otpauth://totp/SPDX:James?secret=5OM4WOOGPLQEF6UGN3CPEOOLWU&algorithm=SHA256&digits=7&period=20",
        "1700000000", "9993814"
      ),
      (
        "otpauth://steam/Boeing:Sophia?secret=JRZCL47CMXVOQMNPZR2F7J4RGI&digits=5", "1700000000", "747JR"
      ),
      (
        "otpauth://hotp/WWE:Mason?secret=5VAML3X35THCEBVRLV24CGBKOY&algorithm=sha512&digits=8&counter=10300",
        "0", "24622277"
      ),
      ("otpauth://totp/RFC?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&digits=8", "59", "94287082"),
    ])
  func codeForURI(uri: String, time: String, expected: String) throws {
    let output = try TwofoldProcess.run(["code", "--uri", uri, "--at", time])
    #expect(output.status == 0)
    #expect(output.stdout == expected + "\n")
    #expect(output.stderr.isEmpty)
  }

  @Test("code --uri takes the PIN of mOTP and Yandex accounts")
  func pinTypes() throws {
    let motp = try TwofoldProcess.run([
      "code", "--uri", "motp://x?secret=e3152afee62599c8", "--pin", "1234", "--at", "165892298",
    ])
    #expect(motp.stdout == "e7d8b6\n")
    let yandex = try TwofoldProcess.run([
      "code", "--uri", "otpauth://yaotp/x?secret=LA2V6KMCGYMWWVEW64RNP3JA3IAAAAAAHTSG4HRZPI", "--pin", "7586",
      "--at", "1581064020",
    ])
    #expect(yandex.stdout == "oactmacq\n")
  }

  @Test(
    "bad input is status 2 with one line on standard error and no output",
    arguments: [
      ["code", "--uri", "otpauth://totp/x?secret="],
      ["code", "--uri", "otpauth://totp/x"],
      ["code", "--uri", "otpauth://totp/x?secret=AB!C"],
      ["code", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&digits=0"],
      ["code", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&digits=11"],
      ["code", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&period=0"],
      ["code", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&algorithm=SHA3"],
      ["code", "--uri", "otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=-1"],
      ["code", "--uri", "otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP"],
      ["code", "--uri", "https://example.com/?secret=JBSWY3DPEHPK3PXP"],
      ["code", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP", "--at", "soon"],
      ["code", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP", "--at", "-5"],
      ["code", "--uri", "motp://x?secret=e3152afee62599c8"],
      ["verify", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP", "12a456"],
      ["verify", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP", "123456", "--window", "-1"],
      ["verify", "123456"],
      ["frobnicate"],
      ["code", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP", "--bogus"],
    ])
  func badInput(arguments: [String]) throws {
    let output = try TwofoldProcess.run(arguments)
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.hasPrefix("twofold: "))
    #expect(output.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test("an error message never repeats the secret")
  func secretNotEchoed() throws {
    let output = try TwofoldProcess.run([
      "code", "--uri", "otpauth://totp/x?secret=JBSWY3DPEHPK3PX1&digits=11",
    ])
    #expect(!output.stderr.contains("JBSWY3DPEHPK3PX"))
  }

  @Test(
    "verify accepts codes within the window and refuses others",
    arguments: [
      ("790195", "1700000000", "1", Int32(0)),
      ("790195", "1700000030", "1", 0),
      ("790195", "1699999970", "1", 0),
      ("790195", "1700000060", "1", 1),
      ("790195", "1700000030", "0", 1),
      ("790195", "1700000060", "2", 0),
      ("000000", "1700000000", "1", 1),
    ])
  func verifyWindow(code: String, time: String, window: String, status: Int32) throws {
    let output = try TwofoldProcess.run([
      "verify", "--uri", Self.deno, code, "--at", time, "--window", window,
    ])
    #expect(output.status == status)
    if status == 1 { #expect(output.stderr == "twofold: code is not valid\n") }
  }

  @Test("help, help CMD and --version succeed and describe the commands")
  func help() throws {
    let overview = try TwofoldProcess.run(["--help"])
    #expect(overview.status == 0)
    for command in ["init", "add", "list", "code", "verify", "show", "edit", "remove", "passwd"] {
      #expect(overview.stdout.contains("  \(command) "))
    }
    let verify = try TwofoldProcess.run(["help", "verify"])
    #expect(verify.status == 0)
    #expect(verify.stdout.contains("--window N"))
    let version = try TwofoldProcess.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("twofold "))
  }
}
