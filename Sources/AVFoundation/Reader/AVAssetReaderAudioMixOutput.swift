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
public class AVAssetReaderAudioMixOutput: AVAssetReaderOutput, @unchecked Sendable {
    /// The tracks mixed.
    public let audioTracks: [AVAssetTrack]
    /// The output settings; nil for the default format described above.
    public let audioSettings: [String: Any]?
    private var storedMix: AVAudioMix?
    private var storedAlgorithm = AVAudioTimePitchAlgorithm.spectral

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
        get { lock.withLock { storedAlgorithm } }
        set {
            guard AVAudioTimePitchAlgorithm.all.contains(newValue) else {
                misuse("'\(newValue.rawValue)' is not an AVAudioTimePitchAlgorithm constant")
                return
            }
            guard !hasStarted else {
                misuse("audioTimePitchAlgorithm cannot be changed after reading has started")
                return
            }
            lock.withLock { storedAlgorithm = newValue }
        }
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
        var highestRate = 0.0, mostChannels = 0
        for track in audioTracks {
            for description in track.backing.formatDescriptions {
                guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee else { continue }
                highestRate = max(highestRate, asbd.mSampleRate)
                mostChannels = max(mostChannels, Int(asbd.mChannelsPerFrame))
            }
        }
        guard highestRate > 0, mostChannels > 0 else {
            throw ReadingFailure(.unsupported, "the tracks to mix describe no sample rate or channel count")
        }
        let rate = requested?.sampleRate ?? highestRate
        let channels = requested?.channelCount ?? requested?.channelLayout?.numberOfChannels ?? mostChannels
        // Every track is decoded to 32-bit float, non-interleaved, at the mix's rate, channels and layout.
        var mixSettings = AudioDecoderOutputSettings()
        mixSettings.sampleRate = rate
        mixSettings.channelCount = channels
        mixSettings.channelLayout = requested?.channelLayout
        mixSettings.bitDepth = 32
        mixSettings.isFloat = true
        mixSettings.isNonInterleaved = true
        mixSettings.sampleRateConverterAlgorithm = requested?.sampleRateConverterAlgorithm
        let curves = audioMix?.volumeCurves ?? [:]
        var inputs: [AudioMixProducer.Track] = []
        for track in audioTracks {
            let sessions = DecoderSessions(backing: track.backing, trackID: track.trackID, kind: .audio(mixSettings))
            try sessions.validate()
            inputs.append(AudioMixProducer.Track(timeline: track.timeline, sessions: sessions,
                                                 curve: curves[track.trackID] ?? VolumeCurve()))
        }
        let mixLayout = mixSettings.layout(sourceRate: rate, sourceChannels: channels)
        let outputLayout = (requested ?? mixSettings).layout(sourceRate: rate, sourceChannels: channels)
        // The mix's description: what the first track's decoder produces.
        let mixDescription: CMAudioFormatDescription
        do throws(CodecError) {
            guard let first = audioTracks[0].backing.formatDescriptions.first else {
                throw CodecError(.unsupportedFormat, "track \(audioTracks[0].trackID) has no format description")
            }
            mixDescription = try AudioDecoderSession.outputFormatDescription(for: first, outputSettings: mixSettings)
        } catch {
            throw ReadingFailure(error, trackID: audioTracks[0].trackID, while: "cannot describe the mixed audio")
        }
        var converter: AudioConverterSession?
        if outputLayout != mixLayout {
            do throws(CodecError) {
                converter = try AudioConverterSession(from: mixLayout.streamDescription, sourceLayout: mixSettings.channelLayout,
                                                      to: outputLayout.streamDescription,
                                                      destinationLayout: requested?.channelLayout)
            } catch {
                throw ReadingFailure(error, trackID: nil, while: "cannot convert the mix to the output settings")
            }
        }
        let ranges = inputs
        let made = converter
        return OutputPlan(name: "audio mix of \(audioTracks.count) tracks") { timeRanges in
            AudioMixProducer(tracks: ranges, ranges: timeRanges, sampleRate: rate, channels: channels,
                             mixDescription: mixDescription, converter: made)
        }
    }
}
