#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `NAME-YYYYMMDD-HHMMSS[-TAG][-N].json`: a backup's file name, ordered by time, then device tag,
/// then sequence. TAG (`DeviceTag`, letters) names the device that made it, so devices sharing the
/// vault's folder never write one name; names without one (an earlier Twofold's) are read too.
struct BackupName: Comparable {
  let stem: String
  let stamp: String
  let tag: DeviceTag?
  let sequence: Int

  var fileName: String {
    "\(stem)-\(stamp)\(tag.map { "-" + $0.text } ?? "")\(sequence > 0 ? "-\(sequence)" : "").json"
  }

  init(stem: String, stamp: String, tag: DeviceTag? = nil, sequence: Int) {
    self.stem = stem
    self.stamp = stamp
    self.tag = tag
    self.sequence = sequence
  }

  /// Reads a name written for `stem`; nil for anything else in the folder.
  init?(parsing name: String, stem: String) {
    let prefix = stem + "-"
    guard name.hasPrefix(prefix), name.hasSuffix(".json") else { return nil }
    let body = name.dropFirst(prefix.count).dropLast(5)
    var parts = body.split(separator: "-", omittingEmptySubsequences: false)
    guard (2...4).contains(parts.count), parts[0].count == 8, parts[1].count == 6,
      parts[0].allSatisfy(\.isASCII), parts[0].allSatisfy(\.isNumber), parts[1].allSatisfy(\.isASCII),
      parts[1].allSatisfy(\.isNumber)
    else { return nil }
    let stamp = String(parts[0]) + "-" + String(parts[1])
    parts.removeFirst(2)
    var tag: DeviceTag?
    if let first = parts.first, let read = DeviceTag(String(first)) {
      tag = read
      parts.removeFirst()
    }
    var sequence = 0
    if let last = parts.first {
      guard parts.count == 1, last.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(last), value > 0
      else { return nil }
      sequence = value
    }
    self.init(stem: stem, stamp: stamp, tag: tag, sequence: sequence)
  }

  static func < (lhs: BackupName, rhs: BackupName) -> Bool {
    (lhs.stamp, lhs.tag?.text ?? "", lhs.sequence) < (rhs.stamp, rhs.tag?.text ?? "", rhs.sequence)
  }

  /// The vault's file name without `.json`.
  static func stem(of fileName: String) -> String {
    fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
  }

  /// `YYYYMMDD-HHMMSS` in UTC.
  static func timestamp(_ unixTime: Int64) -> String {
    TimeText.format(unixTime, utc: true, date: "", between: "-", time: "")
  }
}
