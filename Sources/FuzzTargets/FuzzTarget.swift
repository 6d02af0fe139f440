/// One thing to fuzz: a name for the runner and a check that runs on a single input.
///
/// A check returns for every input it can be given, valid or not, saying whether the code under
/// test accepted it (so tests can tell a seed that reaches deep from one turned away at once); it
/// traps (with `precondition`) only when an invariant of the code under test is broken, such
/// as "what was parsed, written again and parsed once more is the same". Under libFuzzer
/// (`Fuzz/`) a trap is a finding; the regression tests run every kept input through the same
/// checks.
public struct FuzzTarget: Sendable {
  /// The name used by `Scripts/fuzz.sh`, the `TWOFOLD_FUZZ_TARGET` variable and the corpus folders.
  public let name: String
  /// The check for one input: true when the input was accepted as valid.
  public let check: @Sendable ([UInt8]) -> Bool

  /// A target named `name` that runs `check`.
  public init(name: String, check: @escaping @Sendable ([UInt8]) -> Bool) {
    self.name = name
    self.check = check
  }

  /// Every target: the parsers of the core and the vault, then one per import format.
  public static let all: [FuzzTarget] = core + vault + importers

  /// The target called `name`, if there is one.
  public static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }
}

/// Traps with `message` unless `condition` holds; a fuzzing finding, not an input error.
func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
  precondition(condition, message())
}
