import Data
import Domain
import Formats

extension FuzzTarget {
  /// One target per import format (`import-NAME`), and `import-detect` for detection by content.
  static let importers: [FuzzTarget] =
    registry.importers.map { importer in
      FuzzTarget(name: "import-\(importer.format)") { read($0, with: importer) }
    } + [FuzzTarget(name: "import-detect", check: detect)]

  /// Every importer the `import` command uses but the QR screenshot one (native image libraries).
  private static let registry = FormatRegistry(importers: [AegisVaultImporter()] + FormatRegistry.formats)

  /// Asks whether the importer recognises the bytes and reads them without a password, so
  /// encrypted files stop before any key derivation.
  private static func read(_ bytes: [UInt8], with importer: any AccountImporter) -> Bool {
    let file = ImportFile(name: "fuzz", bytes: bytes)
    _ = importer.recognizes(file)
    guard let candidates = try? importer.candidates(from: file, password: .none) else { return false }
    for candidate in candidates {
      invariant((candidate.account == nil) != (candidate.problem == nil), "a candidate is neither or both")
    }
    return true
  }

  /// Detects the format and reads the file with the importer detection chose.
  private static func detect(_ bytes: [UInt8]) -> Bool {
    let file = ImportFile(name: "fuzz", bytes: bytes)
    guard let importer = try? registry.detect(file) else { return false }
    return read(bytes, with: importer)
  }
}
