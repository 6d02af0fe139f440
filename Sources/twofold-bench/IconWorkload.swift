import Domain
import OTP

/// `Account.icon` as the account list reads it once per loaded vault (issue 22): the preserved
/// `icon` field's JSON text parsed, its Base64 decoded, and the image checked (an SVG scanned
/// for references outside itself). The peer in the same run is one code (`totp-sha1-6`), what
/// each row costs every second.
enum IconWorkload {
  /// A 2.2 KB SVG like an Aegis pack's: a view box and sixty filled paths.
  static let svg = Array(
    (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">"#
      + String(repeating: ##"<path d="M1 2L3 4Z" fill="#123456"/>"##, count: 60) + "</svg>").utf8)
  /// A PNG of the same size (its signature, then bytes nobody decodes).
  static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 2_218)

  /// Reads the icon of an account holding `format` and `bytes`, `count` times.
  static func reads(_ format: AccountIcon.Format, _ bytes: [UInt8]) -> Throughput.Workload {
    var account = Account(
      id: Account.ID("bench"), issuer: "Bench", name: "icon",
      otp: Workloads.generator(.totp).parameters)
    do {
      account.setIcon(try AccountIcon(format: format, bytes: bytes))
    } catch {
      fatalError("benchmark icon rejected: \(error)")
    }
    return { [account] count in
      var checksum: UInt64 = 0
      for _ in 0..<count { checksum &+= UInt64(account.icon?.bytes.count ?? 0) }
      return checksum
    }
  }
}
