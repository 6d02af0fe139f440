/// What a manual page adds to its command table: the program's own sections (environment,
/// files, exit status, examples, see also), as data; `CommandTable.manual(_:)` renders it.
public struct ManualPage: Sendable, Equatable {
  /// The NAME line's description, after `program \-`.
  public let summary: String
  /// The footer's source, such as `twofold 0.1.0`.
  public let source: String
  /// The header's manual name, such as `User Commands`.
  public let manual: String
  /// The DESCRIPTION's paragraphs.
  public let description: [String]
  /// The sections after COMMANDS and OPTIONS, in order (ENVIRONMENT, FILES, EXIT STATUS…).
  public let sections: [ManualSection]
  /// Related pages for SEE ALSO, as `name(section)`.
  public let seeAlso: [String]

  /// Describes a manual page.
  public init(
    summary: String, source: String, manual: String = "User Commands", description: [String],
    sections: [ManualSection], seeAlso: [String]
  ) {
    self.summary = summary
    self.source = source
    self.manual = manual
    self.description = description
    self.sections = sections
    self.seeAlso = seeAlso
  }
}

/// One section of a manual page: a heading and its blocks.
public struct ManualSection: Sendable, Equatable {
  /// The heading, in capitals (`ENVIRONMENT`).
  public let title: String
  /// The contents, in order.
  public let blocks: [ManualBlock]

  /// Describes a section.
  public init(_ title: String, _ blocks: [ManualBlock]) {
    self.title = title
    self.blocks = blocks
  }
}

/// A piece of a manual section; its text is plain (escaped when rendered).
public enum ManualBlock: Sendable, Equatable {
  /// A paragraph.
  case paragraph(String)
  /// A term in bold (a variable, a file, a status) with its description below.
  case entry(String, String)
  /// Lines shown as typed, in a fixed-width block (commands of an example).
  case example([String])
}
