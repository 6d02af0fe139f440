import Domain
import Foundation
import OTP

/// The fields EXPECTED.md compares, from an imported account or an `expected/*.json` entry.
struct FixtureAccount: Equatable, Sendable, CustomStringConvertible {
  var type: String
  var issuer: String
  var name: String
  var secret: String
  var algorithm: String
  var digits: Int
  var period: Int?
  var counter: UInt64?

  init(_ account: NewAccount) {
    let otp = account.otp
    type = otp.type.rawValue
    issuer = account.issuer
    name = account.name
    secret = Base32.encode(otp.secret)
    algorithm = otp.algorithm.rawValue
    digits = otp.digits
    period = otp.type == .hotp ? nil : otp.period
    counter = otp.type == .hotp ? otp.counter : nil
  }

  struct Malformed: Error {}

  init(expected entry: [String: Any]) throws {
    guard let type = entry["type"] as? String, let issuer = entry["issuer"] as? String,
      let name = entry["name"] as? String, let info = entry["info"] as? [String: Any],
      let secret = info["secret"] as? String, let algorithm = info["algo"] as? String,
      let digits = info["digits"] as? Int
    else { throw Malformed() }
    self.type = type
    self.issuer = issuer
    self.name = name
    self.secret = secret
    self.algorithm = algorithm
    self.digits = digits
    period = type == "hotp" ? nil : info["period"] as? Int
    counter = type == "hotp" ? (info["counter"] as? NSNumber)?.uint64Value : nil
  }

  var description: String {
    let step = period.map { "period \($0)" } ?? counter.map { "counter \($0)" } ?? "-"
    return "\(type) \(issuer):\(name) \(secret) \(algorithm)/\(digits)/\(step)"
  }
}
