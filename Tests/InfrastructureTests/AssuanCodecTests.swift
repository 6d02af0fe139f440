import Testing

@testable import Infrastructure

@Suite("Assuan codec")
struct AssuanCodecTests {
  @Test(
    "escape() writes %, CR and LF as %25, %0D and %0A and leaves everything else",
    arguments: [
      ("plain text", "plain text"),
      ("50%", "50%25"),
      ("one\ntwo", "one%0Atwo"),
      ("one\r\ntwo", "one%0D%0Atwo"),
      ("%0A", "%250A"),
      ("café ✓", "café ✓"),
    ])
  func escaping(text: String, escaped: String) {
    #expect(AssuanCodec.escape(text) == escaped)
  }

  @Test("command() is the name, a space, the escaped argument and a LF")
  func command() {
    #expect(AssuanCodec.command("SETDESC", "Unlock a%b\nnow") == Array("SETDESC Unlock a%25b%0Anow\n".utf8))
  }

  @Test("command() cuts a long argument before the line limit, never inside an escape")
  func longCommand() {
    let line = AssuanCodec.command("SETDESC", String(repeating: "%", count: 400))
    #expect(line.count <= AssuanCodec.lineLimit)
    #expect(line == Array(("SETDESC " + String(repeating: "%25", count: 330) + "\n").utf8))
  }

  @Test(
    "appendData() percent-decodes what follows `D `",
    arguments: [
      ("D pass%25word", Array("pass%word".utf8)),
      ("D one%0Atwo", Array("one\ntwo".utf8)),
      ("D %0d%0a", [13, 10]),
      ("D %00%FF", [0, 255]),
      ("D ", []),
      ("D  spaced ", Array(" spaced ".utf8)),
    ])
  func decoding(line: String, bytes: [UInt8]) throws {
    var decoded: [UInt8] = []
    try AssuanCodec.appendData(of: Array(line.utf8), to: &decoded, limit: 100)
    #expect(decoded == bytes)
  }

  @Test("appendData() adds to what the earlier lines gave")
  func appending() throws {
    var decoded = Array("first ".utf8)
    try AssuanCodec.appendData(of: Array("D second".utf8), to: &decoded, limit: 100)
    #expect(decoded == Array("first second".utf8))
  }

  @Test(
    "appendData() refuses what is not a well-formed data line, or would pass the limit",
    arguments: [
      ("D bad%2", 100, AssuanCodec.Failure.badEscape),
      ("D bad%", 100, .badEscape),
      ("D %zz", 100, .badEscape),
      ("OK", 100, .notData),
      ("Dx", 100, .notData),
      ("D abcd", 3, .tooLong),
    ])
  func decodingFailures(line: String, limit: Int, failure: AssuanCodec.Failure) {
    var decoded: [UInt8] = []
    #expect(throws: failure) { try AssuanCodec.appendData(of: Array(line.utf8), to: &decoded, limit: limit) }
  }

  @Test(
    "classify() tells each kind of response apart",
    arguments: [
      ("OK", AssuanCodec.Response.ok("")),
      ("OK Pleased to meet you", .ok("Pleased to meet you")),
      (
        "ERR 83886179 Operation cancelled <Pinentry>",
        .error(code: 83_886_179, message: "Operation cancelled <Pinentry>")
      ),
      ("ERR 100", .error(code: 100, message: "")),
      ("ERR", .error(code: 0, message: "")),
      ("D secret", .data),
      ("S PASSWORD_FROM_CACHE", .status("PASSWORD_FROM_CACHE")),
      ("# a comment", .comment),
      ("#", .comment),
      ("INQUIRE PINENTRY_LAUNCHED 42", .inquire("PINENTRY_LAUNCHED 42")),
      ("OKAY", .unknown),
      ("END", .unknown),
      ("", .unknown),
    ])
  func classification(line: String, response: AssuanCodec.Response) {
    #expect(AssuanCodec.classify(Array(line.utf8)) == response)
  }
}
