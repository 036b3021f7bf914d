import CoreMedia
import Foundation

/// The parameters applied to one audio track of a mix: its volume over the asset's timeline (AVAudioMix.h).
///
/// Before the first time at which a volume is set the volume is 1.0; after the last time a volume has been set,
/// the last volume holds; within a ramp's time range the volume is interpolated between its start and end volumes.
///
/// Thread safety: `lock` guards `state`.
// Safe because `lock` guards `state`.
open class AVAudioMixInputParameters: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// Everything the parameters hold.
    struct State: Sendable, Equatable {
        var trackID: CMPersistentTrackID = kCMPersistentTrackID_Invalid
        var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm?
        var curve = VolumeCurve()
    }

    let lock = NSLock()
    var state: State

    init(state: State) {
        self.state = state
        super.init()
    }

    /// Parameters with no volume ramps for no track (`kCMPersistentTrackID_Invalid`).
    public override convenience init() {
        self.init(state: State())
    }

    /// The ID of the audio track the parameters apply to.
    public var trackID: CMPersistentTrackID { lock.withLock { state.trackID } }

    /// The time-pitch algorithm for scaled edits of this track; `nil` means the output's own.
    public var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm? { lock.withLock { state.audioTimePitchAlgorithm } }

    /// The ramp in effect at `time` (its range contains `time`), else the first ramp that starts after it. Returns
    /// false when `time` is past the end of the last ramp. Each pointer may be nil.
    public func getVolumeRamp(for time: CMTime, startVolume: UnsafeMutablePointer<Float>?,
                              endVolume: UnsafeMutablePointer<Float>?,
                              timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        guard let ramp = curve.ramp(for: time) else { return false }
        startVolume?.pointee = ramp.startVolume
        endVolume?.pointee = ramp.endVolume
        timeRange?.pointee = ramp.timeRange
        return true
    }

    /// The volume curve.
    var curve: VolumeCurve { lock.withLock { state.curve } }

    /// An immutable copy (this object itself when it is immutable).
    var frozen: AVAudioMixInputParameters {
        type(of: self) == AVAudioMixInputParameters.self ? self : AVAudioMixInputParameters(state: lock.withLock { state })
    }

    /// An immutable copy.
    public func copy(with zone: NSZone? = nil) -> Any { frozen }

    /// A mutable copy.
    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        AVMutableAudioMixInputParameters(state: lock.withLock { state })
    }

    /// Equal when they hold the same track, algorithm and ramps.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioMixInputParameters else { return false }
        return other === self || lock.withLock({ state }) == other.lock.withLock({ other.state })
    }

    /// A hash of the track ID (equal parameters share it).
    public override var hash: Int { Int(trackID) }
}

/// Audio mix input parameters that can be changed.
///
/// `init()` (inherited) makes parameters with no volume ramps for no track (`kCMPersistentTrackID_Invalid`).
// Safe because it adds no state: the setters go through the superclass's lock.
open class AVMutableAudioMixInputParameters: AVAudioMixInputParameters, @unchecked Sendable {
    override init(state: State) {
        super.init(state: state)
    }

    /// The ID of the audio track the parameters apply to.
    public override var trackID: CMPersistentTrackID {
        get { lock.withLock { state.trackID } }
        set { lock.withLock { state.trackID = newValue } }
    }

    /// The time-pitch algorithm for scaled edits of this track; `nil` means the output's own.
    public override var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm? {
        get { lock.withLock { state.audioTimePitchAlgorithm } }
        set { lock.withLock { state.audioTimePitchAlgorithm = newValue } }
    }

    /// Ramps the volume from `startVolume` to `endVolume` over `timeRange` (volumes are 0.0…1.0, as documented;
    /// values outside are clamped to it). A range that is not valid and numeric sets nothing, as it describes no
    /// stretch of the timeline.
    public func setVolumeRamp(fromStartVolume startVolume: Float, toEndVolume endVolume: Float, timeRange: CMTimeRange) {
        guard timeRange.isValid, timeRange.start.isNumeric, timeRange.duration.isNumeric || timeRange.duration.isPositiveInfinity
        else { return }
        let ramp = VolumeRamp(startVolume: Self.clamp(startVolume), endVolume: Self.clamp(endVolume), timeRange: timeRange)
        lock.withLock { state.curve.add(ramp) }
    }

    /// Sets the volume from `time` on (until a later volume or ramp). A time that is not numeric sets nothing.
    public func setVolume(_ volume: Float, at time: CMTime) {
        guard time.isNumeric else { return }
        let value = Self.clamp(volume)
        let ramp = VolumeRamp(startVolume: value, endVolume: value, timeRange: CMTimeRange(start: time, duration: .zero))
        lock.withLock { state.curve.add(ramp) }
    }

    private static func clamp(_ volume: Float) -> Float { volume.isNaN ? 0 : min(1, max(0, volume)) }
}
