import Domain
import Foundation
import Infrastructure
import TestSupport
import Testing

@Suite("BrowserBindingsFile")
struct BrowserBindingsFileTests {
  let folder: TemporaryDirectory
  let file: BrowserBindingsFile
  let alice = Account.ID("6f1d2a3b-0000-4000-8000-00000000000a")

  init() throws {
    folder = try TemporaryDirectory()
    file = BrowserBindingsFile(path: folder.path("config/twofold/browser.json"))
  }

  private func text() throws -> String { try String(contentsOfFile: file.path, encoding: .utf8) }

  @Test("The path is under $XDG_CONFIG_HOME, else ~/.config, else none")
  func location() {
    #expect(
      BrowserBindingsFile(variables: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])?.path
        == "/c/twofold/browser.json")
    #expect(
      BrowserBindingsFile(variables: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])?.path
        == "/h/.config/twofold/browser.json")
    #expect(BrowserBindingsFile(variables: [:]) == nil)
  }

  @Test("No file reads as no bindings and autofill off, and creates nothing")
  func missing() throws {
    #expect(try file.load() == BrowserBindings())
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test("A change is written in the documented format, 0600 in a 0700 folder, and read back")
  func roundTrip() throws {
    try file.update { (bindings) throws(BrowserBindingsFile.Failure) in
      bindings.bind(alice, to: "example.com")
      bindings.bind(alice, to: "example.org")
    }
    #expect(
      try text() == """
        {
            "version": 1,
            "autofill": false,
            "extension_ids": [],
            "accounts": {
                "\(alice)": [
                    "example.com",
                    "example.org"
                ]
            }
        }

        """)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder.path("config/twofold"))
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
    #expect(try file.load() == BrowserBindings(accounts: [alice: ["example.com", "example.org"]]))
  }

  @Test("Members Twofold does not know are kept when the file is rewritten")
  func unknownKept() throws {
    try FileManager.default.createDirectory(
      atPath: folder.path("config/twofold"), withIntermediateDirectories: true)
    try folder.write(
      "config/twofold/browser.json", #"{"version": 1, "theme": {"x": [1, 2]}, "autofill": false}"#)
    try file.update { (bindings) throws(BrowserBindingsFile.Failure) in bindings.autofill = true }
    let value = try JSONSerialization.jsonObject(with: Data(try text().utf8)) as? [String: Any]
    #expect((value?["theme"] as? [String: Any])?["x"] as? [Int] == [1, 2])
    #expect(value?["autofill"] as? Bool == true)
  }

  @Test(
    "A damaged or hand-edited file is an error naming the file and line, and is left as it was",
    arguments: [
      ("{\"version\": 1,\n\"accounts\": {\n\"a\": [\"x.com\",]}}", "line 3: unexpected character"),
      ("", "line 1: unexpected end of input"),
      ("[1]", "it is not a JSON object"),
      ("{\"autofill\": false}", "\"version\" must be the number 1"),
      ("{\"version\": 1,\n\"autofill\": \"yes\"}", "line 2: \"autofill\" must be true or false"),
      ("{\"version\": 1,\n\n\"accounts\": [\"x.com\"]}", "line 3: \"accounts\" must be an object"),
      (
        "{\"version\": 1, \"accounts\": {\"a\": [\"x.com\", 7]}}", "line 1: \"a\" must be an array of domains"
      ),
      ("{\"version\": 1, \"extension_ids\": [\"\"]}", "\"extension_ids\" must be an array of extension ids"),
    ])
  func damaged(content: String, detail: String) throws {
    try FileManager.default.createDirectory(
      atPath: folder.path("config/twofold"), withIntermediateDirectories: true)
    try folder.write("config/twofold/browser.json", content)
    #expect {
      try file.load()
    } throws: { error in
      let reason = (error as? BrowserBindingsFile.Failure)?.reason ?? ""
      return reason.hasPrefix("\(file.path) is damaged (") && reason.contains(detail)
    }
    #expect(throws: BrowserBindingsFile.Failure.self) {
      try file.update { (bindings) throws(BrowserBindingsFile.Failure) in bindings.autofill = true }
    }
    #expect(try text() == content)
  }

  @Test("A newer version is refused, not overwritten")
  func newerVersion() throws {
    try FileManager.default.createDirectory(
      atPath: folder.path("config/twofold"), withIntermediateDirectories: true)
    try folder.write("config/twofold/browser.json", #"{"version": 2}"#)
    #expect(
      throws: BrowserBindingsFile.Failure(
        reason: "\(file.path) has version 2, which this twofold does not read: update twofold")
    ) {
      try file.update { (bindings) throws(BrowserBindingsFile.Failure) in bindings.autofill = true }
    }
    #expect(try text() == #"{"version": 2}"#)
  }

  @Test("The Public Suffix List comes from the variable alone when it is set")
  func suffixListPaths() {
    #expect(PublicSuffixListFile.paths(variables: ["TWOFOLD_PUBLIC_SUFFIX_LIST": "/x.dat"]) == ["/x.dat"])
    #expect(
      PublicSuffixListFile.paths(variables: [:]) == [
        PublicSuffixListFile.debianPath, PublicSuffixListFile.twofoldPath,
      ])
    guard
      case .failure(let error) = PublicSuffixListFile.load(variables: [
        "TWOFOLD_PUBLIC_SUFFIX_LIST": folder.path("none.dat")
      ])
    else {
      Issue.record("a missing list loaded")
      return
    }
    #expect(error.reason.contains(folder.path("none.dat")))
  }
}
