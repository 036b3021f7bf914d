import OSLog
import Testing

@Suite struct OSLogModuleTests {
    /// `import OSLog` alone gives the os module's API, as Apple's OSLog framework does.
    @Test func reexportsOS() {
        let logger = Logger(subsystem: "test.module", category: "c")
        let log: OSLog = .default
        let type: OSLogType = .debug
        // `OSLog` names both the module and the class; as on Apple platforms the class wins in expressions.
        let handle = OSLog(subsystem: "test.module", category: "c")
        let fallback = OSLog.default
        _ = (logger, log, type, handle, fallback, Logger(handle))
        var lock = os_unfair_lock()
        os_unfair_lock_lock(&lock)
        os_unfair_lock_unlock(&lock)
    }
}
