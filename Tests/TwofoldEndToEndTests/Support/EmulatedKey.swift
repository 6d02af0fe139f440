import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A pcscd of the test's own with vsmartcard's virtual reader, and the emulated YubiKey
/// (`oath_card.py`) in that reader, both in mount and network namespaces of their own (`unshare`):
/// Debian 12's pcscd (1.9.9) builds its socket's path in, so the test's folder is mounted over
/// `/run` for it and clients find the socket there through `$PCSCLITE_CSOCK_NAME`; vpcd's port is
/// on the namespace's own loopback, no one else's. Killed when dropped (the card ends with pcscd).
final class EmulatedKey {
  static let script = SharedFixtures.packageRoot.appendingPathComponent(
    "Tests/TwofoldEndToEndTests/Support/oath_card.py")

  /// What a PC/SC client gets: the private pcscd's socket.
  let environment: [String: String]
  private let folder: TemporaryDirectory
  private let daemon: Process

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// One emulated key: its serial, its accounts (oath_card.py's --account), its password.
  struct Card {
    var serial = 12_345_678
    var accounts: [String]
    var password: String?
  }

  /// Starts pcscd and the card, holding `accounts`, until the card is in the reader.
  convenience init(
    in folder: TemporaryDirectory, serial: Int = 12_345_678, accounts: [String], password: String? = nil
  ) throws {
    try self.init(in: folder, cards: [Card(serial: serial, accounts: accounts, password: password)])
  }

  /// Starts pcscd and one card per vpcd slot (at most two: readers `… 00 00` and `… 00 01`).
  init(in folder: TemporaryDirectory, cards: [Card]) throws {
    precondition((1...2).contains(cards.count), "vpcd has two slots")
    self.folder = folder
    let run = folder.path("pcscd-run")
    let configuration = folder.path("pcscd-conf")
    for path in [run, configuration] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    // Two slots: vpcd listens on the port (slot 00 00) and the next (slot 00 01).
    try Data(
      """
      FRIENDLYNAME "Yubico YubiKey OTP+FIDO+CCID"
      DEVICENAME   /dev/null:0x8C7B
      LIBPATH      /usr/lib/pcsc/drivers/serial/libifdvpcd.so
      CHANNELID    0x8C7B

      """.utf8
    ).write(to: URL(fileURLWithPath: configuration + "/vpcd"))
    var lines = ["ip link set lo up && mount --bind \(Self.quoted(run)) /run || exit 1"]
    for (slot, card) in cards.enumerated() {
      var arguments = [Self.script.path, "--port", String(35963 + slot), "--serial", String(card.serial)]
      for account in card.accounts { arguments += ["--account", account] }
      if let password = card.password { arguments += ["--password", password] }
      let log = folder.path("card\(slot)")
      lines.append(
        "/usr/bin/python3 \(arguments.map(Self.quoted).joined(separator: " ")) > \(Self.quoted(log + ".out")) "
          + "2> \(Self.quoted(log + ".err")) &")
    }
    lines.append("exec /usr/sbin/pcscd --foreground --config \(Self.quoted(configuration))")
    let script = try folder.write("pcscd.sh", lines.joined(separator: "\n") + "\n")
    daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    daemon.arguments = ["--user", "--map-root-user", "--mount", "--net", "/bin/sh", script]
    daemon.environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
    daemon.standardOutput =
      FileHandle(forWritingAtPath: try folder.write("pcscd.out", "")) ?? FileHandle.nullDevice
    daemon.standardError = daemon.standardOutput
    try daemon.run()
    environment = ["PCSCLITE_CSOCK_NAME": run + "/pcscd/pcscd.comm"]
    let connected = waitUntil(deadline: 30) {
      cards.indices.allSatisfy { slot in
        (try? String(contentsOfFile: folder.path("card\(slot).out"), encoding: .utf8))?.contains("connected")
          == true
      } && FileManager.default.fileExists(atPath: run + "/pcscd/pcscd.comm")
    }
    guard connected, daemon.isRunning else {
      throw Failure("the emulated key did not start: \(log)")
    }
  }

  /// `text` in single quotes for sh.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  deinit {
    if daemon.isRunning { ProcessEnd.killAndReap(daemon.processIdentifier) }
  }

  /// What pcscd and the card said, for a failure's message.
  var log: String {
    ["pcscd.out", "card0.err", "card1.err"].map {
      (try? String(contentsOfFile: folder.path($0), encoding: .utf8)) ?? ""
    }
    .joined(separator: "\n")
  }
}
