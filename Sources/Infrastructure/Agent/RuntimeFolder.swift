#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The agent's folder: `$XDG_RUNTIME_DIR/twofold`, else `/tmp/twofold-UID`, else (when another
/// user, or a link, already holds that name: anyone can create it in `/tmp` first) a folder in
/// the user's own home, `$HOME/.cache/twofold/run`, which no one else can claim. It must be a
/// real folder (not a symlink) of this user, closed to group and others; both the agent and its
/// clients check that before they trust a socket in it, and both choose it by the same rule.
public struct RuntimeFolder: Equatable, Sendable {
  /// The folder's path.
  public let path: String

  /// Why the folder cannot be used.
  public struct Refusal: Error, Equatable, Sendable {
    /// One line for people, naming the folder and what to do.
    public var reason: String
  }

  /// The folder for the environment `variables` and user `uid`; `temporary` is `/tmp` but in tests.
  public init(variables: [String: String], uid: UInt32 = UInt32(getuid()), temporary: String = "/tmp") {
    if let runtime = variables["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      path = (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/twofold"
      return
    }
    let shared = "\(temporary)/twofold-\(uid)"
    if Self.isClaimed(shared, uid: uid), let home = variables["HOME"], home.hasPrefix("/"), home != "/" {
      path = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.cache/twofold/run"
    } else {
      path = shared
    }
  }

  /// Whether something at `path` that is not this user's own folder is there: a link, a file,
  /// or another user's folder, which this user can neither use nor remove.
  static func isClaimed(_ path: String, uid: UInt32) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    return (info.st_mode & S_IFMT) != S_IFDIR || info.st_uid != uid_t(uid)
  }

  /// The agent's socket.
  public var socket: String { path + "/agent.sock" }
  /// The lock only the running agent holds.
  public var lockFile: String { path + "/agent.lock" }

  /// Checks the folder as it is; `missing` when it does not exist.
  public func check(uid: UInt32 = UInt32(getuid())) -> Result<Void, Refusal>? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return errno == ENOENT ? nil : .failure(refusal("cannot be read")) }
    if (info.st_mode & S_IFMT) == S_IFLNK {
      return .failure(refusal("is a symbolic link; remove it"))
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { return .failure(refusal("is not a folder; remove it")) }
    guard info.st_uid == uid_t(uid) else {
      return .failure(
        refusal("belongs to another user (uid \(info.st_uid)); remove it or set XDG_RUNTIME_DIR"))
    }
    guard info.st_mode & 0o077 == 0 else {
      return .failure(
        refusal(
          "is open to other users (mode \(String(info.st_mode & 0o777, radix: 8))); run 'chmod 700 \(path)'"))
    }
    return .success(())
  }

  /// Checks the folder, creating it 0700 when it is missing (the parent must exist, but for the
  /// folder in the home, whose missing parents are made 0700 too).
  public func prepare() -> Result<Void, Refusal> {
    if let checked = check() { return checked }
    let parent = POSIX.directory(of: path)
    if path.hasSuffix("/.cache/twofold/run"), let code = POSIX.makeDirectories(parent) {
      return .failure(refusal("cannot be made: \(POSIX.reason(code))"))
    }
    var info = stat()
    guard stat(parent, &info) == 0 else {
      return .failure(refusal("cannot be made: \(parent) does not exist"))
    }
    if mkdir(path, 0o700) != 0 && errno != EEXIST {
      return .failure(refusal("cannot be made: \(POSIX.reason())"))
    }
    return check() ?? .failure(refusal("cannot be made"))
  }

  private func refusal(_ what: String) -> Refusal {
    Refusal(reason: "the agent's folder \(path) \(what)")
  }
}
