extension [String] {
  /// The elements with `separator` between them: what the standard library's
  /// `joined(separator:)` gives.
  ///
  /// The command table is built at every start of the program, and the generic `joined` looks
  /// up `[String]`'s conformances at run time on its first call, a scan of every conformance
  /// record in the executable (a sixth of the instructions of a `code QUERY` the agent
  /// answered); this loop needs no such lookup. For text built while the program starts.
  public func joinedText(separator: String) -> String {
    var text = ""
    for index in indices {
      if index != startIndex { text += separator }
      text += self[index]
    }
    return text
  }
}
