import Data
import Formats
import Infrastructure

extension FormatRegistry {
  /// Every format `import` reads, in detection order: Data's Aegis vaults first, then the other
  /// apps' formats with QR screenshots (read through ZBar, libpng and libturbojpeg) before andOTP.
  static func importRegistry() -> FormatRegistry {
    FormatRegistry(importers: [AegisVaultImporter()] + FormatRegistry.formats(qrDecoder: LibZBar().decoder))
  }
}
