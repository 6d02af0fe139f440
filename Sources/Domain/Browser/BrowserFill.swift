/// Which account's code may go into a page (CLI.md, "In the browser"): only an account bound
/// to the page's registrable domain, only on an `https:` page (or plain `http:` on localhost),
/// and only in a frame of the same site as its top page.
public struct BrowserFill: Sendable {
  /// Why no account is matched to a page; the raw value is the host protocol's `reason`.
  public enum Refusal: String, Error, Equatable, Sendable {
    /// Not `https:` (nor `http:` on localhost).
    case insecurePage = "insecure_page"
    /// A frame whose registrable domain is not its top page's.
    case crossSiteFrame = "cross_site_frame"
    /// A URL that is not one this parser accepts.
    case unparsableURL = "unparsable_url"
    /// A host that has no registrable domain (it is itself a public suffix).
    case noDomain = "no_domain"
    /// The chosen account is not bound to the page.
    case notMatched = "not_matched"
    /// The page is no longer on the site the person confirmed a binding for.
    case siteChanged = "site_changed"
    /// The account is not one suggested for the site, which only `twofold browser bind` binds.
    case notSuggested = "not_suggested"

    /// One sentence for a person.
    public var message: String {
      switch self {
      case .insecurePage: "codes are filled only on https pages (or http://localhost)"
      case .crossSiteFrame: "codes are never filled in a frame from another site than the page"
      case .unparsableURL: "the page's address cannot be read"
      case .noDomain: "the page's host is a public suffix, which no account can be bound to"
      case .notMatched: "that account is not bound to this site"
      case .siteChanged: "the page left the site you confirmed: nothing was bound"
      case .notSuggested:
        "that account is not suggested for this site: bind it with 'twofold browser bind' if you mean to"
      }
    }
  }

  /// What may be filled on a page.
  public enum Outcome: Equatable, Sendable {
    /// Nothing: the page is refused.
    case refused(Refusal)
    /// The one account bound to the page's `domain`.
    case one(Account.ID, domain: String)
    /// Several accounts bound to `domain`, in the order given: the person chooses.
    case several([Account.ID], domain: String)
    /// No account bound to `domain`; `suggestions` are the accounts its issuer suggests.
    case none(domain: String, suggestions: [Account.ID])
  }

  /// The outcome, and the bound accounts that no longer exist.
  public struct Result: Equatable, Sendable {
    /// What may be filled.
    public let outcome: Outcome
    /// Bound ids with no account (deleted after binding), sorted: to drop with a warning.
    public let missing: [Account.ID]

    /// A result.
    public init(outcome: Outcome, missing: [Account.ID]) {
      self.outcome = outcome
      self.missing = missing
    }
  }

  /// The Public Suffix List the registrable domains come from.
  public let list: PublicSuffixList
  /// Which domains issuers suggest.
  public let issuerDomains: IssuerDomains

  /// The use case over a list and an issuer table.
  public init(list: PublicSuffixList, issuerDomains: IssuerDomains = .shipped) {
    self.list = list
    self.issuerDomains = issuerDomains
  }

  /// The accounts of `accounts` (in their order) that may be filled on the frame at `page`
  /// whose top page is at `top` (nil or the same URL for a top page). With `chosen`, only that
  /// account, when it is matched (else `.refused(.notMatched)`).
  public func fill(
    page: String, top: String?, bindings: BrowserBindings, accounts: [AccountLabel], chosen: Account.ID? = nil
  ) -> Result {
    let missing = bindings.missingAccounts(existing: Set(accounts.map(\.id)))
    let domain: String
    switch site(page: page, top: top) {
    case .failure(let refusal): return Result(outcome: .refused(refusal), missing: missing)
    case .success(let site): domain = site
    }
    let matched = accounts.filter { bindings.isBound($0.id, to: domain) }.map(\.id)
    let outcome =
      Self.choose(chosen, among: matched, on: domain)
      ?? .none(domain: domain, suggestions: suggestions(for: domain, accounts: accounts, bindings: bindings))
    return Result(outcome: outcome, missing: missing)
  }

  /// The rule over the accounts `matched` to the site `domain` (in their order): with `chosen`,
  /// that account when it is one of them (else `.refused(.notMatched)`); else the one, or a
  /// chooser among several; nil when none is matched and none was chosen.
  public static func choose(_ chosen: Account.ID?, among matched: [Account.ID], on domain: String) -> Outcome?
  {
    if let chosen { return matched.contains(chosen) ? .one(chosen, domain: domain) : .refused(.notMatched) }
    switch matched.count {
    case 0: return nil
    case 1: return .one(matched[0], domain: domain)
    default: return .several(matched, domain: domain)
    }
  }

  /// The site bindings of the frame at `page` are looked up by: its registrable domain (its
  /// address for an IP host, `localhost` for localhost), checked to be its top page's.
  public func site(page: String, top: String?) -> Swift.Result<String, Refusal> {
    let frame: WebPage
    do throws(WebPage.Error) {
      frame = try WebPage(url: page)
    } catch {
      return .failure(Self.refusal(error))
    }
    guard let frameSite = site(of: frame) else { return .failure(.noDomain) }
    if let top, top != page {
      let topPage: WebPage
      do throws(WebPage.Error) {
        topPage = try WebPage(url: top)
      } catch {
        return .failure(Self.refusal(error))
      }
      guard site(of: topPage) == frameSite else { return .failure(.crossSiteFrame) }
    }
    return .success(frameSite)
  }

  /// The site of a page: its host's registrable domain, its IP address, or `localhost`; nil when
  /// the host is a public suffix.
  public func site(of page: WebPage) -> String? {
    site(of: page.host)
  }

  /// The site a `bind` names: a host name's registrable domain (Unicode names become Punycode,
  /// as browsers give hosts), an IP address as itself (IPv6 in brackets), `localhost`; nil for a
  /// public suffix or anything that is not a host name.
  public func bindableSite(_ domain: String) -> String? {
    if IPAddress.isIPv6(domain) { return "[\(domain.lowercased())]" }
    guard let ascii = Punycode.asciiDomain(domain), let host = WebPage.parseHost(Array(ascii.utf8)[...])
    else { return nil }
    return site(of: host)
  }

  private func site(of host: WebPage.Host) -> String? {
    switch host {
    case .ipv4(let address), .ipv6(let address): address
    case .name("localhost"): "localhost"
    case .name(let name): list.registrableDomain(of: name)
    }
  }

  /// The accounts that may be suggested for `domain` (bound only once the person confirms one):
  /// those bound to no site yet whose issuer names `domain`. An issuer the shipped table knows
  /// names only the table's domains (`GitHub` never suggests `github.co.uk`); any other names the
  /// domain whose first label is the issuer, folded (`github` for `GitHub`). A Punycode label
  /// is compared decoded, lowercased and unfolded: `githüb.com` is not `GitHub`'s.
  private func suggestions(for domain: String, accounts: [AccountLabel], bindings: BrowserBindings)
    -> [Account.ID]
  {
    let first = String(domain.prefix { $0 != "." })
    let isIDN = first.hasPrefix(Punycode.acePrefix)
    let unicode = isIDN ? Punycode.decode(first.dropFirst(4)) : nil
    let folded = TextFolding.fold(first)
    return accounts.filter { account in
      guard !account.issuer.isEmpty, bindings.accounts[account.id]?.isEmpty ?? true else { return false }
      let known = issuerDomains.domains(ofIssuer: account.issuer)
      if !known.isEmpty { return known.contains(domain) }
      if isIDN { return unicode != nil && account.issuer.lowercased() == unicode }
      return TextFolding.fold(account.issuer) == folded
    }.map(\.id)
  }

  private static func refusal(_ error: WebPage.Error) -> Refusal {
    switch error {
    case .unparsable: .unparsableURL
    case .insecure: .insecurePage
    }
  }
}
