import BrowserHost
import Domain
import Testing

@Suite("Host answers")
struct HostAnswerTests {
  static let id = Account.ID("0b1c2d3e-0000-4000-8000-000000000001")
  static let label = HostAnswer.Label(id: id, issuer: "GitHub", name: "mona")

  @Test(
    "answers are written as the design's JSON",
    arguments: [
      (
        HostAnswer.code(.init(label: label, code: "123456", secondsLeft: 17)),
        #"{"version":1,"type":"code","id":"\#(id.rawValue)","issuer":"GitHub","name":"mona","code":"123456","seconds_left":17}"#
      ),
      (
        .code(.init(label: label, code: "755224", secondsLeft: nil)),
        #"{"version":1,"type":"code","id":"\#(id.rawValue)","issuer":"GitHub","name":"mona","code":"755224","seconds_left":null}"#
      ),
      (
        .choose(domain: "github.com", accounts: [label]),
        #"{"version":1,"type":"choose","domain":"github.com","accounts":[{"id":"\#(id.rawValue)","issuer":"GitHub","name":"mona"}]}"#
      ),
      (
        .codes(domain: "github.com", accounts: [.init(label: label, code: nil, secondsLeft: nil)]),
        #"{"version":1,"type":"codes","domain":"github.com","accounts":[{"id":"\#(id.rawValue)","issuer":"GitHub","name":"mona","code":null,"seconds_left":null}]}"#
      ),
      (
        .noAccount(domain: "github.com", suggestions: []),
        #"{"version":1,"type":"no_account","domain":"github.com","suggestions":[]}"#
      ),
      (
        .site(domain: "github.com", bound: true),
        #"{"version":1,"type":"site","domain":"github.com","bound":true}"#
      ),
      (
        .accounts([
          .init(label: label, type: "totp", icon: "data:image/png;base64,iVBO"),
          .init(label: label, type: "hotp", icon: nil),
        ]),
        #"{"version":1,"type":"accounts","accounts":[{"id":"\#(id.rawValue)","issuer":"GitHub","name":"mona","type":"totp","icon":"data:image/png;base64,iVBO"},{"id":"\#(id.rawValue)","issuer":"GitHub","name":"mona","type":"hotp","icon":null}]}"#
      ),
      (
        .copied(label, clearedAfter: 30),
        #"{"version":1,"type":"copied","id":"\#(id.rawValue)","issuer":"GitHub","name":"mona","cleared_after":30}"#
      ),
      (.locked, #"{"version":1,"type":"locked"}"#),
      (.unlocked, #"{"version":1,"type":"unlocked"}"#),
      (.cancelled, #"{"version":1,"type":"cancelled"}"#),
      (
        .bound(domain: "github.com", id: id),
        #"{"version":1,"type":"bound","domain":"github.com","id":"\#(id.rawValue)"}"#
      ),
      (.settings(autofill: true), #"{"version":1,"type":"settings","autofill":true}"#),
      (
        .refused(.crossSiteFrame),
        #"{"version":1,"type":"refused","reason":"cross_site_frame","message":"\#(BrowserFill.Refusal.crossSiteFrame.message)"}"#
      ),
      (.error("it \"broke\""), #"{"version":1,"type":"error","message":"it \"broke\""}"#),
    ] as [(HostAnswer, String)])
  func writes(answer: HostAnswer, json: String) {
    #expect(String(decoding: answer.message, as: UTF8.self) == json)
  }

  @Test("every refusal reason has the design's name")
  func reasons() {
    #expect(
      [.insecurePage, .crossSiteFrame, .unparsableURL, .noDomain, .notMatched, .siteChanged, .notSuggested]
        .map {
          (reason: BrowserFill.Refusal) in reason.rawValue
        } == [
          "insecure_page", "cross_site_frame", "unparsable_url", "no_domain", "not_matched", "site_changed",
          "not_suggested",
        ])
  }
}
