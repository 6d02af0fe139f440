import Domain
import Testing

@testable import Infrastructure

/// `SyncReportText.lines`: one line per change (CLI.md "Sync").
@Suite("SyncReportText")
struct SyncReportTextTests {
  static func lines(_ changes: [MergeChange], isTwoWay: Bool = true) -> [String] {
    SyncReportText.lines(
      SyncVault.SourceReport(
        source: "/share/shared.json", isTwoWay: isTwoWay, report: MergeReport(changes: changes), notes: []))
  }

  @Test("an account added on both sides under two ids is one line, though the source gains and loses an id")
  func sameAccountOneLine() {
    let lines = Self.lines([
      .sameAccount(label: "GitHub:me"), .added(.remote, label: "GitHub:me"),
      .added(.remote, label: "Other:x"),
      .removed(.remote, label: "github:ME"),
    ])
    #expect(
      lines == [
        "merged: GitHub:me was added on both sides under two ids; one kept, the vault's, in the source too",
        "added to the source: Other:x",
      ])
  }

  @Test("an account removed from the source and another added under the same label are two changes")
  func sameLabelTwoAccounts() {
    let lines = Self.lines([.added(.remote, label: "GitHub:me"), .removed(.remote, label: "GitHub:me")])
    #expect(lines == ["added to the source: GitHub:me", "removed from the source: GitHub:me"])
  }

  @Test("a one-way source says only the merge")
  func oneWay() {
    let lines = Self.lines(
      [
        .sameAccount(label: "GitHub:me"), .added(.remote, label: "GitHub:me"),
        .removed(.remote, label: "GitHub:me"),
      ],
      isTwoWay: false)
    #expect(lines == ["merged: GitHub:me was added on both sides under two ids; one kept"])
  }

  @Test("each conflict resolution has its line: ours kept, both kept, the other device's kept")
  func conflictLines() {
    let lines = Self.lines([
      .conflict(label: "A:x", field: .note, resolution: .oursKept),
      .conflict(label: "B:y", field: .secret, resolution: .bothKept),
      .conflict(label: "C:z", field: .groups, resolution: .theirsKept),
    ])
    #expect(
      lines == [
        "conflict: A:x: note changed on both sides; the vault's value kept",
        "conflict: B:y: the secret changed on both sides; both kept, theirs as a copy noted '(sync conflict)'",
        "conflict: C:z: groups changed on both sides; the other device merged first and kept its value, "
          + "which the vault now takes",
      ])
  }
}
