import Domain
import OTP
import TestSupport

/// Random vaults and random edits of them, from a seeded generator, for the merge's properties.
/// Small pools of labels and secrets make the same account, the same name and the same UUID
/// turn up on both sides often.
struct RandomVaults {
  var random: SplitMix64

  static let issuers = ["GitHub", "github", "Zürich", "zurich", "", "Bank"]
  static let names = ["alice", "ALICE", "", "bob"]
  static let notes = ["", "one", "two"]
  static let groupNames = ["Work", "work", "Home", "Travel", "Bank"]
  static let secrets: [[UInt8]] = (0..<4).map { Array("secret-number-\($0)".utf8) }

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

  mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

  /// A well-formed vault: unique account UUIDs, unique group names and UUIDs.
  mutating func vault() -> VaultContents {
    var contents = VaultContents()
    for _ in 0..<Int.random(in: 0...3, using: &random) { addGroup(to: &contents) }
    for index in 0..<Int.random(in: 0...6, using: &random) {
      contents.accounts.append(account("b-\(index)", groups: contents.groups))
    }
    return contents
  }

  /// A random account in some of `groups`.
  mutating func account(_ id: String, groups: [AccountGroup]) -> Account {
    Account(
      id: Account.ID(id), issuer: pick(Self.issuers), name: pick(Self.names), otp: otp(),
      note: pick(Self.notes), favorite: chance(30), groups: groups.filter { _ in chance(40) }.map(\.id),
      preserved: preserved())
  }

  mutating func otp() -> OTPParameters {
    let type: OTPType = chance(50) ? .totp : .hotp
    return try! OTPParameters(
      type: type, secret: pick(Self.secrets), digits: chance(80) ? 6 : 8,
      counter: UInt64.random(in: 0...9, using: &random))
  }

  mutating func preserved() -> [PreservedField] {
    var fields: [PreservedField] = []
    if chance(30) {
      fields += [
        PreservedField(key: "icon", raw: "\"\(pick(["aQ==", "aWk="]))\""),
        PreservedField(key: "icon_mime", raw: "\"image/png\""),
      ]
    }
    if chance(30) { fields.append(PreservedField(key: pick(["info.x", "future"]), raw: pick(["1", "2"]))) }
    return fields
  }

  mutating func addGroup(to contents: inout VaultContents) {
    let name = pick(Self.groupNames)
    let id = AccountGroup.ID("g-\(Int.random(in: 1...6, using: &random))")
    guard !contents.groups.contains(where: { $0.name == name || $0.id == id }) else { return }
    contents.groups.append(AccountGroup(id: id, name: name))
  }
}
