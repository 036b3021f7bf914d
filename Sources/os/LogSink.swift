// Where os messages go: swift-log, labelled with the subsystem, the category in the metadata. The swift-log logger is
// made for each message, not kept with the handle: handles are often made before a server bootstraps swift-log
// (`OSLog.default`, global `let`s), and a kept one would write to the handler of before the bootstrap.
internal import Logging

enum LogSink {
    /// The swift-log label of messages written through the default handle, whose subsystem is empty.
    static let defaultLabel = "os_log"

    static func makeLogger(for log: OSLog) -> Logging.Logger {
        var logger = Logging.Logger(label: log.subsystem.isEmpty ? defaultLabel : log.subsystem)
        if !log.category.isEmpty { logger[metadataKey: "category"] = .string(log.category) }
        return logger
    }

    /// swift-log's level for Apple's: default is notice, fault is critical.
    static func level(for type: OSLogType) -> Logging.Logger.Level {
        switch type {
        case .debug: return .debug
        case .info: return .info
        case .error: return .error
        case .fault: return .critical
        default: return .notice
        }
    }

    /// Writes `text` to `log`'s swift-log logger. swift-log takes the message as an autoclosure, so nothing is
    /// formatted when the handler's level drops it.
    static func write(_ text: @autoclosure () -> String, level: OSLogType, log: OSLog) {
        guard !log.isDisabled else { return }
        makeLogger(for: log).log(level: Self.level(for: level), "\(text())")
    }
}
