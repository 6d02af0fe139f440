import Crypto

/// Server-side code verification with a window of steps and a replay guard.
public enum Verifier {
  /// Checks `code` against the steps within `window` of the one at `time` (for HOTP: the
  /// stored counter and the `window` counters after it). Steps at or before
  /// `lastAcceptedStep` are refused as replays. Every candidate is compared in constant
  /// time and all are compared, so timing does not tell which step matched.
  /// - Returns: the matched step (time step or counter), or nil.
  public static func verify(
    _ code: String, generator: CodeGenerator, at time: Int64, window: Int = 1,
    lastAcceptedStep: UInt64? = nil
  ) throws(OTPError) -> UInt64? {
    let parameters = generator.parameters
    let window = UInt64(max(0, window))
    let first: UInt64
    let last: UInt64
    if parameters.type == .hotp {
      first = parameters.counter
      last = first.addingReportingOverflow(window).overflow ? UInt64.max : first + window
    } else {
      let step = try parameters.step(at: time)
      first = step > window ? step - window : 0
      last = step + window
    }
    var matched: UInt64?
    var step = first
    while true {
      let isReplay = lastAcceptedStep.map { step <= $0 } ?? false
      if ConstantTime.equals(generator.code(counter: step), code) && !isReplay && matched == nil {
        matched = step
      }
      if step == last { break }
      step += 1
    }
    return matched
  }
}
