import Crypto
import Data
import Domain
import Infrastructure
import OTP
import Presentation

extension InteractiveVault {
  /// The store's `export`: the contents as held, or (when the agent keeps the secrets) the vault
  /// file opened with the request's password, written as `twofold export` writes the format,
  /// to a file only its owner reads. The vault file itself is only read.
  public var exporter: @Sendable (ExportFeature.Request, VaultContents?) -> Result<String, ClipboardFailure> {
    let assembly = assembly
    let ids = ids
    return { request, held in
      do throws(DomainError) {
        let contents: VaultContents
        if let held {
          contents = held
        } else {
          let password = Array((request.vaultPassword ?? "").utf8)
          contents = try assembly.repository(password: { () throws(DomainError) in password }).load()
        }
        var password = Array((request.exportPassword ?? "").utf8)
        defer { wipe(&password) }
        let bytes = try request.format.bytes(of: contents, password: password, ids: ids)
        if case .failure(let error) = LocalFiles.writePrivate(request.destination, bytes) {
          return .failure(ClipboardFailure("Could not write the export: \(error.reason)."))
        }
        return .success(request.destination)
      } catch {
        return .failure(ClipboardFailure(Messages.text(for: error)))
      }
    }
  }
}

extension ExportFeature.Format {
  /// The export's bytes, as `twofold export --format` writes them: an Aegis vault sealed under
  /// `password` (which `aegis` needs), a plain Aegis vault, or one Key URI per line.
  public func bytes(
    of contents: VaultContents, password: [UInt8]?, ids: IdentifierSource
  ) throws(DomainError) -> [UInt8] {
    switch self {
    case .aegis:
      guard let password, !password.isEmpty else {
        throw .invalidField(.password, "the export password is empty")
      }
      return try AegisVaultExport.bytes(contents, password: password, random: .secure, ids: ids)
    case .aegisPlain:
      return try AegisVaultExport.bytes(contents, password: nil, random: .secure, ids: ids) + [
        UInt8(ascii: "\n")
      ]
    case .uris:
      let lines = contents.accounts.map {
        KeyURI(issuer: $0.issuer, name: $0.name, parameters: $0.otp).string + "\n"
      }
      return Array(lines.joined().utf8)
    }
  }
}
