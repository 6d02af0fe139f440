import Domain

/// Reads an Aegis icon pack: a zip archive with `pack.json` at its top naming each image and the
/// issuers it stands for. Every image named is read (at most `AccountIcon.maximumSize` bytes)
/// and checked as an `AccountIcon`, so a pack is taken whole or not at all.
public struct AegisIconPackReader: Sendable {
  /// Why a pack is refused: the entry (`pack.json` or an image's path in the pack) and why.
  public struct Problem: Error, Equatable, Sendable {
    /// The entry of the pack at fault; nil when it is the archive itself.
    public let entry: String?
    /// What is wrong, for people; never an image's bytes.
    public let reason: String

    /// Creates a problem.
    public init(entry: String?, _ reason: String) {
      self.entry = entry
      self.reason = reason
    }

    /// The problem in one line: `entry: reason`, or the reason alone.
    public var message: String { entry.map { "\($0): \(reason)" } ?? reason }
  }

  /// A pack as read: its description, `pack.json`'s own bytes, and each image named, once, in
  /// the order `pack.json` first names them.
  public struct Contents: Sendable {
    /// The pack.
    public let pack: IconPack
    /// `pack.json` as it is in the archive.
    public let manifest: [UInt8]
    /// The images by path in the pack.
    public let images: [(fileName: String, icon: AccountIcon)]
  }

  /// The manifest's name in the archive.
  public static let manifestName = "pack.json"
  /// The most `pack.json` may inflate to.
  public static let manifestLimit = 16 << 20
  /// What to tell someone when libzip is absent.
  public static let installHint =
    "icon packs are read with libzip, which is not installed: install it with "
    + "'apt-get install libzip4' (Debian 12; libzip5 on later releases) or 'brew install libzip' (macOS)"

  private static let localHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
  private static let emptyArchive: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
  /// The most a pack's images may inflate to together, by default.
  public static let imagesLimit = 256 << 20
  private let zipLibraries: [String]
  private let imagesLimit: Int

  /// Creates the reader; `zipLibraries` are the names libzip is loaded by, and `imagesLimit` the
  /// most the images may inflate to together (a zip bomb of many large images is refused).
  public init(
    zipLibraries: [String] = AuthenticatorPlusImporter.zipLibraryNames, imagesLimit: Int = imagesLimit
  ) {
    self.zipLibraries = zipLibraries
    self.imagesLimit = imagesLimit
  }

  /// The pack in the zip archive `bytes`, every image checked.
  public func read(_ bytes: [UInt8]) throws(Problem) -> Contents {
    guard bytes.starts(with: Self.localHeader) || bytes.starts(with: Self.emptyArchive) else {
      throw Problem(entry: nil, "not a zip archive (an Aegis icon pack is a .zip file)")
    }
    let archive: ZipArchive
    do throws(ZipArchive.Failure) {
      archive = try ZipArchive(bytes, libraries: zipLibraries)
    } catch {
      throw Self.problem(error, entry: nil)
    }
    let manifest: [UInt8]
    do throws(ZipArchive.Failure) {
      manifest = try archive.member(Self.manifestName, password: nil, limit: Self.manifestLimit)
    } catch .noMember {
      throw Problem(entry: Self.manifestName, "missing: an Aegis icon pack has pack.json at its top")
    } catch {
      throw Self.problem(error, entry: Self.manifestName)
    }
    let pack = try Self.pack(fromManifest: manifest)
    var images: [(fileName: String, icon: AccountIcon)] = []
    var seen: Set<String> = []
    var total = 0
    for icon in pack.icons where seen.insert(icon.fileName).inserted {
      let image: [UInt8]
      do throws(ZipArchive.Failure) {
        image = try archive.member(icon.fileName, password: nil, limit: AccountIcon.maximumSize)
      } catch .noMember {
        throw Problem(entry: icon.fileName, "named in pack.json but not in the pack")
      } catch {
        throw Self.problem(error, entry: icon.fileName)
      }
      total += image.count
      guard total <= imagesLimit else {
        throw Problem(entry: nil, "its images inflate to more than \(imagesLimit >> 20) MiB together")
      }
      do throws(AccountIcon.Problem) {
        images.append((icon.fileName, try AccountIcon(bytes: image, fileName: icon.fileName)))
      } catch {
        throw Problem(entry: icon.fileName, error.message)
      }
    }
    return Contents(pack: pack, manifest: manifest, images: images)
  }

  private static func problem(_ failure: ZipArchive.Failure, entry: String?) -> Problem {
    switch failure {
    case .libraryMissing: Problem(entry: nil, installHint)
    case .notZip(let reason): Problem(entry: nil, "not a readable zip archive (\(reason))")
    case .noMember: Problem(entry: entry, "not in the pack")
    case .passwordNeeded, .wrongPassword: Problem(entry: entry, "encrypted: icon packs are not encrypted")
    case .unreadable(let reason): Problem(entry: entry, "cannot be inflated (\(reason)): the pack is damaged")
    case .tooLarge:
      entry == manifestName
        ? Problem(entry: entry, "inflates to more than \(manifestLimit >> 20) MiB")
        : Problem(
          entry: entry,
          "larger than \(AccountIcon.maximumSize) bytes (1 MiB), the most an icon may have")
    }
  }
}
