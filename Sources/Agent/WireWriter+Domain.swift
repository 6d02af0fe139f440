import Domain
import OTP

/// Whether OTP secrets are written: a client sends the secrets of accounts it adds, the agent
/// never sends one back (every account it answers with is withheld).
enum SecretPolicy {
  case include
  case withhold
}

extension WireWriter {
  mutating func otp(_ otp: OTPParameters, _ policy: SecretPolicy) {
    string(otp.type.rawValue)
    string(otp.algorithm.rawValue)
    int(otp.digits)
    int(otp.period)
    u64(otp.counter)
    switch policy {
    case .include:
      data(otp.secret)
      optional(otp.pin) { $0.string($1) }
    case .withhold:
      data([])
      bool(otp.pin != nil)
    }
  }

  mutating func preserved(_ fields: [PreservedField]) {
    array(fields) { writer, field in
      writer.string(field.key)
      writer.string(field.raw)
    }
  }

  mutating func account(_ account: Account, _ policy: SecretPolicy) {
    string(account.id.rawValue)
    string(account.issuer)
    string(account.name)
    otp(account.otp, policy)
    string(account.note)
    bool(account.favorite)
    strings(account.groups.map(\.rawValue))
    // The icon is no secret, and the desktop draws it. Kept fields stay with the agent (its own
    // copy is what gets saved), except those of an icon that is no image, which sync compares.
    optional(account.icon) { $0.icon($1) }
    preserved(
      policy == .include
        ? account.preserved : account.preserved.filter { AccountIcon.fieldKeys.contains($0.key) })
  }

  mutating func group(_ group: AccountGroup) {
    string(group.id.rawValue)
    string(group.name)
    preserved(group.preserved)
  }

  mutating func contents(_ contents: VaultContents, _ policy: SecretPolicy) {
    array(contents.accounts) { $0.account($1, policy) }
    array(contents.groups) { $0.group($1) }
    preserved(policy == .include ? contents.preserved : [])
  }

  mutating func newAccount(_ new: NewAccount, _ policy: SecretPolicy) {
    string(new.issuer)
    string(new.name)
    otp(new.otp, policy)
    string(new.note)
    bool(new.favorite)
    strings(new.groupNames)
  }

  mutating func candidate(_ candidate: ImportCandidate, _ policy: SecretPolicy) {
    string(candidate.label)
    optional(candidate.account) { $0.newAccount($1, policy) }
    optional(candidate.problem) { $0.string($1) }
    optional(candidate.batch) { writer, batch in
      writer.i64(batch.id)
      writer.i64(batch.index)
      writer.i64(batch.size)
    }
  }

  mutating func changes(_ changes: EditAccount.Changes) {
    optional(changes.issuer) { $0.string($1) }
    optional(changes.name) { $0.string($1) }
    optional(changes.note) { $0.string($1) }
    optional(changes.favorite) { $0.bool($1) }
    optional(changes.groupNames) { $0.strings($1) }
  }

  mutating func change(_ change: VaultChange) {
    switch change {
    case .add(let new):
      tag(ChangeKind.add)
      newAccount(new, .include)
    case .edit(let id, let edits):
      tag(ChangeKind.edit)
      string(id.rawValue)
      changes(edits)
    case .remove(let id):
      tag(ChangeKind.remove)
      string(id.rawValue)
    case .toggleFavorite(let id):
      tag(ChangeKind.toggleFavorite)
      string(id.rawValue)
    case .nextHOTP(let id):
      tag(ChangeKind.nextHOTP)
      string(id.rawValue)
    case .importAccounts(let candidates, let skipBad, let dryRun):
      tag(ChangeKind.importAccounts)
      array(candidates) { $0.candidate($1, .include) }
      bool(skipBad)
      bool(dryRun)
    case .createGroup(let name):
      tag(ChangeKind.createGroup)
      string(name)
    case .renameGroup(let id, let name):
      tag(ChangeKind.renameGroup)
      string(id.rawValue)
      string(name)
    case .deleteGroup(let id):
      tag(ChangeKind.deleteGroup)
      string(id.rawValue)
    case .assignGroups(let id, let names):
      tag(ChangeKind.assignGroups)
      string(id.rawValue)
      strings(names)
    case .setIcon(let id, let icon):
      tag(ChangeKind.setIcon)
      string(id.rawValue)
      optional(icon) { writer, icon in
        writer.string(icon.format.rawValue)
        writer.data(icon.bytes)
      }
    case .setIcons(let assignments, let replace):
      tag(ChangeKind.setIcons)
      array(assignments) { writer, assignment in
        writer.string(assignment.id.rawValue)
        writer.optional(assignment.icon) { $0.icon($1) }
      }
      bool(replace)
    }
  }

  mutating func icon(_ icon: AccountIcon) {
    string(icon.format.rawValue)
    data(icon.bytes)
  }

  mutating func report(_ report: ImportReport) {
    array(report.added) { $0.account($1, .withhold) }
    strings(report.duplicates)
    array(report.failed) { $0.candidate($1, .withhold) }
  }

  mutating func outcome(_ outcome: VaultChange.Outcome) {
    switch outcome {
    case .account(let account):
      tag(OutcomeKind.account)
      self.account(account, .withhold)
    case .done: tag(OutcomeKind.done)
    case .favorite(let flag):
      tag(OutcomeKind.favorite)
      bool(flag)
    case .code(let code):
      tag(OutcomeKind.code)
      string(code)
    case .imported(let report, let refused):
      tag(OutcomeKind.imported)
      self.report(report)
      bool(refused)
    case .group(let group):
      tag(OutcomeKind.group)
      self.group(group)
    case .changed(let ids):
      tag(OutcomeKind.changed)
      strings(ids.map(\.rawValue))
    }
  }

  mutating func domainError(_ error: DomainError) {
    switch error {
    case .wrongPassword: tag(ErrorKind.wrongPassword)
    case .passwordRequired: tag(ErrorKind.passwordRequired)
    case .vaultMissing: tag(ErrorKind.vaultMissing)
    case .vaultExists: tag(ErrorKind.vaultExists)
    case .vaultCorrupted(let reason):
      tag(ErrorKind.vaultCorrupted)
      string(reason)
    case .vaultLocked: tag(ErrorKind.vaultLocked)
    case .unsupportedVersion(let what):
      tag(ErrorKind.unsupportedVersion)
      string(what)
    case .storage(let reason):
      tag(ErrorKind.storage)
      string(reason)
    case .duplicate(let label):
      tag(ErrorKind.duplicate)
      string(label)
    case .notFound(let query):
      tag(ErrorKind.notFound)
      string(query)
    case .ambiguous(let query, let candidates):
      tag(ErrorKind.ambiguous)
      string(query)
      strings(candidates)
    case .invalidField(let field, let message):
      tag(ErrorKind.invalidField)
      string(field.rawValue)
      string(message)
    case .cannotGenerate(let reason):
      tag(ErrorKind.cannotGenerate)
      string(reason)
    case .cancelled: tag(ErrorKind.cancelled)
    }
  }
}

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

/// The kinds of change, as their tag byte: one list for encoding and decoding. New kinds go at
/// the end; a number is never reused.
enum ChangeKind: UInt8 {
  case add = 1
  case edit, remove, toggleFavorite, nextHOTP, importAccounts, createGroup, renameGroup, deleteGroup,
    assignGroups, setIcon, setIcons
}

/// The kinds of a change's outcome, as their tag byte.
enum OutcomeKind: UInt8 {
  case account = 1
  case done, favorite, code, imported, group, changed
}

/// The kinds of `DomainError`, as their tag byte.
enum ErrorKind: UInt8 {
  case wrongPassword = 1
  case passwordRequired, vaultMissing, vaultExists, vaultCorrupted, vaultLocked, unsupportedVersion, storage
  case duplicate, notFound, ambiguous, invalidField, cannotGenerate, cancelled
}
