import Arguments
import OTP

/// `twofold verify --uri URI CODE [--window N] [--at UNIX_SECONDS]`: exit 0 when CODE is valid.
struct VerifyCommand {
  let environment: Environment

  func run(_ arguments: ParsedArguments) throws(CommandFailure) {
    guard let uri = arguments.value("uri") else { throw .usage("'verify' needs --uri URI") }
    let code = arguments.positionals[0]
    let generator = try StatelessAccount.generator(uri: uri, pin: arguments.value("pin"))
    let time = try StatelessAccount.time(arguments.value("at"), now: environment.now)
    var window = 1
    if let text = arguments.value("window") {
      guard let value = Int(text), value >= 0, value <= 1000, text.first != "+" else {
        throw .usage("--window needs a whole number from 0 to 1000, not '\(text)'")
      }
      window = value
    }
    try Self.checkShape(code, parameters: generator.parameters)
    let matched: UInt64?
    do {
      matched = try Verifier.verify(code, generator: generator, at: time, window: window)
    } catch {
      throw .usage(error.description)
    }
    guard matched != nil else { throw .failed("code is not valid") }
    environment.standardOutput("valid\n")
  }

  /// A code that cannot be one of this account's codes is a malformed value, not a wrong code.
  private static func checkShape(_ code: String, parameters: OTPParameters) throws(CommandFailure) {
    let characters = Array(code.utf8)
    let lengthOK = characters.count == parameters.digits
    let charactersOK: Bool
    switch parameters.type {
    case .totp, .hotp: charactersOK = characters.allSatisfy { (0x30...0x39).contains($0) }
    case .steam: charactersOK = characters.allSatisfy { "23456789BCDFGHJKMNPQRTVWXY".utf8.contains($0) }
    case .motp: charactersOK = characters.allSatisfy { "0123456789abcdef".utf8.contains($0) }
    case .yandex: charactersOK = characters.allSatisfy { (0x61...0x7a).contains($0) }
    }
    guard lengthOK && charactersOK else {
      throw .usage("'\(code)' is not a \(parameters.digits)-character \(parameters.type.rawValue) code")
    }
  }
}
