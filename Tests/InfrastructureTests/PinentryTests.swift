import TestSupport
import Testing

@testable import Infrastructure

@Suite("Pinentry")
struct PinentryTests {
  /// A folder with a fake `pinentry` that greets, logs each command to `commands`, answers `OK`
  /// to each, `answer` (shell commands) to `GETPIN`, and exits after `BYE`.
  private static func fakePinentry(answer: String, greeting: String = "echo 'OK Pleased to meet you'") throws
    -> TemporaryDirectory
  {
    let folder = try TemporaryDirectory()
    try folder.script(
      "pinentry",
      """
      \(greeting)
      while IFS= read -r line; do
        printf '%s\\n' "$line" >> '\(folder.path("commands"))'
        case "$line" in
          GETPIN) \(answer) ;;
          BYE) echo 'OK closing connection'; exit 0 ;;
          *) echo OK ;;
        esac
      done
      """)
    return folder
  }

  private static func desktop(_ folder: TemporaryDirectory) -> [String: String] {
    ["PATH": folder.path(""), "DISPLAY": ":0"]
  }

  @Test("What pinentry sends in D lines is the password, percent-decoded")
  func password() throws {
    let folder = try Self.fakePinentry(answer: "printf 'D pass%%25word\\nOK\\n'")
    let outcome = AskpassPrompt.ask(
      prompt: "Password:", description: "Unlock 50% of\nvault.json", variables: Self.desktop(folder))
    #expect(outcome == .password(Array("pass%word".utf8)))
    #expect(
      folder.read("commands")
        == "SETTITLE Twofold\nSETDESC Unlock 50%25 of%0Avault.json\nSETPROMPT Password:\nGETPIN\nBYE\n")
  }

  @Test(
    "Pinentry's answer to GETPIN decides the outcome",
    arguments: [
      (
        "printf 'D one\\nS PASSWORD_FROM_CACHE\\n# note\\nD %%0Atwo\\nOK\\n'",
        AskpassPrompt.Outcome.password(Array("one\ntwo".utf8))
      ),
      ("echo OK", .password([])),
      ("echo 'ERR 83886179 Operation cancelled <Pinentry>'", .cancelled),
      ("echo 'ERR 83886142 Timeout <Pinentry>'", .cancelled),
      ("printf 'D secret\\nERR 83886179 Operation cancelled\\n'", .cancelled),
      ("echo 'INQUIRE PINENTRY_LAUNCHED'", .cancelled),
      ("printf 'D bad%%2\\nOK\\n'", .cancelled),
      ("exit 0", .cancelled),
    ])
  func answers(answer: String, outcome: AskpassPrompt.Outcome) throws {
    let folder = try Self.fakePinentry(answer: answer)
    #expect(AskpassPrompt.ask(prompt: "P", description: "D", variables: Self.desktop(folder)) == outcome)
  }

  @Test("A cancel in answer to a setting cancels; another ERR to a setting is ignored")
  func settingErrors() throws {
    let refusing = try Self.fakePinentry(
      answer: "printf 'D pw\\nOK\\n' ;; SETTITLE*) echo 'ERR 275 Unknown command'")
    #expect(
      AskpassPrompt.ask(prompt: "P", description: "D", variables: Self.desktop(refusing))
        == .password(Array("pw".utf8)))
    let cancelling = try Self.fakePinentry(
      answer: "printf 'D pw\\nOK\\n' ;; SETDESC*) echo 'ERR 83886179 Operation cancelled'")
    #expect(
      AskpassPrompt.ask(prompt: "P", description: "D", variables: Self.desktop(cancelling)) == .cancelled)
  }

  @Test("A pinentry that does not greet with OK leaves no way to ask")
  func noGreeting() throws {
    for greeting in ["exit 0", "echo 'ERR 1 no'"] {
      let folder = try Self.fakePinentry(answer: "echo OK", greeting: greeting)
      #expect(
        AskpassPrompt.ask(prompt: "P", description: "D", variables: Self.desktop(folder)) == .unavailable)
    }
  }

  @Test(
    "Pinentry is used only with a display",
    arguments: [
      (["DISPLAY": ":0"], true),
      (["WAYLAND_DISPLAY": "wayland-0"], true),
      (["DISPLAY": ""], false),
      ([:], false),
    ])
  func display(variables: [String: String], used: Bool) throws {
    let folder = try Self.fakePinentry(answer: "printf 'D pw\\nOK\\n'")
    let outcome = AskpassPrompt.ask(
      prompt: "P", description: "D", variables: variables.merging(["PATH": folder.path("")]) { $1 })
    #expect(outcome == (used ? .password(Array("pw".utf8)) : .unavailable))
  }

  @Test("Without pinentry on PATH there is no way to ask")
  func noPinentry() throws {
    let folder = try TemporaryDirectory()
    let variables = ["PATH": folder.path(""), "DISPLAY": ":0"]
    #expect(AskpassPrompt.ask(prompt: "P", description: "D", variables: variables) == .unavailable)
  }

  @Test("$TWOFOLD_ASKPASS wins over pinentry")
  func askpassFirst() throws {
    let folder = try Self.fakePinentry(answer: "printf 'D from pinentry\\nOK\\n'")
    let askpass = try folder.script("askpass", "echo from askpass")
    let variables = Self.desktop(folder).merging(["TWOFOLD_ASKPASS": askpass]) { $1 }
    #expect(
      AskpassPrompt.ask(prompt: "P", description: "D", variables: variables)
        == .password(Array("from askpass".utf8)))
    #expect(folder.read("commands") == "")
  }

  @Test("A pinentry that never answers is killed at the time limit and cancels")
  func timeLimit() throws {
    let folder = try Self.fakePinentry(answer: "exec sleep 30")
    let start = POSIX.monotonicSeconds()
    let outcome = AskpassPrompt.ask(
      prompt: "P", description: "D", variables: Self.desktop(folder), environment: ["PATH=/usr/bin:/bin"],
      timeLimit: 0.5)
    #expect(outcome == .cancelled)
    #expect(POSIX.monotonicSeconds() - start < 10)
  }
}
