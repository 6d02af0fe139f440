import Domain
import Formats
import Infrastructure

/// The imported Aegis icon packs as front ends use them: `twofold icons` imports and applies
/// them, the desktop's details offer their icons. Reads packs with `AegisIconPackReader` and
/// keeps them in an `IconPackStore`.
public struct IconPackLibrary: Sendable {
  /// Why an import or a read failed, in one line for people.
  public struct Failure: Error, Equatable, Sendable {
    /// The line.
    public let message: String
  }

  /// The packs' folder.
  public let store: IconPackStore
  private let reader: AegisIconPackReader

  /// A library over `store`.
  public init(store: IconPackStore, reader: AegisIconPackReader = AegisIconPackReader()) {
    self.store = store
    self.reader = reader
  }

  /// The library of `variables` (`$XDG_DATA_HOME/twofold/icons`); nil when there is no such place.
  public init?(variables: [String: String]) {
    guard let store = IconPackStore(variables: variables) else { return nil }
    self.init(store: store)
  }

  /// Reads the pack in the zip archive `bytes`, every image checked, and stores it (replacing an
  /// earlier import of the same uuid); nothing is written when any of it is refused. Returns the
  /// pack and the version it replaced, if any.
  public func importPack(_ bytes: [UInt8]) throws(Failure) -> (pack: IconPack, replaced: Int?) {
    let contents: AegisIconPackReader.Contents
    do throws(AegisIconPackReader.Problem) {
      contents = try reader.read(bytes)
    } catch {
      throw Failure(message: error.message)
    }
    let earlier = packs().packs.first { $0.id == contents.pack.id }
    do throws(IconPackStore.Failure) {
      try store.install(
        contents.pack.id, manifest: contents.manifest,
        files: contents.images.map { ($0.fileName, $0.icon.bytes) })
    } catch {
      throw Failure(message: error.reason)
    }
    return (contents.pack, earlier?.version)
  }

  /// The imported packs that can be read, in matching order (`IconPackMatch.ordered`), and a
  /// line for each that cannot.
  public func packs() -> (packs: [IconPack], problems: [String]) {
    var packs: [IconPack] = []
    var problems: [String] = []
    for installed in store.installed() {
      switch installed.manifest {
      case .success(let bytes):
        do throws(AegisIconPackReader.Problem) {
          let pack = try AegisIconPackReader.pack(fromManifest: bytes)
          guard pack.id == installed.id else {
            problems.append("\(installed.directory): its pack.json names another uuid (\(pack.id))")
            continue
          }
          packs.append(pack)
        } catch {
          problems.append("\(installed.directory)/\(error.message)")
        }
      case .failure(let failure): problems.append(failure.reason)
      }
    }
    return (IconPackMatch.ordered(packs), problems)
  }

  /// The path of `match`'s image.
  public func path(of match: IconPackMatch) -> String {
    store.directory(of: match.pack.id) + "/" + match.icon.fileName
  }

  /// The image of `match`, checked again as an icon (the file may have changed since its import).
  public func icon(_ match: IconPackMatch) throws(Failure) -> AccountIcon {
    switch store.image(match.icon.fileName, of: match.pack.id) {
    case .failure(let failure): throw Failure(message: failure.reason)
    case .success(let bytes):
      do throws(AccountIcon.Problem) {
        return try AccountIcon(bytes: bytes, fileName: match.icon.fileName)
      } catch {
        throw Failure(message: "\(path(of: match)): \(error.message)")
      }
    }
  }
}
