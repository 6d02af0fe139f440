import Arguments
import BrowserHost
import Infrastructure

/// `browser install|uninstall [--browser chromium|chrome|firefox|all] [--extension-id ID]`
/// (CLI.md "In the browser"): the host manifests of one user, naming this `twofold` by its
/// absolute path.
struct BrowserInstallCommand {
  let environment: Environment
  let arguments: ParsedArguments

  /// Runs `action` when it is `install` or `uninstall`; false for another action (which may take
  /// neither `--browser` nor `--extension-id`).
  func run(_ action: String) throws(CommandFailure) -> Bool {
    guard action == "install" || action == "uninstall" else {
      for option in ["browser", "extension-id"] where arguments.value(option) != nil {
        throw .usage("--\(option) only applies to 'browser install' and 'browser uninstall'")
      }
      return false
    }
    if arguments.has("json") { throw .usage("--json only applies to 'browser bindings'") }
    if arguments.positionals.count > 1 {
      throw .usage("'browser \(action)' takes no argument, not '\(arguments.positionals[1])'")
    }
    if action == "install" { try install() } else { try uninstall() }
    return true
  }

  /// Writes the manifests and prints each path written.
  func install() throws(CommandFailure) {
    let browsers = try self.browsers()
    var extra: [String] = []
    if let id = arguments.value("extension-id") {
      guard Self.isExtensionID(id) else {
        throw .usage(
          "--extension-id takes a Chromium extension id (32 letters a-p) or a Firefox one (NAME@DOMAIN or {UUID}), not '\(id)'"
        )
      }
      extra.append(id)
    }
    guard let executable = NativeHostFiles.executablePath() else {
      throw .failed("cannot find the absolute path of this twofold program")
    }
    let folders = try self.folders()
    if !extra.isEmpty { try allowInBindingsFile(extra) }
    for browser in browsers {
      let manifest = HostManifest(browser: browser, executable: executable, extraExtensions: extra)
      let path = browser.path(home: folders.home, config: folders.config)
      if case .failure(let error) = NativeHostFiles.write(path, manifest.bytes) {
        throw .failed(error.reason)
      }
      environment.standardOutput(path + "\n")
    }
  }

  /// Removes the manifests and prints each path removed.
  func uninstall() throws(CommandFailure) {
    if arguments.value("extension-id") != nil {
      throw .usage("--extension-id only applies to 'browser install'")
    }
    let browsers = try self.browsers()
    let folders = try self.folders()
    var removed = 0
    for browser in browsers {
      let path = browser.path(home: folders.home, config: folders.config)
      switch NativeHostFiles.remove(path) {
      case .success(true):
        environment.standardOutput("removed \(path)\n")
        removed += 1
      case .success(false): break
      case .failure(let error): throw .failed(error.reason)
      }
    }
    if removed == 0 { environment.standardOutput("no host manifest was installed\n") }
  }

  /// Adds `ids` to `browser.json`'s `extension_ids`, which the host accepts besides the
  /// extension's own (the manifest lets the browser start it; the host checks again).
  private func allowInBindingsFile(_ ids: [String]) throws(CommandFailure) {
    guard let file = BrowserBindingsFile(variables: environment.variables) else {
      throw .failed("cannot find browser.json: set $XDG_CONFIG_HOME or $HOME")
    }
    do throws(BrowserBindingsFile.Failure) {
      try file.update { bindings in
        for id in ids where !bindings.extensionIDs.contains(id) { bindings.extensionIDs.append(id) }
      }
    } catch {
      throw .failed(error.reason)
    }
  }

  /// `--browser`'s browsers; every one by default.
  private func browsers() throws(CommandFailure) -> [HostManifest.Browser] {
    let name = arguments.value("browser") ?? "all"
    guard let browsers = HostManifest.Browser.named(name) else {
      throw .usage("--browser takes chromium, chrome, firefox or all, not '\(name)'")
    }
    return browsers
  }

  /// The home folder and the configuration folder (`$XDG_CONFIG_HOME`, else `~/.config`).
  private func folders() throws(CommandFailure) -> (home: String, config: String) {
    guard let home = environment.variables["HOME"], home.hasPrefix("/") else {
      throw .failed("cannot find your home folder: set $HOME")
    }
    let config = environment.variables["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    return (home, config ?? home + "/.config")
  }

  /// Whether `id` is shaped as a Chromium extension id or a Firefox one (`name@domain`, `{uuid}`).
  static func isExtensionID(_ id: String) -> Bool {
    if HostCaller.isChromiumID(id) { return true }
    let allowed = id.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "@.-_+{}".unicodeScalars.contains(scalar))
    }
    let braced = id.hasPrefix("{") && id.hasSuffix("}") && id.count == 38
    let emailLike =
      id.split(separator: "@", omittingEmptySubsequences: false).count == 2 && !id.hasPrefix("@")
      && !id.hasSuffix("@") && !id.contains("{")
    return allowed && id.count <= 200 && (braced || emailLike)
  }
}
