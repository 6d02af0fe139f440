import Domain
import OTP
import Presentation

@testable import TerminalUI

/// States to draw and to press keys on.
enum Fixtures {
  static func account(_ issuer: String, _ name: String, type: OTPType = .totp, favorite: Bool = false)
    -> Account
  {
    let otp = try! OTPParameters(type: type, secret: Array("12345678901234567890".utf8))
    return Account(
      id: Account.ID("id-\(issuer)-\(name)"), issuer: issuer, name: name, otp: otp, favorite: favorite)
  }

  /// A loaded list of `accounts` at Unix time `now`.
  static func accounts(_ accounts: [Account], now: Int64 = 1_700_000_000) -> AccountsFeature.State {
    var state = AccountsFeature.State(now: now)
    _ = AccountsFeature.reduce(&state, .loaded(VaultContents(accounts: accounts)))
    return state
  }

  /// The whole app on the list.
  static func app(_ accounts: AccountsFeature.State) -> AppFeature.State {
    var state = AppFeature.State(
      vaultLocation: "test", locked: false, settings: AppSettings(), now: accounts.now)
    state.accounts = accounts
    return state
  }

  /// The text of a canvas row, wide characters once.
  static func text(_ canvas: Canvas, row: Int) -> String {
    String(canvas.row(row).compactMap(\.character))
  }

  /// The cell column where `text` starts on `row`.
  static func column(of text: String, in canvas: Canvas, row: Int) -> Int? {
    let cells = Array(canvas.row(row))
    let first = text.first
    return cells.indices.first { index in
      cells[index].character == first
        && String(cells[index...].compactMap(\.character)).hasPrefix(text)
    }
  }
}
