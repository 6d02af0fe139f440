import Domain
import Foundation
import OTP

/// Runs a `SimulatedHistory` over in-memory devices with the real `SyncVault`, and checks after
/// every convergence what must hold (issue: no account lost with its exact secret, deletions
/// stick, edits without a concurrent edit stay, every device converges within a few passes and
/// then writes nothing, a deliberate conflict is counted, no conflict copy is left).
final class SimulatedWorld {
  /// What the history made of one account.
  struct Truth {
    var secret: [UInt8]
    var deleted = false
    /// Expected value per field.
    var expected: [String: String] = [:]
    /// This round's edits per field: (who, value), in order.
    var edits: [String: [(actor: Int, value: String)]] = [:]
    /// Changed this round by a device that had synced already while apart, with three or more
    /// devices: the others may be left only an older common ancestor, and sync.md then keeps
    /// the other side's value or the entry (a conflict, not a loss). Its fields and deletion
    /// are not checked this round; it must still not be lost while never removed.
    var exempt = false
  }

  static let phoneActor = -1
  let history: SimulatedHistory
  let devices: [SimulatedDevice]
  let syncthing: SimulatedSyncthing
  var phone = VaultContents()
  var backups: [VaultContents] = []
  var truths: [Int: Truth] = [:]
  var conflictsThisRound = 0
  var deliberateConflict = false
  /// How many times each device synced this round.
  var syncsThisRound: [Int: Int] = [:]
  /// The first problem found, with the step it was found at.
  private(set) var problem: String?

  init(_ history: SimulatedHistory) {
    self.history = history
    devices = (0..<history.devices).map { SimulatedDevice(name: "d\($0)") }
    syncthing = SimulatedSyncthing(devices: devices.map(\.name))
    // The shared file starts as an empty vault another program made (no lineage).
    syncthing.write(SimulatedSharedSource.name, VaultContents(), on: devices[0].name)
    syncthing.connect()
  }

  /// Runs every step; the first problem, or nil.
  func run() -> String? {
    for (index, step) in history.steps.enumerated() {
      perform(step)
      if let problem { return "step \(index) (\(step)): \(problem)" }
    }
    return nil
  }

  static func secret(_ number: Int) -> [UInt8] { Array("secret-of-account-\(number)".utf8) }
  static func id(_ number: Int) -> Account.ID { Account.ID("u-\(number)") }

  private func fail(_ text: String) { if problem == nil { problem = text } }

  private func perform(_ step: SimulatedStep) {
    switch step {
    case .partition(let groups):
      syncthing.partition(groups.map { $0.map { devices[$0].name } })
      conflictsThisRound = 0
      deliberateConflict = false
      syncsThisRound = [:]
    case .add(let device, let number):
      guard truths[number] == nil else { return }
      let account = Account(
        id: Self.id(number), issuer: "Iss\(number)", name: "acct\(number)",
        otp: try! OTPParameters(type: .totp, secret: Self.secret(number)))
      change(device) { $0.accounts.append(account) }
      truths[number] = Truth(secret: Self.secret(number))
    case .edit(let device, let number, let edit):
      guard (try? devices[device].vault.load().index(of: Self.id(number))) != nil else { return }
      change(device) { Self.apply(edit, to: number, in: &$0) }
      record(edit.field, Self.value(of: edit), by: device, for: number)
      exemptIfSyncedApart(number, by: device)
    case .remove(let device, let number):
      guard (try? devices[device].vault.load().index(of: Self.id(number))) != nil else { return }
      change(device) { $0.accounts.removeAll { $0.id == Self.id(number) } }
      truths[number]?.deleted = true
      exemptIfSyncedApart(number, by: device)
    case .sync(let device):
      sync(device)
    case .phoneAdd(let number):
      guard truths[number] == nil else { return }
      phone.accounts.append(
        Account(
          id: Self.id(number), issuer: "Phone\(number)", name: "acct\(number)",
          otp: try! OTPParameters(type: .totp, secret: Self.secret(number))))
      truths[number] = Truth(secret: Self.secret(number))
      backups.append(phone)
    case .phoneNote(let number, let note):
      guard let index = try? phone.index(of: Self.id(number)) else { return }
      phone.accounts[index].note = note
      record("note", note, by: Self.phoneActor, for: number)
      backups.append(phone)
    case .phoneRemove(let number):
      guard (try? phone.index(of: Self.id(number))) != nil else { return }
      phone.accounts.removeAll { $0.id == Self.id(number) }
      truths[number]?.deleted = true
      backups.append(phone)
    case .converge:
      converge()
    }
  }

  private func exemptIfSyncedApart(_ number: Int, by device: Int) {
    if devices.count > 2, syncsThisRound[device, default: 0] > 0, syncthing.groups.count > 1 {
      truths[number]?.exempt = true
    }
  }

  private func change(_ device: Int, _ body: (inout VaultContents) -> Void) {
    do throws(DomainError) {
      try devices[device].vault.update { (contents) throws(DomainError) in body(&contents) }
    } catch {
      fail("device \(device) could not change its vault: \(error)")
    }
    syncthing.exchange(around: devices[device].name)
  }

  private func record(_ field: String, _ value: String, by actor: Int, for number: Int) {
    truths[number]?.edits[field, default: []].append((actor, value))
    if field == "note", Set((truths[number]?.edits["note"] ?? []).map(\.actor)).count > 1 {
      deliberateConflict = true
    }
  }

  static func value(of edit: SimulatedStep.Edit) -> String {
    switch edit {
    case .label(let value), .note(let value): value
    case .favorite(let value): "\(value)"
    case .groups(let names): names.joined(separator: ",")
    }
  }

  /// Applies `edit` as a person would: a group named that does not exist yet is created with a
  /// fresh UUID of this device.
  static func apply(_ edit: SimulatedStep.Edit, to number: Int, in contents: inout VaultContents) {
    guard let index = try? contents.index(of: id(number)) else { return }
    switch edit {
    case .label(let label): contents.accounts[index].issuer = label
    case .note(let note): contents.accounts[index].note = note
    case .favorite(let favorite): contents.accounts[index].favorite = favorite
    case .groups(let names):
      var ids: [AccountGroup.ID] = []
      for name in names {
        if let group = contents.groups.first(where: { $0.name == name }) {
          ids.append(group.id)
        } else {
          let group = AccountGroup(
            id: AccountGroup.ID("g-\(name)-\(contents.accounts[index].id)-\(contents.groups.count)"),
            name: name)
          contents.groups.append(group)
          ids.append(group.id)
        }
      }
      contents.accounts[index].groups = ids
    }
  }

  private func sync(_ device: Int) {
    syncsThisRound[device, default: 0] += 1
    let trace = ProcessInfo.processInfo.environment["TWOFOLD_SYNC_TRACE"] != nil
    let before = trace ? (try? devices[device].vault.load()) : nil
    let read = trace ? syncthing.files(of: devices[device].name).sorted { $0.key < $1.key } : []
    defer {
      if trace, let after = try? devices[device].vault.load() {
        let notes = { (c: VaultContents) in c.accounts.map { "\($0.id):\($0.note)" }.joined(separator: ",") }
        print(
          "  d\(device) sync: ours \(before?.lineage?.id.rawValue ?? "-") [\(before.map(notes) ?? "")] read "
            + read.map {
              "\($0.key)=\($0.value.lineage.map { "\($0.id)<\($0.ancestors.map(\.rawValue))" } ?? "-") [\(notes($0.value))]"
            }
            .joined(separator: " ")
            + " -> \(after.lineage?.id.rawValue ?? "-") [\(notes(after))]")
      }
    }
    do {
      let reports = try devices[device].sync(
        syncthing: syncthing, backups: history.phone ? backups : nil, backupsFirst: history.backupsFirst)
      conflictsThisRound += reports.map(\.report.conflicts).reduce(0, +)
    } catch {
      fail("device \(device)'s sync failed: \(error)")
    }
    syncthing.exchange(around: devices[device].name)
  }

  /// What one device's files are now: its vault and its replica of the shared folder.
  struct Files: Equatable {
    var vault: VaultContents?
    var folder: [String: VaultContents]
  }

  /// Every device's files now, to see a pass change nothing.
  private func snapshot() -> [Files] {
    devices.map { Files(vault: try? $0.vault.load(), folder: syncthing.files(of: $0.name)) }
  }

  private func converge() {
    syncthing.connect()
    var quiet = false
    for pass in 0..<4 {
      let before = snapshot()
      for index in devices.indices { sync((index + pass) % devices.count) }
      if problem != nil { return }
      if snapshot() == before {
        quiet = true
        break
      }
    }
    if !quiet { return fail("files still change after 4 passes of every device syncing") }
    verify()
  }

  /// Checks the invariants again as things are now, without syncing.
  func recheck() -> String? {
    problem = nil
    verify()
    return problem
  }

  /// Each account's fields as the checks compare them (groups by name).
  static func fields(of account: Account, in contents: VaultContents) -> [String: String] {
    [
      "label": account.issuer, "note": account.note, "favorite": "\(account.favorite)",
      "groups": contents.groupNames(of: account).sorted().joined(separator: ","),
    ]
  }

  private func verify() {
    var views: [(String, VaultContents)] = []
    for device in devices {
      guard let vault = try? device.vault.load() else { return fail("\(device.name)'s vault cannot be read") }
      views.append(("\(device.name)'s vault", vault))
      guard let shared = syncthing.files(of: device.name)[SimulatedSharedSource.name] else {
        return fail("\(device.name) has no shared file")
      }
      views.append(("\(device.name)'s shared file", shared))
      let copies = syncthing.files(of: device.name).keys.filter { $0.contains("sync-conflict") }
      if !copies.isEmpty {
        return fail("conflict copies left beside \(device.name)'s shared file: \(copies)")
      }
    }
    for (number, truth) in truths.sorted(by: { $0.key < $1.key }) {
      for (where_, contents) in views {
        let found = contents.accounts.filter { $0.id == Self.id(number) }
        if truth.exempt {
          if found.count > 1 { return fail("#\(number) is in \(where_) \(found.count) times") }
          if let account = found.first, account.otp.secret != truth.secret {
            return fail("#\(number)'s secret changed in \(where_)")
          }
          continue
        }
        if truth.deleted {
          if !found.isEmpty { return fail("#\(number) was removed but is in \(where_)") }
          continue
        }
        guard found.count == 1, let account = found.first else {
          return fail("#\(number) (never removed) is in \(where_) \(found.count) times")
        }
        guard account.otp.secret == truth.secret else {
          return fail("#\(number)'s secret changed in \(where_)")
        }
        let fields = Self.fields(of: account, in: contents)
        for (field, edits) in truth.edits {
          let actors = Set(edits.map(\.actor))
          let allowed: Set<String> =
            actors.count > 1
            ? Set(actors.map { actor in edits.last { $0.actor == actor }!.value }) : [edits.last!.value]
          if !allowed.contains(fields[field]!) {
            return fail(
              "#\(number).\(field) in \(where_) is \(fields[field]!), expected one of \(allowed.sorted())")
          }
        }
        for (field, value) in truth.expected where truth.edits[field] == nil && fields[field] != value {
          return fail("#\(number).\(field) in \(where_) is \(fields[field]!), edited earlier to \(value)")
        }
      }
    }
    let first = views[0].1
    for (where_, contents) in views.dropFirst() where !Self.sameByRules(first, contents) {
      return fail("\(views[0].0) and \(where_) differ")
    }
    if deliberateConflict, conflictsThisRound == 0 {
      return fail("two devices set one note apart; no sync report counted a conflict")
    }
    // What all agree on becomes what later rounds expect.
    for number in Array(truths.keys) where !truths[number]!.deleted || truths[number]!.exempt {
      let agreed = first.accounts.first(where: { $0.id == Self.id(number) })
      let wasExempt = truths[number]!.exempt
      truths[number]!.deleted = agreed == nil
      truths[number]!.exempt = false
      defer { truths[number]!.edits = [:] }
      guard let account = agreed else { continue }
      let fields = Self.fields(of: account, in: first)
      for field in wasExempt ? Array(fields.keys) : Array(truths[number]!.edits.keys) {
        truths[number]!.expected[field] = fields[field]
      }
    }
  }

  /// Whether two vaults hold the same accounts (by UUID, groups by name), whatever the order.
  static func sameByRules(_ first: VaultContents, _ second: VaultContents) -> Bool {
    func canonical(_ contents: VaultContents) -> [String] {
      contents.accounts.map { account in
        "\(account.id)|\(account.otp)|\(account.name)|\(fields(of: account, in: contents).sorted { $0.key < $1.key })"
      }.sorted()
    }
    return canonical(first) == canonical(second)
  }
}
