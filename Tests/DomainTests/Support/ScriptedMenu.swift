import Domain
import Synchronization

/// A menu in memory: remembers every list of lines it was offered and answers with what
/// `answer` picks from them (nil: cancelled), so a test can also look at the vault meanwhile.
final class ScriptedMenu: Sendable {
  private let offers = Mutex<[[String]]>([])
  private let answer: @Sendable ([String]) -> String?

  init(answer: @escaping @Sendable ([String]) -> String?) { self.answer = answer }

  /// Every list of lines offered so far.
  var offered: [[String]] { offers.withLock { $0 } }

  /// The port the use case calls.
  var picker: AccountPicker {
    AccountPicker { lines in
      self.offers.withLock { $0.append(lines) }
      return self.answer(lines)
    }
  }
}

/// A keyboard in memory that remembers what it typed, or fails every time.
final class RecordingKeyboard: Sendable {
  private let log = Mutex<[String]>([])
  private let failure: DesktopError?

  init(failing failure: DesktopError? = nil) { self.failure = failure }

  /// Everything typed so far.
  var typed: [String] { log.withLock { $0 } }

  /// The port the use case calls.
  var keyboard: Keyboard {
    Keyboard { text throws(DesktopError) in
      if let failure = self.failure { throw failure }
      self.log.withLock { $0.append(text) }
    }
  }
}
