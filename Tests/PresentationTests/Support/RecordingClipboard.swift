import Presentation
import Synchronization

/// A clipboard in memory that remembers every copy and clear, in order.
final class RecordingClipboard: Sendable {
  /// What happened to the clipboard.
  enum Event: Equatable, Sendable {
    case copied(String)
    case cleared(ifStill: String)
  }

  /// The name the copy reports as its tool.
  static let tool = "test-clipboard"

  private let log = Mutex<[Event]>([])

  /// Everything copied and cleared so far.
  var events: [Event] { log.withLock { $0 } }

  /// The port the store uses, writing into this recording.
  var port: ClipboardPort {
    ClipboardPort(
      copy: { text in
        self.log.withLock { $0.append(.copied(text)) }
        return Self.tool
      },
      clear: { text in self.log.withLock { $0.append(.cleared(ifStill: text)) } })
  }
}
