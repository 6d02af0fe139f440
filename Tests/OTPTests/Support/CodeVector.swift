import Foundation
import Testing

/// One entry of `fixtures/aegis/generated/otp_codes_t1700000000.json`: an account and its code.
struct CodeVector: Decodable, Sendable, CustomTestStringConvertible {
  let type: String
  let issuer: String
  let name: String
  let secret: String
  let algo: String
  let digits: Int
  let period: Int?
  let counter: UInt64?
  let unixTime: Int64?
  let movingFactor: UInt64
  let otp: String

  var testDescription: String { "\(type) \(issuer) \(algo) \(digits) digits → \(otp)" }

  static let relativePath = "fixtures/aegis/generated/otp_codes_t1700000000.json"

  /// Whether the shared fixture is present in this checkout.
  static var isAvailable: Bool { SharedFixture.url(relativePath) != nil }

  /// The fixture's vectors, or none when it is absent (the tests using them are then disabled).
  static var all: [CodeVector] {
    guard let url = SharedFixture.url(relativePath) else { return [] }
    do {
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      return try decoder.decode(File.self, from: Data(contentsOf: url)).vectors
    } catch {
      preconditionFailure("\(relativePath) is not readable: \(error)")
    }
  }

  private struct File: Decodable {
    let vectors: [CodeVector]
  }
}
