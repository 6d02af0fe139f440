#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Unix time as text: year, month, day, hour, minute and second, two digits each but the year.
enum TimeText {
  /// `unixTime` in UTC or in the local time zone, the date's fields joined by `date`, the time's
  /// by `time`, and the two by `between`.
  static func format(_ unixTime: Int64, utc: Bool, date: String, between: String, time: String) -> String {
    var seconds = time_t(unixTime)
    var parts = tm()
    if utc { gmtime_r(&seconds, &parts) } else { localtime_r(&seconds, &parts) }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)\(date)\(two(parts.tm_mon + 1))\(date)\(two(parts.tm_mday))\(between)"
      + "\(two(parts.tm_hour))\(time)\(two(parts.tm_min))\(time)\(two(parts.tm_sec))"
  }
}
