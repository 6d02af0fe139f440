import Domain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the last sync without being asked stopped (sync.md "Without being asked"): the source it
/// stopped on, one line for people, and when. Paths and reasons only: never a secret.
public struct SyncProblem: Equatable, Sendable {
  /// The path of the source that stopped the sync (or the vault's own).
  public var source: String
  /// What went wrong, one line without the source's name in front.
  public var message: String
  /// Unix time in seconds of the sync that stopped.
  public var time: Int64

  /// Collects a problem.
  public init(source: String, message: String, time: Int64) {
    self.source = source
    self.message = message
    self.time = time
  }

  /// The problem of `failure`, a sync of the vault at `vault` at Unix time `time`.
  public init(_ failure: SyncVault.Failure, vault: String, time: Int64) {
    self.init(
      source: failure.source, message: Self.message(for: failure.error, source: failure.source, vault: vault),
      time: time)
  }

  /// `SOURCE: message (since YYYY-MM-DD HH:MM:SS)`, the time in the local time zone, as
  /// `twofold status` and the front ends show it.
  public var line: String { "\(source): \(message) (since \(Self.localTime(time)))" }

  /// What people are told when a sync stopped on `error` at `source`. A source's own read and
  /// decryption problems arrive as `.storage` sentences (`SyncAccess`); the errors no sync of
  /// the vault's remembered sources makes share one sentence pointing at the command line.
  public static func message(for error: DomainError, source: String, vault: String) -> String {
    switch error {
    case .passwordRequired where source != vault:
      "its password is needed (neither the vault's key nor a key kept from an earlier sync opens it): "
        + "run 'twofold sync \(source)' to give it"
    case .passwordRequired, .wrongPassword: "the vault's key no longer opens it: run 'twofold unlock' again"
    case .vaultMissing: "the file is missing"
    case .vaultCorrupted(let reason): "it cannot be read: \(reason)"
    case .vaultLocked: "it is in use by another twofold process; the next change tries again"
    case .unsupportedVersion(let what): "it is newer than this Twofold: \(what)"
    case .storage(let reason): reason
    case .cancelled, .vaultExists, .duplicate, .notFound, .ambiguous, .invalidField, .cannotGenerate:
      "the sync stopped: run 'twofold sync' to see why"
    }
  }

  /// `YYYY-MM-DD HH:MM:SS` in the local time zone (ISO 8601, as every human-readable time).
  static func localTime(_ unixTime: Int64) -> String {
    TimeText.format(unixTime, utc: false, date: "-", between: " ", time: ":")
  }
}
