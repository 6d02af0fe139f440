extension StringProtocol {
  /// The text without leading and trailing whitespace, newlines included (`Character.isWhitespace`).
  public func trimmingWhitespace() -> Substring {
    let text = Substring(self)
    let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
    let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
    return text[start..<Swift.max(start, end)]
  }
}
