import Arguments
import Testing

@Suite("Generated manual page")
struct CommandTableManualTests {
  static let page = ManualPage(
    summary: "keeps accounts", source: "tool 1.2.3", description: ["Tool keeps accounts in a vault."],
    sections: [
      ManualSection("ENVIRONMENT", [.entry("TOOL_VAULT", "the vault file")]),
      ManualSection("EXAMPLES", [.paragraph("List them:"), .example(["tool list --verbose"])]),
    ],
    seeAlso: ["pass(1)", "oathtool(1)"])

  private let manual = ToolTable.table.manual(Self.page)

  @Test("The page starts with its title line, then NAME and SYNOPSIS")
  func header() {
    let lines = manual.split(separator: "\n").prefix(7)
    #expect(
      Array(lines) == [
        ".TH TOOL 1 \"\" \"tool 1.2.3\" \"User Commands\"", ".ad l", ".nh", ".SH NAME",
        "tool \\- keeps accounts",
        ".SH SYNOPSIS",
        "\\fBtool\\fR [\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]",
      ])
  }

  @Test("The table's sections come first, then the page's own, then SEE ALSO")
  func sectionOrder() {
    let headings = manual.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
    #expect(
      headings == [
        ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH OPTIONS", ".SH ENVIRONMENT",
        ".SH EXAMPLES", ".SH \"SEE ALSO\"",
      ])
    #expect(manual.hasSuffix(".SH \"SEE ALSO\"\n\\fBpass\\fR(1),\n\\fBoathtool\\fR(1)\n"))
  }

  @Test("Every command has a subsection with its synopsis and summary", arguments: ToolTable.table.commands)
  func commands(command: CommandSpec) {
    #expect(manual.contains("\n.SS \(command.name)\n\\fBtool \(command.name)\\fR"))
    #expect(
      manual.contains(String(command.summary.first!).uppercased() + command.summary.dropFirst() + ".\n"))
    for positional in command.positionals {
      #expect(manual.contains(".TP\n\\fI\(positional.name)\\fR\n\(positional.help)\n"))
    }
  }

  @Test(
    "Every option, global or a command's, is a tagged paragraph with its placeholder",
    arguments: ToolTable.table.globalOptions + ToolTable.table.commands.flatMap(\.options))
  func options(option: OptionSpec) {
    let tag = "\\fB\\-\\-\(option.name)\\fR" + (option.value.map { " \\fI\($0)\\fR" } ?? "")
    #expect(manual.contains(".TP\n\(tag)\n\(option.help)\n"))
  }

  @Test("A command's synopsis keeps each option with its value")
  func synopsis() {
    #expect(
      manual.contains(
        "\\fBtool show\\fR \\fIQUERY\\fR [\\fB\\-\\-at\\fR\\ \\fIUNIX_SECONDS\\fR] [\\fB\\-\\-json\\fR]\n"))
    #expect(manual.contains("\\fBtool list\\fR [\\fIFILTER\\fR]\n"))
    #expect(manual.contains("\\fBtool import\\fR \\fIFILE\\fR\\&... "))
  }

  @Test("The page's own blocks: entries, paragraphs and fixed-width examples")
  func pageBlocks() {
    #expect(manual.contains(".SH ENVIRONMENT\n.TP\n\\fBTOOL_VAULT\\fR\nthe vault file\n"))
    #expect(manual.contains(".SH EXAMPLES\nList them:\n.PP\n.RS 4\n.nf\ntool list \\-\\-verbose\n.fi\n.RE\n"))
  }

  @Test(
    "Text is escaped for roff: backslashes, hyphens, a leading . or ', non-ASCII characters",
    arguments: [
      ("a\\b", "a\\eb"), ("two-factor", "two\\-factor"), (".hidden", "\\&.hidden"), ("'quote", "\\&'quote"),
      ("files…", "files\\&..."), ("café", "caf\\[u00E9]"), ("±1", "\\(+-1"), ("  indented", "indented"),
      ("a\n.b", "a\n\\&.b"),
    ])
  func escaping(text: String, roff: String) {
    let page = ManualPage(summary: "s", source: "t", description: [text], sections: [], seeAlso: [])
    #expect(ToolTable.table.manual(page).contains(".SH DESCRIPTION\n\(roff)\n.SH COMMANDS"))
  }

  @Test("No line is blank or starts with a space, and no paragraph macro follows a heading")
  func roffHygiene() {
    let lines = manual.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(!lines.contains { $0.isEmpty || $0.hasPrefix(" ") })
    for (previous, line) in zip(lines, lines.dropFirst()) where line == ".PP" {
      #expect(!previous.hasPrefix(".SH") && !previous.hasPrefix(".SS"))
    }
  }
}
