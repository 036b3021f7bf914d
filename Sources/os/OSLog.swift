import Foundation

/// A log handle: a subsystem and a category, as `os_log_create` makes them.
public final class OSLog: NSObject, Sendable {
    /// The subsystem, conventionally the app's reverse-DNS name.
    let subsystem: String
    /// The category within the subsystem.
    let category: String

    /// A handle for messages of `subsystem`, sorted under `category`.
    public convenience init(subsystem: String, category: String) {
        self.init(subsystem: subsystem, category: category, disabled: false)
    }

    /// The handle used when none is given (`OS_LOG_DEFAULT`).
    public static let `default` = OSLog(subsystem: "", category: "")

    /// A handle whose messages are all dropped (`OS_LOG_DISABLED`).
    public static let disabled = OSLog(subsystem: "", category: "", disabled: true)

    let isDisabled: Bool

    private init(subsystem: String, category: String, disabled: Bool) {
        self.subsystem = subsystem
        self.category = category
        self.isDisabled = disabled
        super.init()
    }
}
