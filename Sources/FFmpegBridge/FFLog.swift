internal import CFFmpeg
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How severe an FFmpeg log message is (FFmpeg's `AV_LOG_*` levels; lower is more severe).
package enum FFLogLevel: Int32, Sendable, Comparable, CaseIterable {
    case quiet = -8
    case panic = 0
    case fatal = 8
    case error = 16
    case warning = 24
    case info = 32
    case verbose = 40
    case debug = 48

    package static func < (lhs: FFLogLevel, rhs: FFLogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The nearest named level at or below FFmpeg's numeric `level` (FFmpeg also uses values in between).
    init(ffmpegLevel level: Int32) {
        self = FFLogLevel.allCases.last { $0.rawValue <= level } ?? .panic
    }
}

/// One line FFmpeg (or a library it wraps, such as x264) logged.
package struct FFLogMessage: Sendable, Equatable {
    /// How severe the message is.
    package var level: FFLogLevel
    /// The logging component (`h264`, `libx264`, `swscaler`), when FFmpeg named one.
    package var component: String?
    /// The text, without its trailing newline.
    package var text: String
}

/// FFmpeg's logging, routed once per process through one callback.
///
/// FFmpeg has a single process-wide log callback, called from any thread (including its frame-decoding threads), so
/// this is a process-wide setting too. By default messages at `warning` or more severe go to standard error with
/// an `[ffmpeg/<component>]` prefix; x264's and x265's banners are `info` and so are dropped. The layer above can
/// capture or silence messages with `setHandler(_:)` and change the threshold with `level`. The environment
/// variable `LAVF_FFMPEG_LOG_LEVEL` (`quiet`, `error`, `warning`, `info`, `verbose`, `debug`) sets the starting
/// threshold: the command-line tools set it to `quiet` so that a failure is one line of their own.
package enum FFLog {
    /// The receiver of log messages; `nil` means the default (standard error).
    package typealias Handler = @Sendable (FFLogMessage) -> Void

    private struct State {
        var handler: Handler?
        /// A message FFmpeg sent in pieces (no newline yet), per component.
        var pending: [String: String] = [:]
    }

    private static let state = Mutex(State())
    private static let threshold = Atomic<Int32>(FFLogLevel.warning.rawValue)

    /// Messages less severe than this are dropped before they are formatted. Default `warning`.
    package static var level: FFLogLevel {
        get { FFLogLevel(ffmpegLevel: threshold.load(ordering: .relaxed)) }
        set {
            installIfNeeded()
            threshold.store(newValue.rawValue, ordering: .relaxed)
            av_log_set_level(newValue.rawValue)
        }
    }

    /// Sends FFmpeg's messages to `handler` (on whichever thread FFmpeg logs from), or back to standard error when
    /// `handler` is `nil`.
    package static func setHandler(_ handler: Handler?) {
        installIfNeeded()
        state.withLock { $0.handler = handler }
    }

    /// Drops every FFmpeg message.
    package static func silence() { setHandler { _ in } }

    /// Installs the callback; every FFmpegBridge entry point calls this before touching FFmpeg.
    static func installIfNeeded() { _ = installation }

    private static let installation: Void = {
        let names: [String: FFLogLevel] = ["quiet": .quiet, "error": .error, "warning": .warning, "info": .info,
                                            "verbose": .verbose, "debug": .debug]
        let start = getenv("LAVF_FFMPEG_LOG_LEVEL").flatMap { names[String(cString: $0)] } ?? .warning
        threshold.store(start.rawValue, ordering: .relaxed)
        av_log_set_level(start.rawValue)
        av_log_set_callback { context, level, format, arguments in
            // Drop what nobody asked for before paying for formatting (x264 logs its banner at info level).
            guard level <= FFLog.currentThreshold, let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: FFLimits.logLineCapacity)
            let count = cff_format_log(&buffer, Int32(buffer.count), format, arguments)
            guard count > 0 else { return }
            let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let component = cff_log_context_name(context).map { String(cString: $0) }
            FFLog.receive(level: level, component: component, text: text)
        }
    }()

    fileprivate static func receive(level: Int32, component: String?, text: String) {
        let key = component ?? ""
        let (handler, line): (Handler?, String?) = state.withLock { state in
            // FFmpeg sometimes logs one line in several calls; only a newline ends a message.
            let joined = (state.pending.removeValue(forKey: key) ?? "") + text
            if joined.hasSuffix("\n") {
                return (state.handler, String(joined.dropLast()))
            }
            state.pending[key] = joined
            return (state.handler, nil)
        }
        guard let line, !line.isEmpty else { return }
        let message = FFLogMessage(level: FFLogLevel(ffmpegLevel: level), component: component, text: line)
        if let handler {
            handler(message)
        } else {
            writeToStandardError(message)
        }
    }

    private static func writeToStandardError(_ message: FFLogMessage) {
        let prefix = message.component.map { "[ffmpeg/\($0)] " } ?? "[ffmpeg] "
        var bytes = Array((prefix + message.text + "\n").utf8)
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(2, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

extension FFLog {
    fileprivate static var currentThreshold: Int32 { threshold.load(ordering: .relaxed) }
}
