#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `NAME-YYYYMMDD-HHMMSS[-N].json`: a backup's file name, ordered by time then sequence.
struct BackupName: Comparable {
  let stem: String
  let stamp: String
  let sequence: Int

  var fileName: String { "\(stem)-\(stamp)\(sequence > 0 ? "-\(sequence)" : "").json" }

  init(stem: String, stamp: String, sequence: Int) {
    self.stem = stem
    self.stamp = stamp
    self.sequence = sequence
  }

  /// Reads a name written for `stem`; nil for anything else in the folder.
  init?(parsing name: String, stem: String) {
    let prefix = stem + "-"
    guard name.hasPrefix(prefix), name.hasSuffix(".json") else { return nil }
    let body = name.dropFirst(prefix.count).dropLast(5)
    let parts = body.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, parts[0].count == 8, parts[1].count == 6,
      parts[0].allSatisfy(\.isASCII), parts[0].allSatisfy(\.isNumber), parts[1].allSatisfy(\.isNumber)
    else { return nil }
    var sequence = 0
    if parts.count == 3 {
      guard let value = Int(parts[2]), value > 0 else { return nil }
      sequence = value
    }
    self.init(stem: stem, stamp: parts[0] + "-" + parts[1], sequence: sequence)
  }

  static func < (lhs: BackupName, rhs: BackupName) -> Bool {
    (lhs.stamp, lhs.sequence) < (rhs.stamp, rhs.sequence)
  }

  /// The vault's file name without `.json`.
  static func stem(of fileName: String) -> String {
    fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
  }

  /// `YYYYMMDD-HHMMSS` in UTC.
  static func timestamp(_ unixTime: Int64) -> String {
    var time = time_t(unixTime)
    var parts = tm()
    gmtime_r(&time, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
  }
}
