import CoreMedia
import Foundation

/// The parameters of an audio mix: how the volume of each input track changes over the asset's timeline
/// (AVAudioMix.h). Used by `AVAssetReaderAudioMixOutput` (and export).
///
/// Tracks without input parameters are mixed at full volume, as Apple documents ("processed according to default
/// behavior").
///
/// Thread safety: `lock` guards `storedInputParameters`; the parameters themselves are copied in and out, so a
/// mix is a value that later changes to the parameters it was given do not affect.
// Safe because `lock` guards `storedInputParameters`, and parameters are copied in and out.
open class AVAudioMix: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    let lock = NSLock()
    var storedInputParameters: [AVAudioMixInputParameters] = []

    /// An empty mix.
    public override init() {
        super.init()
    }

    /// A mix with (immutable copies of) `parameters`.
    init(inputParameters parameters: [AVAudioMixInputParameters]) {
        storedInputParameters = parameters.map(\.frozen)
        super.init()
    }

    /// The parameters for the inputs to the mix.
    public var inputParameters: [AVAudioMixInputParameters] { lock.withLock { storedInputParameters } }

    /// An immutable copy.
    public func copy(with zone: NSZone? = nil) -> Any {
        type(of: self) == AVAudioMix.self ? self : AVAudioMix(inputParameters: inputParameters)
    }

    /// A mutable copy.
    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = AVMutableAudioMix()
        copy.inputParameters = inputParameters
        return copy
    }

    /// The volume curve of each track that has input parameters (the first parameters naming a track win).
    var volumeCurves: [CMPersistentTrackID: VolumeCurve] {
        var curves: [CMPersistentTrackID: VolumeCurve] = [:]
        for parameters in inputParameters where curves[parameters.trackID] == nil {
            curves[parameters.trackID] = parameters.curve
        }
        return curves
    }

    /// The time-pitch algorithm each track's parameters ask for.
    var timePitchAlgorithms: [CMPersistentTrackID: AVAudioTimePitchAlgorithm] {
        var algorithms: [CMPersistentTrackID: AVAudioTimePitchAlgorithm] = [:]
        for parameters in inputParameters {
            if algorithms[parameters.trackID] == nil, let algorithm = parameters.audioTimePitchAlgorithm {
                algorithms[parameters.trackID] = algorithm
            }
        }
        return algorithms
    }
}

/// An audio mix whose input parameters can be changed.
// Safe because it adds no state: the setter goes through the superclass's lock.
open class AVMutableAudioMix: AVAudioMix, @unchecked Sendable {
    /// An empty mix (`inputParameters` is empty).
    public override init() {
        super.init()
    }

    /// The parameters for the inputs to the mix; set copies them.
    public override var inputParameters: [AVAudioMixInputParameters] {
        get { lock.withLock { storedInputParameters } }
        set {
            let frozen = newValue.map(\.frozen)
            lock.withLock { storedInputParameters = frozen }
        }
    }
}
