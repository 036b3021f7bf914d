// Apple's Logger (macOS 11, iOS 14) writing through swift-log, so a server routes these messages with its own
// LoggingSystem.bootstrap; without one, swift-log's default handler writes them to standard error.

/// Writes messages for a subsystem and category, at Apple's levels.
public struct Logger: Sendable {
    let log: OSLog

    /// A logger for `subsystem` (conventionally the app's reverse-DNS name), sorted under `category`.
    public init(subsystem: String, category: String) {
        self.init(OSLog(subsystem: subsystem, category: category))
    }

    /// A logger writing to the handle `log`.
    public init(_ log: OSLog) {
        self.log = log
    }

    /// A logger with the default handle.
    public init() {
        self.init(OSLog.default)
    }

    /// Writes `message` at the default level (notice).
    public func log(_ message: OSLogMessage) {
        log(level: .default, message)
    }

    /// Writes `message` at `level`.
    public func log(level: OSLogType, _ message: OSLogMessage) {
        LogSink.write(message.rendered(), level: level, log: log)
    }

    /// Writes a debug message (Apple's `trace` is the debug level).
    public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
    /// Writes a debug message.
    public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
    /// Writes an informative message.
    public func info(_ message: OSLogMessage) { log(level: .info, message) }
    /// Writes a message at the default level.
    public func notice(_ message: OSLogMessage) { log(level: .default, message) }
    /// Writes a warning (Apple's `warning` is the error level).
    public func warning(_ message: OSLogMessage) { log(level: .error, message) }
    /// Writes an error.
    public func error(_ message: OSLogMessage) { log(level: .error, message) }
    /// Writes a fault.
    public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
    /// Writes a critical message (Apple's `critical` is the fault level).
    public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
}
