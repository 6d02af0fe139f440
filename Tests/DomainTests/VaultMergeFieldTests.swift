import Domain
import OTP
import Testing

@Suite("VaultMerge, field by field")
struct VaultMergeFieldTests {
  /// Who changed the field since the base.
  enum Edit: String, CaseIterable, Sendable {
    case ours
    case theirs
    case bothAlike
    case bothDifferently
  }

  static let base = MergeSample.totp(
    "a", note: "", groups: ["Work"],
    preserved: FieldVariant.icon(0) + [PreservedField(key: "info.future", raw: "0")])

  static let rows: [(FieldVariant, Edit)] = FieldVariant.all.flatMap { variant in
    Edit.allCases.filter { $0 != .bothDifferently || variant.hasThreeValues && variant.field != .secret }
      .map { (variant, $0) }
  }

  @Test(
    "A field changed on one side takes that side's value; changed alike, that value; differently, ours",
    arguments: rows)
  func oneField(variant: FieldVariant, edit: Edit) {
    let base = Self.base
    let (oursValue, theirsValue, resultValue) =
      switch edit {
      case .ours: (1, 0, 1)
      case .theirs: (0, 2, 2)
      case .bothAlike: (1, 1, 1)
      case .bothDifferently: (1, 2, 1)
      }
    let ours = variant.apply(oursValue, to: base)
    let theirs = variant.apply(theirsValue, to: base)
    let result = MergeSample.merge(
      base: MergeSample.vault([base]), ours: MergeSample.vault([ours]), theirs: MergeSample.vault([theirs]))
    let expected = variant.apply(resultValue, to: base)
    #expect(result.contents == MergeSample.vault([expected]))
    let label = expected.label
    var changes: [MergeChange] = []
    if edit == .bothDifferently {
      changes.append(.conflict(label: label, field: variant.field, resolution: .oursKept))
    }
    if oursValue != resultValue { changes.append(.changed(.local, label: label, fields: [variant.field])) }
    if theirsValue != resultValue { changes.append(.changed(.remote, label: label, fields: [variant.field])) }
    #expect(result.report.changes == changes)
    #expect(result.report.conflicts == (edit == .bothDifferently ? 1 : 0))
    #expect(result.report.local == .init(changed: oursValue != resultValue ? 1 : 0))
    #expect(result.report.remote == .init(changed: theirsValue != resultValue ? 1 : 0))
  }

  @Test("Fields changed on different sides all merge into one account")
  func differentFields() {
    let base = Self.base
    let fields = Dictionary(uniqueKeysWithValues: FieldVariant.all.map { ($0.field, $0) })
    let ours = [MergeField.label, .icon, .favorite].reduce(base) { fields[$1]!.apply(1, to: $0) }
    let theirs = [MergeField.note, .other, .groups, .secret].reduce(base) { fields[$1]!.apply(2, to: $0) }
    let expected = [MergeField.note, .other, .groups, .secret].reduce(ours) { fields[$1]!.apply(2, to: $0) }
    let result = MergeSample.merge(
      base: MergeSample.vault([base]), ours: MergeSample.vault([ours]), theirs: MergeSample.vault([theirs]))
    #expect(result.contents.accounts == [expected])
    #expect(
      result.report.changes == [
        .changed(.local, label: expected.label, fields: [.note, .groups, .secret, .other]),
        .changed(.remote, label: expected.label, fields: [.label, .favorite, .icon]),
      ])
    #expect(result.report.conflicts == 0)
  }

  @Test("Preserved fields stored in another order are the same value")
  func preservedOrder() {
    var theirs = Self.base
    theirs.preserved.reverse()
    let result = MergeSample.merge(
      base: MergeSample.vault([Self.base]), ours: MergeSample.vault([Self.base]),
      theirs: MergeSample.vault([theirs]))
    #expect(result.contents.accounts == [Self.base])
    #expect(result.report.isEmpty)
  }
}
