// CMTimeCopyDescription / CMTimeShow and the text they share.
//
// The format is the one Apple's CMTimeShow prints: "{1800/600 = 3.000}" for numeric times (seconds to three
// decimals), "{INVALID}", "{INDEFINITE}", "{+INFINITY}" and "{-INFINITY}" otherwise. Apple does not document how a
// rounded flag or a nonzero epoch is shown; we append ", rounded" and ", epoch N" inside the braces so neither
// is silently dropped.

import Foundation

/// A description of `time` such as "{1/30 = 0.033}" (the allocator is accepted and ignored).
@discardableResult
public func CMTimeCopyDescription(allocator: CFAllocator?, time: CMTime) -> CFString? {
    time.descriptionText as CFString
}

/// Prints the description of `time` to standard error, as CFShow does (CMTimeShow is documented as "just like
/// CFShow", and CFShow writes to stderr).
public func CMTimeShow(_ time: CMTime) {
    CMTimeDebugOutput.show(time.descriptionText)
}

// Apple's CMTime does not conform to CustomStringConvertible (code declares `extension CMTime:
// CustomStringConvertible` for its own logs), so the text is ours to use, not public.
extension CMTime {
    /// The `CMTimeCopyDescription` text, such as "{1/30 = 0.033}".
    package var descriptionText: String {
        switch kind {
        case .invalid: return "{INVALID}"
        case .indefinite: return "{INDEFINITE}"
        case .positiveInfinity: return "{+INFINITY}"
        case .negativeInfinity: return "{-INFINITY}"
        case .numeric:
            var text = "{\(value)/\(timescale) = \(String(format: "%.3f", seconds))"
            if flags.contains(.hasBeenRounded) { text += ", rounded" }
            if epoch != 0 { text += ", epoch \(epoch)" }
            return text + "}"
        }
    }
}

/// Where the CM…Show functions write: standard error, one line per call.
enum CMTimeDebugOutput {
    /// Writes `text` and a newline to standard error.
    static func show(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
