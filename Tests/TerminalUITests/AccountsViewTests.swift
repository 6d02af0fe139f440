import Domain
import Presentation
import Testing

@testable import TerminalUI

@Suite("Accounts view")
struct AccountsViewTests {
  init() { _ = UTF8Locale.installed }

  static func render(_ state: AccountsFeature.State, width: Int = 100, height: Int = 30) -> Canvas {
    ScreenRenderer.render(
      Fixtures.app(state), context: ViewContext(title: "test", settingsNote: ""), width: width, height: height
    )
  }

  @Test("issuers in other scripts line up with the others, measured in columns")
  func alignment() {
    let state = Fixtures.accounts([
      Fixtures.account("Zürich", "anna"), Fixtures.account("東京", "taro"), Fixtures.account("GitHub", "octo"),
    ])
    let canvas = Self.render(state)
    let rows = (2..<5).map { row in Fixtures.text(canvas, row: row) }
    let names = ["anna", "taro", "octo"].map { name in
      (2..<5).compactMap { Fixtures.column(of: name, in: canvas, row: $0) }.first
    }
    #expect(Set(names).count == 1, "name columns: \(names) in \(rows)")
    let codes = (2..<5).compactMap { row in
      Fixtures.text(canvas, row: row).firstRange(of: /[0-9]{3} [0-9]{3}/).map { _ in row }
    }
    #expect(codes.count == 3)
  }

  @Test("codes are grouped, seconds are shown, and HOTP accounts ask for space")
  func rows() {
    let state = Fixtures.accounts([
      Fixtures.account("GitHub", "alice"), Fixtures.account("VPN", "bob", type: .hotp),
    ])
    let canvas = Self.render(state)
    let all = (0..<canvas.height).map { Fixtures.text(canvas, row: $0) }.joined(separator: "\n")
    #expect(all.contains("GitHub"))
    #expect(all.contains("press space to generate"))
    #expect(all.contains("10s"))
    #expect(all.firstRange(of: /[0-9]{3} [0-9]{3}/) != nil)
  }

  @Test("the bar turns to the ending style in the last seconds and the next code appears")
  func ending() {
    let state = Fixtures.accounts([Fixtures.account("GitHub", "alice")], now: 1_700_000_006)
    let canvas = Self.render(state)
    let row = Array(canvas.row(2))
    #expect(row.contains { $0.character == "█" && $0.style == .ending })
    #expect(Fixtures.text(canvas, row: 2).contains("→"))
  }

  @Test("an empty vault explains how to add the first account")
  func emptyVault() {
    let canvas = Self.render(Fixtures.accounts([]))
    let all = (0..<canvas.height).map { Fixtures.text(canvas, row: $0) }.joined(separator: "\n")
    #expect(all.contains("Your vault is empty."))
    #expect(all.contains("Press a to add your first account"))
  }

  @Test("a second that changes nothing visible gives the same frame, so nothing is sent to the terminal")
  func idleFrames() {
    let hotp = [Fixtures.account("VPN", "bob", type: .hotp)]
    #expect(Self.render(Fixtures.accounts(hotp, now: 100)) == Self.render(Fixtures.accounts(hotp, now: 101)))
    let totp = [Fixtures.account("GitHub", "alice"), Fixtures.account("VPN", "bob", type: .hotp)]
    let before = Self.render(Fixtures.accounts(totp, now: 1_700_000_000))
    let after = Self.render(Fixtures.accounts(totp, now: 1_700_000_001))
    let changed = (0..<before.height).filter { before.row($0) != after.row($0) }
    #expect(changed.count == 1)
  }

  @Test("the status line tells of a sync that stopped, before conflict copies, and a message before both")
  func syncNotice() {
    var state = Fixtures.accounts([Fixtures.account("GitHub", "alice")])
    let statusRow = 30 - 2
    #expect(!Fixtures.text(Self.render(state), row: statusRow).contains("Sync failed"))
    _ = AccountsFeature.reduce(&state, .conflictCopiesCounted(2))
    _ = AccountsFeature.reduce(
      &state, .syncProblemRead("/s.json: the file is missing (since 2026-01-02 10:00:00)"))
    #expect(
      Fixtures.text(Self.render(state, width: 120), row: statusRow).contains(
        "Sync failed: /s.json: the file is missing (since 2026-01-02 10:00:00)"))
    _ = AccountsFeature.reduce(&state, .syncProblemRead(nil))
    #expect(
      Fixtures.text(Self.render(state), row: statusRow).contains(
        "2 conflict copies of this vault: run 'twofold sync'"))
    _ = AccountsFeature.reduce(
      &state, .syncProblemRead("/s.json: the file is missing (since 2026-01-02 10:00:00)"))
    _ = AccountsFeature.reduce(&state, .failed("No clipboard tool found."))
    #expect(Fixtures.text(Self.render(state), row: statusRow).contains("No clipboard tool found."))
  }

  @Test("the delete question names the account")
  func deleteQuestion() {
    var state = Fixtures.accounts([Fixtures.account("GitHub", "alice")])
    state.pendingDelete = state.contents.accounts.first?.id
    let canvas = Self.render(state)
    let all = (0..<canvas.height).map { Fixtures.text(canvas, row: $0) }.joined(separator: "\n")
    #expect(all.contains("Delete GitHub:alice?"))
  }

  @Test("a QR code is drawn two module rows a line, inside a quiet zone")
  func qrDrawing() {
    let code = QRCode(size: 2, modules: [true, false, true, true])
    #expect(QRDrawing.lines(code) == ["      ", "  █▄  ", "      "])
  }
}
