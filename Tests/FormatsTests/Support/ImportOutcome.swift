import Domain
import OTP

/// What importing a file came to, reduced to what damaged-input tables compare, with every
/// message it produced (the error's description or each failed entry's label and reason).
struct ImportOutcome: Equatable, CustomStringConvertible {
  enum Kind: Equatable, Sendable {
    case empty
    case unrecognized
    case passwordRequired
    case wrongPassword
    case damaged
    case other
    /// The file was read: this many accounts and this many failed entries.
    case imported(accounts: Int, failed: Int)
  }

  var kind: Kind
  var messages: [String]

  /// Runs `importer` on `bytes` with `password`.
  init(_ importer: any AccountImporter, _ bytes: [UInt8], password: String = "test") {
    let file = ImportFile(name: "input", bytes: bytes)
    do throws(ImportError) {
      let candidates = try importer.candidates(from: file, password: FormatFixture.password(password))
      let failed = candidates.filter { $0.account == nil }
      kind = .imported(accounts: candidates.count - failed.count, failed: failed.count)
      messages = failed.map { "\($0.label): \($0.problem ?? "")" }
    } catch {
      switch error {
      case .empty: kind = .empty
      case .unrecognized: kind = .unrecognized
      case .passwordRequired: kind = .passwordRequired
      case .wrongPassword: kind = .wrongPassword
      case .damaged: kind = .damaged
      default: kind = .other
      }
      messages = [error.description]
    }
  }

  var description: String { "\(kind) \(messages)" }

  /// Base32 and hex of the shared vectors' secrets, which no message may contain.
  static let vectorSecrets: [String] = [
    "4SJHB4GSD43FZBAI7C2HLRJGPQ", "5OM4WOOGPLQEF6UGN3CPEOOLWU", "7ELGJSGXNCCTV3O6LKJWYFV2RA",
    "YOOMIXWS5GN6RTBPUFFWKTW5M4", "KUVJJOM753IHTNDSZVCNKL7GII", "5VAML3X35THCEBVRLV24CGBKOY",
    "JRZCL47CMXVOQMNPZR2F7J4RGI", "BMGRXPGFARQQF4GMT25JATL2VYLAHDBI",
  ].flatMap { secret in
    [secret, Hex.encode((try? Base32.decode(secret)) ?? [])]
  }

  /// Whether some message contains a secret of the shared vectors.
  var revealsSecret: Bool {
    messages.contains { message in
      Self.vectorSecrets.contains { message.uppercased().contains($0.uppercased()) }
    }
  }
}
