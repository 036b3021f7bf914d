import Foundation

/// Decides how an interpolated value is written: in full or as `<private>` (see `OSLogPrivacy`).
enum LogRedaction {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var override: Bool?

    /// Whether private values are written in full: `OS_LOG_SHOW_PRIVATE=1`, or a test's override.
    static var showsPrivateValues: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return override ?? fromEnvironment
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            override = newValue
        }
    }

    private static let fromEnvironment = ProcessInfo.processInfo.environment["OS_LOG_SHOW_PRIVATE"] == "1"

    /// `value` as it appears in a message, given its privacy and whether it is a scalar (numbers and Booleans are
    /// public under `.auto`, as Apple's logging treats them).
    static func render(_ value: String, privacy: OSLogPrivacy, isScalar: Bool) -> String {
        switch privacy.kind {
        case .public:
            return value
        case .auto where isScalar:
            return value
        case .auto, .private:
            if showsPrivateValues { return value }
        case .sensitive:
            break
        }
        return privacy.mask == .hash ? "<mask.hash: '\(stableHash(value))'>" : "<private>"
    }

    /// FNV-1a of the UTF-8 bytes, base64: the same in every process, unlike `Hasher`.
    static func stableHash(_ value: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in value.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return withUnsafeBytes(of: hash.bigEndian) { Data($0).base64EncodedString() }
    }
}
