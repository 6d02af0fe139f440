import Arguments
import OTP

/// `twofold code --uri URI [--at UNIX_SECONDS]`: a code with no vault, like `oathtool`.
struct CodeCommand {
  let environment: Environment

  func run(_ arguments: ParsedArguments) throws(CommandFailure) {
    guard let uri = arguments.value("uri") else {
      throw .usage("'code' needs QUERY or --uri URI")
    }
    guard arguments.positionals.isEmpty else {
      throw .usage("give either QUERY or --uri, not both")
    }
    let generator = try StatelessAccount.generator(uri: uri, pin: arguments.value("pin"))
    let time = try StatelessAccount.time(arguments.value("at"), now: environment.now)
    do {
      environment.standardOutput(try generator.code(at: time) + "\n")
    } catch {
      throw .usage(error.description)
    }
  }
}

/// The shared parts of the stateless `code` and `verify`: reading the URI and the time.
enum StatelessAccount {
  static func generator(uri: String, pin: String?) throws(CommandFailure) -> CodeGenerator {
    var parameters: OTPParameters
    do {
      parameters = try KeyURI(parsing: uri).parameters
    } catch {
      throw .usage(error.description)
    }
    do {
      if let pin {
        parameters = try OTPParameters(
          type: parameters.type, secret: parameters.secret, algorithm: parameters.algorithm,
          digits: parameters.digits, period: parameters.period, counter: parameters.counter, pin: pin)
      }
      return try CodeGenerator(parameters)
    } catch .missingPIN {
      throw .usage("this \(parameters.type.rawValue) account needs its PIN: add --pin PIN")
    } catch {
      throw .usage(error.description)
    }
  }

  static func time(_ text: String?, now: () -> Int64) throws(CommandFailure) -> Int64 {
    guard let text else { return now() }
    guard let time = Int64(text), text.first != "+" else {
      throw .usage("--at needs a whole number of Unix seconds, not '\(text)'")
    }
    guard time >= 0 else { throw .usage("--at must not be before 1970 (got \(time))") }
    return time
  }
}
