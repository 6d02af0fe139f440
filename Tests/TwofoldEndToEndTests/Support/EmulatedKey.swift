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

  /// Starts pcscd and the card, holding `accounts` (oath_card.py's --account), until the card is
  /// in the reader.
  init(in folder: TemporaryDirectory, serial: Int = 12_345_678, accounts: [String], password: String? = nil)
    throws
  {
    self.folder = folder
    let run = folder.path("pcscd-run")
    let configuration = folder.path("pcscd-conf")
    for path in [run, configuration] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    // Two slots: vpcd listens on the port and the next; the card connects to the first.
    try Data(
      """
      FRIENDLYNAME "Yubico YubiKey OTP+FIDO+CCID"
      DEVICENAME   /dev/null:0x8C7B
      LIBPATH      /usr/lib/pcsc/drivers/serial/libifdvpcd.so
      CHANNELID    0x8C7B

      """.utf8
    ).write(to: URL(fileURLWithPath: configuration + "/vpcd"))
    var card = ["--port", "35963", "--serial", String(serial)]
    for account in accounts { card += ["--account", account] }
    if let password { card += ["--password", password] }
    let script = """
      run=$1 configuration=$2 logs=$3 card=$4; shift 4
      ip link set lo up && mount --bind "$run" /run || exit 1
      /usr/bin/python3 "$card" "$@" > "$logs/card.out" 2> "$logs/card.err" &
      exec /usr/sbin/pcscd --foreground --config "$configuration"
      """
    daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    daemon.arguments =
      [
        "--user", "--map-root-user", "--mount", "--net", "/bin/sh", "-c", script, "sh", run, configuration,
        folder.url.path,
      ]
      + [Self.script.path] + card
    daemon.environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
    daemon.standardOutput =
      FileHandle(forWritingAtPath: try folder.write("pcscd.out", "")) ?? FileHandle.nullDevice
    daemon.standardError = daemon.standardOutput
    try daemon.run()
    environment = ["PCSCLITE_CSOCK_NAME": run + "/pcscd/pcscd.comm"]
    let connected = waitUntil(deadline: 30) {
      (try? String(contentsOfFile: folder.path("card.out"), encoding: .utf8))?.contains("connected") == true
        && FileManager.default.fileExists(atPath: run + "/pcscd/pcscd.comm")
    }
    guard connected, daemon.isRunning else {
      throw Failure("the emulated key did not start: \(log)")
    }
  }

  deinit {
    if daemon.isRunning { ProcessEnd.killAndReap(daemon.processIdentifier) }
  }

  /// What pcscd and the card said, for a failure's message.
  var log: String {
    ["pcscd.out", "card.err"].map { (try? String(contentsOfFile: folder.path($0), encoding: .utf8)) ?? "" }
      .joined(separator: "\n")
  }
}
