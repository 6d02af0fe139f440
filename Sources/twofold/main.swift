import Infrastructure

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

ProcessHardening.apply()
MemoryPolicy.apply()
let status = Twofold(environment: .live).run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
