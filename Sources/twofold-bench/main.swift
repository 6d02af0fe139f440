import CBenchBaseline
import OTP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `twofold-bench`: one `NAME VALUE UNIT` line per figure on standard output; progress and the
// consumed checksums go to standard error.

func report(_ name: String, _ value: Double, _ unit: String) {
  let rounded = unit == "x" ? String(Double(Int((value * 1000).rounded())) / 1000) : String(Int(value.rounded()))
  print("\(name) \(rounded) \(unit)")
}

func standardError(_ text: String) {
  var line = text + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

// The C peers must compute exactly the codes the Swift generator computes.
let hotp = Workloads.generator(.hotp)
let expected = Workloads.counterCodes(hotp)(1_000)
for (name, function) in [
  ("transform", cbench_hotp_sha1_transform), ("ctx-copy", cbench_hotp_sha1_ctx_copy),
  ("hmac-reuse", cbench_hotp_sha1_hmac_reuse),
] where Workloads.c(function)(1_000) != expected {
  standardError("twofold-bench: C \(name) disagrees with CodeGenerator")
  exit(1)
}

let figures: [(name: String, unit: String, workload: Throughput.Workload)] = [
  ("totp-sha1-6", "codes/s", Workloads.codes(Workloads.generator(.totp))),
  ("totp-sha256-6", "codes/s", Workloads.codes(Workloads.generator(.totp, .sha256))),
  ("totp-sha512-8", "codes/s", Workloads.codes(Workloads.generator(.totp, .sha512, digits: 8))),
  ("steam-5", "codes/s", Workloads.codes(Workloads.generator(.steam))),
  ("hotp-sha1-6", "codes/s", Workloads.counterCodes(hotp)),
  ("verify-window1", "verifications/s", Workloads.verifications(Workloads.generator(.totp))),
  ("c-hotp-sha1-transform", "codes/s", Workloads.c(cbench_hotp_sha1_transform)),
  ("c-hotp-sha1-ctx-copy", "codes/s", Workloads.c(cbench_hotp_sha1_ctx_copy)),
  ("c-hotp-sha1-hmac-reuse", "codes/s", Workloads.c(cbench_hotp_sha1_hmac_reuse)),
]

// Arguments, when given, name the figures to measure (for profiling one loop).
let selected = Set(CommandLine.arguments.dropFirst())
// TWOFOLD_BENCH_COUNT=N runs each workload once, N times (for callgrind).
var throughput = Throughput()
if let text = getenv("TWOFOLD_BENCH_COUNT"), let count = Int(String(cString: text)), count > 0 {
  throughput.fixedCount = count
}
var rates: [String: Double] = [:]
var checksum: UInt64 = 0
for figure in figures where selected.isEmpty || selected.contains(figure.name) {
  standardError("measuring \(figure.name)…")
  let result = throughput.measure(figure.workload)
  checksum ^= result.checksum
  rates[figure.name] = result.rate
  report(figure.name, result.rate, figure.unit)
}
if let transform = rates["c-hotp-sha1-transform"], let copy = rates["c-hotp-sha1-ctx-copy"] {
  let cBest = max(transform, copy)
  report("c-hotp-sha1-best", cBest, "codes/s")
  if let swift = rates["totp-sha1-6"] { report("totp-sha1-6-vs-c-best", swift / cBest, "x") }
}
standardError("checksum \(checksum)")
