import Arguments
import Data
import Domain
import Formats
import Infrastructure
import Presentation

/// `twofold import FILE…|--from-screen [--format F] [--dry-run] [--skip-bad] [--source-password-file FILE]`:
/// all or nothing unless `--skip-bad`; a report and one summary line on standard error.
struct ImportCommand {
  let commands: VaultCommands
  let registry: FormatRegistry

  private var arguments: ParsedArguments { commands.arguments }
  private var environment: Environment { commands.environment }

  func run() throws(CommandFailure) {
    let candidates = try readAll()
    if let incomplete = ImportBatch.missingParts(in: candidates) {
      guard arguments.has("skip-bad") else { throw .failed(incomplete.description) }
      environment.standardError("warning: \(incomplete.description)\n")
    }
    let dryRun = arguments.has("dry-run")
    let outcome = try commands.domain { () throws(DomainError) in
      try ImportAccounts(repository: commands.session.repository, ids: commands.session.ids)(
        candidates, skipBad: arguments.has("skip-bad"), dryRun: dryRun)
    }
    switch outcome {
    case .success(let report):
      if dryRun {
        for account in report.added {
          environment.standardOutput("\(account.label)  (\(account.otp.type.rawValue))\n")
        }
      }
      printReport(report, dryRun: dryRun)
    case .failure(let refused):
      printReport(refused.report, dryRun: true, refused: true)
      throw .failed(
        "nothing imported: \(refused.report.failed.count) entries could not be read; "
          + "fix them or add --skip-bad to import the rest")
    }
  }

  private func readAll() throws(CommandFailure) -> [ImportCandidate] {
    if arguments.has("from-screen") {
      guard arguments.positionals.isEmpty, arguments.value("format") == nil else {
        throw .usage("give either --from-screen or FILE (and --format), not both")
      }
      return try commands.candidatesFromScreen()
    }
    guard !arguments.positionals.isEmpty else { throw .usage("'import' needs FILE (or --from-screen)") }
    if arguments.has("whole-screen") { throw .usage("--whole-screen only applies with --from-screen") }
    let forced = try arguments.value("format").map { (name) throws(CommandFailure) -> any AccountImporter in
      guard let importer = registry.importer(named: name) else {
        throw .usage("unknown format '\(name)': use one of \(registry.names.joined(separator: ", "))")
      }
      return importer
    }
    var candidates: [ImportCandidate] = []
    for path in arguments.positionals {
      let bytes: [UInt8]
      switch LocalFiles.read(path) {
      case .success(let read): bytes = read
      case .failure(let error): throw .failed(error.reason)
      }
      let file = ImportFile(name: path, bytes: bytes)
      do throws(ImportError) {
        let importer: any AccountImporter
        if let forced { importer = forced } else { importer = try registry.detect(file) }
        candidates += try importer.candidates(from: file, password: sourcePassword(for: path))
      } catch .passwordRequired {
        throw .usage("\(path) is encrypted: give its password with --source-password-file FILE")
      } catch .unrecognized(let what) where forced != nil {
        throw .failed("\(path) is not a \(arguments.value("format")!) export: \(what)")
      } catch {
        throw .failed("\(path): \(error.description)")
      }
    }
    return candidates
  }

  private func sourcePassword(for path: String) -> ImportPassword {
    let file = arguments.value("source-password-file")
    return ImportPassword { () throws(ImportError) in
      if let file {
        do throws(DomainError) {
          return try PasswordSources.firstLine(of: file)
        } catch {
          throw .damaged("cannot read the source password file \(file)")
        }
      }
      guard TerminalPrompt.hasTerminal,
        let typed = TerminalPrompt().ask("Password of \(path): ", secret: true)
      else { throw .passwordRequired }
      return typed
    }
  }

  private func printReport(_ report: ImportReport, dryRun: Bool, refused: Bool = false) {
    // The same lines as the desktop's import dialog shows.
    let lines = ImportFeature.lines(
      report, dryRun: dryRun, skipBad: arguments.has("skip-bad"), refused: refused)
    for line in lines { environment.standardError(line + "\n") }
  }

}
