import TestSupport
import Testing

@testable import Infrastructure

@Suite("Askpass program")
struct AskpassProgramTests {
  @Test(
    "The first line of the program's output is the password",
    arguments: [
      ("printf 'hunter2\\n'", AskpassPrompt.Outcome.password(Array("hunter2".utf8))),
      ("printf 'first\\nsecond\\n'", .password(Array("first".utf8))),
      ("echo first; echo second", .password(Array("first".utf8))),
      ("printf 'ends in CR LF\\r\\n'", .password(Array("ends in CR LF".utf8))),
      ("printf 'no newline'", .password(Array("no newline".utf8))),
      ("printf ' spaces kept \\n'", .password(Array(" spaces kept ".utf8))),
      ("printf 'pass%%word\\n'", .password(Array("pass%word".utf8))),
      ("true", .password([])),
      ("printf '\\n'", .password([])),
    ])
  func password(body: String, outcome: AskpassPrompt.Outcome) throws {
    let folder = try TemporaryDirectory()
    let askpass = try folder.script("askpass", body)
    #expect(
      AskpassPrompt.ask(prompt: "Password: ", description: "", variables: ["TWOFOLD_ASKPASS": askpass])
        == outcome)
  }

  @Test(
    "A program that fails, is killed or prints too long a line cancels",
    arguments: [
      "printf 'hunter2\\n'; exit 1",
      "exit 2",
      "kill -9 $$",
      "head -c 70000 /dev/zero | tr '\\0' a",
    ])
  func cancelled(body: String) throws {
    let folder = try TemporaryDirectory()
    let askpass = try folder.script("askpass", body)
    #expect(
      AskpassPrompt.ask(prompt: "Password: ", description: "", variables: ["TWOFOLD_ASKPASS": askpass])
        == .cancelled)
  }

  @Test("The program gets the prompt as its one argument")
  func prompt() throws {
    let folder = try TemporaryDirectory()
    let askpass = try folder.script(
      "askpass", "printf '%s|%s' \"$#\" \"$1\" > '\(folder.path("arguments"))'; echo secret")
    let outcome = AskpassPrompt.ask(
      prompt: "Password for 'vault.json': ", description: "ignored", variables: ["TWOFOLD_ASKPASS": askpass])
    #expect(outcome == .password(Array("secret".utf8)))
    #expect(folder.read("arguments") == "1|Password for 'vault.json': ")
  }

  @Test("A name without a slash is looked up on PATH")
  func lookedUpOnPath() throws {
    let folder = try TemporaryDirectory()
    try folder.script("my-askpass", "echo found")
    let variables = ["TWOFOLD_ASKPASS": "my-askpass", "PATH": "/nonexistent:" + folder.path("")]
    #expect(
      AskpassPrompt.ask(prompt: "P", description: "", variables: variables) == .password(Array("found".utf8)))
  }

  @Test("A program that does not exist or cannot run leaves no way to ask")
  func missing() throws {
    let folder = try TemporaryDirectory()
    try folder.write("not-executable", "#!/bin/sh\necho x\n")
    for askpass in [folder.path("absent"), folder.path("not-executable"), folder.path(""), "absent-askpass"] {
      let variables = ["TWOFOLD_ASKPASS": askpass, "PATH": folder.path("")]
      #expect(AskpassPrompt.ask(prompt: "P", description: "", variables: variables) == .unavailable)
    }
  }

  @Test("A program still running at the time limit is killed and cancels")
  func timeLimit() throws {
    let folder = try TemporaryDirectory()
    let askpass = try folder.script("askpass", "exec sleep 30")
    let start = POSIX.monotonicSeconds()
    let outcome = AskpassPrompt.ask(
      prompt: "P", description: "", variables: ["TWOFOLD_ASKPASS": askpass],
      environment: ["PATH=/usr/bin:/bin"], timeLimit: 0.5)
    #expect(outcome == .cancelled)
    #expect(POSIX.monotonicSeconds() - start < 10)
  }

  @Test("A program that prints its line and then hangs is killed at the time limit and cancels")
  func hangsAfterAnswering() throws {
    let folder = try TemporaryDirectory()
    let askpass = try folder.script("askpass", "echo secret; exec sleep 30")
    let outcome = AskpassPrompt.ask(
      prompt: "P", description: "", variables: ["TWOFOLD_ASKPASS": askpass],
      environment: ["PATH=/usr/bin:/bin"], timeLimit: 0.5)
    #expect(outcome == .cancelled)
  }
}
