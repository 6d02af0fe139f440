import AppSession
import Arguments
import Crypto
import Data
import Domain
import Formats
import Infrastructure
import Presentation

/// `twofold export --format aegis|aegis-plain|uris|google-qr [--output FILE] [--export-password-file FILE]`.
/// Reads the vault, never writes it; plaintext formats warn on standard error; files are 0600.
struct ExportCommand {
  let commands: VaultCommands
  let drawQR: (String) -> Result<String, CommandFailure>

  private var arguments: ParsedArguments { commands.arguments }
  private var environment: Environment { commands.environment }

  func run() throws(CommandFailure) {
    guard let format = arguments.value("format") else {
      throw .usage("'export' needs --format aegis, aegis-plain, uris or google-qr")
    }
    guard ["aegis", "aegis-plain", "uris", "google-qr"].contains(format) else {
      throw .usage("unknown export format '\(format)': use aegis, aegis-plain, uris or google-qr")
    }
    let contents = try commands.domain { () throws(DomainError) in try commands.session.direct.load() }
    guard let shared = ExportFeature.Format(rawValue: format) else {
      try exportGoogle(contents)
      return
    }
    var password: [UInt8] = []
    defer { wipe(&password) }
    if shared == .aegis {
      password = try commands.newPassword(
        option: "export-password-file", prompt: "Password for the export: ",
        named: "the export's own password")
      guard !password.isEmpty else {
        throw commands.session.failure(.invalidField(.password, "the export password is empty"))
      }
    } else {
      warnPlaintext()
    }
    // The same bytes as the desktop's export dialog writes.
    let bytes = try commands.domain { () throws(DomainError) in
      try shared.bytes(of: contents, password: password, ids: commands.session.ids)
    }
    try emit(bytes)
  }

  private func exportGoogle(_ contents: VaultContents) throws(CommandFailure) {
    warnPlaintext()
    let batchID = Int64(RandomSource.secure.bytes(4).reduce(0) { $0 << 8 | Int64($1) })
    let (uris, unfit) = GoogleMigration.encode(contents.accounts, perCode: 10, batchID: batchID)
    for account in unfit {
      let otp = account.otp
      let shape =
        otp.type == .hotp
        ? "hotp, \(otp.digits) digits" : "\(otp.type.rawValue), \(otp.digits) digits, \(otp.period) s"
      environment.standardError(
        "not exported: \(account.label) (\(shape)): Google Authenticator carries only TOTP (30 s) "
          + "and HOTP accounts with 6 or 8 digits\n")
    }
    if arguments.value("output") != nil {
      try emit(Array(uris.map { $0 + "\n" }.joined().utf8))
      return
    }
    for (index, uri) in uris.enumerated() {
      switch drawQR(uri) {
      case .success(let picture):
        environment.standardOutput("QR code \(index + 1)/\(uris.count)\n\(picture)\n")
      case .failure(let failure):
        throw failure
      }
    }
  }

  private func warnPlaintext() {
    environment.standardError("warning: this export is not encrypted: anyone who reads it has your secrets\n")
  }

  private func emit(_ bytes: [UInt8]) throws(CommandFailure) {
    guard let output = arguments.value("output") else {
      environment.standardOutput(String(decoding: bytes, as: UTF8.self))
      return
    }
    if case .failure(let error) = LocalFiles.writePrivate(output, bytes) { throw .failed(error.reason) }
    environment.standardError("exported \(commands.arguments.value("format")!) to \(output)\n")
  }
}
