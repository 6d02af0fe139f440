import BrowserHost
import Domain
import Testing

@Suite("Host requests")
struct HostRequestTests {
  static let id = Account.ID("0b1c2d3e-0000-4000-8000-000000000001")

  @Test(
    "requests are read from their JSON",
    arguments: [
      (
        #"{"version":1,"type":"fill","url":"https://a.example.com/login","top":"https://example.com/"}"#,
        HostRequest.fill(url: "https://a.example.com/login", top: "https://example.com/", chosen: nil)
      ),
      (
        #"{"type":"fill","version":1,"url":"https://x.test/","top":"https://x.test/","id":"\#(id.rawValue)","extra":[1]}"#,
        .fill(url: "https://x.test/", top: "https://x.test/", chosen: id)
      ),
      (
        #"{"version":1,"type":"fill","url":"https://x.test/","top":"https://x.test/","id":null}"#,
        .fill(url: "https://x.test/", top: "https://x.test/", chosen: nil)
      ),
      (
        #"{"version":1,"type":"codes","url":"https://x.test/","top":"https://x.test/"}"#,
        .codes(url: "https://x.test/", top: "https://x.test/")
      ),
      (
        #"{"version":1,"type":"suggest","url":"https://x.test/","top":"https://x.test/"}"#,
        .suggest(url: "https://x.test/", top: "https://x.test/")
      ),
      (
        #"{"version":1,"type":"bind","url":"https://x.test/","id":"\#(id.rawValue)","domain":"x.test"}"#,
        .bind(url: "https://x.test/", id: id, domain: "x.test")
      ),
      (
        #"{"version":1,"type":"site","url":"https://x.test/a","top":"https://x.test/"}"#,
        .site(url: "https://x.test/a", top: "https://x.test/")
      ),
      (#"{"version":1,"type":"accounts"}"#, .accounts),
      (#"{"version":1,"type":"copy","id":"\#(id.rawValue)"}"#, .copy(id: id)),
      (#"{"version":1,"type":"unlock"}"#, .unlock),
      (#" {"version":1.0e0,"type":"settings"} "#, .settings),
    ] as [(String, HostRequest)])
  func reads(json: String, request: HostRequest) throws {
    #expect(try HostRequest(message: Array(json.utf8)) == request)
  }

  @Test(
    "messages that are no request are refused, each with its reason",
    arguments: [
      ("", HostRequest.Refusal.malformed("unexpected end of input at byte 0")),
      ("{\"version\":1,", .malformed("unexpected end of input at byte 13")),
      ("[1]", .malformed("it is not an object")),
      ("\"fill\"", .malformed("it is not an object")),
      (#"{"type":"fill"}"#, .otherVersion("(none)")),
      (#"{"version":2,"type":"unlock"}"#, .otherVersion("2")),
      (#"{"version":"1","type":"unlock"}"#, .otherVersion("(not a number)")),
      (#"{"version":1}"#, .badField("type")),
      (#"{"version":1,"type":7}"#, .badField("type")),
      (#"{"version":1,"type":"export"}"#, .unknownType("export")),
      (#"{"version":1,"type":"fill","top":"https://x.test/"}"#, .badField("url")),
      (#"{"version":1,"type":"fill","url":"https://x.test/"}"#, .badField("top")),
      (
        #"{"version":1,"type":"fill","url":"https://x.test/","top":"https://x.test/","id":5}"#,
        .badField("id")
      ),
      (#"{"version":1,"type":"bind","url":"https://x.test/"}"#, .badField("id")),
      (#"{"version":1,"type":"codes","url":["https://x.test/"],"top":"https://x.test/"}"#, .badField("url")),
    ] as [(String, HostRequest.Refusal)])
  func refuses(json: String, refusal: HostRequest.Refusal) {
    #expect(throws: refusal) { try HostRequest(message: Array(json.utf8)) }
  }

  @Test("invalid UTF-8 is malformed")
  func invalidUTF8() {
    #expect(throws: HostRequest.Refusal.malformed("invalid UTF-8 at byte 2")) {
      try HostRequest(message: [0x22, 0x61, 0xff, 0x22])
    }
  }
}
