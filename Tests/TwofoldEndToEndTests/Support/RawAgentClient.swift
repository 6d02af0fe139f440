import Foundation
import TestSupport

/// Speaks to the agent's socket below the `twofold` client (from Python's standard library), to
/// send what no `twofold` sends: damaged, oversized, slow and other-version requests (the
/// well-formed ones in protocol version 7, `AgentProtocol.version`).
enum RawAgentClient {
  static let program = #"""
    import socket, struct, sys, subprocess, os, threading
    path, script = sys.argv[1], sys.argv[2]

    def connect():
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(path)
        return s

    def answer(s):
        header = b""
        while len(header) < 4:
            chunk = s.recv(4 - len(header))
            if not chunk:
                return None
            header += chunk
        (length,) = struct.unpack(">I", header)
        body = b""
        while len(body) < length:
            body += s.recv(length - len(body))
        return body

    def kind(body):
        return {10: "malformed", 9: "version mismatch", 3: "status"}.get(body[2], "kind %d" % body[2]) if body else "closed"

    if script == "bad-requests":
        s = connect(); s.sendall(struct.pack(">I", 0xFFFFFFF0)); print("oversized:", kind(answer(s))); s.close()
        s = connect(); s.sendall(struct.pack(">I", 5) + b"\x00\x07\x63\x00\x00"); print("garbage:", kind(answer(s))); s.close()
        slow = connect(); slow.sendall(b"\x00\x00")
        s = connect(); s.sendall(struct.pack(">I", 3) + b"\x00\x07\x01")
        print("slow:", "other served" if kind(answer(s)) == "status" else "blocked"); s.close(); slow.close()
    elif script == "other-version":
        s = connect(); s.sendall(struct.pack(">I", 3) + b"\x00\x63\x01"); print(kind(answer(s))); s.close()
    """#

  static func run(socket: String, script: String) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", program, socket, script]
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
    )
  }
}
