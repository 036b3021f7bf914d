import CoreAudioTypes
import CoreMedia
import Foundation
import MediaCodecs
import VideoToolbox

/// What an export will do, decided before anything runs: a plain value (no live asset, track or dictionary of
/// `Any`), so it can be tested as data, written to JSON and read back (`ExportPlanner` makes it; `ExportPipeline`
/// carries it out against the request's asset).
///
/// It names source tracks by ID and says, per output track, what they become (samples as stored, or the encoder's
/// settings), how the output presents them (the writer's session, or the edits recorded while copying a composition
/// segment by segment), and how many passes its encoder runs.
struct ExportPlan: Codable, Equatable, Sendable {
    /// The output's file type (an `AVFileType` raw value).
    var fileType: String
    /// The part of the asset's timeline exported: the requested range cut to the asset.
    var timeRange: TimeRange
    /// The output tracks, in the order they are added to the writer.
    var tracks: [Track]
    /// Room left for the movie box of a fast-start passthrough export (`nil`: none, the box is moved at the end).
    var movieBoxReservation: MovieBoxRoom?
    /// The movie's creation date (`nil`: when it is written). A segmented export fixes it in its plan, so the
    /// stitched file is the same bytes wherever and whenever its pieces ran.
    var creationDate: Date?
    /// How long before `timeRange` the video encoders start (`nil`: at its start). The pictures of that pre-roll
    /// are encoded and their samples dropped, and the range's first picture is forced to be a key frame, so the
    /// encoders' rate control enters the range settled rather than cold. A segmented export gives it to every piece
    /// after the first (`SegmentedExportPlan.Segment.preRoll`); only a plan whose tracks are all encoded video has
    /// one, since the pre-roll's time is read from the source for every track.
    var videoPreRoll: Time?

    /// One output track.
    struct Track: Codable, Equatable, Sendable {
        /// The source tracks it is made from; the first gives its properties (transform, language, volume).
        var sources: [CMPersistentTrackID]
        var role: Role
        var presentation: Presentation
        /// 2 when the encoder runs an analysis pass first (multi-pass), else 1.
        var passes: Int
    }

    /// What an output track's sources become.
    enum Role: Codable, Equatable, Sendable {
        /// Their samples as stored.
        case passthrough
        /// Decoded (or composed by the request's video composition), scaled and encoded.
        case video(Video)
        /// Decoded, mixed and encoded.
        case audio(Audio)
        /// Encoded earlier, piece by piece, by the segments of a segmented export; joined here as stored.
        case stitched(Stitch)
    }

    /// A video track put together from the pieces a segmented export encoded (`SegmentedExportPlan`): each piece a
    /// movie file of one segment's encoded video, whose track time 0 is the segment's start.
    struct Stitch: Codable, Equatable, Sendable {
        /// The encoding the pieces were made with (the output track's geometry follows it).
        var video: Video
        var pieces: [Piece]
        /// Whether each piece's bytes are checked against its `content` as the stitch opens it, so that reading
        /// them overlaps writing the pieces before; false when the caller has just checked them.
        var checksContent = false

        struct Piece: Codable, Equatable, Sendable {
            /// The piece's file.
            var path: String
            /// Where the piece's time 0 lies on the export's timeline (the asset's).
            var start: Time
            /// The piece's bytes as its receipt recorded them.
            var content: Content?
        }

        struct Content: Codable, Equatable, Sendable {
            var byteCount: Int64
            /// `ContentChecksum`'s hexadecimal form.
            var checksum: String
        }
    }

    /// How the output presents a track.
    enum Presentation: String, Codable, Equatable, Sendable {
        /// The writer's session over the exported range: its edit list starts at the range's start.
        case session
        /// The edits the reader records while it lays a composition's segments out one after another (trims, gaps,
        /// speed changes), since their samples cannot follow one another on one timeline.
        case recordedLayout
    }

    /// A video encoding: the picture size and the encoder's settings, as `AVVideoSettings` keys name them.
    struct Video: Codable, Equatable, Sendable {
        var codec: String
        var width: Int
        var height: Int
        var averageBitRate: Int?
        var quality: Double?
        var profileLevel: String?
        var allowsFrameReordering: Bool?
        var expectedSourceFrameRate: Int?
        var maxKeyFrameIntervalDuration: Double?
        /// Sources with alpha keep it (decoded to BGRA).
        var keepsAlpha: Bool
        /// The pictures come from the request's video composition, composed of all the track's sources.
        var composed: Bool
        /// The encoder's threads (`nil`: every core). x264 and x265 make different bytes with different thread
        /// counts, so a segmented export fixes it in its plan rather than taking the machine's.
        var threadCount: Int?
        /// The instructions x264/x265 may use (`nil`: the most the processor has). A segmented export fixes it, as
        /// the encoder's kernels do not all make the same bytes (`EncoderInstructionSet`).
        var instructionSet: EncoderInstructionSet?

        /// The writer input's output settings.
        var outputSettings: [String: Any] {
            var settings: [String: Any] = [AVVideoCodecKey: codec, AVVideoWidthKey: width, AVVideoHeightKey: height]
            var compression: [String: Any] = [:]
            if let averageBitRate { compression[AVVideoAverageBitRateKey] = averageBitRate }
            if let quality { compression[AVVideoQualityKey] = quality }
            if let profileLevel { compression[AVVideoProfileLevelKey] = profileLevel }
            if let allowsFrameReordering { compression[AVVideoAllowFrameReorderingKey] = allowsFrameReordering }
            if let expectedSourceFrameRate { compression[AVVideoExpectedSourceFrameRateKey] = expectedSourceFrameRate }
            if let maxKeyFrameIntervalDuration {
                compression[AVVideoMaxKeyFrameIntervalDurationKey] = maxKeyFrameIntervalDuration
            }
            if !compression.isEmpty { settings[AVVideoCompressionPropertiesKey] = compression }
            return settings
        }

        /// Whether the encoder can run two passes over these settings (a target bit rate).
        var supportsMultiPass: Bool { averageBitRate != nil }
    }

    /// An audio encoding: what the reader's mix delivers and what the encoder makes of it.
    struct Audio: Codable, Equatable, Sendable {
        /// `kAudioFormatMPEG4AAC` or `kAudioFormatLinearPCM`.
        var formatID: AudioFormatID
        var sampleRate: Double
        var channels: Int
        /// AAC's bit rate.
        var bitRate: Int?
        /// Linear PCM's integer bit depth.
        var bitDepth: Int?
        /// The source's `AudioChannelLayout` bytes, kept for more than two channels of linear PCM.
        var channelLayout: Data?

        /// The reader's output settings: 32-bit float, non-interleaved linear PCM, what the reader's mix works in
        /// and what the encoders take without converting.
        var decodeSettings: [String: Any] {
            var settings: [String: Any] = [
                AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: sampleRate, AVNumberOfChannelsKey: channels,
                AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true, AVLinearPCMIsBigEndianKey: false,
                AVLinearPCMIsNonInterleaved: true]
            if let channelLayout { settings[AVChannelLayoutKey] = channelLayout }
            return settings
        }

        /// The writer input's output settings.
        var encodeSettings: [String: Any] {
            var settings: [String: Any] = [AVFormatIDKey: formatID, AVSampleRateKey: sampleRate,
                                           AVNumberOfChannelsKey: channels]
            if let bitRate { settings[AVEncoderBitRateKey] = bitRate }
            if let bitDepth {
                settings[AVLinearPCMBitDepthKey] = bitDepth
                settings[AVLinearPCMIsFloatKey] = false
                settings[AVLinearPCMIsBigEndianKey] = false
                settings[AVLinearPCMIsNonInterleaved] = false
            }
            if let channelLayout { settings[AVChannelLayoutKey] = channelLayout }
            return settings
        }
    }

    /// The movie box room of a fast-start export (see `MovieFile.MovieBoxReservation`).
    struct MovieBoxRoom: Codable, Equatable, Sendable {
        var samples: Int
        var chunks: Int
        var extraBytes: Int
    }

    /// A time as an integer over a timescale, exactly as `CMTime` holds a numeric one.
    struct Time: Codable, Equatable, Sendable {
        var value: Int64
        var timescale: Int32

        init(_ time: CMTime) {
            value = time.value
            timescale = time.timescale
        }

        var time: CMTime { CMTime(value: value, timescale: timescale) }
    }

    /// A time range as a start and a duration.
    struct TimeRange: Codable, Equatable, Sendable {
        var start: Time
        var duration: Time

        init(_ range: CMTimeRange) {
            start = Time(range.start)
            duration = Time(range.duration)
        }

        var range: CMTimeRange { CMTimeRange(start: start.time, duration: duration.time) }
    }
}
