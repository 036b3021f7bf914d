import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starts a thread, and says so when the system refuses one.
///
/// Foundation's `Thread.start()` gives no sign when thread creation fails (an address-space limit such as
/// `ulimit -v`, which a 8 MiB stack reservation meets after a few hundred threads, or a process-count limit such as
/// `ulimit -u`): the body never runs, and whoever waits for it waits for ever. This calls `pthread_create` itself and
/// throws its error, so that a caller can fail with the cause, or do the work some other way.
enum DetachedThread {
    /// The system did not start a thread.
    struct StartFailure: Error, CustomStringConvertible {
        /// The thread's name.
        let name: String
        /// `pthread_create`'s error number (`EAGAIN` for a resource limit).
        let code: Int32

        var description: String {
            "the system refused a thread for \(name) (\(String(cString: strerror(code))), error \(code)): "
                + "a limit on threads, processes or address space (ulimit -u, -v) was reached"
        }
    }

    /// Runs `body` on a new detached thread named `name` with a stack of `stackSize` bytes.
    static func start(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) throws(StartFailure) {
        final class Start {
            let name: String
            let body: @Sendable () -> Void
            init(name: String, body: @escaping @Sendable () -> Void) {
                self.name = name
                self.body = body
            }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, &attributes, { context in
            let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
            Thread.current.name = start.name
            start.body()
            return nil
        }, context)
        guard code == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            throw StartFailure(name: name, code: code)
        }
    }
}
