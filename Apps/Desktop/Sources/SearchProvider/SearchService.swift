import Domain
import Presentation

/// The desktop search over the vault: answers only while the agent holds the vault's key (the
/// repository it is given then refuses to read the file), never prompts, and makes an HOTP code
/// only when a result is activated.
public struct SearchService: Sendable {
  /// Why activating a result copied nothing; each becomes a D-Bus error.
  public enum Failure: Error, Equatable, Sendable {
    /// No account has this id (or the vault is not open).
    case notFound(String)
    /// The vault is not open: the agent does not hold its key.
    case locked
    /// The code could not be made or copied: a sentence saying why.
    case failed(String)
  }

  /// A repository for one request: through the agent, never asking for a password. A new one
  /// each time, so a vault the agent let go and holds again is answered again.
  public var repository: @Sendable () -> any VaultRepository
  /// Unix seconds now.
  public var now: @Sendable () -> Int64
  /// Copies a code to the clipboard and has it cleared later (`code --copy`'s rules).
  public var copy: @Sendable (String) throws(DesktopError) -> Void
  /// Posts a notification: a summary and a body.
  public var notify: @Sendable (_ summary: String, _ body: String) -> Void
  /// Seconds a copied code stays on the clipboard, for the notification.
  public var clipboardSeconds: Int
  /// Why nothing could be copied now (no clipboard tool for this desktop), asked before a code is
  /// made; nil when copying can be tried.
  public var copyUnavailable: @Sendable () -> String?
  /// Whether the `hide-codes` setting is on: no code is shown and no `clipboardText` given.
  public var hideCodes: @Sendable () -> Bool

  /// Collects the ports.
  public init(
    repository: @escaping @Sendable () -> any VaultRepository, now: @escaping @Sendable () -> Int64,
    copy: @escaping @Sendable (String) throws(DesktopError) -> Void,
    notify: @escaping @Sendable (String, String) -> Void, clipboardSeconds: Int,
    copyUnavailable: @escaping @Sendable () -> String? = { nil },
    hideCodes: @escaping @Sendable () -> Bool = { false }
  ) {
    self.repository = repository
    self.now = now
    self.copy = copy
    self.notify = notify
    self.clipboardSeconds = clipboardSeconds
    self.copyUnavailable = copyUnavailable
    self.hideCodes = hideCodes
  }

  /// The accounts matching every term, favorites first, at most 10; none while locked, for no
  /// terms or too many, or when the agent cannot be asked.
  public func results(_ terms: [String]) -> [Account] {
    guard let terms = SearchResults.terms(terms) else { return [] }
    let narrowest = SearchResults.narrowest(terms)
    let narrowed: [Account]
    do throws(DomainError) {
      narrowed = try repository().accounts(matching: AccountQuery(narrowest))
    } catch {
      return []
    }
    return SearchResults.accounts(narrowed, matched: narrowest, matching: terms)
  }

  /// `GetInitialResultSet` and `GetSubsearchResultSet`: the ids of `results`.
  public func resultIDs(_ terms: [String]) -> [String] { results(terms).map(\.id.rawValue) }

  /// KRunner's `Match`: each with its current code in the subtext (not HOTP accounts', nor with
  /// codes hidden).
  public func runnerMatches(_ query: String) -> [RunnerMatch] {
    guard let terms = SearchResults.terms(query: query) else { return [] }
    let found = results(terms)
    guard !found.isEmpty else { return [] }
    do throws(DomainError) {
      return SearchResults.runnerMatches(found, codes: try codes(of: found, in: repository()))
    } catch {
      return []
    }
  }

  /// `GetResultMetas`: the known ids' metas, with the current codes of all but HOTP accounts
  /// (none with codes hidden); none when the vault is locked meanwhile.
  public func metas(_ ids: [String]) -> [SearchMeta] {
    guard !ids.isEmpty else { return [] }
    let repository = repository()
    do throws(DomainError) {
      let accounts = try Self.accounts(ids, in: repository)
      let needed = SearchResults.accountsNeedingCodes(ids: ids, accounts: accounts)
      return SearchResults.metas(ids: ids, accounts: accounts, codes: try codes(of: needed, in: repository))
    } catch {
      return []
    }
  }

  /// The current codes of `accounts` but HOTP ones (making theirs would spend it); none with codes
  /// hidden.
  private func codes(of accounts: [Account], in repository: any VaultRepository) throws(DomainError)
    -> [Account.ID: String]
  {
    let needed = accounts.filter { $0.otp.type != .hotp }
    guard !needed.isEmpty, !hideCodes() else { return [:] }
    var byID: [Account.ID: String] = [:]
    for code in try repository.codes(of: needed, at: now(), next: false) { byID[code.account.id] = code.code }
    return byID
  }

  /// The accounts of `ids`: each looked up by its id in the agent (one small answer each) when
  /// every id is a UUID, as ids are; else every account, to pick them from.
  static func accounts(_ ids: [String], in repository: any VaultRepository) throws(DomainError) -> [Account] {
    let wanted = SearchResults.uniqueIDs(ids)
    guard wanted.allSatisfy(SearchResults.isUUID) else { return try repository.load().accounts }
    var accounts: [Account] = []
    for id in wanted {
      accounts += try repository.accounts(matching: AccountQuery(id)).filter { $0.id.rawValue == id }
    }
    return accounts
  }

  /// `ActivateResult` and `Run`: copies the code of the account with `id` (an HOTP account's
  /// counter advanced once the copy succeeded, as `code` does) and posts a notification naming
  /// the account. When nothing can be copied (no clipboard tool: asked before any code is made,
  /// so no HOTP code is spent) or the copy fails, a notification says so: the shell shows no
  /// error of a provider.
  public func activate(_ id: String) throws(Failure) {
    guard !id.isEmpty, id.utf8.count <= 128 else { throw .notFound(id) }
    let repository = repository()
    let account: Account
    do throws(DomainError) {
      guard
        let found = try repository.accounts(matching: AccountQuery(id)).first(where: { $0.id.rawValue == id })
      else { throw .notFound(id) }
      account = found
    } catch .notFound {
      throw .notFound(id)
    } catch .passwordRequired {
      // Locked since the results were shown: the person chose one and is told why nothing came.
      let notification = SearchResults.lockedNotification
      notify(notification.summary, notification.body)
      throw .locked
    } catch {
      throw .failed(Messages.text(for: error))
    }
    do throws(Failure) {
      try copy(account, in: repository)
    } catch {
      let reason =
        switch error {
        case .locked: "the vault is locked: open Twofold to unlock it"
        case .failed(let message), .notFound(let message): message
        }
      let notification = SearchResults.notCopiedNotification(account, reason: reason)
      notify(notification.summary, notification.body)
      throw error
    }
    let notification = SearchResults.copiedNotification(account, seconds: clipboardSeconds)
    notify(notification.summary, notification.body)
  }

  /// Copies the code of `account`, when a clipboard tool is there to take it.
  private func copy(_ account: Account, in repository: any VaultRepository) throws(Failure) {
    if let reason = copyUnavailable() { throw .failed(reason) }
    do throws(DesktopError) {
      try CurrentCode(repository: repository).deliver(account, at: now(), through: copy)
    } catch {
      switch error {
      case .vault(.passwordRequired): throw .locked
      case .vault(let error): throw .failed(Messages.text(for: error))
      case .toolMissing(let message), .toolFailed(let message), .nothingFound(let message):
        throw .failed(message)
      case .cancelled: throw .failed("cancelled")
      }
    }
  }
}
