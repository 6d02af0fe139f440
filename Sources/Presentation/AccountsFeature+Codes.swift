import Domain

extension AccountsFeature {
  /// New contents: a group filter that no longer exists is dropped, the selection stays shown, and
  /// the codes of accounts without their secrets are asked for.
  static func load(_ state: inout State, _ contents: VaultContents) -> [Effect] {
    state.contents = contents
    state.isLoaded = true
    if let filter = state.groupFilter, !contents.groups.contains(where: { $0.id == filter }) {
      state.groupFilter = nil
    }
    keepSelectionVisible(&state)
    return fetchCodes(state)
  }

  /// A second passed: fetched codes that ran out are asked for again, and a copied code whose
  /// time is up is cleared from the clipboard.
  static func tick(_ state: inout State, _ now: Int64) -> [Effect] {
    state.now = now
    let fetch = needsCodes(state) ? fetchCodes(state) : []
    if let pending = state.clipboard, now >= pending.at {
      state.clipboard = nil
      return [.clearClipboard(ifStill: pending.code)] + fetch
    }
    return fetch
  }

  /// Copies the selected account's code; an HOTP account's next code is generated first, unless
  /// one was generated in this session.
  static func copy(_ state: inout State) -> [Effect] {
    guard let account = state.selectedAccount else { return [] }
    if account.otp.type == .hotp {
      if let code = state.generatedCodes[account.id] { return [.copy(code)] }
      return [.nextHOTP(account.id, thenCopy: true)]
    }
    guard let code = state.codes(of: [account]).first?.code else {
      state.message = "No code to copy for \(account.label)."
      return []
    }
    return [.copy(code)]
  }

  /// The code is on the clipboard: says so, and clears it after `clipboardLifetime`.
  static func copied(_ state: inout State, with tool: String) {
    guard let account = state.selectedAccount else { return }
    let code =
      account.otp.type == .hotp
      ? state.generatedCodes[account.id] : state.codes(of: [account]).first?.code
    state.message = "Copied \(account.label) with \(tool); cleared in \(clipboardLifetime) s."
    if let code { state.clipboard = PendingClear(code: code, at: state.now + clipboardLifetime) }
  }

  /// Whether a withheld account's fetched code has run out (or was never fetched).
  private static func needsCodes(_ state: State) -> Bool {
    state.contents.accounts.contains { account in
      account.otp.isWithheld && account.otp.type != .hotp && state.fetchedCode(of: account) == nil
    }
  }

  /// Asks for the codes of the accounts loaded without secrets, when there are any.
  private static func fetchCodes(_ state: State) -> [Effect] {
    let withheld = state.contents.accounts.filter { $0.otp.isWithheld && $0.otp.type != .hotp }
    return withheld.isEmpty ? [] : [.fetchCodes(withheld, at: state.now)]
  }
}
