/// Offers accounts to a menu and gives back the one chosen: each line holds an account's issuer,
/// name and groups in aligned columns (never a code or a secret), and its icon for a menu that
/// shows icons, favorites first, then in display order; the chosen line is mapped back through
/// the table of lines offered.
public struct PickAccount: Sendable {
  let repository: any VaultRepository
  let picker: AccountPicker

  /// Creates the use case.
  public init(repository: any VaultRepository, picker: AccountPicker) {
    self.repository = repository
    self.picker = picker
  }

  /// The account chosen among those `query` matches (all when nil): `.vault(.notFound)` when none
  /// does (no menu is shown), `.cancelled` for an empty choice or a line that was not offered.
  public func callAsFunction(query: String?) throws(DesktopError) -> Account {
    let contents: VaultContents
    do {
      contents = try repository.load()
    } catch {
      throw .vault(error)
    }
    var accounts = ListAccounts.sorted(contents.accounts)
    if let query { accounts = AccountQuery(query).matches(in: accounts) }
    guard !accounts.isEmpty else { throw .vault(.notFound(query ?? "")) }
    let offer = Self.lines(for: accounts, contents: contents)
    let lines = zip(offer, accounts).map { MenuLine(text: $0.line, icon: $1.icon) }
    guard let chosen = try picker.offer(lines) else { throw .cancelled }
    let line = chosen.hasSuffix("\r") ? String(chosen.dropLast()) : chosen
    guard let index = offer.firstIndex(where: { $0.line == line }) else { throw .cancelled }
    return accounts[index]
  }

  /// One line per account of `accounts`, in their order: issuer, name and groups padded into
  /// columns; a line equal to an earlier one gets the account's id, so each maps to one account.
  public static func lines(for accounts: [Account], contents: VaultContents) -> [(
    line: String, id: Account.ID
  )] {
    let rows = accounts.map { account in
      [account.issuer, account.name, contents.groupNames(of: account).joined(separator: ", ")].map(flat)
    }
    let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
    var seen: Set<String> = []
    return zip(accounts, rows).map { account, row in
      var line = ""
      for (column, text) in row.enumerated() where widths[column] > 0 {
        if !line.isEmpty { line += "  " }
        line += text + String(repeating: " ", count: widths[column] - text.count)
      }
      while line.last == " " { line.removeLast() }
      if !seen.insert(line).inserted { line += "  (\(account.id.rawValue))" }
      seen.insert(line)
      return (line, account.id)
    }
  }

  /// `text` on one line: line breaks and tabs become spaces.
  private static func flat(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }
}
