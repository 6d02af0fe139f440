import Domain
import Testing

@Suite("IssuerDomains")
struct IssuerDomainsTests {
  @Test(
    "Issuers are looked up folded",
    arguments: [
      ("Microsoft", "live.com", true), ("MICROSOFT", "microsoft.com", true),
      ("microsoft", "github.com", false),
      ("GitHub", "github.com", true), ("Battle.net", "blizzard.com", true),
      ("Unknown Co", "unknown.com", false),
    ])
  func names(issuer: String, domain: String, expected: Bool) {
    #expect(IssuerDomains.shipped.names(domain, forIssuer: issuer) == expected)
  }

  @Test("Every domain of the shipped table is a registrable domain")
  func registrable() {
    let issuers = [
      "Google", "Microsoft", "Apple", "Amazon", "Amazon Web Services", "AWS", "GitHub", "Steam", "Proton",
      "Atlassian", "Zoom", "Notion", "Sentry", "Twitch", "Battle.net",
    ]
    for issuer in issuers {
      let domains = IssuerDomains.shipped.domains(ofIssuer: issuer)
      #expect(!domains.isEmpty, "\(issuer)")
      for domain in domains {
        #expect(SuffixLists.shipped.registrableDomain(of: domain) == domain, "\(issuer): \(domain)")
      }
    }
  }

  @Test("A table given folds its issuers and joins their domains")
  func custom() {
    let table = IssuerDomains(["Zürich Bank": ["zb.ch"], "zurich bank": ["zurichbank.com"]])
    #expect(Set(table.domains(ofIssuer: "ZURICH BANK")) == ["zb.ch", "zurichbank.com"])
  }
}
