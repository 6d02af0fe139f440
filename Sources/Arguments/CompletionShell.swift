/// A shell `CommandTable.completionScript(for:)` writes for.
public enum CompletionShell: String, CaseIterable, Sendable {
  /// GNU Bash, with or without the bash-completion package.
  case bash
  /// Z shell, through its completion system (`compinit`).
  case zsh
  /// fish.
  case fish
}
