/// The kinds of a change's outcome, as their tag byte.
enum OutcomeKind: UInt8 {
  case account = 1
  case done, favorite, code, imported, group, changed
}
