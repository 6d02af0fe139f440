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
