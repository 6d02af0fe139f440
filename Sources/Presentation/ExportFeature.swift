import Domain

/// Exporting the vault to a file: an Aegis vault (encrypted under a password of its own, or
/// plain) or Key URIs, as `twofold export` writes them; the vault's password is asked when the
/// secrets stay with the agent; plaintext formats say what they expose.
public enum ExportFeature {
  /// The formats a front end offers (`twofold export --format`).
  public enum Format: String, CaseIterable, Equatable, Sendable {
    case aegis
    case aegisPlain = "aegis-plain"
    case uris

    /// The name people choose from.
    public var title: String {
      switch self {
      case .aegis: "Aegis vault, encrypted"
      case .aegisPlain: "Aegis vault, not encrypted"
      case .uris: "Key URIs (otpauth://), not encrypted"
      }
    }
  }

  /// What to write where, once everything is given.
  public struct Request: Equatable, Sendable {
    /// The format.
    public var format: Format
    /// The file to write (0600).
    public var destination: String
    /// The export's own password (`aegis` only).
    public var exportPassword: String?
    /// The vault's password, when the secrets stay with the agent.
    public var vaultPassword: String?

    /// Collects a request.
    public init(format: Format, destination: String, exportPassword: String?, vaultPassword: String?) {
      self.format = format
      self.destination = destination
      self.exportPassword = exportPassword
      self.vaultPassword = vaultPassword
    }
  }

  /// What the dialog shows.
  public struct State: Equatable, Sendable {
    /// The chosen format.
    public var format = Format.aegis
    /// The export's password (`aegis`).
    public var exportPassword = ""
    /// The export's password typed again.
    public var confirmation = ""
    /// Whether the vault's password is needed (the list holds no secrets: the agent does).
    public var needsVaultPassword: Bool
    /// The vault's password as typed.
    public var vaultPassword = ""
    /// The file to write.
    public var destination: String?
    /// A sentence about the last attempt.
    public var message: String?
    /// Where the export was written, once it was.
    public var exported: String?

    /// A dialog; `needsVaultPassword` when the secrets stay with the agent.
    public init(needsVaultPassword: Bool) { self.needsVaultPassword = needsVaultPassword }

    /// What a plaintext export exposes, for the dialog to say.
    public var warning: String? {
      format == .aegis ? nil : "This export is not encrypted: anyone who reads the file has your secrets."
    }

    /// What is still missing before Export can be chosen, for people; nil when nothing is.
    public var missing: String? {
      if format == .aegis {
        if exportPassword.isEmpty { return "Choose a password for the export." }
        if exportPassword != confirmation { return "The two export passwords differ." }
      }
      if needsVaultPassword, vaultPassword.isEmpty {
        return "Type the vault's password: the agent keeps the secrets."
      }
      if destination == nil { return "Choose the file to write." }
      return nil
    }

    /// Whether Export can be chosen.
    public var canExport: Bool { missing == nil && exported == nil }
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case formatChosen(Format)
    case exportPasswordChanged(String)
    case confirmationChanged(String)
    case vaultPasswordChanged(String)
    case destinationChosen(String)
    case exportRequested
    case exported(String)
    case failed(String)
  }

  /// Work to do.
  public enum Effect: Equatable, Sendable {
    case export(Request)
  }

  /// Pure state transition.
  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .formatChosen(let format): state.format = format
    case .exportPasswordChanged(let text): state.exportPassword = text
    case .confirmationChanged(let text): state.confirmation = text
    case .vaultPasswordChanged(let text): state.vaultPassword = text
    case .destinationChosen(let path): state.destination = path
    case .exportRequested:
      guard state.canExport, let destination = state.destination else { return [] }
      state.message = nil
      return [
        .export(
          Request(
            format: state.format, destination: destination,
            exportPassword: state.format == .aegis ? state.exportPassword : nil,
            vaultPassword: state.needsVaultPassword ? state.vaultPassword : nil))
      ]
    case .exported(let path):
      state.exported = path
      state.exportPassword = ""
      state.confirmation = ""
      state.vaultPassword = ""
      state.message = "Exported \(state.format.rawValue) to \(path)."
    case .failed(let reason):
      state.vaultPassword = ""
      state.message = reason
    }
    return []
  }
}
