#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A native library opened at run time with `dlopen`, closed when dropped, so Twofold runs
/// (without the feature) where the library is not installed. The one place the package calls
/// `dlopen`: libargon2 in Crypto, libzip in Formats, the image, QR and keyring libraries in
/// Infrastructure, and the running program for a C library function Swift's Glibc module leaves
/// out (`ChildProcess`'s `pipe2`).
package final class DynamicLibrary {
  private let handle: UnsafeMutableRawPointer

  /// Opens the first of `names` that loads, or nil when none does.
  package init?(firstOf names: [String]) {
    guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
      return nil
    }
    self.handle = handle
  }

  private init(handle: UnsafeMutableRawPointer) { self.handle = handle }

  /// The running program and the libraries it has loaded (`dlopen(NULL)`), or nil when that fails.
  package static func runningProgram() -> DynamicLibrary? {
    dlopen(nil, RTLD_NOW).map(DynamicLibrary.init(handle:))
  }

  deinit { dlclose(handle) }

  /// The C function `name` as `type` (a `@convention(c)` function type), or nil when absent.
  package func function<Function>(_ name: String, as type: Function.Type) -> Function? {
    guard let symbol = dlsym(handle, name) else { return nil }
    return unsafeBitCast(symbol, to: type)
  }

  /// The address of `name` (a function handed on as a pointer, as `g_str_hash` is), or nil when absent.
  package func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }
}
