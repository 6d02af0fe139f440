import AppSession
import Domain
import Infrastructure
import Presentation
import TestSupport
import Testing

/// The details' icon choices from the packs `twofold icons import` stored.
@Suite("Icon choices from the imported packs")
struct IconPackChoicesTests {
  @Test("Every icon of the imported packs, those naming the issuer first, each with its path and format")
  func choices() throws {
    let folder = try TemporaryDirectory()
    let variables = ["XDG_DATA_HOME": folder.path("data")]
    let store = try #require(IconPackStore(variables: variables))
    let id = try #require(IconPack.ID(IconPackFixture.uuid))
    try store.install(
      id,
      manifest: IconPackFixture.manifest(
        icons: IconPackFixture.icons + [IconPackFixture.Icon("x.gif", issuers: [])]),
      files: [])
    let directory = store.directory(of: id)
    let choices = IconFiles.choices(variables: variables)("zurich BANK")
    #expect(
      choices == [
        IconChoice(
          pack: "Test Icons", name: "Zürcher Kantonalbank", category: "Finance",
          path: directory + "/PNG/zkb.png",
          format: .png, isMatch: true),
        IconChoice(
          pack: "Test Icons", name: "github", category: "Development", path: directory + "/SVG/github.svg",
          format: .svg),
        IconChoice(pack: "Test Icons", name: "example", path: directory + "/SVG/example.svg", format: .svg),
      ])
  }

  @Test("Without any pack, or any place for packs, there is nothing to choose")
  func none() throws {
    let folder = try TemporaryDirectory()
    #expect(IconFiles.choices(variables: ["XDG_DATA_HOME": folder.path("data")])("GitHub").isEmpty)
    #expect(IconFiles.choices(variables: [:])("GitHub").isEmpty)
  }
}
