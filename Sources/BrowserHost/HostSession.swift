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
      case .bind(let url, let id): return try bind(url: url, id: id)
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

  private func bind(url: String, id: Account.ID) throws(Stop) -> HostAnswer {
    let fill = BrowserFill(list: try suffixList())
    let domain: String
    switch fill.site(page: url, top: nil) {
    case .failure(let refusal): return .refused(refusal)
    case .success(let site): domain = site
    }
    let accounts = try load(ports.vault())
    guard accounts.contains(where: { $0.id == id }) else {
      throw Stop(answer: .error("no account has the id \(id.rawValue)"))
    }
    try change(.bind(id, to: domain))
    return .bound(domain: domain, id: id)
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
