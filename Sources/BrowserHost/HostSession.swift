import Codecs
import Domain

/// Answers the extension's requests, one answer per request, through `HostPorts`: the pure
/// matching is `BrowserFill`'s, the rest is reading the vault and the bindings. Never answers
/// with a secret, a Key URI or the code of an account not matched to the page the browser
/// reported for the sender.
public struct HostSession: Sendable {
  let ports: HostPorts

  /// A session over `ports`.
  public init(ports: HostPorts) { self.ports = ports }

  /// Answers every framed message `reader` gives, writing each framed answer through `write`,
  /// until the input ends (or its writer goes away).
  public func serve(_ reader: NativeMessageReader, write: ([UInt8]) -> Bool) {
    while true {
      let answer: HostAnswer
      switch reader.next() {
      case .end: return
      case .truncated:
        ports.warn("the browser closed the connection inside a message")
        return
      case .oversized(let count):
        answer = .error(
          "the message of \(count) bytes is over the limit of \(NativeMessaging.messageLimit) bytes")
      case .message(let bytes): answer = self.answer(bytes)
      }
      guard write(NativeMessaging.frame(answer.message)) else { return }
    }
  }

  /// The answer to one message.
  public func answer(_ message: [UInt8]) -> HostAnswer {
    do throws(HostRequest.Refusal) {
      return answer(try HostRequest(message: message))
    } catch {
      return .error(error.message)
    }
  }

  /// The answer to one request.
  public func answer(_ request: HostRequest) -> HostAnswer {
    do throws(Stop) {
      switch request {
      case .fill(let url, let top, let chosen): return try fill(url: url, top: top, chosen: chosen)
      case .codes(let url, let top): return try codes(url: url, top: top)
      case .suggest(let url, let top): return try suggest(url: url, top: top)
      case .bind(let url, let id, let domain): return try bind(url: url, id: id, confirmed: domain)
      case .site(let url, let top): return try site(url: url, top: top)
      case .accounts: return try listAccounts()
      case .copy(let id): return try copy(id)
      case .unlock:
        switch ports.unlock() {
        case .unlocked: return .unlocked
        case .cancelled: return .cancelled
        case .failed(let reason): return .error("cannot unlock: \(reason)")
        }
      case .settings: return .settings(autofill: try bindings().autofill)
      }
    } catch {
      return error.answer
    }
  }

  /// An answer that ends a request early: a refusal, a locked vault, a failure.
  struct Stop: Error {
    let answer: HostAnswer
  }

  private func fill(url: String, top: String, chosen: Account.ID?) throws(Stop) -> HostAnswer {
    let matched = try match(url: url, top: top, chosen: chosen)
    switch matched.outcome {
    case .one(let id, _): return .code(try code(of: id, in: matched))
    case .several(let ids, let domain):
      return .choose(domain: domain, accounts: ids.map { Self.label(matched.account($0)) })
    case .none(let domain, let suggestions):
      return .noAccount(domain: domain, suggestions: suggestions.map { Self.label(matched.account($0)) })
    case .refused(let refusal): return .refused(refusal)
    }
  }

  private func codes(url: String, top: String) throws(Stop) -> HostAnswer {
    let matched = try match(url: url, top: top, chosen: nil)
    let ids: [Account.ID]
    let site: String
    switch matched.outcome {
    case .one(let id, let domain): (ids, site) = ([id], domain)
    case .several(let several, let domain): (ids, site) = (several, domain)
    case .none(let domain, let suggestions):
      return .noAccount(domain: domain, suggestions: suggestions.map { Self.label(matched.account($0)) })
    case .refused(let refusal): return .refused(refusal)
    }
    let codes = try matched.codes(of: ids, at: ports.now())
    return .codes(
      domain: site,
      accounts: codes.map { made in
        // An HOTP code is not shown: showing it would not advance the counter, filling does.
        let isHOTP = made.account.otp.type == .hotp
        return HostAnswer.LabelledCode(
          label: Self.label(made.account), code: isHOTP ? nil : made.code,
          secondsLeft: isHOTP ? nil : made.remaining)
      })
  }

  private func suggest(url: String, top: String) throws(Stop) -> HostAnswer {
    let matched = try match(url: url, top: top, chosen: nil)
    switch matched.outcome {
    case .one(let id, let domain): return .choose(domain: domain, accounts: [Self.label(matched.account(id))])
    case .several(let ids, let domain):
      return .choose(domain: domain, accounts: ids.map { Self.label(matched.account($0)) })
    case .none(let domain, let suggestions):
      return .noAccount(domain: domain, suggestions: suggestions.map { Self.label(matched.account($0)) })
    case .refused(let refusal): return .refused(refusal)
    }
  }

  /// Binds `id` to `confirmed`, the site the person confirmed, only while the tab's page at
  /// `url` is on that very site and only an account the host suggests for it there (or one bound
  /// to it already); any other binding is `twofold browser bind`'s.
  private func bind(url: String, id: Account.ID, confirmed: String) throws(Stop) -> HostAnswer {
    let fill = BrowserFill(list: try suffixList())
    let domain: String
    switch fill.site(page: url, top: nil) {
    case .failure(let refusal): return .refused(refusal)
    case .success(let site): domain = site
    }
    guard domain == confirmed else { return .refused(.siteChanged) }
    let bindings = try self.bindings()
    let accounts = try load(ports.vault())
    guard accounts.contains(where: { $0.id == id }) else {
      throw Stop(answer: .error("no account has the id \(id.rawValue)"))
    }
    if bindings.isBound(id, to: domain) { return .bound(domain: domain, id: id) }
    let outcome = fill.fill(
      page: url, top: nil, bindings: bindings, accounts: accounts.map(AccountLabel.init)
    )
    .outcome
    guard case .none(_, let suggestions) = outcome, suggestions.contains(id) else {
      return .refused(.notSuggested)
    }
    try change(.bind(id, to: domain))
    return .bound(domain: domain, id: id)
  }

  /// Whether an account is bound to the frame's site, from the bindings alone (the vault is not
  /// read, so a locked vault still gets its button).
  private func site(url: String, top: String) throws(Stop) -> HostAnswer {
    let bindings = try self.bindings()
    let fill = BrowserFill(list: try suffixList())
    switch fill.site(page: url, top: top) {
    case .failure(let refusal): return .refused(refusal)
    case .success(let site):
      return .site(domain: site, bound: bindings.accounts.values.contains { $0.contains(site) })
    }
  }

  /// The most bytes of one icon sent in a listing, and of all of them: a native message to the
  /// extension may have at most 1 MiB, and base64 makes four bytes of three.
  static let iconLimit = 48 * 1024
  static let iconsLimit = 512 * 1024

  /// Every account, in the order `twofold list` shows them, with its icon where it is small
  /// enough and the listing's budget allows.
  private func listAccounts() throws(Stop) -> HostAnswer {
    let accounts = ListAccounts.sorted(try load(ports.vault()))
    var budget = Self.iconsLimit
    return .accounts(
      accounts.map { account in
        var icon: String? = nil
        if let picture = account.icon, picture.bytes.count <= Self.iconLimit, picture.bytes.count <= budget {
          budget -= picture.bytes.count
          icon = "data:\(picture.mime);base64,\(Base64.encode(picture.bytes))"
        }
        return HostAnswer.Listed(label: Self.label(account), type: account.otp.type.rawValue, icon: icon)
      })
  }

  /// Copies the code of any account (the popup's Copy): onto the system clipboard, cleared
  /// later as `twofold code --copy` does; without a clipboard tool, the code goes to the popup,
  /// which copies it. An HOTP counter advances as `twofold code` advances it.
  private func copy(_ id: Account.ID) throws(Stop) -> HostAnswer {
    let repository = ports.vault()
    let accounts = try load(repository)
    guard let account = accounts.first(where: { $0.id == id }) else {
      throw Stop(answer: .error("no account has the id \(id.rawValue)"))
    }
    let matched = Matched(
      outcome: .one(id, domain: ""), accounts: [id: account], made: [:], repository: repository)
    let code = try code(of: id, in: matched)
    guard let text = code.code else {
      throw Stop(answer: .error("\(Self.display(code.label)) cannot make a code"))
    }
    switch ports.copy(text) {
    case .copied(let seconds): return .copied(code.label, clearedAfter: seconds)
    case .noTool: return .code(code)
    case .failed(let reason): return .error("could not copy to the clipboard: \(reason)")
    }
  }

  /// The code to fill for the matched account `id`: an HOTP account's counter is advanced and
  /// saved first.
  private func code(of id: Account.ID, in matched: Matched) throws(Stop) -> HostAnswer.LabelledCode {
    let account = matched.account(id)
    let label = Self.label(account)
    if account.otp.type == .hotp {
      do throws(DomainError) {
        let code = try NextHOTPCode(repository: matched.repository)(account.id)
        return HostAnswer.LabelledCode(label: label, code: code, secondsLeft: nil)
      } catch {
        throw Self.stop(error)
      }
    }
    guard let made = try matched.codes(of: [id], at: ports.now()).first, let code = made.code else {
      throw Stop(answer: .error("\(Self.display(label)) cannot make a code"))
    }
    return HostAnswer.LabelledCode(label: label, code: code, secondsLeft: made.remaining)
  }

  func bindings() throws(Stop) -> BrowserBindings {
    do throws(HostPorts.Failure) {
      return try ports.loadBindings()
    } catch {
      throw Stop(answer: .error(error.message))
    }
  }

  func change(_ change: HostPorts.BindingsChange) throws(Stop) {
    do throws(HostPorts.Failure) {
      try ports.changeBindings(change)
    } catch {
      throw Stop(answer: .error(error.message))
    }
  }

  func suffixList() throws(Stop) -> PublicSuffixList {
    do throws(HostPorts.Failure) {
      return try ports.suffixList()
    } catch {
      throw Stop(answer: .error(error.message))
    }
  }

  func load(_ repository: any VaultRepository) throws(Stop) -> [Account] {
    do throws(DomainError) {
      return try repository.load().accounts
    } catch {
      throw Self.stop(error)
    }
  }

  static func stop(_ error: DomainError) -> Stop {
    switch error {
    case .passwordRequired, .wrongPassword: Stop(answer: .locked)
    case .vaultMissing: Stop(answer: .error("there is no vault yet: run 'twofold init'"))
    case .vaultCorrupted(let reason): Stop(answer: .error("the vault cannot be read: \(reason)"))
    case .vaultLocked: Stop(answer: .error("the vault is in use by another twofold process; try again"))
    case .storage(let reason), .cannotGenerate(let reason): Stop(answer: .error(reason))
    case .notFound(let what): Stop(answer: .error("no account matches \(what)"))
    default: Stop(answer: .error("the vault cannot be used: \(error)"))
    }
  }

  private static func label(_ account: Account) -> HostAnswer.Label {
    HostAnswer.Label(id: account.id, issuer: account.issuer, name: account.name)
  }

  private static func display(_ label: HostAnswer.Label) -> String {
    label.issuer.isEmpty ? label.name : label.name.isEmpty ? label.issuer : "\(label.issuer):\(label.name)"
  }
}
