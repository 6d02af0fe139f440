import Agent
import Arguments
import BrowserHost
import Domain
import Infrastructure

/// `twofold browser-host ORIGIN…` (CLI.md "In the browser"): the native messaging host the
/// browser starts for the extension. The manifest names `twofold` itself, which the browser
/// starts with the caller's origin (Chromium) or the manifest's path and the extension's id
/// (Firefox) and no command word: `startedByBrowser` tells those calls apart.
struct BrowserHostCommand {
  let environment: Environment
  let arguments: ParsedArguments

  /// Whether `arguments` are those a browser starts the manifest's program with.
  static func startedByBrowser(_ arguments: [String]) -> Bool {
    guard let first = arguments.first else { return false }
    if first.hasPrefix("chrome-extension://") { return true }
    return arguments.count == 2 && first.hasPrefix("/")
      && first.hasSuffix("/\(HostCaller.hostName).json")
  }

  /// Checks the caller, then answers requests on standard input until it ends.
  func run() throws(CommandFailure) {
    let origins = arguments.positionals
    guard let caller = HostCaller(arguments: origins) else {
      throw .usage("browser-host is started by the browser for an extension: no extension was named")
    }
    let bindings = BrowserBindingsFile(variables: environment.variables)
    if !caller.isAllowed(extra: []) {
      let extra: [String]
      do throws(BrowserBindingsFile.Failure) {
        extra = try bindings?.load().extensionIDs ?? []
      } catch {
        throw .usage("the extension \(caller.extensionID) cannot be checked: \(error.reason)")
      }
      guard caller.isAllowed(extra: extra) else {
        throw .usage(
          "the extension \(caller.extensionID) may not use Twofold: run 'twofold browser install --extension-id \(caller.extensionID)' to allow it"
        )
      }
    }
    let session = HostSession(ports: try ports(bindings: bindings))
    session.serve(NativeMessageReader(read: NativeHostFiles.readStandardInput)) { answer in
      NativeHostFiles.writeStandardOutput(answer)
    }
  }

  /// The real ports: the vault through the agent (or unencrypted, directly), `browser.json`,
  /// the Public Suffix List, the askpass unlock and the system clock.
  private func ports(bindings: BrowserBindingsFile?) throws(CommandFailure) -> HostPorts {
    let environment = self.environment
    let arguments = self.arguments
    let reader = try VaultSession(
      options: arguments, environment: environment, choices: VaultSession.Choices(opener: .browserReader))
    let vault = reader.absolutePath
    let warn = environment.standardError
    return HostPorts(
      vault: {
        // A new route for each request: the agent may hold the vault now and not before.
        guard reader.agent.isEnabled else { return reader.direct }
        return AgentVaultRepository(
          vault: vault, client: reader.agent.client, direct: reader.direct, warn: { warn($0 + "\n") })
      },
      loadBindings: { () throws(HostPorts.Failure) in
        guard let bindings else { throw Self.noBindingsFile }
        do throws(BrowserBindingsFile.Failure) {
          return try bindings.load()
        } catch {
          throw HostPorts.Failure(error.reason)
        }
      },
      changeBindings: { (change) throws(HostPorts.Failure) in
        guard let bindings else { throw Self.noBindingsFile }
        do throws(BrowserBindingsFile.Failure) {
          try bindings.update { change.apply(to: &$0) }
        } catch {
          throw HostPorts.Failure(error.reason)
        }
      },
      suffixList: { [variables = environment.variables] () throws(HostPorts.Failure) in
        switch PublicSuffixListFile.load(variables: variables) {
        case .success(let list): return list
        case .failure(let error): throw HostPorts.Failure(error.reason)
        }
      },
      unlock: {
        [variables = environment.variables, now = environment.now, faults = environment.vaultFaultPoint] in
        // Standard output is the browser's channel: what `unlock` prints goes nowhere.
        var quiet = Environment(standardOutput: { _ in }, standardError: warn, now: now, variables: variables)
        quiet.vaultFaultPoint = faults
        return Self.unlock(arguments: arguments, environment: quiet)
      },
      now: environment.now,
      warn: { warn("twofold browser-host: \($0)\n") },
      copy: { [variables = environment.variables, seconds = environment.clipboardSeconds] code in
        // As `code --copy`: the system clipboard, cleared by a process left behind.
        let clipboard = SystemClipboard(variables: variables)
        do throws(SystemClipboard.Failure) {
          _ = try clipboard.copy(code)
        } catch .noTool {
          return .noTool
        } catch {
          if case .toolFailed(let reason) = error { return .failed(reason) }
          return .noTool
        }
        let cleared = clipboard.clearLater(code, by: ClipboardClearCommand.arguments(seconds: seconds))
        return .copied(clearedAfter: cleared ? seconds : nil)
      })
  }

  /// Without `$XDG_CONFIG_HOME` or `$HOME` there is no `browser.json` to read.
  private static let noBindingsFile = HostPorts.Failure(
    "cannot find browser.json: set $XDG_CONFIG_HOME or $HOME")

  /// The askpass unlock, as `twofold unlock` with no terminal: the key goes to the agent,
  /// started if none runs.
  private static func unlock(arguments: ParsedArguments, environment quiet: Environment)
    -> HostPorts.UnlockOutcome
  {
    do throws(CommandFailure) {
      let session = try VaultSession(
        options: arguments, environment: quiet, choices: VaultSession.Choices(opener: .browserUnlock))
      guard session.agent.isEnabled else { return .failed("the agent is off (TWOFOLD_AGENT=off)") }
      do throws(DomainError) {
        _ = try session.direct.load()
      } catch .cancelled {
        return .cancelled
      } catch .passwordRequired {
        return .failed("there is no way to ask for the password: set $TWOFOLD_ASKPASS or install pinentry")
      } catch {
        throw session.failure(error)
      }
      _ = try AgentCommands.handOver(
        session, idle: AgentAccess.defaultIdle, max: AgentAccess.defaultMax, environment: quiet)
      return .unlocked
    } catch {
      return .failed(error.message)
    }
  }
}
