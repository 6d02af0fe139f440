import Domain
import OTP
import Presentation
import Testing

@Suite("Import dialog")
struct ImportFeatureTests {
  typealias Case = ReducerCase<ImportFeature.State, ImportFeature.Action, ImportFeature.Effect>

  static let good = ImportCandidate.account(
    NewAccount(issuer: "Acme", name: "me", otp: try! OTPParameters(type: .totp, secret: Fixture.rfcSecret)))
  static let bad = ImportCandidate.failed("Broken:entry", "the secret is not Base32")
  static let file = "/exports/aegis.json"

  static func dialog(_ change: (inout ImportFeature.State) -> Void = { _ in }) -> ImportFeature.State {
    var state = ImportFeature.State(file: file)
    change(&state)
    return state
  }

  static func report(added: Int = 1, duplicates: [String] = [], failed: [ImportCandidate] = [])
    -> ImportReport
  {
    var report = ImportReport()
    report.added = Array(Fixture.vault.accounts.prefix(added))
    report.duplicates = duplicates
    report.failed = failed
    return report
  }

  static func read(_ candidates: [ImportCandidate]) -> ImportFeature.State {
    var state = dialog()
    _ = ImportFeature.reduce(&state, .fileRead(.candidates(candidates)))
    return state
  }

  static let table: [Case] = [
    Case(
      "a read file is previewed as a dry run", dialog(), .fileRead(.candidates([good])),
      then: { $0.candidates = [good] }, effects: [.importAccounts([good], skipBad: false, dryRun: true)]),
    Case(
      "an encrypted file asks for its password", dialog(), .fileRead(.passwordRequired),
      then: {
        $0.asksPassword = true
        $0.message = "The file is encrypted: type its password."
      }),
    Case(
      "a wrong password asks again, saying so",
      dialog {
        $0.asksPassword = true
        $0.password = "nope"
      },
      .fileRead(.passwordRequired),
      then: {
        $0.password = ""
        $0.message = "Wrong password for this file. Try again."
      }),
    Case(
      "a typed password reads the file with it",
      dialog {
        $0.asksPassword = true
        $0.password = "pw"
      },
      .passwordSubmitted, effects: [.read(file: file, password: "pw")]),
    Case("no password typed reads nothing", dialog { $0.asksPassword = true }, .passwordSubmitted),
    Case(
      "an unreadable file says why", dialog(), .fileRead(.failed("The file is empty.")),
      then: { $0.message = "The file is empty." }),
    Case(
      "skipping unreadable entries previews again", read([good, bad]).previewed(report(failed: [bad])),
      .skipBadChanged(true), then: { $0.skipBad = true },
      effects: [.importAccounts([good, bad], skipBad: true, dryRun: true)]),
    Case(
      "importing runs the previewed import for real", read([good]).previewed(report()), .importConfirmed,
      effects: [.importAccounts([good], skipBad: false, dryRun: false)]),
    Case(
      "unreadable entries refuse the import unless skipped",
      read([good, bad]).previewed(report(failed: [bad])),
      .importConfirmed),
    Case(
      "an import done keeps its report and drops the entries", read([good]).previewed(report()),
      .imported(report()),
      then: {
        $0.result = report()
        $0.candidates = []
      }),
    Case(
      "nothing new says so", read([good]), .previewed(report(added: 0, duplicates: ["Acme:me"])),
      then: {
        $0.preview = report(added: 0, duplicates: ["Acme:me"])
        $0.message = "Nothing new to import: every account is in the vault already."
      }),
  ]

  @Test("Import actions reduce to their state and effects", arguments: table)
  func reduces(_ row: Case) { row.check(ImportFeature.reduce) }

  @Test("The report reads as the command line's, before and after importing")
  func reportLines() {
    var state = Self.read([Self.good, Self.bad]).previewed(
      Self.report(duplicates: ["Old:one"], failed: [Self.bad]))
    #expect(
      state.reportLines == [
        "duplicate, skipped: Old:one", "failed: Broken:entry: the secret is not Base32",
        "imported 0 accounts, 1 duplicate skipped, 1 failed",
      ])
    #expect(!state.canImport)
    #expect(state.blocked == "Nothing is imported while an entry cannot be read: fix the file, or skip it.")
    _ = ImportFeature.reduce(&state, .skipBadChanged(true))
    #expect(state.blocked == nil)
    state = state.previewed(Self.report(duplicates: ["Old:one"], failed: [Self.bad]))
    #expect(state.canImport)
    #expect(state.reportLines.last == "would import 1 account, 1 duplicate skipped, 1 failed")
    _ = ImportFeature.reduce(&state, .imported(Self.report(duplicates: ["Old:one"], failed: [Self.bad])))
    #expect(state.reportLines.last == "imported 1 account, 1 duplicate skipped, 1 failed")
    #expect(!state.canImport, "an import is done once")
  }

  @Test("A multi-part export with parts missing is named, and imports only when skipping")
  func incompleteBatch() {
    let part = ImportCandidate.account(Self.good.account!, batch: ImportBatch(id: 7, index: 0, size: 2))
    var state = Self.read([part]).previewed(Self.report())
    #expect(state.incomplete != nil)
    #expect(
      state.reportLines.first?.hasPrefix("warning: the Google Authenticator export is incomplete") == true)
    #expect(!state.canImport)
    state.skipBad = true
    #expect(state.canImport)
  }
}

extension ImportFeature.State {
  /// The state after the dry run's report arrived.
  fileprivate func previewed(_ report: ImportReport) -> ImportFeature.State {
    var state = self
    _ = ImportFeature.reduce(&state, .previewed(report))
    return state
  }
}
