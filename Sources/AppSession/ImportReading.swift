import Data
import Domain
import Formats
import Infrastructure
import Presentation

extension FormatRegistry {
  /// Every format `import` reads, in detection order: Data's Aegis vaults first, then the other
  /// apps' formats with QR screenshots (read through ZBar, libpng and libturbojpeg) before andOTP.
  public static func importRegistry() -> FormatRegistry {
    FormatRegistry(importers: [AegisVaultImporter()] + FormatRegistry.formats(qrDecoder: LibZBar().decoder))
  }
}

/// Reading another app's export for a front end's import dialog: the format detected as
/// `twofold import` does, the password as typed in the dialog.
public enum ImportReading {
  /// The store's `readImport`.
  public static func reader(
    registry: FormatRegistry = .importRegistry()
  ) -> @Sendable (String, String?) -> ImportFeature.Read {
    { path, password in
      let bytes: [UInt8]
      switch LocalFiles.read(path) {
      case .success(let read): bytes = read
      case .failure(let error): return .failed(sentence(error.reason))
      }
      let file = ImportFile(name: path, bytes: bytes)
      let given = ImportPassword { () throws(ImportError) in
        guard let password else { throw .passwordRequired }
        return Array(password.utf8)
      }
      do throws(ImportError) {
        return .candidates(try registry.detect(file).candidates(from: file, password: given))
      } catch .passwordRequired {
        return .passwordRequired
      } catch .wrongPassword {
        return .passwordRequired
      } catch {
        return .failed(sentence(error.description))
      }
    }
  }
}
