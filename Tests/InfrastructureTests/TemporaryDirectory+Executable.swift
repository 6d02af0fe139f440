import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

extension TemporaryDirectory {
  /// Writes a `/bin/sh` script with `body` to `name` in the folder, executable, and returns its
  /// path. The file is written through a descriptor that closes on exec, so a process another
  /// test starts meanwhile does not keep it open for writing (running it would fail with ETXTBSY).
  @discardableResult
  func script(_ name: String, _ body: String) throws -> String {
    let path = path(name)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw ScriptFailure(code: errno) }
    let bytes = Array(("#!/bin/sh\n" + body + "\n").utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else { throw ScriptFailure(code: errno) }
    return path
  }

  /// The contents of a file in the folder, empty when there is none.
  func read(_ name: String) -> String {
    guard let file = fopen(path(name), "re") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    while case let byte = getc(file), byte != EOF { bytes.append(UInt8(byte)) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A script could not be written: `errno`.
struct ScriptFailure: Error {
  let code: Int32
}
