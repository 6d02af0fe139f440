import Domain
import OTP
import Presentation
import Testing

@Suite("Details screen")
struct DetailsFeatureTests {
  typealias Case = ReducerCase<DetailsFeature.State, DetailsFeature.Action, DetailsFeature.Effect>

  static let plain = Account(
    id: Account.ID("a-plain"), issuer: "GitHub", name: "octocat",
    otp: try! OTPParameters(type: .totp, secret: Fixture.rfcSecret))
  static let plainURI =
    "otpauth://totp/GitHub:octocat?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=GitHub"
    + "&algorithm=SHA1&digits=6&period=30"
  static let tinyQR = QRCode(size: 2, modules: [true, false, false, true])

  static let closed = DetailsFeature.State(account: plain, groupNames: ["Work"])

  static func open(uri: Bool = false, qr: QRCode? = nil, message: String? = nil) -> DetailsFeature.State {
    var state = closed
    state.showsURI = uri
    state.qr = qr
    state.message = message
    return state
  }

  static let table: [Case] = [
    Case("the Key URI is hidden until asked for", closed, .uriToggled, then: { $0.showsURI = true }),
    Case("asking again hides the Key URI", open(uri: true), .uriToggled, then: { $0.showsURI = false }),
    Case(
      "asking for the QR code renders the account's Key URI", closed, .qrRequested,
      effects: [.renderQR(plainURI)]),
    Case("a rendered QR code is shown", closed, .qrRendered(tinyQR), then: { $0.qr = tinyQR }),
    Case(
      "a rendered QR code replaces an earlier failure", open(message: "qrencode is missing"),
      .qrRendered(tinyQR),
      then: {
        $0.qr = tinyQR
        $0.message = nil
      }),
    Case(
      "asking for the QR code while it is shown hides it", open(qr: tinyQR), .qrRequested,
      then: { $0.qr = nil }),
    Case(
      "a QR failure says why", closed, .qrFailed("Install libqrencode to draw QR codes."),
      then: { $0.message = "Install libqrencode to draw QR codes." }),
    Case(
      "closing hides the URI and the QR code and goes back", open(uri: true, qr: tinyQR), .closed,
      then: {
        $0.showsURI = false
        $0.qr = nil
      },
      effects: [.navigate(.pop)]),
  ]

  @Test("Details actions reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) {
    row.check(DetailsFeature.reduce)
  }

  @Test(
    "The URI given to the QR renderer parses back to the account",
    arguments: [Fixture.github, Fixture.acme, Fixture.steam, Fixture.zurich, Fixture.tokyo])
  func uriRoundTrip(account: Account) throws {
    var state = DetailsFeature.State(account: account, groupNames: [])
    let effects = DetailsFeature.reduce(&state, .qrRequested)
    #expect(effects == [.renderQR(state.uri)])
    let parsed = try KeyURI(parsing: state.uri)
    #expect(parsed == KeyURI(issuer: account.issuer, name: account.name, parameters: account.otp))
  }

  @Test("A QR code reads its modules row by row, light outside")
  func qrModules() {
    let code = QRCode(size: 2, modules: [true, false, false, true])
    #expect(code.isDark(row: 0, column: 0))
    #expect(!code.isDark(row: 0, column: 1))
    #expect(!code.isDark(row: 1, column: 0))
    #expect(code.isDark(row: 1, column: 1))
    #expect(!code.isDark(row: -1, column: 0))
    #expect(!code.isDark(row: 2, column: 1))
  }
}
