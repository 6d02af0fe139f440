import Data
import Infrastructure

/// How a front end reaches the agent: whether it may (`--no-agent`, `$TWOFOLD_AGENT=off`), the
/// client, and starting an agent on demand to hand it a vault's key.
public struct AgentAccess: Sendable {
  /// Seconds without use before the agent forgets a key handed on demand (CLI.md).
  public static let defaultIdle: Int64 = 900
  /// Seconds from the unlock before it forgets it anyway.
  public static let defaultMax: Int64 = 28_800

  /// Whether the agent may be used at all.
  public let isEnabled: Bool
  /// The client of the agent of this user's runtime folder.
  public let client: AgentClient
  private let variables: [String: String]
  private let executable: String?

  /// Access for a front end started with `variables`; `disabled` is `--no-agent`. The agent is
  /// started as `executable agent --foreground` (a `twofold` binary), or as this program when nil.
  public init(disabled: Bool = false, variables: [String: String], executable: String? = nil) {
    isEnabled = !disabled && variables["TWOFOLD_AGENT"]?.lowercased() != "off"
    client = AgentClient(folder: RuntimeFolder(variables: variables))
    self.variables = variables
    self.executable = executable
  }

  /// Hands the key `direct` holds to the agent, starting one if none runs; the reason when it
  /// could not (nil when handed, or when the vault has no key to hand).
  public func handOver(_ direct: AegisVaultRepository, vault: String, idle: Int64, max: Int64) -> String? {
    guard let held = direct.heldKey() else { return nil }
    if let reason = ensureRunning() { return reason }
    do {
      switch try client.send(.unlock(vault: vault, key: held.key, slot: held.slot, idle: idle, max: max)) {
      case .ok, .okWithoutLockedMemory: return nil
      case .failure(let error): return "\(error)"
      default: return "it gave an unexpected answer"
      }
    } catch {
      return Self.describe(error)
    }
  }

  /// Makes sure an agent answers on the socket (the running one, or one started now); the
  /// reason when none does.
  public func ensureRunning() -> String? {
    do {
      _ = try client.status()
      return nil
    } catch .refused(let reason) {
      return reason
    } catch {}
    if case .failure(let refusal) = client.folder.prepare() { return refusal.reason }
    guard
      AgentProcess.startDetached(
        arguments: ["agent", "--foreground"], variables: variables, executable: executable)
    else {
      return "cannot start 'twofold agent'"
    }
    for _ in 0..<400 {
      AgentProcess.sleep(milliseconds: 10)
      if (try? client.status()) != nil { return nil }
    }
    return "the agent did not start within 4 s"
  }

  /// One line for people about a failed exchange.
  public static func describe(_ failure: AgentClient.Failure) -> String {
    switch failure {
    case .notRunning: "no agent runs"
    case .refused(let reason), .failed(let reason), .interrupted(let reason): reason
    case .otherVersion(let version): "the running agent speaks protocol \(version); it was asked to stop"
    case .tooLarge: "the request is too large for the agent"
    }
  }
}
