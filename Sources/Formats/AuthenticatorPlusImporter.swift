import Crypto
import Domain

/// Authenticator Plus backups (import-formats.md "Authenticator Plus"): a zip archive, its
/// members encrypted with ZipCrypto, holding `Accounts.txt`, a Key URI list. libzip (loaded at
/// run time) does the decryption and inflating.
public struct AuthenticatorPlusImporter: AccountImporter {
  /// The `--format` name.
  public let format = "authenticator-plus"

  /// The libzip names tried by default, in order.
  public static let zipLibraryNames = ZipArchive.libraryNames

  /// What to tell someone when libzip is absent.
  public static let installHint =
    "Authenticator Plus backups are read with libzip, which is not installed: install it with "
    + "'apt-get install libzip4' (Debian 12; libzip5 on later releases) or 'brew install libzip' (macOS)"

  /// The member that holds the accounts.
  static let member = "Accounts.txt"
  /// The most Accounts.txt may inflate to.
  private static let sizeLimit = 16 << 20
  private static let localHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

  private let zipLibraries: [String]

  /// Creates the importer; `zipLibraries` are the names libzip is loaded by.
  public init(zipLibraries: [String] = zipLibraryNames) {
    self.zipLibraries = zipLibraries
  }

  /// A zip archive (local file header first) naming `Accounts.txt`.
  public func recognizes(_ file: ImportFile) -> Bool {
    file.bytes.starts(with: Self.localHeader) && file.bytes.firstRange(of: Array(Self.member.utf8)) != nil
  }

  /// The accounts of `Accounts.txt`; the password is asked only when the member is encrypted.
  public func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError)
    -> [ImportCandidate]
  {
    guard !file.bytes.isEmpty else { throw .empty }
    guard file.bytes.starts(with: Self.localHeader) else {
      throw .unrecognized("\(file.name) is not an Authenticator Plus backup: it is not a zip archive")
    }
    let archive: ZipArchive
    do throws(ZipArchive.Failure) {
      archive = try ZipArchive(file.bytes, libraries: zipLibraries)
    } catch {
      throw Self.importError(error, file: file)
    }
    var bytes: [UInt8]
    do throws(ZipArchive.Failure) {
      bytes = try archive.member(Self.member, password: nil, limit: Self.sizeLimit)
    } catch .passwordNeeded {
      var secret = try password.get()
      defer { wipe(&secret) }
      do throws(ZipArchive.Failure) {
        bytes = try archive.member(Self.member, password: secret, limit: Self.sizeLimit)
      } catch {
        throw Self.importError(error, file: file)
      }
    } catch {
      throw Self.importError(error, file: file)
    }
    defer { wipe(&bytes) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .damaged("\(Self.member) in the Authenticator Plus backup is not UTF-8 text")
    }
    do throws(ImportError) {
      return try KeyURIListImporter.candidates(fromText: text)
    } catch .empty {
      return []
    }
  }

  private static func importError(_ failure: ZipArchive.Failure, file: ImportFile) -> ImportError {
    switch failure {
    case .libraryMissing: .missingLibrary(installHint)
    case .notZip(let reason):
      .damaged("the Authenticator Plus backup is not a readable zip archive (\(reason))")
    case .noMember: .unrecognized("\(file.name) is not an Authenticator Plus backup: it holds no \(member)")
    case .passwordNeeded, .wrongPassword: .wrongPassword
    case .unreadable(let reason):
      .damaged(
        "\(member) cannot be decrypted or inflated (\(reason)): the backup is damaged or the "
          + "password is wrong"
      )
    case .tooLarge: .damaged("\(member) inflates to more than \(sizeLimit >> 20) MiB")
    }
  }
}
