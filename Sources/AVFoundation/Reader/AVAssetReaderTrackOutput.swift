import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs

/// Reads the samples of one track: as stored (`outputSettings` nil) or decoded (AVAssetReaderOutput.h).
///
/// - `nil` settings: the samples as the file stores them, in decode order, with their timing mapped onto the
///   asset's timeline through the track's edits (so decode times before the first picture and audio priming come
///   out negative), their sizes and format descriptions (ready for an `AVAssetWriterInput`), and Apple's sample
///   attachments: `NotSync`, `PartialSync`, `DependsOnOthers`, `IsDependedOnByOthers`, `HasRedundantCoding`.
///   Video (and other non-audio media) comes one sample per buffer; audio several packets per buffer (a stretch of
///   packets stored back to back, at most a second), with what lies outside the part read (encoder priming,
///   edits that cut into a packet, the pre-roll packets before a time range) marked by
///   `kCMSampleBufferAttachmentKey_TrimDurationAtStart`/`…AtEnd`. Samples read only because shown ones depend on
///   them (the sync sample before a time range) carry `kCMSampleAttachmentKey_DoNotDisplay`.
/// - Audio settings (`AVFormatIDKey: kAudioFormatLinearPCM` and the `AVLinearPCM…`, rate, channel and layout
///   keys): linear PCM in that layout, cut sample-accurately to what the track presents (priming and edits honoured
///   to the sample: the first sample out is the first one presented).
/// - Video settings (`kCVPixelBufferPixelFormatTypeKey`, width and height, the other pixel buffer attributes,
///   `AVVideoColorPropertiesKey`, `AVVideoDecompressionPropertiesKey`): pixel buffers in that format (and size) in
///   presentation order, timed on the asset's timeline.
///
/// Settings are checked by `startReading()`: a key that cannot be honoured makes it return false with an
/// `AVError.unsupportedOutputSettings` naming the key (including `AVVideoCleanApertureKey`,
/// `AVVideoPixelAspectRatioKey` and `AVVideoScalingModeKey`, which Apple documents track outputs do not support), a
/// codec without a decoder `AVError.decoderNotFound` naming it.
// Safe because it adds only immutable `let`s; the superclass's `lock` guards the rest.
open class AVAssetReaderTrackOutput: AVAssetReaderOutput, @unchecked Sendable {
    /// The track read.
    public let track: AVAssetTrack
    /// The output settings; nil for the samples as stored.
    public let outputSettings: [String: Any]?

    /// An output reading `track` with `outputSettings` (nil: the samples as stored).
    public init(track: AVAssetTrack, outputSettings: [String: Any]?) {
        self.track = track
        self.outputSettings = outputSettings
        super.init()
    }

    /// The media type of the track.
    public override var mediaType: AVMediaType { track.mediaType }

    /// The algorithm for time-stretching audio in edits at rates other than 1. Default `.spectral` (Apple's).
    /// Only Apple's four constants are accepted; another value is refused (misuse, as Apple raises an exception).
    public var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm {
        get { timePitchAlgorithm }
        set { timePitchAlgorithm = newValue }
    }

    override var sourceTracks: [AVAssetTrack] { [track] }

    /// Video settings keys Apple documents as not supported by track outputs.
    static let refusedVideoKeys = [AVVideoCleanApertureKey, AVVideoPixelAspectRatioKey, AVVideoScalingModeKey]

    override func makePlan() throws(ReadingFailure) -> OutputPlan {
        let backing = track.backing
        let timeline = track.timeline
        let copies = configuration.alwaysCopiesSampleData
        let name = "track \(track.trackID)"
        guard let outputSettings else {
            let isAudio = track.mediaType == .audio
            let recorder = configuration.mediaLayout
            return OutputPlan(name: name, bound: .storedSamples) { ranges in
                PassthroughProducer(timeline: timeline, backing: backing, isAudio: isAudio, ranges: ranges,
                                    copiesData: copies, recorder: recorder)
            }
        }
        switch track.mediaType {
        case .audio:
            let settings: AudioDecoderOutputSettings
            do throws(CodecSettingsError) {
                settings = try AudioDecoderOutputSettings(outputSettings: outputSettings)
            } catch {
                throw ReadingFailure(.settings, "the audio output settings cannot be used: \(error)", trackID: track.trackID,
                                     underlying: error)
            }
            // A track with scaled segments is decoded to float planes, stretched and converted to the settings.
            let scaled = timeline.segments.contains { $0.isPresented && !$0.isNormalSpeed && !$0.isDwell }
            var stretching: AudioStretching?
            var decoding = settings
            if scaled {
                let plan = try FloatDecodingPlan(requested: settings, formats: Array(backing.formatDescriptions),
                                                 trackID: track.trackID)
                stretching = AudioStretching(plan: plan, algorithm: audioTimePitchAlgorithm, convertsOutput: true)
                decoding = plan.settings
            }
            let sessions = DecoderSessions(backing: backing, trackID: track.trackID, kind: .audio(decoding))
            try sessions.validate()
            let stretches = stretching
            return OutputPlan(name: name) { ranges in
                AudioDecodeProducer(timeline: timeline, sessions: sessions, ranges: ranges, stretching: stretches)
            }
        case .video:
            if let key = Self.refusedVideoKeys.first(where: { outputSettings[$0] != nil }) {
                throw ReadingFailure(.settings, "\(key): AVAssetReaderTrackOutput does not support this video setting "
                                     + "(Apple's documentation lists it among the keys track outputs refuse)",
                                     trackID: track.trackID)
            }
            let settings: VideoDecoderOutputSettings
            do throws(CodecSettingsError) {
                settings = try VideoDecoderOutputSettings(outputSettings: outputSettings)
            } catch {
                throw ReadingFailure(.settings, "the video output settings cannot be used: \(error)", trackID: track.trackID,
                                     underlying: error)
            }
            var options = VideoDecoderSession.Options()
            options.sharesDecoderMemory = !copies
            let sessions = DecoderSessions(backing: backing, trackID: track.trackID, kind: .video(settings, options))
            try sessions.validate()
            return OutputPlan(name: name) { ranges in
                VideoDecodeProducer(timeline: timeline, sessions: sessions, ranges: ranges)
            }
        default:
            throw ReadingFailure(.settings, "output settings were given for a track of media type '\(track.mediaType.rawValue)': "
                                 + "only audio and video tracks can be decoded; pass nil to read its samples as stored",
                                 trackID: track.trackID)
        }
    }
}
