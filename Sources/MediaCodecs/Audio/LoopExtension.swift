/// Extends audio past either end with a loop of itself, for the stretchers whose windows reach beyond the input:
/// Rubber Band before the first frame (its start pad), every stretcher after the last (pushing its tail out).
///
/// The loop is the stretch of audio next to the end, `period` frames long, where the audio best matches itself one
/// period on (the lag of highest normalised correlation, channels mixed): a tone continues in phase, a chord nearly
/// so. Measured with Rubber Band R3 on 1 s at 48 kHz (last 50 ms of output against the middle): a looped tail kept
/// a 1 kHz tone's level (RMS 0.354 of 0.353 at speed 0.5, 0.315 of 0.353 at 0.1) where silence let it sag (0.329,
/// 0.207) and a mirrored tail overshot (peak 0.97 for a tone of 0.5 at 0.1); a looped start pad gave full level
/// from the first 10 ms (0.352 at speed 0.1, 0.328 at 2) where silence faded in (0.178, 0.173).
enum LoopExtension {
    /// The stretch compared with its neighbour a period away: 20 ms, two periods of a 100 Hz tone.
    static let windowSeconds = 0.02
    /// Shortest period tried: 2.5 ms (400 Hz); a loop of a few periods of a higher tone is as good.
    static let shortestPeriodSeconds = 0.0025
    /// Longest period tried: 50 ms (20 Hz).
    static let longestPeriodSeconds = 0.05

    /// The compared stretch in frames at `sampleRate` (at most `Limits.maximumLoopWindowFrames`).
    static func windowFrames(sampleRate: Int) -> Int {
        max(1, min(Limits.maximumLoopWindowFrames, Int(Double(sampleRate) * windowSeconds)))
    }

    /// The longest period in frames at `sampleRate` (at most `Limits.maximumLoopPeriodFrames`).
    static func longestPeriodFrames(sampleRate: Int) -> Int {
        max(1, min(Limits.maximumLoopPeriodFrames, Int(Double(sampleRate) * longestPeriodSeconds)))
    }

    /// Frames needed next to an end to find the period: the window plus the longest period.
    static func sourceFrameCount(sampleRate: Int) -> Int {
        windowFrames(sampleRate: sampleRate) + longestPeriodFrames(sampleRate: sampleRate)
    }

    /// The loop length at which `planes` best repeat next to their start (`atStart`) or their end; the whole length
    /// when they are too short to compare.
    static func period(of planes: [[Float]], atStart: Bool, sampleRate: Int) -> Int {
        let count = planes.first?.count ?? 0
        let window = windowFrames(sampleRate: sampleRate)
        let shortest = max(1, Int(Double(sampleRate) * shortestPeriodSeconds))
        let longest = min(longestPeriodFrames(sampleRate: sampleRate), count - window)
        guard longest >= shortest else { return max(1, count) }
        // Mix the channels: one period for all keeps them in step.
        let span = window + longest
        let offset = atStart ? 0 : count - span
        var mix = [Float](repeating: 0, count: span)
        for plane in planes {
            for index in 0..<span { mix[index] += plane[offset + index] }
        }
        var best = (period: longest, score: -Double.infinity)
        for lag in shortest...longest {
            // At the start the window is the first frames and its neighbour lies `lag` later; at the end the window
            // is the last frames and its neighbour `lag` earlier.
            let a = atStart ? 0 : span - window
            let b = atStart ? lag : span - window - lag
            var product = 0.0, energyA = 0.0, energyB = 0.0
            for index in 0..<window {
                let (x, y) = (Double(mix[a + index]), Double(mix[b + index]))
                product += x * y
                energyA += x * x
                energyB += y * y
            }
            let score = product / ((energyA * energyB).squareRoot() + 1e-30)
            if score > best.score { best = (lag, score) }
        }
        return best.period
    }

    /// `frameCount` frames that lead into `planes`: their first `period` frames repeated backwards in time, so that
    /// the last frame returned is followed, one period on, by frame 0.
    static func leadIn(to planes: [[Float]], period: Int, frameCount: Int) -> [[Float]] {
        planes.map { plane in
            (0..<frameCount).map { index in
                let back = frameCount - index
                return plane[(period - back % period) % period]
            }
        }
    }
}
