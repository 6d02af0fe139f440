import Arguments
import Domain
import Infrastructure

/// `twofold pick [QUERY] [--menu COMMAND] [--copy|--type|--print]`: the accounts go to a
/// dmenu-style menu, and the chosen one's code is copied (cleared after 30 s), typed or printed.
struct PickCommand {
  let commands: VaultCommands

  private var arguments: ParsedArguments { commands.arguments }
  private var environment: Environment { commands.environment }

  func run() throws(CommandFailure) {
    let modes = ["copy", "type", "print"].filter(arguments.has)
    guard modes.count <= 1 else { throw .usage("give one of --copy, --type and --print") }
    let mode = modes.first ?? "copy"
    // Every tool is found before anything is unlocked or a counter advanced.
    let keyboard =
      try mode == "type" ? commands.desktop { () throws(DesktopError) in try commands.typingTool() } : nil
    if mode == "copy", SystemClipboard(variables: environment.variables).tool == nil {
      throw VaultCommands.noClipboard
    }
    let words = try menuWords()
    let menu = try commands.desktop { () throws(DesktopError) in
      try DmenuProgram.find(words, variables: environment.variables)
    }
    try commands.desktop { () throws(DesktopError) in
      let picker = menu.picker(icons: MenuIconCache(variables: environment.variables))
      try PickCode(repository: commands.session.repository, picker: picker)(
        query: arguments.positionals.first, at: environment.now()
      ) { (code) throws(DesktopError) in
        if let keyboard { return try keyboard.type(code) }
        if mode == "print" { return environment.standardOutput(code + "\n") }
        do throws(CommandFailure) {
          try commands.copy(code)
        } catch {
          throw .toolFailed(error.message)
        }
      }
    }
  }

  /// `--menu COMMAND`, else `$TWOFOLD_MENU`, split into words; nil when neither is given.
  private func menuWords() throws(CommandFailure) -> [String]? {
    let variable = environment.variables["TWOFOLD_MENU"].flatMap { $0.isEmpty ? nil : $0 }
    guard let text = arguments.value("menu") ?? variable else { return nil }
    do throws(UsageError) {
      let words = try ShellWords.split(text)
      guard !words.isEmpty else { throw UsageError("it is empty") }
      return words
    } catch {
      throw .usage("the menu command '\(text)' cannot be read: \(error.message)")
    }
  }
}
