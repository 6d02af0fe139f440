/// The kinds of change, as their tag byte: one list for encoding and decoding. New kinds go at
/// the end; a number is never reused.
enum ChangeKind: UInt8 {
  case add = 1
  case edit, remove, toggleFavorite, nextHOTP, importAccounts, createGroup, renameGroup, deleteGroup,
    assignGroups, setIcon, setIcons
}
