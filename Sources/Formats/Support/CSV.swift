/// RFC 4180 comma-separated values: quoted fields may hold commas, quotes (doubled) and newlines.
enum CSV {
  enum Failure: Error, Equatable { case unterminatedQuote }

  /// The rows of `text`, each a list of fields; a final empty line is not a row.
  static func parse(_ text: String) throws(Failure) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var iterator = Array(text.unicodeScalars).makeIterator()
    var pending: Unicode.Scalar? = nil
    func nextScalar() -> Unicode.Scalar? {
      if let scalar = pending {
        pending = nil
        return scalar
      }
      return iterator.next()
    }
    while let scalar = nextScalar() {
      if quoted {
        if scalar == "\"" {
          let following = iterator.next()
          if following == "\"" {
            field.unicodeScalars.append("\"")
          } else {
            quoted = false
            pending = following
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty: quoted = true
      case ",":
        row.append(field)
        field = ""
      case "\r": continue
      case "\n":
        row.append(field)
        rows.append(row)
        row = []
        field = ""
      default: field.unicodeScalars.append(scalar)
      }
    }
    if quoted { throw .unterminatedQuote }
    if !field.isEmpty || !row.isEmpty {
      row.append(field)
      rows.append(row)
    }
    return rows
  }
}
