import Domain
import OTP
import Synchronization
import Testing

/// Icon packs in Domain: their ids and paths, which icon an issuer gets, and `icons apply`'s plan.
@Suite("Icon packs and matching")
struct IconPackTests {
  static let svg = try! AccountIcon(
    format: .svg, bytes: Array(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8))
  static let otherSVG = try! AccountIcon(
    format: .svg, bytes: Array(#"<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>"#.utf8))

  static func pack(_ name: String, _ uuid: String, _ icons: [IconPack.Icon]) -> IconPack {
    IconPack(id: IconPack.ID(uuid)!, name: name, version: 1, icons: icons)
  }

  static let aegis = pack(
    "Aegis Icons", "00000000-0000-4000-8000-000000000002",
    [
      IconPack.Icon(fileName: "SVG/github.svg", category: "Development", issuers: ["GitHub"]),
      IconPack.Icon(fileName: "SVG/zkb.svg", name: "ZKB", issuers: ["Zürich Bank", "ZKB"]),
      IconPack.Icon(fileName: "SVG/github-alt.svg", issuers: ["github"]),
    ])
  static let brands = pack(
    "brands", "00000000-0000-4000-8000-000000000001",
    [
      IconPack.Icon(fileName: "github.png", issuers: ["GitHub"]),
      IconPack.Icon(fileName: "x.png", issuers: ["X"]),
    ])

  @Test(
    "A pack id is a UUID, kept lowercase; anything else is none",
    arguments: [
      ("6A7E2D4C-7F0B-4D7A-9E57-2B1F0C3A8E11", "6a7e2d4c-7f0b-4d7a-9e57-2b1f0c3a8e11"),
      ("6a7e2d4c-7f0b-4d7a-9e57-2b1f0c3a8e11", "6a7e2d4c-7f0b-4d7a-9e57-2b1f0c3a8e11"),
      ("6a7e2d4c7f0b4d7a9e572b1f0c3a8e11", nil), ("6a7e2d4c-7f0b-4d7a-9e57-2b1f0c3a8e1g", nil),
      ("../../etc/passwd-0000-0000-000000000000", nil), ("", nil),
      ("６a7e2d4c-7f0b-4d7a-9e57-2b1f0c3a8e11", nil),
    ] as [(String, String?)])
  func packID(text: String, id: String?) {
    #expect(IconPack.ID(text)?.rawValue == id)
  }

  @Test(
    "An icon's name is the one given, else its file name without folders and extension",
    arguments: [
      ("SVG/github.svg", nil, "github"), ("SVG/github.svg", "", "github"), ("zkb.png", "ZKB", "ZKB"),
      ("a/b/c.d.svg", nil, "c.d"), ("noextension", nil, "noextension"),
    ] as [(String, String?, String)])
  func iconName(fileName: String, name: String?, expected: String) {
    #expect(IconPack.Icon(fileName: fileName, name: name, issuers: []).name == expected)
  }

  @Test(
    "Only plain relative paths inside a pack are safe",
    arguments: [
      ("SVG/github.svg", true), ("github.svg", true), ("a b/ü.png", true), ("../x.svg", false),
      ("/etc/x.svg", false), ("a//b.svg", false), ("a/./b.svg", false), ("a/..", false), ("a/", false),
      ("", false), ("a\\b.svg", false), ("a\nb.svg", false), ("a\u{0}b.svg", false), (".", false),
    ])
  func safeFileNames(name: String, safe: Bool) {
    #expect(IconPack.Icon.isSafe(fileName: name) == safe)
  }

  @Test(
    "An issuer gets the first icon whose issuer name equals it folded: packs by name, then the pack's order",
    arguments: [
      ("GitHub", "Aegis Icons", "SVG/github.svg"), ("github", "Aegis Icons", "SVG/github.svg"),
      ("  GITHUB ", "Aegis Icons", "SVG/github.svg"), ("zurich bank", "Aegis Icons", "SVG/zkb.svg"),
      ("ZÜRICH BANK", "Aegis Icons", "SVG/zkb.svg"), ("zkb", "Aegis Icons", "SVG/zkb.svg"),
      ("x", "brands", "x.png"), ("Git", nil, nil), ("GitHub Enterprise", nil, nil), ("", nil, nil),
      ("Zürich", nil, nil),
    ] as [(String, String?, String?)])
  func firstMatch(issuer: String, pack: String?, file: String?) {
    let match = IconPackMatch.first(forIssuer: issuer, in: [Self.brands, Self.aegis])
    #expect(match?.pack.name == pack)
    #expect(match?.icon.fileName == file)
  }

  @Test("Packs are tried by folded name, then by uuid, whatever order they come in")
  func packOrder() {
    let second = Self.pack("aegis icons", "00000000-0000-4000-8000-000000000001", [])
    #expect(
      IconPackMatch.ordered([Self.brands, Self.aegis, second]).map(\.id.rawValue) == [
        "00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002",
        "00000000-0000-4000-8000-000000000001",
      ])
    #expect(
      IconPackMatch.ordered([Self.brands, Self.aegis, second]).map(\.name) == [
        "aegis icons", "Aegis Icons", "brands",
      ])
  }

  @Test("The choices for an issuer are every icon, those it names first")
  func choices() {
    let choices = IconPackMatch.choices(forIssuer: "github", in: [Self.brands, Self.aegis])
    #expect(
      choices.map(\.icon.fileName) == [
        "SVG/github.svg", "SVG/github-alt.svg", "github.png", "SVG/zkb.svg", "x.png",
      ])
    #expect(
      IconPackMatch.choices(forIssuer: "", in: [Self.aegis]).map(\.icon.fileName)
        == Self.aegis.icons.map(\.fileName))
  }
}

@Suite("icons apply: the plan and the change")
struct ApplyIconsTests {
  static func account(_ id: String, _ issuer: String, icon: AccountIcon? = nil) -> Account {
    var account = Sample.totp(id, issuer: issuer, name: id, secret: Array(id.utf8) + Sample.otherSecret)
    account.setIcon(icon)
    return account
  }

  static let accounts = [
    account("a", "GitHub"), account("b", "Zürich Bank", icon: IconPackTests.otherSVG), account("c", "Other"),
    account("d", "ZKB"), account("e", "github", icon: IconPackTests.svg),
  ]

  @Test(
    "Accounts an icon names are planned in display order; those with an icon kept unless replace",
    arguments: [(false, ["a", "d"], ["b", "e"]), (true, ["b", "a", "e", "d"], [])])
  func plan(replace: Bool, changes: [String], kept: [String]) {
    let plan = ApplyIcons.plan(Self.accounts, packs: [IconPackTests.aegis], replace: replace)
    #expect(plan.changes.map(\.account.id.rawValue).sorted() == changes.sorted())
    #expect(
      plan.changes.map(\.account.id.rawValue)
        == ListAccounts.sorted(Self.accounts).map(\.id.rawValue).filter(changes.contains))
    #expect(plan.kept.map(\.account.id.rawValue).sorted() == kept.sorted())
    #expect(plan.changes.first { $0.account.id == Account.ID("d") }?.match.icon.fileName == "SVG/zkb.svg")
  }

  @Test("With no pack, or no issuer named, nothing is planned")
  func nothingPlanned() {
    #expect(ApplyIcons.plan(Self.accounts, packs: [], replace: true) == ApplyIcons.Plan())
    #expect(
      ApplyIcons.plan([Self.account("c", "Other")], packs: [IconPackTests.aegis], replace: true)
        == ApplyIcons.Plan())
  }

  @Test(
    "Applying sets the icons; an account with one keeps it unless replace; the same icon or a gone account is no change",
    arguments: [
      (false, ["a"], [IconPackTests.svg, IconPackTests.otherSVG, nil, IconPackTests.svg]),
      (true, ["a", "b"], [IconPackTests.svg, IconPackTests.svg, nil, IconPackTests.svg]),
    ] as [(Bool, [String], [AccountIcon?])])
  func apply(replace: Bool, changed: [String], icons: [AccountIcon?]) throws {
    let repository = InMemoryVaultRepository(
      VaultContents(accounts: Array(Self.accounts.prefix(3)) + [Self.accounts[4]]))
    let assignments = ["a", "b", "e", "gone"].map {
      IconAssignment(id: Account.ID($0), icon: IconPackTests.svg)
    }
    let ids = try ApplyIcons(repository: repository, ids: .counting())(assignments, replace: replace)
    #expect(ids.map(\.rawValue) == changed)
    #expect(try repository.load().accounts.map(\.icon) == icons)
  }

  @Test("An empty assignment list changes nothing")
  func emptyAssignments() throws {
    let repository = InMemoryVaultRepository(VaultContents(accounts: Self.accounts))
    #expect(try ApplyIcons(repository: repository, ids: .counting())([], replace: true).isEmpty)
    #expect(try repository.load() == VaultContents(accounts: Self.accounts))
  }
}

@Suite("pick offers icons")
struct PickIconTests {
  @Test("Each line offered carries its account's icon, nil for one without")
  func linesCarryIcons() throws {
    let offered = OfferedLines()
    var icon = Sample.totp("i", issuer: "GitHub", name: "me")
    icon.setIcon(IconPackTests.svg)
    let repository = InMemoryVaultRepository(
      VaultContents(accounts: [icon, Sample.totp("p", issuer: "Plain", name: "x")]))
    let picker = AccountPicker { (lines: [MenuLine]) in
      offered.lines.withLock { $0 = lines }
      return lines.last?.text
    }
    let chosen = try PickAccount(repository: repository, picker: picker)(query: nil)
    #expect(chosen.id == Account.ID("p"))
    #expect(
      offered.lines.withLock { $0 } == [
        MenuLine(text: "GitHub  me", icon: IconPackTests.svg), MenuLine(text: "Plain   x", icon: nil),
      ])
  }
}

/// The lines a test's menu was offered.
final class OfferedLines: Sendable {
  let lines = Mutex<[MenuLine]>([])
}

@Suite("Icon formats by file name")
struct IconFormatTests {
  @Test(
    "An icon's format is its file name's extension, as Aegis reads it",
    arguments: [
      ("SVG/a.svg", AccountIcon.Format.svg), ("a.PNG", .png), ("a.jpg", .jpeg), ("a.jpeg", .jpeg),
      ("a.gif", nil),
      ("svg/noextension", nil), ("a.b/c", nil),
    ] as [(String, AccountIcon.Format?)])
  func format(fileName: String, format: AccountIcon.Format?) {
    #expect(IconPack.Icon(fileName: fileName, issuers: []).format == format)
  }
}
