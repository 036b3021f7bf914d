import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Shows an export's progress on standard error: on a terminal, one line redrawn in place with a bar, the
/// percentage and the time left; otherwise plain lines, one per 5 % step, that a log or a pipe keeps readably.
// Safe because `lock` guards `lastStep` and `lastDrawn` (the watcher task may still be drawing when `end` runs).
final class ProgressDisplay: @unchecked Sendable {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let started = Date()
    /// Taken by `show` and `end`: `watcher.cancel()` does not wait for the progress loop, so `end` can run while a
    /// `show` is drawing.
    private let lock = NSLock()
    private var lastStep = -1
    private var lastDrawn = ""

    /// Shows `fraction` (0…1).
    func show(_ fraction: Double) {
        lock.withLock { draw(fraction) }
    }

    /// Ends the display (a terminal's line is finished with a newline).
    func end(completed: Bool) {
        lock.withLock {
            if completed { draw(1) }
            if isTerminal, !lastDrawn.isEmpty { write("\n") }
        }
    }

    /// Draws `fraction` if it changes what is shown (the lock is held).
    private func draw(_ fraction: Double) {
        let value = max(0, min(1, fraction))
        if isTerminal {
            let width = 30
            let filled = Int((value * Double(width)).rounded(.down))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            let line = "[\(bar)] \(Self.percent(value)) \(eta(value))"
            guard line != lastDrawn else { return }
            lastDrawn = line
            write("\r" + line + "\u{1B}[K")
        } else {
            let step = Int((value * 100).rounded(.down)) / 5
            guard step > lastStep else { return }
            lastStep = step
            write("Progress: \(step * 5)%\n")
        }
    }

    private static func percent(_ value: Double) -> String {
        String(format: "%5.1f%%", value * 100)
    }

    /// "ETA m:ss" from the rate so far, once there is a rate to speak of.
    private func eta(_ value: Double) -> String {
        let elapsed = Date().timeIntervalSince(started)
        guard value > 0.01, elapsed > 0.5 else { return "ETA --:--" }
        let remaining = Int((elapsed / value * (1 - value)).rounded())
        return String(format: "ETA %d:%02d", remaining / 60, remaining % 60)
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
