import Foundation
import Logging
@testable import os
import Testing

/// Collects what swift-log is given, so the tests see the level, label, metadata and text os wrote.
final class Recorder: @unchecked Sendable {
    struct Entry: Equatable {
        var label: String
        var level: Logging.Logger.Level
        var message: String
        var category: String?
    }

    private let lock = NSLock()
    private var stored: [Entry] = []

    var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func append(_ entry: Entry) {
        lock.lock()
        stored.append(entry)
        lock.unlock()
    }

    /// The entries of one subsystem (tests run in parallel and share the bootstrap).
    func entries(label: String) -> [Entry] { entries.filter { $0.label == label } }

    nonisolated(unsafe) private static var bootstrapped: Recorder?
    private static let bootstrapLock = NSLock()

    /// The process-wide recorder; swift-log may be bootstrapped only once.
    static var shared: Recorder {
        bootstrapLock.lock()
        defer { bootstrapLock.unlock() }
        if let bootstrapped { return bootstrapped }
        let recorder = Recorder()
        LoggingSystem.bootstrap { label in RecordingHandler(label: label, recorder: recorder) }
        bootstrapped = recorder
        return recorder
    }
}

struct RecordingHandler: LogHandler {
    let label: String
    let recorder: Recorder
    var metadata: Logging.Logger.Metadata = [:]
    var logLevel: Logging.Logger.Level = .trace

    subscript(metadataKey key: String) -> Logging.Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var category: String?
        if case .string(let value)? = metadata["category"] { category = value }
        recorder.append(.init(label: label, level: event.level, message: event.message.description, category: category))
    }
}

/// Serialises the tests that change the private-data switch.
@Suite(.serialized) struct LoggerTests {
    let recorder = Recorder.shared

    @Test func levelsMapToSwiftLog() {
        let logger = Logger(subsystem: "test.levels", category: "export")
        logger.trace("t")
        logger.debug("d")
        logger.info("i")
        logger.notice("n")
        logger.log("l")
        logger.warning("w")
        logger.error("e")
        logger.fault("f")
        logger.critical("c")
        logger.log(level: .info, "li")
        let got = recorder.entries(label: "test.levels")
        #expect(got.map(\.message) == ["t", "d", "i", "n", "l", "w", "e", "f", "c", "li"])
        #expect(got.map(\.level) == [.debug, .debug, .info, .notice, .notice, .error, .error, .critical, .critical, .info])
        #expect(got.allSatisfy { $0.category == "export" })
    }

    @Test func privacyRedactsAsApple() {
        let logger = Logger(subsystem: "test.privacy", category: "c")
        let name = "alice", count = 3, ratio = 0.5, done = true
        logger.info("user \(name) count \(count) ratio \(ratio) done \(done)")
        logger.info("user \(name, privacy: .public) id \(count, privacy: .private) s \(name, privacy: .sensitive)")
        logger.info("hash \(name, privacy: .private(mask: .hash)) auto \(name, privacy: .auto)")
        let hash = LogRedaction.stableHash("alice")
        #expect(recorder.entries(label: "test.privacy").map(\.message) == [
            "user <private> count 3 ratio 0.5 done true",
            "user alice id <private> s <private>",
            "hash <mask.hash: '\(hash)'> auto <private>",
        ])
    }

    @Test func privateDataSwitchShowsPrivateButNotSensitive() {
        LogRedaction.showsPrivateValues = true
        defer { LogRedaction.showsPrivateValues = false }
        let logger = Logger(subsystem: "test.switch", category: "c")
        logger.info("\("a") \("b", privacy: .private) \("c", privacy: .sensitive)")
        #expect(recorder.entries(label: "test.switch").map(\.message) == ["a b <private>"])
    }

    @Test func interpolationFormats() {
        let logger = Logger(subsystem: "test.formats", category: "c")
        let url = URL(fileURLWithPath: "/tmp/a.mov")
        struct Failure: Error {}
        logger.info("\(255, format: .hex) \(8, format: .octal(includePrefix: true)) [\("x", align: .left(columns: 3), privacy: .public)]")
        let signedHex = OSLogIntegerFormatting.hex(explicitPositiveSign: true, includePrefix: true, uppercase: true)
        let signedDecimal = OSLogIntegerFormatting.decimal(explicitPositiveSign: true)
        logger.info("\(255, format: signedHex) \(-8, format: .octal) \(5, format: signedDecimal)")
        logger.info("\(url, privacy: .public) \(Failure(), privacy: .public) \(Int.self, privacy: .public)")
        #expect(recorder.entries(label: "test.formats").map(\.message) == [
            "ff 0o10 [x  ]", "+0xFF -10 +5", "file:///tmp/a.mov Failure() Int",
        ])
    }

    @Test func messagesAreNotFormattedWhenDisabled() {
        let logger = Logger(OSLog.disabled)
        logger.info("\(Self.mustNotRun(), privacy: .public)")
    }

    static func mustNotRun() -> String {
        Issue.record("a disabled log formatted its message")
        return ""
    }

    @Test func osLogFormatsWithPrivacy() {
        let log = OSLog(subsystem: "test.oslog", category: "writer")
        let name: NSString = "clip.mov"
        os_log("opened %@ with %d tracks", log: log, type: .info, name, 2)
        os_log("opened %{public}@ (%ld bytes, %.1f s) %{private}d %%", log: log, type: .error, name, 1_024, 2.5, 7)
        os_log(.fault, log: log, "%{public}s %s", "swift", "hidden")
        let got = recorder.entries(label: "test.oslog")
        #expect(got.map(\.message) == [
            "opened <private> with 2 tracks",
            "opened clip.mov (1024 bytes, 2.5 s) <private> %",
            "swift <private>",
        ])
        #expect(got.map(\.level) == [.info, .error, .critical])
        #expect(got.allSatisfy { $0.category == "writer" })
    }

    @Test func defaultHandleUsesItsOwnLabel() {
        os_log("to the default handle %{public}d", 1)
        #expect(recorder.entries(label: LogSink.defaultLabel).map(\.message).contains("to the default handle 1"))
    }
}
