import Foundation
import TestSupport
import Testing

/// `twofold sync` and `twofold merge-driver` on real files, as people run them.
@Suite("Sync")
struct SyncCommandTests {
  @Test(
    "a shared vault syncs both ways, deletions travel once there is a base, and a second sync writes nothing")
  func twoWay() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(
      try session.run(
        ["add", "--issuer", "Phone", "--name", "new", "--secret", "MFRGGZDFMZTWQ2LK"], vault: shared
      ).status == 0)
    let first = try session.run(["sync", shared])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("added to the vault: Phone:new"))
    #expect(try session.labels() == ["Deno:Mason", "GitHub:me", "Phone:new"])
    #expect(try session.labels(shared) == ["Deno:Mason", "GitHub:me", "Phone:new"])
    for secret in [
      "JBSWY3DPEHPK3PXP", "4SJHB4GSD43FZBAI7C2HLRJGPQ", "MFRGGZDFMZTWQ2LK", SyncSession.password,
    ] {
      #expect(!first.stderr.contains(secret) && !first.stdout.contains(secret), "no secret in the report")
    }

    #expect(try session.run(["remove", "GitHub", "--yes"]).status == 0)
    #expect(try session.run(["edit", "Deno", "--note", "laptop"], vault: shared).status == 0)
    let second = try session.run(["sync"])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("removed from the source: GitHub:me"))
    #expect(try session.labels(shared) == ["Deno:Mason", "Phone:new"])
    #expect(try session.note("Deno") == "laptop")

    let vaultBytes = session.bytes(session.vault)
    let sharedBytes = session.bytes(shared)
    let third = try session.run(["sync"])
    #expect(third.status == 0)
    #expect(
      third.stderr.contains(
        "the vault 0 added, 0 changed, 0 removed; the source 0 added, 0 changed, 0 removed"))
    #expect(session.bytes(session.vault) == vaultBytes, "a sync that changes nothing writes nothing")
    #expect(session.bytes(shared) == sharedBytes)
  }

  @Test("--json counts each side, --dry-run writes nothing and remembers nothing")
  func jsonAndDryRun() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(
      try session.run(["add", "--issuer", "Phone", "--secret", "MFRGGZDFMZTWQ2LK"], vault: shared).status == 0
    )
    let before = (session.bytes(session.vault), session.bytes(shared))
    let dry = try session.run(["sync", shared, "--dry-run", "--json"])
    #expect(dry.status == 0)
    #expect(dry.stdout.contains("\"local\":{\"added\":1,\"changed\":0,\"removed\":0}"))
    #expect((session.bytes(session.vault), session.bytes(shared)) == before)
    let nothing = try session.run(["sync"])
    #expect(
      nothing.status == 0 && nothing.stderr.contains("nothing to sync"), "a dry run remembers no source")
    let real = try session.run(["sync", shared, "--json"])
    let items = try JSONSerialization.jsonObject(with: Data(real.stdout.utf8)) as? [[String: Any]]
    #expect(items?.first?["source"] as? String == shared)
    #expect((items?.first?["remote"] as? [String: Int]) == ["added": 0, "changed": 0, "removed": 0])
    #expect(items?.first?["conflicts"] as? Int == 0)
  }

  @Test("Syncthing conflict copies are merged oldest first, then moved into the backups")
  func conflictCopies() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(try session.run(["sync", shared]).status == 0)
    let older = session.folder.path("share/shared.sync-conflict-20260101-100000-ABCDEFG.json")
    let newer = session.folder.path("share/shared.sync-conflict-20260102-100000-HIJKLMN.json")
    try FileManager.default.copyItem(atPath: shared, toPath: older)
    try FileManager.default.copyItem(atPath: shared, toPath: newer)
    #expect(
      try session.run(["add", "--issuer", "Older", "--secret", "MFRGGZDFMZTWQ2LK"], vault: older).status == 0)
    #expect(
      try session.run(["add", "--issuer", "Newer", "--secret", "ONSWG4TFOQYTEMZU"], vault: newer).status == 0)
    let odd = try session.folder.write("share/shared.sync-conflict-garbage.json", "x")
    let result = try session.run(["sync"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try session.labels() == ["Deno:Mason", "GitHub:me", "Newer:", "Older:"])
    #expect(try session.labels(shared) == ["Deno:Mason", "GitHub:me", "Newer:", "Older:"])
    #expect(!FileManager.default.fileExists(atPath: older) && !FileManager.default.fileExists(atPath: newer))
    let backups = try FileManager.default.contentsOfDirectory(atPath: session.folder.path("backups"))
    #expect(backups.contains("shared.sync-conflict-20260101-100000-ABCDEFG.json"))
    #expect(backups.contains("shared.sync-conflict-20260102-100000-HIJKLMN.json"))
    #expect(result.stderr.contains("not a Syncthing conflict copy name"))
    #expect(FileManager.default.fileExists(atPath: odd), "an unreadable name is left alone")
  }

  @Test("a folder of Aegis backups syncs one way: newest first, never written, consumed once")
  func aegisBackups() throws {
    let session = try SyncSession()
    _ = try session.makeVaults()
    let phone = session.folder.path("phone")
    try FileManager.default.createDirectory(atPath: phone, withIntermediateDirectories: true)
    let old = phone + "/aegis-backup-20260101-080000.json"
    let new = phone + "/aegis-backup-20260301-080000.json"
    for path in [old, new] { #expect(try session.run(["init"], vault: path).status == 0) }
    #expect(
      try session.run(["add", "--issuer", "Old", "--secret", "MFRGGZDFMZTWQ2LK"], vault: old).status == 0)
    #expect(
      try session.run(["add", "--issuer", "Phone", "--secret", "ONSWG4TFOQYTEMZU"], vault: new).status == 0)
    let folderBefore = try FileManager.default.contentsOfDirectory(atPath: phone).sorted()
    let newBytes = session.bytes(new)
    let first = try session.run(["sync", phone, "--json"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      try session.labels() == ["Deno:Mason", "GitHub:me", "Phone:"], "local-only accounts never look deleted")
    #expect(try FileManager.default.contentsOfDirectory(atPath: phone).sorted() == folderBefore)
    #expect(session.bytes(new) == newBytes, "the folder is never written")
    #expect(first.stdout.contains("\"remote\":{\"added\":0,\"changed\":0,\"removed\":0}"))
    let vaultBytes = session.bytes(session.vault)
    #expect(try session.run(["sync"]).status == 0)
    #expect(session.bytes(session.vault) == vaultBytes, "the same newest backup is consumed once")
  }

  @Test(
    "bad sources are refused with a clear line and nothing changes",
    arguments: [
      "wrong password", "unencrypted", "damaged", "the vault itself", "empty folder", "missing folder",
    ])
  func badSources(problem: String) throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    var source = shared
    var expected: Int32 = 1
    switch problem {
    case "wrong password":
      let other = session.folder.path("share/other.json")
      #expect(
        try TwofoldProcess.run(["init", "--vault", other], environment: ["TWOFOLD_PASSWORD": "another"])
          .status == 0)
      source = other
    case "unencrypted":
      source = session.folder.path("share/plain.json")
      #expect(try TwofoldProcess.run(["init", "--unencrypted", "--vault", source]).status == 0)
    case "damaged":
      var bytes = try #require(session.bytes(shared))
      bytes[bytes.count / 2] ^= 0x55
      try bytes.write(to: URL(fileURLWithPath: shared))
    case "the vault itself":
      source = session.vault
      expected = 2
    case "empty folder":
      source = session.folder.path("share")
      try FileManager.default.removeItem(atPath: shared)
    default:
      source = session.folder.path("none/none.json")
    }
    let before = (session.bytes(session.vault), session.bytes(source))
    let result = try session.run(["sync", source])
    #expect(result.status == expected, "\(problem): \(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(problem): one line: \(result.stderr)")
    #expect(!result.stderr.contains(SyncSession.password))
    #expect((session.bytes(session.vault), session.bytes(source)) == before, "\(problem): nothing changed")
    #expect(!FileManager.default.fileExists(atPath: session.folder.path("sync/vault.sources.json")))
  }

  @Test("an account added on both sides under two ids is reported in one line, not as added and removed")
  func sameAccountOneLine() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(try session.run(["sync", shared]).status == 0)
    for vault in [session.vault, shared] {
      #expect(
        try session.run(
          ["add", "--issuer", "Both", "--name", "me", "--secret", "MFRGGZDFMZTWQ2LK"], vault: vault
        )
        .status == 0)
    }
    let result = try session.run(["sync"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n").filter { $0.contains("Both:me") }
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.hasPrefix("merged: Both:me") == true, "\(result.stderr)")
    #expect(try session.labels(shared) == ["Both:me", "Deno:Mason", "GitHub:me"])
  }

  @Test("a source the vault's password does not open takes --source-password-file")
  func sourcePassword() throws {
    let session = try SyncSession()
    _ = try session.makeVaults()
    let other = session.folder.path("share/other.json")
    #expect(
      try TwofoldProcess.run(["init", "--vault", other], environment: ["TWOFOLD_PASSWORD": "another"]).status
        == 0)
    #expect(
      try TwofoldProcess.run(
        ["add", "--vault", other, "--issuer", "Other", "--secret", "MFRGGZDFMZTWQ2LK"],
        environment: ["TWOFOLD_PASSWORD": "another"]
      ).status == 0)
    let file = try session.folder.write("other-pw", "another\n")
    let result = try session.run(["sync", other, "--source-password-file", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try session.labels().contains("Other:"))
    #expect(
      try TwofoldProcess.run(["list", "--vault", other], environment: ["TWOFOLD_PASSWORD": "another"]).stdout
        .contains("GitHub"))
    // A conflict copy under the source's key, which the vault's does not open: opened with the
    // source's own key once the source is.
    let copy = session.folder.path("share/other.sync-conflict-20260101-100000-ABCDEFG.json")
    try FileManager.default.copyItem(atPath: other, toPath: copy)
    #expect(
      try TwofoldProcess.run(
        ["add", "--vault", copy, "--issuer", "Copied", "--secret", "ONSWG4TFOQYTEMZU"],
        environment: ["TWOFOLD_PASSWORD": "another"]
      ).status == 0)
    let again = try session.run(["sync", other, "--source-password-file", file])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try session.labels().contains("Copied:"))
    #expect(!FileManager.default.fileExists(atPath: copy))
  }

  @Test("--forget drops a remembered source")
  func forget() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(try session.run(["sync", shared]).status == 0)
    #expect(try session.run(["sync", "--forget", shared]).status == 0)
    let nothing = try session.run(["sync"])
    #expect(nothing.status == 0 && nothing.stderr.contains("nothing to sync"), "\(nothing.stderr)")
    #expect(try session.run(["sync", "--forget", shared]).status == 1)
  }

  @Test("two syncs at once never interleave: both finish and both files agree")
  func concurrentSyncs() throws {
    let session = try SyncSession()
    let shared = try session.makeVaults()
    #expect(
      try session.run(["add", "--issuer", "Phone", "--secret", "MFRGGZDFMZTWQ2LK"], vault: shared).status == 0
    )
    let group = DispatchGroup()
    let statuses = LockedCounter()
    for _ in 0..<3 {
      DispatchQueue.global().async(group: group) {
        if (try? session.run(["sync", shared]))?.status != 0 { statuses.add() }
      }
    }
    group.wait()
    #expect(statuses.value == 0)
    #expect(try session.labels() == (try session.labels(shared)))
    #expect(try session.labels().contains("Phone:"))
  }

  @Test("git merges a vault with twofold merge-driver: both branches' accounts, no conflict")
  func gitMergeDriver() throws {
    let session = try SyncSession()
    _ = try session.makeVaults()
    let repo = session.folder.path("repo")
    try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: session.vault, toPath: repo + "/vault.json")
    func git(_ arguments: [String]) throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
      process.arguments = ["-C", repo] + arguments
      process.environment = [
        "PATH": TwofoldProcess.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
        "TWOFOLD_PASSWORD": SyncSession.password, "TWOFOLD_AGENT": "off", "HOME": session.folder.url.path,
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@e",
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    try "vault.json merge=twofold\n".write(
      toFile: repo + "/.gitattributes", atomically: true, encoding: .utf8)
    #expect(try git(["init", "-q", "-b", "main"]) == 0)
    #expect(try git(["config", "merge.twofold.driver", "twofold merge-driver %O %A %B"]) == 0)
    #expect(try git(["add", "."]) == 0)
    #expect(try git(["commit", "-qm", "base"]) == 0)
    #expect(try git(["checkout", "-qb", "phone"]) == 0)
    #expect(
      try session.run(
        ["add", "--issuer", "Phone", "--secret", "MFRGGZDFMZTWQ2LK"], vault: repo + "/vault.json"
      ).status == 0)
    #expect(try git(["commit", "-qam", "phone"]) == 0)
    #expect(try git(["checkout", "-q", "main"]) == 0)
    #expect(try session.run(["remove", "GitHub", "--yes"], vault: repo + "/vault.json").status == 0)
    #expect(try git(["commit", "-qam", "laptop"]) == 0)
    #expect(try git(["merge", "-q", "--no-edit", "phone"]) == 0, "the driver resolves the merge")
    #expect(try session.labels(repo + "/vault.json") == ["Deno:Mason", "Phone:"])
  }

  @Test(
    "merge-driver never writes the vault's accounts under another key: a foreign OURS with its own password fails"
  )
  func mergeDriverForeignOurs() throws {
    let session = try SyncSession()
    _ = try session.makeVaults()
    // Another password's file as OURS (git's %A, which the driver writes), the vault as THEIRS.
    let evil = session.folder.path("evil.json")
    let evilPassword = try session.folder.write("evil-pw", "attacker\n")
    #expect(
      try TwofoldProcess.run(
        ["init", "--vault", evil, "--no-agent", "--password-file", evilPassword], environment: [:]
      ).status == 0)
    let before = session.bytes(evil)
    let merged = try TwofoldProcess.run(
      ["merge-driver", evil, evil, session.vault, "--password-file", evilPassword, "--no-agent"],
      environment: ["XDG_STATE_HOME": session.state])
    #expect(merged.status != 0, "\(merged.stderr)")
    #expect(session.bytes(evil) == before, "nothing of the vault written under the other key")
  }
}

/// A sync killed at any moment leaves every file whole, and the next sync completes the work.
@Suite("Sync killed")
struct SyncKilledTests {
  @Test("SIGKILL during a sync: every file opens, old or new, and the next sync finishes it")
  func killedSyncs() throws {
    var generator = SplitMix64(seed: 5)
    for round in 0..<8 {
      let session = try SyncSession()
      let shared = try session.makeVaults()
      #expect(try session.run(["sync", shared]).status == 0)
      let uris = (0..<200).map {
        "otpauth://totp/Bulk:n\($0)?secret=JBSWY3DPEHPK3PX\(["A", "B", "C", "D"][$0 % 4])"
      }
      let list = try session.folder.write("bulk.txt", uris.joined(separator: "\n") + "\n")
      #expect(try session.run(["import", list], vault: shared).status == 0)
      #expect(try session.run(["remove", "GitHub", "--yes"]).status == 0)
      let sync = Process()
      sync.executableURL = TwofoldProcess.binary
      sync.arguments = ["sync", shared, "--vault", session.vault, "--password-file", session.passwordFile]
      sync.environment = ["PATH": "/usr/bin:/bin", "TWOFOLD_AGENT": "off"]
      sync.standardOutput = FileHandle.nullDevice
      sync.standardError = FileHandle.nullDevice
      try sync.run()
      usleep(UInt32(generator.next() % 250_000))
      kill(sync.processIdentifier, SIGKILL)
      sync.waitUntilExit()
      for vault in [session.vault, shared] {
        let opened = try session.run(["list"], vault: vault)
        #expect(opened.status == 0, "round \(round): \(vault) opens: \(opened.stderr)")
      }
      let next = try session.run(["sync"])
      #expect(next.status == 0, "round \(round): the next sync completes: \(next.stderr)")
      let labels = try session.labels()
      #expect(labels == (try session.labels(shared)), "round \(round): both sides agree")
      #expect(labels.count == 201 && !labels.contains("GitHub:me"), "round \(round): \(labels.count)")
    }
    // Not every kill lands mid-sync (a fast sync finishes first): what is required is the
    // property, whichever moment each kill hit.
  }

  @Test("a backup newer than this Twofold understands is refused and nothing changes")
  func newerBackup() throws {
    let session = try SyncSession()
    _ = try session.makeVaults()
    let phone = session.folder.path("phone")
    try FileManager.default.createDirectory(atPath: phone, withIntermediateDirectories: true)
    try session.folder.write(
      "phone/aegis-backup-20260101-080000.json", #"{"version": 2, "header": {}, "db": ""}"#)
    let before = session.bytes(session.vault)
    let result = try session.run(["sync", phone])
    #expect(result.status == 1)
    #expect(result.stderr.contains("newer"), "\(result.stderr)")
    #expect(session.bytes(session.vault) == before)
  }
}
