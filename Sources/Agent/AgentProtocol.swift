/// The agent's socket protocol: length-prefixed binary frames, each starting with the
/// protocol version, so a client meeting an agent of another version can tell and replace it.
public enum AgentProtocol {
  /// The version both sides speak; an agent answering a request of another version shuts down.
  public static let version: UInt16 = 1
}
