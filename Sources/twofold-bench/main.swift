import CBenchBaseline
import Crypto
import OTP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `twofold-bench [FIGURE…]`: one `NAME VALUE UNIT` line per figure on standard output;
// progress and the consumed checksum go to standard error. Naming figures measures only
// those; TWOFOLD_BENCH_ROUNDS=N keeps the best of N trials instead of 3 (for busy machines);
// TWOFOLD_BENCH_COUNT=N runs each workload once with N operations (for callgrind).

/// Prints one figure: a rate rounded to a whole number, a ratio to three decimals.
func report(_ name: String, _ value: Double, _ unit: String) {
  let text = unit == "x" ? String(Double(Int((value * 1000).rounded())) / 1000) : String(Int(value.rounded()))
  print("\(name) \(text) \(unit)")
}

/// Writes one progress line to standard error.
func standardError(_ text: String) {
  var line = "twofold-bench: " + text + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

// The C peers must compute exactly the codes the Swift generator computes.
let hotp = Workloads.generator(.hotp)
let expected = Workloads.foldedCodes(hotp, count: 1_000)
for (name, function) in [
  ("transform", cbench_hotp_sha1_transform), ("ctx-copy", cbench_hotp_sha1_ctx_copy),
  ("hmac-reuse", cbench_hotp_sha1_hmac_reuse),
] where Workloads.c(function)(1_000) != expected {
  standardError("C \(name) loop disagrees with CodeGenerator")
  exit(1)
}

var figures: [(name: String, unit: String, workload: Throughput.Workload)] = [
  ("totp-sha1-6", "codes/s", Workloads.codes(Workloads.generator(.totp))),
  ("totp-sha256-6", "codes/s", Workloads.codes(Workloads.generator(.totp, .sha256))),
  ("totp-sha512-8", "codes/s", Workloads.codes(Workloads.generator(.totp, .sha512, digits: 8))),
  ("steam-5", "codes/s", Workloads.codes(Workloads.generator(.steam))),
  ("hotp-sha1-6", "codes/s", Workloads.counterCodes(hotp)),
  ("verify-window1", "verifications/s", Workloads.verifications(Workloads.generator(.totp))),
  ("c-hotp-sha1-transform", "codes/s", Workloads.c(cbench_hotp_sha1_transform)),
  ("c-hotp-sha1-ctx-copy", "codes/s", Workloads.c(cbench_hotp_sha1_ctx_copy)),
  ("c-hotp-sha1-hmac-reuse", "codes/s", Workloads.c(cbench_hotp_sha1_hmac_reuse)),
  ("icon-read-svg-2k", "icons/s", IconWorkload.reads(.svg, IconWorkload.svg)),
  ("icon-read-png-2k", "icons/s", IconWorkload.reads(.png, IconWorkload.png)),
]
if let list = SuffixWorkload.list() {
  figures.append(("psl-registrable-domain", "lookups/s", SuffixWorkload.lookups(list)))
} else {
  standardError("no Public Suffix List (apt-get install publicsuffix): psl-registrable-domain not measured")
}
let selected = Set(CommandLine.arguments.dropFirst())
let chosen = figures.filter { selected.isEmpty || selected.contains($0.name) }

/// One vault unlock's key derivation (scrypt N=2^15, r=8, p=1), best of three, in milliseconds.
func scryptMilliseconds() -> Double {
  var best = Double.infinity
  for _ in 0..<3 {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    _ = try? KeyDerivation.scrypt(
      password: Array("password".utf8), salt: [UInt8](repeating: 7, count: 32), parameters: .aegis)
    clock_gettime(CLOCK_MONOTONIC, &end)
    best = min(best, Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6)
  }
  return best
}

if selected.isEmpty || selected.contains("scrypt-aegis") {
  print("scrypt-aegis \(Double(Int(scryptMilliseconds() * 10)) / 10) ms")
}
if !selected.isEmpty && chosen.isEmpty { exit(0) }

/// A positive whole number from the environment variable `name`, if set.
func environmentCount(_ name: String) -> Int? {
  guard let text = getenv(name), let value = Int(String(cString: text)), value > 0 else { return nil }
  return value
}

var throughput = Throughput()
throughput.rounds = environmentCount("TWOFOLD_BENCH_ROUNDS") ?? throughput.rounds
throughput.fixedCount = environmentCount("TWOFOLD_BENCH_COUNT")
standardError("measuring \(chosen.count) figures")
let (rates, checksum) = throughput.measure(chosen.map(\.workload), progress: standardError)
var rate: [String: Double] = [:]
for (figure, value) in zip(chosen, rates) {
  rate[figure.name] = value
  report(figure.name, value, figure.unit)
}
if let transform = rate["c-hotp-sha1-transform"], let copy = rate["c-hotp-sha1-ctx-copy"] {
  let best = max(transform, copy)
  report("c-hotp-sha1-best", best, "codes/s")
  if let swift = rate["totp-sha1-6"] { report("totp-sha1-6-vs-c-best", swift / best, "x") }
}
if let lookups = rate["psl-registrable-domain"] { report("psl-registrable-domain-time", 1e6 / lookups, "us") }
standardError("checksum \(checksum)")
