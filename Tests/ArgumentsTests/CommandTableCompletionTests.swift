import Arguments
import Testing

@Suite("Generated completion scripts")
struct CommandTableCompletionTests {
  @Test("Each script names every command and every option", arguments: CompletionShell.allCases)
  func everyName(shell: CompletionShell) {
    let script = ToolTable.table.completionScript(for: shell)
    for command in ToolTable.table.commands { #expect(script.contains(command.name), "\(command.name)") }
    for option in ToolTable.table.globalOptions + ToolTable.table.commands.flatMap(\.options) {
      #expect(script.contains("\(option.name)"), "\(option.name)")
    }
  }

  @Test("Each script offers the values of an option that has them", arguments: CompletionShell.allCases)
  func values(shell: CompletionShell) {
    let script = ToolTable.table.completionScript(for: shell)
    let expected =
      switch shell {
      case .bash: "'import'\" --format\") _tool_words 'uris' 'aegis' ;;"
      case .zsh: "'--format=[the file format]:F:(uris aegis)'"
      case .fish: "complete -c tool -n '_tool_at import' -l 'format' -x -a 'uris aegis' -d 'the file format'"
      }
    #expect(script.contains(expected))
  }

  @Test("The bash script registers its function for the program")
  func bashRegisters() {
    #expect(ToolTable.table.completionScript(for: .bash).hasSuffix("\ncomplete -F _tool tool\n"))
  }

  @Test("The zsh script is a #compdef function that also works when sourced")
  func zshCompdef() {
    let script = ToolTable.table.completionScript(for: .zsh)
    #expect(script.hasPrefix("#compdef tool\n"))
    #expect(script.hasSuffix("else\n  compdef _tool tool\nfi\n"))
  }

  @Test("A dynamic completion runs its command, passing on the forwarded option, and its sed script")
  func dynamic() {
    let dynamic = DynamicCompletion(
      words: ["env", "A=b", "tool", "list"], forwarding: ["vault"], sed: #"s/\\(.)/\1/p"#)
    let table = CommandTable(
      program: "tool", abstract: "",
      globalOptions: [.value("vault", "PATH", "the vault")],
      commands: [
        CommandSpec(
          "show", "shows", positionals: [PositionalSpec("QUERY", "q", completion: .dynamic(dynamic))])
      ])
    let bash = table.completionScript(for: .bash)
    #expect(bash.contains("env A=b tool list \"${forward[@]}\" </dev/null 2>/dev/null |"))
    #expect(bash.contains(#"sed -n -E 's/\\(.)/\1/p'"#))
    #expect(bash.contains("'show'\" \"0) _tool_dynamic_1 ;;"))
    // fish reads \\ in single quotes as one backslash.
    #expect(table.completionScript(for: .fish).contains(#"sed -n -E 's/\\\\(.)/\\1/p'"#))
    #expect(table.completionScript(for: .zsh).contains("'1:QUERY:_tool_dynamic_1'"))
  }
}
