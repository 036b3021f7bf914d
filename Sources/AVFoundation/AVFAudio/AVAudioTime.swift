import CoreAudioTypes
import Foundation

/// A moment, as a host time, a sample time at a sample rate, or both. Immutable.
///
/// Host time is the system's monotonic clock. Apple's is `mach_absolute_time()`; here it is `CLOCK_MONOTONIC` in
/// nanoseconds (the tick Intel Macs have), so `hostTime(forSeconds:)` and `seconds(forHostTime:)` are the
/// conversions to use, as Apple's documentation asks, rather than assuming a tick length.
// Safe because immutable.
open class AVAudioTime: NSObject, @unchecked Sendable {
    /// The time stamp, with the flags saying which times are valid.
    public let audioTimeStamp: AudioTimeStamp
    /// The sample rate of `sampleTime`.
    public let sampleRate: Double

    /// A time from a time stamp, whose sample time (when valid) counts at `sampleRate`.
    public init(audioTimeStamp ts: UnsafePointer<AudioTimeStamp>, sampleRate: Double) {
        audioTimeStamp = ts.pointee
        self.sampleRate = sampleRate
        super.init()
    }

    /// A host time alone.
    public convenience init(hostTime: UInt64) {
        var stamp = AudioTimeStamp()
        stamp.mHostTime = hostTime
        stamp.mFlags = .hostTimeValid
        self.init(audioTimeStamp: &stamp, sampleRate: 0)
    }

    /// A sample time alone, counted at `sampleRate`.
    public convenience init(sampleTime: AVAudioFramePosition, atRate sampleRate: Double) {
        var stamp = AudioTimeStamp()
        stamp.mSampleTime = Double(sampleTime)
        stamp.mFlags = .sampleTimeValid
        self.init(audioTimeStamp: &stamp, sampleRate: sampleRate)
    }

    /// A host time and the sample time it corresponds to.
    public convenience init(hostTime: UInt64, sampleTime: AVAudioFramePosition, atRate sampleRate: Double) {
        var stamp = AudioTimeStamp()
        stamp.mHostTime = hostTime
        stamp.mSampleTime = Double(sampleTime)
        stamp.mFlags = .sampleHostTimeValid
        self.init(audioTimeStamp: &stamp, sampleRate: sampleRate)
    }

    /// Host ticks in `seconds` (negative and non-finite seconds give 0; the count saturates at `UInt64.max`).
    open class func hostTime(forSeconds seconds: TimeInterval) -> UInt64 {
        let ticks = (seconds * HostClock.ticksPerSecond).rounded()
        guard ticks > 0 else { return 0 }  // also NaN
        return ticks >= 0x1p64 ? .max : UInt64(ticks)
    }

    /// Seconds in `hostTime` host ticks.
    open class func seconds(forHostTime hostTime: UInt64) -> TimeInterval {
        Double(hostTime) / HostClock.ticksPerSecond
    }

    /// Whether `hostTime` holds a value.
    open var isHostTimeValid: Bool { audioTimeStamp.mFlags.contains(.hostTimeValid) }

    /// The host time (meaningful when `isHostTimeValid`).
    open var hostTime: UInt64 { audioTimeStamp.mHostTime }

    /// Whether `sampleTime` holds a value.
    open var isSampleTimeValid: Bool { audioTimeStamp.mFlags.contains(.sampleTimeValid) }

    /// The sample time, in frames at `sampleRate` (meaningful when `isSampleTimeValid`).
    open var sampleTime: AVAudioFramePosition {
        let time = audioTimeStamp.mSampleTime
        guard time.isFinite else { return 0 }
        return time >= 0x1p63 ? .max : time < -0x1p63 ? .min : AVAudioFramePosition(time)
    }

    /// This time with the representation it lacks filled in from `anchorTime`, which must have both a valid host
    /// time and a valid sample time: a sample time becomes the host time as far from the anchor's, and the other
    /// way round, each sample time counted at its own rate. Nil when the anchor lacks either time, when this time
    /// has neither, or when a sample rate the conversion needs is not a positive number. A time that already has
    /// both is returned as a copy.
    open func extrapolateTime(fromAnchor anchorTime: AVAudioTime) -> AVAudioTime? {
        guard anchorTime.isHostTimeValid, anchorTime.isSampleTimeValid, anchorTime.sampleRate > 0,
              isHostTimeValid || isSampleTimeValid else { return nil }
        var stamp = audioTimeStamp
        var rate = sampleRate
        if isSampleTimeValid, !isHostTimeValid {
            guard sampleRate > 0 else { return nil }
            // Seconds from the anchor, each sample time at its own rate.
            let seconds = audioTimeStamp.mSampleTime / sampleRate
                - anchorTime.audioTimeStamp.mSampleTime / anchorTime.sampleRate
            let offset = Self.hostTime(forSeconds: abs(seconds))
            let (sum, overflow) = seconds >= 0
                ? anchorTime.hostTime.addingReportingOverflow(offset)
                : anchorTime.hostTime.subtractingReportingOverflow(offset)
            guard !overflow else { return nil }
            stamp.mHostTime = sum
        } else if isHostTimeValid, !isSampleTimeValid {
            if rate <= 0 { rate = anchorTime.sampleRate }
            let seconds = Self.seconds(forHostTime: hostTime) - Self.seconds(forHostTime: anchorTime.hostTime)
            stamp.mSampleTime = (anchorTime.audioTimeStamp.mSampleTime / anchorTime.sampleRate + seconds) * rate
        }
        stamp.mFlags.formUnion(.sampleHostTimeValid)
        return AVAudioTime(audioTimeStamp: &stamp, sampleRate: rate)
    }

    open override var description: String {
        "<AVAudioTime: host \(isHostTimeValid ? String(hostTime) : "invalid"), sample "
            + "\(isSampleTimeValid ? String(audioTimeStamp.mSampleTime) : "invalid") at \(sampleRate) Hz>"
    }
}

/// The host clock's tick: `CLOCK_MONOTONIC`'s nanosecond.
enum HostClock {
    static let ticksPerSecond = 1_000_000_000.0
}
