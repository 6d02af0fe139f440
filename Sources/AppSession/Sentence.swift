/// A message from a lower layer (`cannot read …`) as a front end shows it: capitalised and ended.
func sentence(_ text: String) -> String {
  text.prefix(1).uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
}
