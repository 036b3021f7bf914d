import CoreAudioTypes
import CoreMedia
import Foundation
import MediaCodecs

/// Reads the mix of several audio tracks as one stream of linear PCM (AVAssetReaderOutput.h).
///
/// Every track is decoded and cut to what it presents on the asset's timeline (edits and priming honoured to the
/// sample), scaled by its volume curve from `audioMix` (1.0 for tracks without parameters), and summed sample by
/// sample. Where no track presents audio the mix is silence, so its buffers are contiguous from the first time any
/// track presents audio in the time range to the last.
///
/// `audioSettings` nil gives "a convenient uncompressed format, with sample rate and other properties determined
/// according to the properties of the specified audio tracks" (Apple's words; Apple names no format): here 32-bit
/// float, non-interleaved (Core Audio's canonical format, `AVAudioFormat`'s standard format), at the highest
/// sample rate and with the most channels among the tracks. Settings name linear PCM (`AVFormatIDKey`,
/// `AVLinearPCM…`, rate, channels, layout); `AVSampleRateConverterAudioQualityKey` is refused, as Apple documents.
// Safe because the superclass's `lock` guards the mix; the tracks and settings are immutable.
open class AVAssetReaderAudioMixOutput: AVAssetReaderOutput, @unchecked Sendable {
    /// The tracks mixed.
    public let audioTracks: [AVAssetTrack]
    /// The output settings; nil for the default format described above.
    public let audioSettings: [String: Any]?
    private var storedMix: AVAudioMix?

    /// An output mixing `audioTracks` (audio tracks of the reader's asset) into `audioSettings`' format.
    public init(audioTracks: [AVAssetTrack], audioSettings: [String: Any]?) {
        self.audioTracks = audioTracks
        self.audioSettings = audioSettings
        super.init()
    }

    /// Audio.
    public override var mediaType: AVMediaType { .audio }

    /// The volume of each track over the asset's timeline; nil mixes every track at full volume. Copied when set;
    /// cannot be set once reading has started.
    public var audioMix: AVAudioMix? {
        get { lock.withLock { storedMix } }
        set {
            guard !hasStarted else {
                misuse("audioMix cannot be set after reading has started")
                return
            }
            let copy = newValue.map { AVAudioMix(inputParameters: $0.inputParameters) }
            lock.withLock { storedMix = copy }
        }
    }

    /// The algorithm for time-stretching audio in edits at rates other than 1. Default `.spectral` (Apple's).
    public var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm {
        get { timePitchAlgorithm }
        set { timePitchAlgorithm = newValue }
    }

    override var sourceTracks: [AVAssetTrack] { audioTracks }

    override var configurationProblem: String? {
        if audioTracks.isEmpty { return "an audio mix output needs at least one track" }
        if let other = audioTracks.first(where: { $0.mediaType != .audio }) {
            return "track \(other.trackID) is of media type '\(other.mediaType.rawValue)', not audio"
        }
        return nil
    }

    override func makePlan() throws(ReadingFailure) -> OutputPlan {
        if let problem = configurationProblem { throw ReadingFailure(.unsupported, problem) }
        let requested: AudioDecoderOutputSettings?
        do throws(CodecSettingsError) {
            requested = try audioSettings.map { settings throws(CodecSettingsError) in
                try AudioDecoderOutputSettings(outputSettings: settings)
            }
        } catch {
            throw ReadingFailure(.settings, "the audio mix output settings cannot be used: \(error)", underlying: error)
        }
        let plan = try FloatDecodingPlan(requested: requested, formats: audioTracks.flatMap(\.backing.formatDescriptions),
                                         trackID: nil)
        let stretching = AudioStretching(plan: plan, algorithm: audioTimePitchAlgorithm, convertsOutput: false)
        let curves = audioMix?.volumeCurves ?? [:]
        var inputs: [AudioMixProducer.Track] = []
        for track in audioTracks {
            let sessions = DecoderSessions(backing: track.backing, trackID: track.trackID, kind: .audio(plan.settings))
            try sessions.validate()
            inputs.append(AudioMixProducer.Track(timeline: track.timeline, sessions: sessions,
                                                 curve: curves[track.trackID] ?? VolumeCurve()))
        }
        let rate = plan.sampleRate, channels = plan.channels, mixDescription = plan.description
        let converter = plan.converter
        let ranges = inputs
        return OutputPlan(name: "audio mix of \(audioTracks.count) tracks") { timeRanges in
            AudioMixProducer(tracks: ranges, ranges: timeRanges, sampleRate: rate, channels: channels,
                             mixDescription: mixDescription, converter: converter, stretching: stretching)
        }
    }
}
