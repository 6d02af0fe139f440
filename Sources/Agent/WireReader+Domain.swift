import Domain
import OTP

extension WireReader {
  mutating func otp() throws(Malformed) -> OTPParameters {
    guard let type = OTPType(rawValue: try string()) else { throw Malformed(reason: "an unknown OTP type") }
    guard let algorithm = OTPAlgorithm(rawValue: try string()) else {
      throw Malformed(reason: "an unknown algorithm")
    }
    let digits = try int()
    let period = try int()
    let counter = try u64()
    let secret = try data()
    let withheld = secret.isEmpty
    let hasPIN = withheld ? try bool() : false
    let pin = withheld ? nil : try optional { (reader) throws(Malformed) in try reader.string() }
    do throws(OTPError) {
      if withheld {
        return try .withheld(
          type: type, algorithm: algorithm, digits: digits, period: period, counter: counter, hasPIN: hasPIN)
      }
      return try OTPParameters(
        type: type, secret: secret, algorithm: algorithm, digits: digits, period: period, counter: counter,
        pin: pin)
    } catch {
      throw Malformed(reason: "invalid OTP parameters")
    }
  }

  mutating func preserved() throws(Malformed) -> [PreservedField] {
    try array { (reader) throws(Malformed) in
      PreservedField(key: try reader.string(), raw: try reader.string())
    }
  }

  mutating func account() throws(Malformed) -> Account {
    let id = Account.ID(try string())
    let issuer = try string()
    let name = try string()
    let otp = try otp()
    return Account(
      id: id, issuer: issuer, name: name, otp: otp, note: try string(), favorite: try bool(),
      groups: try strings().map(AccountGroup.ID.init),
      icon: try optional { (reader) throws(Malformed) in try reader.icon() }, preserved: try preserved())
  }

  mutating func group() throws(Malformed) -> AccountGroup {
    AccountGroup(id: AccountGroup.ID(try string()), name: try string(), preserved: try preserved())
  }

  mutating func contents() throws(Malformed) -> VaultContents {
    let accounts = try array { (reader) throws(Malformed) in try reader.account() }
    let groups = try array { (reader) throws(Malformed) in try reader.group() }
    return VaultContents(accounts: accounts, groups: groups, preserved: try preserved())
  }

  mutating func newAccount() throws(Malformed) -> NewAccount {
    let issuer = try string()
    let name = try string()
    let otp = try otp()
    return NewAccount(
      issuer: issuer, name: name, otp: otp, note: try string(), favorite: try bool(),
      groupNames: try strings())
  }

  mutating func candidate() throws(Malformed) -> ImportCandidate {
    var candidate = ImportCandidate.failed(try string(), "")
    candidate.account = try optional { (reader) throws(Malformed) in try reader.newAccount() }
    candidate.problem = try optional { (reader) throws(Malformed) in try reader.string() }
    candidate.batch = try optional { (reader) throws(Malformed) in
      ImportBatch(id: try reader.i64(), index: try reader.i64(), size: try reader.i64())
    }
    return candidate
  }

  mutating func changes() throws(Malformed) -> EditAccount.Changes {
    EditAccount.Changes(
      issuer: try optional { (reader) throws(Malformed) in try reader.string() },
      name: try optional { (reader) throws(Malformed) in try reader.string() },
      note: try optional { (reader) throws(Malformed) in try reader.string() },
      favorite: try optional { (reader) throws(Malformed) in try reader.bool() },
      groupNames: try optional { (reader) throws(Malformed) in try reader.strings() })
  }

  mutating func change() throws(Malformed) -> VaultChange {
    switch try tag(ChangeKind.self, unknown: "an unknown change") {
    case .add: return .add(try newAccount())
    case .edit: return .edit(Account.ID(try string()), try changes())
    case .remove: return .remove(Account.ID(try string()))
    case .toggleFavorite: return .toggleFavorite(Account.ID(try string()))
    case .nextHOTP: return .nextHOTP(Account.ID(try string()))
    case .importAccounts:
      let candidates = try array { (reader) throws(Malformed) in try reader.candidate() }
      return .importAccounts(candidates, skipBad: try bool(), dryRun: try bool())
    case .createGroup: return .createGroup(try string())
    case .renameGroup: return .renameGroup(AccountGroup.ID(try string()), try string())
    case .deleteGroup: return .deleteGroup(AccountGroup.ID(try string()))
    case .assignGroups: return .assignGroups(Account.ID(try string()), try strings())
    case .setIcon:
      return .setIcon(
        Account.ID(try string()), try optional { (reader) throws(Malformed) in try reader.icon() })
    case .setIcons:
      let assignments = try array { (reader) throws(Malformed) in
        IconAssignment(
          id: Account.ID(try reader.string()),
          icon: try reader.optional { (reader) throws(Malformed) in try reader.icon() })
      }
      return .setIcons(assignments, replace: try bool())
    }
  }

  mutating func icon() throws(Malformed) -> AccountIcon {
    guard let format = AccountIcon.Format(rawValue: try string()) else {
      throw Malformed(reason: "an unknown icon format")
    }
    let bytes = try data()
    do throws(AccountIcon.Problem) {
      return try AccountIcon(format: format, bytes: bytes)
    } catch {
      throw Malformed(reason: "an invalid icon")
    }
  }

  mutating func report() throws(Malformed) -> ImportReport {
    var report = ImportReport()
    report.added = try array { (reader) throws(Malformed) in try reader.account() }
    report.duplicates = try strings()
    report.failed = try array { (reader) throws(Malformed) in try reader.candidate() }
    return report
  }

  mutating func outcome() throws(Malformed) -> VaultChange.Outcome {
    switch try tag(OutcomeKind.self, unknown: "an unknown outcome") {
    case .account: return .account(try account())
    case .done: return .done
    case .favorite: return .favorite(try bool())
    case .code: return .code(try string())
    case .imported: return .imported(try report(), refused: try bool())
    case .group: return .group(try group())
    case .changed: return .changed(try strings().map(Account.ID.init))
    }
  }

  mutating func domainError() throws(Malformed) -> DomainError {
    switch try tag(ErrorKind.self, unknown: "an unknown error") {
    case .wrongPassword: return .wrongPassword
    case .passwordRequired: return .passwordRequired
    case .vaultMissing: return .vaultMissing
    case .vaultExists: return .vaultExists
    case .vaultCorrupted: return .vaultCorrupted(try string())
    case .vaultLocked: return .vaultLocked
    case .unsupportedVersion: return .unsupportedVersion(try string())
    case .storage: return .storage(try string())
    case .duplicate: return .duplicate(label: try string())
    case .notFound: return .notFound(try string())
    case .ambiguous: return .ambiguous(try string(), candidates: try strings())
    case .invalidField:
      guard let field = AccountField(rawValue: try string()) else {
        throw Malformed(reason: "an unknown field")
      }
      return .invalidField(field, try string())
    case .cannotGenerate: return .cannotGenerate(try string())
    case .cancelled: return .cancelled
    }
  }
}
