import Domain
import OTP
import Testing

@Suite("VaultMerge, properties over random edits")
struct VaultMergePropertyTests {
  /// What the merge treats as the `secret` field: the parameters without the counter.
  struct SecretField: Hashable {
    let type: OTPType
    let secret: [UInt8]
    let digits: Int
    let period: Int
    let pin: String?

    init(_ otp: OTPParameters) {
      (type, secret, digits, period, pin) = (otp.type, otp.secret, otp.digits, otp.period, otp.pin)
    }
  }

  /// One random case: a base and two sides edited from it, and their merge.
  struct Case {
    let base: VaultContents?
    let ours: VaultContents
    let theirs: VaultContents
    let result: VaultContents

    init(seed: UInt64) {
      var random = RandomVaults(seed: seed)
      let base = random.vault()
      ours = random.edited(base, side: "o")
      theirs = random.edited(base, side: "t")
      self.base = random.chance(15) ? nil : base
      result = merge(self.base, ours, theirs).contents
    }
  }

  static let seeds: ClosedRange<UInt64> = 1...400

  static func merge(_ base: VaultContents?, _ ours: VaultContents, _ theirs: VaultContents) -> MergeResult {
    VaultMerge.merge(base: base, ours: ours, theirs: theirs, ids: .counting("m"))
  }

  @Test("Nothing a side kept is lost: every secret a side added or changed, and every account both hold")
  func nothingLost() {
    for seed in Self.seeds {
      let test = Case(seed: seed)
      let secrets = Set(test.result.accounts.map { SecretField($0.otp) })
      let ids = Set(test.result.accounts.map(\.id))
      for side in [test.ours, test.theirs] {
        for account in side.accounts {
          let before = test.base?.accounts.first { $0.id == account.id }
          if before.map({ SecretField($0.otp) }) != SecretField(account.otp) {
            #expect(secrets.contains(SecretField(account.otp)), "seed \(seed): \(account.id)")
          }
        }
      }
      for account in test.ours.accounts where test.theirs.accounts.contains(where: { $0.id == account.id }) {
        #expect(ids.contains(account.id), "seed \(seed): \(account.id)")
      }
    }
  }

  @Test("Syncing again changes nothing: base, ours and theirs the result, or no base")
  func idempotent() {
    for seed in Self.seeds {
      let test = Case(seed: seed)
      let again = MergeResult(contents: test.result, report: MergeReport())
      #expect(Self.merge(test.result, test.result, test.result) == again, "seed \(seed)")
      #expect(Self.merge(nil, test.result, test.result) == again, "seed \(seed)")
    }
  }

  /// After a secret conflict ours keeps its counter, but the counter rule ("the larger whenever
  /// both hold one, whatever the base") raises it against the same theirs on the next sync.
  @Test("One-way, merging the same theirs again (base theirs) changes nothing but raises counters")
  func oneWayAgain() {
    for seed in Self.seeds {
      let test = Case(seed: seed)
      let again = Self.merge(test.theirs, test.result, test.theirs).contents
      #expect(again.groups == test.result.groups, "seed \(seed)")
      #expect(again.accounts.map(\.id) == test.result.accounts.map(\.id), "seed \(seed)")
      for (account, before) in zip(again.accounts, test.result.accounts) {
        #expect(account.otp.counter >= before.otp.counter, "seed \(seed)")
        #expect(account == Self.withCounter(before, account.otp.counter), "seed \(seed)")
      }
    }
  }

  static func withCounter(_ account: Account, _ counter: UInt64) -> Account {
    var account = account
    account.otp = (try? account.otp.withCounter(counter)) ?? account.otp
    return account
  }

  @Test("Merging a side with itself gives it back and reports nothing")
  func sameOnBothSides() {
    for seed in Self.seeds {
      let test = Case(seed: seed)
      for side in [test.ours, test.theirs] {
        #expect(
          Self.merge(test.base, side, side) == MergeResult(contents: side, report: MergeReport()),
          "seed \(seed)")
      }
    }
  }

  @Test("Counts are the UUIDs only in the result, only before, and the result holds its groups")
  func countsAndShape() {
    for seed in Self.seeds {
      let test = Case(seed: seed)
      let report = Self.merge(test.base, test.ours, test.theirs).report
      let result = Set(test.result.accounts.map(\.id))
      for (side, counts) in [(test.ours, report.local), (test.theirs, report.remote)] {
        let before = Set(side.accounts.map(\.id))
        #expect(counts.added == result.subtracting(before).count, "seed \(seed)")
        #expect(counts.removed == before.subtracting(result).count, "seed \(seed)")
      }
      Self.expectWellFormed(test.result, seed: seed)
    }
  }

  @Test("The merge is total: vaults with repeated UUIDs, names and empty fields merge without trapping")
  func total() {
    for seed in Self.seeds {
      var random = RandomVaults(seed: seed)
      let vaults = [random.malformed(), random.malformed(), random.malformed(), random.vault()]
      let base: VaultContents? = random.chance(20) ? nil : random.pick(vaults)
      let result = Self.merge(base, random.pick(vaults), random.pick(vaults)).contents
      Self.expectWellFormed(result, seed: seed)
      #expect(Self.merge(result, result, result).contents == result, "seed \(seed)")
    }
  }

  /// Unique account UUIDs, unique group names and UUIDs, and only groups the result holds.
  static func expectWellFormed(_ contents: VaultContents, seed: UInt64) {
    let groups = Set(contents.groups.map(\.id))
    #expect(Set(contents.accounts.map(\.id)).count == contents.accounts.count, "seed \(seed)")
    #expect(groups.count == contents.groups.count, "seed \(seed)")
    #expect(Set(contents.groups.map(\.name)).count == contents.groups.count, "seed \(seed)")
    #expect(contents.accounts.allSatisfy { $0.groups.allSatisfy(groups.contains) }, "seed \(seed)")
  }
}
