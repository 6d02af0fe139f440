/// Counts in words for people's messages.
public enum Plural {
  /// `number` and `noun`, plural unless the number is one: "1 account", "3 accounts"; `plural`
  /// for a noun that does not just take an s ("conflict copies").
  public static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(plural ?? noun + "s")"
  }
}
