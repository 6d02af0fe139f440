/// The parts of an account that merge one by one (sync.md "What is compared"), in the table's order.
public enum MergeField: String, CaseIterable, Hashable, Sendable {
  /// Issuer and name, as one field.
  case label
  /// The note.
  case note
  /// The favorite flag.
  case favorite
  /// The set of names of the groups the account is in.
  case groups
  /// `icon`, `icon_mime` and `icon_hash`, as one field.
  case icon
  /// The type and the OTP parameters but the counter: secret, algorithm, digits, period, PIN.
  case secret
  /// The HOTP counter.
  case counter
  /// Every preserved field that is not part of the icon, as one opaque value.
  case other
}
