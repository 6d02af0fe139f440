import Testing

/// One row of a reducer table: a state and an action, and the state and effects they lead to.
struct ReducerCase<State: Equatable & Sendable, Action: Equatable & Sendable, Effect: Equatable & Sendable>:
  Sendable, CustomTestStringConvertible
{
  /// What the row shows, as the test report prints it.
  let testDescription: String
  let state: State
  let action: Action
  let expectedState: State
  let expectedEffects: [Effect]
  let sourceLocation: SourceLocation

  /// `state` and `action` lead to `state` changed by `change`, and to `effects`.
  init(
    _ description: String, _ state: State, _ action: Action,
    then change: (inout State) -> Void = { _ in }, effects: [Effect] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    testDescription = description
    self.state = state
    self.action = action
    var expected = state
    change(&expected)
    expectedState = expected
    expectedEffects = effects
    self.sourceLocation = sourceLocation
  }

  /// Runs `reduce` on the row and compares the state and the effects it returns.
  func check(_ reduce: (inout State, Action) -> [Effect]) {
    var state = state
    let effects = reduce(&state, action)
    #expect(state == expectedState, sourceLocation: sourceLocation)
    #expect(effects == expectedEffects, sourceLocation: sourceLocation)
  }
}

/// Sends `actions` in order through `reduce` and returns every effect, in order.
func reduceAll<State, Action, Effect>(
  _ state: inout State, _ actions: [Action], _ reduce: (inout State, Action) -> [Effect]
) -> [Effect] {
  actions.flatMap { reduce(&state, $0) }
}
