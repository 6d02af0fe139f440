/// A file handed to an importer: its name (for messages and detection) and its bytes.
public struct ImportFile: Sendable {
  /// The file's name or path as the user gave it.
  public var name: String
  /// The whole file.
  public var bytes: [UInt8]

  /// Wraps a file.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }
}

/// One entry of an import as understood (or not): what the report calls it, and either the
/// account to add or why it cannot be.
public struct ImportCandidate: Equatable, Sendable {
  /// How the report names the entry (`Issuer:Name`, or `entry 3` when nothing better is known).
  public var label: String
  /// The account, when the entry was understood.
  public var account: NewAccount?
  /// Why the entry cannot be imported.
  public var problem: String?
  /// The Google Authenticator export batch the entry came from, for completeness checks.
  public var batch: ImportBatch?

  /// An understood entry.
  public static func account(_ account: NewAccount, batch: ImportBatch? = nil) -> ImportCandidate {
    let label =
      account.issuer.isEmpty
      ? account.name : account.name.isEmpty ? account.issuer : "\(account.issuer):\(account.name)"
    return ImportCandidate(label: label, account: account, problem: nil, batch: batch)
  }

  /// An entry that cannot be imported, and why (never containing the secret).
  public static func failed(_ label: String, _ problem: String) -> ImportCandidate {
    ImportCandidate(label: label, account: nil, problem: problem, batch: nil)
  }
}

/// One QR code of a multi-part Google Authenticator export.
public struct ImportBatch: Hashable, Sendable {
  /// Shared by every part of one export.
  public var id: Int64
  /// This part's index, 0-based.
  public var index: Int64
  /// How many parts the export has.
  public var size: Int64

  /// Describes a part.
  public init(id: Int64, index: Int64, size: Int64) {
    self.id = id
    self.index = index
    self.size = size
  }
}

/// Why a whole file cannot be imported. Never carries secret content.
public enum ImportError: Error, Equatable, Sendable {
  /// The file is empty.
  case empty
  /// The content matches no known format (or not the one asked for).
  case unrecognized(String)
  /// The file is encrypted and no password can be asked for.
  case passwordRequired
  /// The password does not open the file.
  case wrongPassword
  /// The file is damaged or not what its format says; the reason names the part.
  case damaged(String)
  /// A native library the format needs is not installed; says how to install it.
  case missingLibrary(String)
  /// Parts of a multi-part export are missing (1-based numbers).
  case incompleteBatch(missing: [Int64], size: Int64)
}

extension ImportError: CustomStringConvertible {
  /// One line for people.
  public var description: String {
    switch self {
    case .empty: "the file is empty"
    case .unrecognized(let what): what
    case .passwordRequired: "the file is encrypted: give its password with --source-password-file FILE"
    case .wrongPassword: "wrong password for the file"
    case .damaged(let reason): "the file is damaged: \(reason)"
    case .missingLibrary(let message): message
    case .incompleteBatch(let missing, let size):
      "the Google Authenticator export is incomplete: QR code \(missing.map { "\($0)/\(size)" }.joined(separator: ", ")) missing"
    }
  }
}

/// The source password of an encrypted export, asked only when an importer needs it.
public struct ImportPassword: Sendable {
  /// Returns the password or throws `passwordRequired`.
  public var get: @Sendable () throws(ImportError) -> [UInt8]

  /// Wraps a password source.
  public init(get: @escaping @Sendable () throws(ImportError) -> [UInt8]) { self.get = get }

  /// No password available.
  public static let none = ImportPassword { () throws(ImportError) in throw .passwordRequired }
}

/// Reads one other app's export format. Formats implements most; Data implements Aegis.
public protocol AccountImporter: Sendable {
  /// The `--format` name (`CLI.md`).
  var format: String { get }
  /// Whether the content looks like this format (used when `--format` is not given).
  func recognizes(_ file: ImportFile) -> Bool
  /// Every entry of the file, understood or not.
  func candidates(from file: ImportFile, password: ImportPassword) throws(ImportError) -> [ImportCandidate]
}
