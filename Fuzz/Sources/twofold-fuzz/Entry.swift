import CLibFuzzer
import FuzzTargets

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs libFuzzer over the target `TWOFOLD_FUZZ_TARGET` names, passing on libFuzzer's own
/// arguments (`-max_total_time`, corpus folders, …).
@main
enum FuzzDriver {
  static func main() {
    let name = getenv("TWOFOLD_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard FuzzTarget.named(name) != nil else {
      let names = FuzzTarget.all.map(\.name).joined(separator: " ")
      let message = Array("twofold-fuzz: set TWOFOLD_FUZZ_TARGET to one of: \(names)\n".utf8)
      _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      exit(2)
    }
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
  }
}

/// The target, looked up once (`main` has checked the name).
let selected = FuzzTarget.named(getenv("TWOFOLD_FUZZ_TARGET").map { String(cString: $0) } ?? "")!

/// Runs the selected target on one input.
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  _ = selected.check(bytes)
  return 0
}
