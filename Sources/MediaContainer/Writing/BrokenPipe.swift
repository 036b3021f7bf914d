#if canImport(Glibc)
import Glibc
#endif

/// Writing to a pipe whose reader has gone without the process being killed. Such a write raises SIGPIPE, whose
/// default action ends the process; a library must not change the process's disposition (the application owns it),
/// so the signal is blocked on the writing thread for the one call, and the one the failed write raised is taken
/// back before it is unblocked. The write then just fails with EPIPE, which the writer reports.
enum BrokenPipe {
    /// Runs `body`, a `write(2)`-like call returning a byte count or -1, with SIGPIPE held off this thread; returns
    /// its result and the errno it left.
    static func withoutSignal(_ body: () -> Int) -> (result: Int, errno: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        // A SIGPIPE already pending is someone else's: only the one this write raises is taken back.
        var pending = sigset_t()
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        let result = body()
        let number = errno
        if result < 0, number == EPIPE, !wasPending {
            var immediately = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &immediately) < 0, errno == EINTR {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return (result, number)
    }
}
