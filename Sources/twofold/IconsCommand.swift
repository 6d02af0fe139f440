import AppSession
import Arguments
import Domain
import Infrastructure

/// `twofold icons import PACK.zip|apply [--dry-run] [--replace]|list`: Aegis icon packs, kept in
/// `$XDG_DATA_HOME/twofold/icons/`, and their icons written into the vault's entries.
struct IconsCommand {
  let environment: Environment
  let arguments: ParsedArguments

  /// The icons of one change sent at once: an agent reads requests of at most 8 MiB.
  static let batchBytes = 4 << 20

  /// The action's arguments: the positionals after the action.
  private var operands: ArraySlice<String> { arguments.positionals.dropFirst() }

  func run() throws(CommandFailure) {
    let action = arguments.positionals[0]
    guard CommandTable.iconsActions.contains(where: { $0.name == action }) else {
      let names = CommandTable.iconsActions.map(\.name).joined(separator: ", ")
      throw .usage("unknown icons action '\(action)': use \(names)")
    }
    if action != "apply", let flag = ["dry-run", "replace"].first(where: arguments.has) {
      throw .usage("--\(flag) only applies to 'icons apply'")
    }
    if action != "import", let extra = operands.first {
      throw .usage("unexpected argument '\(extra)' for 'icons \(action)'")
    }
    switch action {
    case "import": try importPack()
    case "apply": try apply()
    default: try list()
    }
  }

  private func importPack() throws(CommandFailure) {
    guard let path = operands.first else { throw .usage("'icons import' needs PACK.zip") }
    let library = try library()
    let bytes: [UInt8]
    switch LocalFiles.read(path) {
    case .success(let read): bytes = read
    case .failure(let error): throw .failed(error.reason)
    }
    let imported: (pack: IconPack, replaced: Int?)
    do throws(IconPackLibrary.Failure) {
      imported = try library.importPack(bytes)
    } catch {
      throw .failed("\(path): \(error.message); nothing was imported")
    }
    let pack = imported.pack
    let replacing = imported.replaced.map { " (replacing version \($0))" } ?? ""
    environment.standardOutput(
      "imported the icon pack '\(pack.name)' version \(pack.version)\(replacing): "
        + Plural.count(pack.icons.count, "icon") + "\n")
  }

  private func apply() throws(CommandFailure) {
    let library = try library()
    let packs = readPacks(library)
    guard !packs.isEmpty else {
      throw .failed("no icon pack is imported: run 'twofold icons import PACK.zip' first")
    }
    let commands = try VaultCommands(
      environment: environment, arguments: arguments, choices: VaultSession.Choices())
    commands.announceConflictCopies()
    let repository = commands.session.repository
    let contents = try commands.domain { () throws(DomainError) in try repository.load() }
    let replace = arguments.has("replace")
    let plan = ApplyIcons.plan(contents.accounts, packs: packs, replace: replace)
    var planned: [(change: ApplyIcons.Planned, icon: AccountIcon)] = []
    var already = 0
    for change in plan.changes {
      let icon = try icon(change.match, library)
      if change.account.icon != icon { planned.append((change, icon)) } else { already += 1 }
    }
    var others = 0
    for kept in plan.kept {
      if kept.account.icon == (try icon(kept.match, library)) { already += 1 } else { others += 1 }
    }
    var kept = already == 0 ? "" : "; \(already) already had it"
    if others > 0 {
      kept += others == 1 ? "; 1 account kept its own icon" : "; \(others) accounts kept their own icons"
      kept += " (--replace replaces them)"
    }
    if arguments.has("dry-run") {
      for (change, _) in planned { environment.standardOutput(line(change) + "\n") }
      environment.standardOutput(
        "would set the icon of " + Plural.count(planned.count, "account") + kept + "; nothing was changed\n")
      return
    }
    var changed: Set<Account.ID> = []
    for batch in Self.batches(planned.map { IconAssignment(id: $0.change.account.id, icon: $0.icon) }) {
      let ids = try commands.domain { () throws(DomainError) in
        try ApplyIcons(repository: repository, ids: commands.session.ids)(batch, replace: replace)
      }
      changed.formUnion(ids)
    }
    for (change, _) in planned where changed.contains(change.account.id) {
      environment.standardOutput(line(change) + "\n")
    }
    environment.standardOutput("set the icon of " + Plural.count(changed.count, "account") + kept + "\n")
  }

  private func list() throws(CommandFailure) {
    let packs = readPacks(try library())
    guard !packs.isEmpty else {
      environment.standardError("no icon pack is imported: run 'twofold icons import PACK.zip'\n")
      return
    }
    let width = min(40, packs.map(\.name.count).max() ?? 0)
    for pack in packs {
      let padding = String(repeating: " ", count: max(0, width - pack.name.count))
      environment.standardOutput(
        "\(pack.name)\(padding)  version \(pack.version)  \(Plural.count(pack.icons.count, "icon"))  \(pack.id)\n"
      )
    }
  }

  /// The image of `match`, checked as an icon.
  private func icon(_ match: IconPackMatch, _ library: IconPackLibrary) throws(CommandFailure) -> AccountIcon
  {
    do throws(IconPackLibrary.Failure) {
      return try library.icon(match)
    } catch {
      throw .failed("\(error.message): import the pack '\(match.pack.name)' again")
    }
  }

  /// The line `apply` prints for a change.
  private func line(_ change: ApplyIcons.Planned) -> String {
    "\(change.account.label): \(change.match.icon.name) from \(change.match.pack.name)"
  }

  /// `assignments` in runs whose icons are at most `batchBytes` together (one at least in each).
  static func batches(_ assignments: [IconAssignment]) -> [[IconAssignment]] {
    var batches: [[IconAssignment]] = []
    var size = 0
    for assignment in assignments {
      let bytes = assignment.icon?.bytes.count ?? 0
      if batches.isEmpty || (size + bytes > batchBytes && !batches[batches.count - 1].isEmpty) {
        batches.append([])
        size = 0
      }
      batches[batches.count - 1].append(assignment)
      size += bytes
    }
    return batches
  }

  /// The imported packs; a warning for each that cannot be read.
  private func readPacks(_ library: IconPackLibrary) -> [IconPack] {
    let (packs, problems) = library.packs()
    for problem in problems { environment.standardError("twofold: warning: \(problem)\n") }
    return packs
  }

  private func library() throws(CommandFailure) -> IconPackLibrary {
    guard let library = IconPackLibrary(variables: environment.variables) else {
      throw .failed("no folder for icon packs: set $XDG_DATA_HOME or $HOME")
    }
    return library
  }
}
