import Arguments
import Testing

@Suite("Text joined without the generic joined(separator:)")
struct JoinedTextTests {
  @Test(
    "Elements and separator give the standard library's text",
    arguments: [
      ([], ", ", ""),
      (["uris"], ", ", "uris"),
      (["uris", "aegis", "2fas"], ", ", "uris, aegis, 2fas"),
      (["", ""], "|", "|"),
      (["a", "b"], "", "ab"),
      (["Zürich", "東京"], " · ", "Zürich · 東京"),
    ] as [([String], String, String)])
  func joined(elements: [String], separator: String, expected: String) {
    #expect(elements.joinedText(separator: separator) == expected)
    #expect(elements.joinedText(separator: separator) == elements.joined(separator: separator))
  }
}
