#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes to a descriptor whose reader may have gone (a pipe to a program that quit, standard
/// output piped into `head`): SIGPIPE is held back meanwhile, and one the write raised is taken,
/// so a gone reader is a failed write, never the end of this process.
public enum PipeWriter {
  /// Writes all of `bytes`; 0, or the `errno` of the write that failed (EIO for a write of 0).
  public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var pending = sigset_t()
    sigpending(&pending)
    let alreadyPending = sigismember(&pending, SIGPIPE) == 1
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 {
        let code = written < 0 ? errno : EIO
        if code == EPIPE && !alreadyPending {
          var now = timespec()
          _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        return code
      }
      offset += written
    }
    return 0
  }
}
