import Agent
import Arguments
import Codecs
import Crypto
import Data
import Domain
import Infrastructure

/// `unlock`, `lock`, `status` and `agent` (CLI.md "Unlock once: the agent").
struct AgentCommands {
  let environment: Environment
  let arguments: ParsedArguments

  private var access: AgentAccess {
    AgentAccess(disabled: arguments.has("no-agent"), variables: environment.variables)
  }

  func unlock() throws(CommandFailure) {
    let idle = try seconds("idle", default: AgentAccess.defaultIdle)
    let max = try seconds("max", default: AgentAccess.defaultMax)
    let session = try VaultSession(options: arguments, environment: environment)
    guard session.agent.isEnabled else {
      throw .failed("the agent is off (--no-agent or TWOFOLD_AGENT=off): nothing was unlocked")
    }
    do {
      _ = try session.direct.load()
    } catch {
      throw session.failure(error)
    }
    guard let vault = try Self.handOver(session, idle: idle, max: max, environment: environment) else {
      environment.standardOutput("the vault at \(session.path) is not encrypted: there is no key to hold\n")
      return
    }
    environment.standardOutput("unlocked \(vault): locked after \(idle) s unused, \(max) s at most\n")
  }

  /// Hands the key of `session`'s vault, once opened, to the agent, starting one if none runs
  /// (`unlock`, and the browser host's unlock); the vault's absolute path, or nil when it is not
  /// encrypted.
  static func handOver(_ session: VaultSession, idle: Int64, max: Int64, environment: Environment)
    throws(CommandFailure) -> String?
  {
    guard let held = session.direct.heldKey() else { return nil }
    if let reason = session.agent.ensureRunning() { throw .failed("cannot reach the agent: \(reason)") }
    let vault = AgentProcess.absolutePath(session.path)
    let response: AgentResponse
    do {
      response = try session.agent.client.send(
        .unlock(vault: vault, key: held.key, slot: held.slot, idle: idle, max: max))
    } catch {
      throw .failed("the agent did not take the key: \(AgentAccess.describe(error))")
    }
    switch response {
    case .ok: break
    case .okWithoutLockedMemory:
      environment.standardError(
        "warning: the agent could not lock its memory (RLIMIT_MEMLOCK); the key may be swapped to disk\n")
    case .failure(let error): throw session.failure(error)
    default: throw .failed("the agent gave an unexpected answer")
    }
    return vault
  }

  func lock() throws(CommandFailure) {
    let vault: String?
    if arguments.has("all") {
      vault = nil
    } else {
      let path = try VaultSession.resolvePath(
        option: arguments.value("vault"), variables: environment.variables)
      vault = AgentProcess.absolutePath(path)
    }
    do {
      _ = try access.client.send(.lock(vault: vault))
    } catch .notRunning {
      environment.standardOutput("no agent runs: nothing to lock\n")
      return
    } catch {
      throw .failed("cannot reach the agent: \(AgentAccess.describe(error))")
    }
    environment.standardOutput(vault.map { "locked \($0)\n" } ?? "locked every vault\n")
  }

  func status() throws(CommandFailure) {
    let client = access.client
    let found: (vaults: [HeldVaultStatus], pid: Int32)?
    var problem: String?
    do {
      found = try client.status()
    } catch {
      found = nil
      if case .notRunning = error {} else { problem = AgentAccess.describe(error) }
    }
    if arguments.has("json") {
      var object = JSONObject([("agent", .bool(found != nil))])
      if let found { object["pid"] = .number(JSONNumber(Int64(found.pid))) }
      object["socket"] = .string(client.folder.socket)
      object["vaults"] = .array(
        (found?.vaults ?? []).map { vault in
          .object(
            JSONObject([
              ("path", .string(vault.path)),
              ("idle_left", .number(JSONNumber(vault.idleLeft))),
              ("max_left", .number(JSONNumber(vault.maxLeft))),
            ]))
        })
      if let problem { object["problem"] = .string(problem) }
      object["sync_problem"] =
        syncProblem.map { found in
          .object(
            JSONObject([
              ("vault", .string(found.vault)), ("source", .string(found.problem.source)),
              ("message", .string(found.problem.message)), ("time", .number(JSONNumber(found.problem.time))),
            ]))
        } ?? .null
      environment.standardOutput(JSONValue.object(object).serializedString() + "\n")
      return
    }
    let syncLine = syncProblem.map { "sync: \($0.problem.line)\n" } ?? ""
    guard let found else {
      environment.standardOutput("agent: not running" + (problem.map { " (\($0))" } ?? "") + "\n" + syncLine)
      return
    }
    environment.standardOutput("agent: running (pid \(found.pid)) at \(client.folder.socket)\n")
    if found.vaults.isEmpty { environment.standardOutput("no vault unlocked\n") }
    for vault in found.vaults {
      environment.standardOutput(
        "\(vault.path): locks in \(vault.idleLeft) s unused, \(vault.maxLeft) s at most\n")
    }
    environment.standardOutput(syncLine)
  }

  /// The problem the last sync without being asked had with the vault's sources (`--vault`, as
  /// for every command), read from its state whether or not an agent runs; nil when there is
  /// none or the vault cannot be found.
  private var syncProblem: (vault: String, problem: SyncProblem)? {
    guard
      let path = try? VaultSession.resolvePath(
        option: arguments.value("vault"), variables: environment.variables)
    else { return nil }
    let vault = AgentProcess.absolutePath(path)
    let file = SyncProblemFile(vault: vault, root: StateLocation.root(variables: environment.variables))
    return file?.read().map { (vault, $0) }
  }

  func agent() throws(CommandFailure) {
    let access = self.access
    guard access.isEnabled else { throw .failed("the agent is off (--no-agent or TWOFOLD_AGENT=off)") }
    guard arguments.has("foreground") else {
      if let reason = access.ensureRunning() { throw .failed("cannot start the agent: \(reason)") }
      let pid = (try? access.client.status().pid).map { " (pid \($0))" } ?? ""
      environment.standardOutput("agent running\(pid) at \(access.client.folder.socket)\n")
      return
    }
    AgentProcess.leaveParent()
    let locked = LockedMemory.start(bytes: AgentServer.lockedMemoryBytes)
    let clock = environment.now
    let log = environment.standardError
    let faultPoint = environment.vaultFaultPoint
    let stateRoot = StateLocation.root(variables: environment.variables)
    let ids = IdentifierSource.uuid(random: RandomSource.secure.bytes)
    let agentLog: @Sendable (String) -> Void = { log("twofold agent: \($0)\n") }
    let handler = AgentRequestHandler(
      dependencies: AgentRequestHandler.Dependencies(
        leaseClock: { BootClock.milliseconds() },
        openVault: { path, key, slot in
          VaultAssembly(
            path: path, now: clock, stateRoot: stateRoot, ids: ids, random: .secure, faultPoint: faultPoint
          ).repository(masterKey: key, slot: slot)
        },
        ids: ids, lockedMemory: locked, log: agentLog, identity: FileIdentity.of,
        syncs: AgentSyncService(stateRoot: stateRoot, ids: ids, random: .secure, clock: clock, log: agentLog))
    )
    let server = AgentServer(folder: access.client.folder, handler: handler)
    do throws(AgentServer.StartFailure) {
      try server.run()
    } catch {
      switch error {
      case .alreadyRunning: throw .failed("an agent already runs at \(access.client.folder.socket)")
      case .refused(let reason): throw .failed(reason)
      }
    }
  }

  private func seconds(_ option: String, default value: Int64) throws(CommandFailure) -> Int64 {
    guard let text = arguments.value(option) else { return value }
    guard let seconds = Int64(text), seconds >= 1, seconds <= 31_536_000 else {
      throw .usage("--\(option) takes whole seconds from 1 to 31536000, not '\(text)'")
    }
    return seconds
  }
}
