import Foundation
import Synchronization
import TestSupport
import Testing

/// `twofold browser bind|unbind|bindings|autofill` against an unencrypted vault in a temporary
/// `XDG_DATA_HOME` and `browser.json` in a temporary `XDG_CONFIG_HOME`, run as processes.
@Suite("Browser binding commands")
struct BrowserCommandTests {
  let folder: TemporaryDirectory
  let environment: [String: String]
  let bindingsPath: String
  let vault: String

  init() throws {
    folder = try TemporaryDirectory()
    let list = SharedFixtures.packageRoot.appendingPathComponent("Packaging/browser/public_suffix_list.dat")
      .path
    environment = [
      "XDG_DATA_HOME": folder.path("data"), "XDG_CONFIG_HOME": folder.path("config"),
      "TWOFOLD_PUBLIC_SUFFIX_LIST": list,
    ]
    bindingsPath = folder.path("config") + "/twofold/browser.json"
    vault = folder.path("data") + "/twofold/vault.json"
  }

  func run(_ arguments: [String], extra: [String: String] = [:]) throws -> TwofoldProcess.Output {
    try TwofoldProcess.run(arguments, environment: environment.merging(extra) { $1 })
  }

  /// A vault with GitHub:alice, GitHub:work and Example:bob; returns their ids by label.
  @discardableResult
  func makeVault() throws -> [String: String] {
    #expect(try run(["init", "--unencrypted"]).status == 0)
    var ids: [String: String] = [:]
    for (issuer, name) in [("GitHub", "alice"), ("GitHub", "work"), ("Example", "bob")] {
      let added = try run(["add", "--issuer", issuer, "--name", name, "--secret", "JBSWY3DPEHPK3PXP"])
      #expect(added.status == 0)
      ids["\(issuer):\(name)"] = String(added.stdout.split(separator: "(").last!.dropLast(2))
    }
    return ids
  }

  func bindingsText() throws -> String { try String(contentsOfFile: bindingsPath, encoding: .utf8) }

  /// A failure's shape: the status, nothing on standard output, one line on standard error.
  func expectFailure(_ output: TwofoldProcess.Output, status: Int32, saying text: String) {
    #expect(output.status == status)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.hasPrefix("twofold: ") && output.stderr.filter { $0 == "\n" }.count == 1)
    #expect(output.stderr.contains(text), "\(output.stderr)")
  }

  @Test("bind binds the registrable domain, and bindings lists it; the vault is not changed")
  func bindAndList() throws {
    let ids = try makeVault()
    let before = try Data(contentsOf: URL(fileURLWithPath: vault))
    let bound = try run(["browser", "bind", "GitHub:alice", "accounts.github.com"])
    #expect(bound.status == 0)
    #expect(bound.stdout == "bound GitHub:alice to github.com\n")
    #expect(
      try run(["browser", "bind", "bob", "login.example.co.uk"]).stdout
        == "bound Example:bob to example.co.uk\n")
    #expect(
      try run(["browser", "bind", "bob", "Bücher.Example."]).stdout
        == "bound Example:bob to xn--bcher-kva.example\n")
    #expect(
      try run(["browser", "bind", "bob", "192.168.1.20"]).stdout == "bound Example:bob to 192.168.1.20\n")
    let again = try run(["browser", "bind", "GitHub:alice", "github.com"])
    #expect(again.status == 0)
    #expect(again.stdout == "already bound: GitHub:alice to github.com\n")
    let listed = try run(["browser", "bindings"])
    #expect(listed.status == 0)
    #expect(
      listed.stdout == """
        example.co.uk          Example:bob
        xn--bcher-kva.example  Example:bob
        192.168.1.20           Example:bob
        github.com             GitHub:alice

        """)
    let json = try run(["browser", "bindings", "--json"])
    let bob = ids["Example:bob"]!
    let alice = ids["GitHub:alice"]!
    #expect(
      json.stdout == """
        [
        {"id":"\(bob)","issuer":"Example","name":"bob","domain":"example.co.uk"},
        {"id":"\(bob)","issuer":"Example","name":"bob","domain":"xn--bcher-kva.example"},
        {"id":"\(bob)","issuer":"Example","name":"bob","domain":"192.168.1.20"},
        {"id":"\(alice)","issuer":"GitHub","name":"alice","domain":"github.com"}
        ]

        """)
    #expect(try Data(contentsOf: URL(fileURLWithPath: vault)) == before)
    let attributes = try FileManager.default.attributesOfItem(atPath: bindingsPath)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(try bindingsText().contains("\"\(alice)\": [\n            \"github.com\"\n        ]"))
  }

  @Test(
    "bind refuses a public suffix or what is no host name, with status 2, and writes nothing",
    arguments: [
      ("co.uk", "public suffix"), ("github.io", "public suffix"), ("com", "public suffix"),
      ("https://github.com/", "not a domain name"), ("exa mple.com", "not a domain name"),
      ("example..com", "not a domain name"),
    ])
  func bindRefused(domain: String, saying: String) throws {
    try makeVault()
    expectFailure(try run(["browser", "bind", "bob", domain]), status: 2, saying: saying)
    #expect(!FileManager.default.fileExists(atPath: bindingsPath))
  }

  @Test("bind with a QUERY matching no account or several is status 3")
  func bindQuery() throws {
    try makeVault()
    let none = try run(["browser", "bind", "nobody", "example.com"])
    #expect(none.status == 3)
    let several = try run(["browser", "bind", "github", "github.com"])
    #expect(several.status == 3)
    #expect(several.stderr.contains("GitHub:alice") && several.stderr.contains("GitHub:work"))
    #expect(!FileManager.default.fileExists(atPath: bindingsPath))
  }

  @Test("bind: an account whose issuer is QUERY exactly wins over one whose name merely holds it")
  func bindExactIssuer() throws {
    #expect(try run(["init", "--unencrypted"]).status == 0)
    let added = try run(["add", "--issuer", "GitHub", "--name", "mona", "--secret", "JBSWY3DPEHPK3PXP"])
    #expect(added.status == 0)
    let pages = try run([
      "add", "--issuer", "Pages", "--name", "someone.github.io", "--secret", "JBSWY3DPEHPK3PXP",
    ])
    #expect(pages.status == 0)
    let bound = try run(["browser", "bind", "GitHub", "github.com"])
    #expect(bound.status == 0, "\(bound.stderr)")
    #expect(bound.stdout == "bound GitHub:mona to github.com\n")
  }

  @Test("unbind removes one binding, or all of the account's; nothing to unbind is status 1")
  func unbind() throws {
    try makeVault()
    for domain in ["example.com", "example.org", "example.net"] {
      #expect(try run(["browser", "bind", "bob", domain]).status == 0)
    }
    #expect(
      try run(["browser", "unbind", "bob", "www.example.org"]).stdout
        == "unbound Example:bob from example.org\n")
    expectFailure(
      try run(["browser", "unbind", "bob", "example.org"]), status: 1, saying: "not bound to example.org")
    #expect(
      try run(["browser", "bindings"]).stdout == "example.com  Example:bob\nexample.net  Example:bob\n")
    #expect(
      try run(["browser", "unbind", "bob"]).stdout == "unbound Example:bob from example.com, example.net\n")
    #expect(try run(["browser", "bindings"]).stdout == "")
    expectFailure(try run(["browser", "unbind", "bob"]), status: 1, saying: "not bound to any site")
  }

  @Test("bindings drops the bindings of a deleted account, with a warning, from the file too")
  func deletedAccount() throws {
    let ids = try makeVault()
    #expect(try run(["browser", "bind", "bob", "example.com"]).status == 0)
    #expect(try run(["browser", "bind", "GitHub:alice", "github.com"]).status == 0)
    #expect(try run(["remove", "bob", "--yes"]).status == 0)
    let listed = try run(["browser", "bindings"])
    #expect(listed.status == 0)
    #expect(listed.stdout == "github.com  GitHub:alice\n")
    #expect(
      listed.stderr
        == "twofold: warning: dropped the bindings of 1 account no longer in the vault (\(ids["Example:bob"]!))\n"
    )
    #expect(!(try bindingsText()).contains(ids["Example:bob"]!))
    let again = try run(["browser", "bindings"])
    #expect(again.stderr.isEmpty)
  }

  @Test("Binds run at once all keep their binding: each change is made under the file's lock")
  func concurrentBinds() throws {
    try makeVault()
    let domains = (1...8).map { "site\($0).com" }
    let statuses = Mutex([Int32]())
    DispatchQueue.concurrentPerform(iterations: domains.count) { index in
      let status = (try? run(["browser", "bind", "bob", domains[index]]).status) ?? -1
      statuses.withLock { $0.append(status) }
    }
    #expect(statuses.withLock { $0 } == [Int32](repeating: 0, count: domains.count))
    let listed = try run(["browser", "bindings"]).stdout
    for domain in domains { #expect(listed.contains(domain + "  Example:bob\n"), "\(domain)") }
  }

  @Test("A damaged browser.json is status 1 naming the file and line, and is left as it was")
  func damagedFile() throws {
    try makeVault()
    try FileManager.default.createDirectory(
      atPath: folder.path("config") + "/twofold", withIntermediateDirectories: true)
    let damaged = "{\"version\": 1,\n\"accounts\": {\"x\": [\"example.com\"\n}"
    try folder.write("config/twofold/browser.json", damaged)
    for arguments in [
      ["browser", "bindings"], ["browser", "bind", "bob", "example.com"], ["browser", "autofill", "on"],
      ["browser", "unbind", "bob"],
    ] {
      expectFailure(try run(arguments), status: 1, saying: "\(bindingsPath) is damaged (line 3")
    }
    #expect(try bindingsText() == damaged)
  }

  @Test("autofill on and off are kept in browser.json; another value is status 2")
  func autofill() throws {
    #expect(try run(["browser", "autofill"]).stdout == "autofill off\n")
    let on = try run(["browser", "autofill", "on"])
    #expect(on.status == 0)
    #expect(on.stdout.hasPrefix("autofill on: "))
    #expect(try bindingsText().contains("\"autofill\": true"))
    #expect(try run(["browser", "autofill"]).stdout == "autofill on\n")
    #expect(try run(["browser", "autofill", "off"]).status == 0)
    #expect(try bindingsText().contains("\"autofill\": false"))
    expectFailure(try run(["browser", "autofill", "maybe"]), status: 2, saying: "on or off")
  }

  @Test("bindings with none bound needs no vault")
  func noBindings() throws {
    let output = try run(["browser", "bindings", "--json"])
    #expect(output.status == 0)
    #expect(output.stdout == "[]\n")
  }

  @Test(
    "A wrong command line is status 2",
    arguments: [
      ["browser"], ["browser", "frob"], ["browser", "bind", "bob"],
      ["browser", "bind", "bob", "a.com", "b.com"],
      ["browser", "bindings", "extra"], ["browser", "bind", "--json", "bob", "example.com"],
      ["browser", "unbind"],
    ])
  func usage(arguments: [String]) throws {
    let output = try run(arguments)
    #expect(output.status == 2)
    #expect(output.stderr.hasPrefix("twofold: ") && output.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test("Without a Public Suffix List, bind fails with status 1 and says what to install")
  func noSuffixList() throws {
    try makeVault()
    let missing = folder.path("none.dat")
    expectFailure(
      try run(["browser", "bind", "bob", "example.com"], extra: ["TWOFOLD_PUBLIC_SUFFIX_LIST": missing]),
      status: 1, saying: "publicsuffix")
  }
}
