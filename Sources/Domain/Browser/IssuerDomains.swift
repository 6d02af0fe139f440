/// Which registrable domains a service's issuer name stands for (`Microsoft` → `microsoft.com`,
/// `live.com`): the suggestions for a site no account is bound to yet. A suggestion is never
/// a binding: the person confirms it first.
public struct IssuerDomains: Sendable {
  private let table: [String: [String]]

  /// A table from issuer names (compared folded, as `TextFolding` folds them) to registrable
  /// domains.
  public init(_ table: [String: [String]]) {
    var folded: [String: [String]] = [:]
    for (issuer, domains) in table { folded[TextFolding.fold(issuer), default: []] += domains }
    self.table = folded
  }

  /// The domains the table names for `issuer` (none when it names none).
  public func domains(ofIssuer issuer: String) -> [String] {
    table[TextFolding.fold(issuer)] ?? []
  }

  /// Whether the table names `domain` for `issuer`.
  public func names(_ domain: String, forIssuer issuer: String) -> Bool {
    domains(ofIssuer: issuer).contains(domain)
  }

  /// The table that ships with Twofold: common services that offer two-factor codes.
  public static let shipped = IssuerDomains([
    "Google": ["google.com", "youtube.com"],
    "Microsoft": ["microsoft.com", "live.com", "microsoftonline.com", "office.com", "xbox.com"],
    "Apple": ["apple.com", "icloud.com"],
    "Amazon": [
      "amazon.com", "amazon.co.uk", "amazon.de", "amazon.fr", "amazon.it", "amazon.es", "amazon.ca",
    ],
    "Amazon Web Services": ["amazon.com"],
    "AWS": ["amazon.com"],
    "Facebook": ["facebook.com"],
    "Meta": ["facebook.com", "meta.com"],
    "Instagram": ["instagram.com"],
    "Twitter": ["twitter.com", "x.com"],
    "X": ["x.com", "twitter.com"],
    "GitHub": ["github.com"],
    "GitLab": ["gitlab.com"],
    "Bitbucket": ["bitbucket.org", "atlassian.com"],
    "Atlassian": ["atlassian.com", "atlassian.net"],
    "Dropbox": ["dropbox.com"],
    "Discord": ["discord.com"],
    "Slack": ["slack.com"],
    "Reddit": ["reddit.com"],
    "LinkedIn": ["linkedin.com"],
    "PayPal": ["paypal.com"],
    "Stripe": ["stripe.com"],
    "Cloudflare": ["cloudflare.com"],
    "DigitalOcean": ["digitalocean.com"],
    "Hetzner": ["hetzner.com"],
    "Linode": ["linode.com"],
    "OVH": ["ovh.com", "ovhcloud.com"],
    "Heroku": ["heroku.com"],
    "npm": ["npmjs.com"],
    "PyPI": ["pypi.org"],
    "Docker": ["docker.com"],
    "Docker Hub": ["docker.com"],
    "Bitwarden": ["bitwarden.com"],
    "1Password": ["1password.com"],
    "LastPass": ["lastpass.com"],
    "Proton": ["proton.me", "protonmail.com"],
    "ProtonMail": ["proton.me", "protonmail.com"],
    "Tutanota": ["tutanota.com", "tuta.com"],
    "Fastmail": ["fastmail.com"],
    "Yahoo": ["yahoo.com"],
    "Zoho": ["zoho.com"],
    "Coinbase": ["coinbase.com"],
    "Binance": ["binance.com"],
    "Kraken": ["kraken.com"],
    "Steam": ["steampowered.com", "steamcommunity.com"],
    "Epic Games": ["epicgames.com"],
    "Battle.net": ["battle.net", "blizzard.com"],
    "Blizzard": ["blizzard.com", "battle.net"],
    "Twitch": ["twitch.tv"],
    "Nintendo": ["nintendo.com"],
    "Ubisoft": ["ubisoft.com"],
    "Mozilla": ["mozilla.org", "firefox.com"],
    "Firefox": ["firefox.com"],
    "Adobe": ["adobe.com"],
    "Zoom": ["zoom.us"],
    "Salesforce": ["salesforce.com"],
    "Shopify": ["shopify.com"],
    "eBay": ["ebay.com"],
    "Patreon": ["patreon.com"],
    "Namecheap": ["namecheap.com"],
    "GoDaddy": ["godaddy.com"],
    "Gandi": ["gandi.net"],
    "WordPress": ["wordpress.com"],
    "Tumblr": ["tumblr.com"],
    "Figma": ["figma.com"],
    "Notion": ["notion.so"],
    "Vercel": ["vercel.com"],
    "Netlify": ["netlify.com"],
    "Sentry": ["sentry.io"],
    "Tailscale": ["tailscale.com"],
    "Okta": ["okta.com"],
    "Mailchimp": ["mailchimp.com"],
    "Kickstarter": ["kickstarter.com"],
    "Evernote": ["evernote.com"],
    "Box": ["box.com"],
  ])
}
