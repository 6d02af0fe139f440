import Domain
import OTP

/// The accounts of `twofold demo`: made-up secrets in memory, never written anywhere. They show
/// what the app does: issuers in other scripts (`Zürich`, `東京`), 8-digit and 60-second codes,
/// an HOTP counter, a Steam account, a favorite and two groups.
enum DemoVault {
  private struct Entry {
    let issuer: String
    let name: String
    let type: OTPType
    let secret: String
    var algorithm: OTPAlgorithm? = nil
    var digits: Int? = nil
    var period: Int? = nil
    var groups: [String] = []
    var favorite = false
  }

  private static let entries = [
    Entry(
      issuer: "Zürich", name: "anna.muster@example.ch", type: .totp,
      secret: "DHGFZM6V6XU4TB6Q3PJWMU4IQZSNMOBV",
      groups: ["Personal"], favorite: true),
    Entry(
      issuer: "東京", name: "taro@example.jp", type: .totp, secret: "BB6DVSRUDSPA3SK6RYDVYBHNVZDJ2MAG",
      groups: ["Personal"]),
    Entry(
      issuer: "GitHub", name: "octocat", type: .totp, secret: "FE66535RFJKXLACSC2ATGQJ7LZ572AHP",
      groups: ["Work"]),
    Entry(
      issuer: "Cloud Console", name: "ops@example.com", type: .totp,
      secret: "G3MXPCM76W525PSXL3HIK26ZSUNH2CMC",
      algorithm: .sha256, digits: 8, groups: ["Work"]),
    Entry(
      issuer: "Bank Demo", name: "alice", type: .totp, secret: "RIGUBIA4MFMQS5GTUG3BMZIJG7MGN6XU", period: 60),
    Entry(
      issuer: "Legacy VPN", name: "alice", type: .hotp, secret: "W6TQ3THCVUT43BN7VR47D5TKR7OMIAKH",
      groups: ["Work"]),
    Entry(issuer: "Steam", name: "alice_gamer", type: .steam, secret: "KM5U3IHUP4USYSYT6HAC2QOIJ2SULPJD"),
  ]

  /// A repository holding the demo accounts.
  static func repository(ids: IdentifierSource) -> InMemoryVaultRepository {
    let repository = InMemoryVaultRepository()
    let add = AddAccount(repository: repository, ids: ids)
    for entry in entries {
      guard let secret = try? Base32.decode(entry.secret),
        let otp = try? OTPParameters(
          type: entry.type, secret: secret, algorithm: entry.algorithm, digits: entry.digits,
          period: entry.period)
      else { continue }
      _ = try? add(
        NewAccount(
          issuer: entry.issuer, name: entry.name, otp: otp, favorite: entry.favorite, groupNames: entry.groups
        ))
    }
    return repository
  }
}
