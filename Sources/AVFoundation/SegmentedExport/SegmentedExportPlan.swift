import CoreMedia
import Foundation

/// An export done in temporal segments: the export's own plan, and where its video is cut into segments that are
/// encoded apart (one after another, side by side, on other machines, or across an interruption) and then stitched
/// losslessly into the output.
///
/// A plain value written as JSON beside the pieces; every later step reads it back and checks the source against
/// it. Equal plans make equal pieces and an equal output, byte for byte: the encoder's thread count and the movie's
/// creation date are part of the plan, not of the machine or the hour.
struct SegmentedExportPlan: Codable, Equatable, Sendable {
    /// The layout of this value; a plan of another version is refused, not guessed at.
    static let currentVersion = 1

    var version: Int
    /// The source the plan was made for.
    var source: SourceIdentity
    /// The whole export. Its video track `segmentedTrack` is encoded segment by segment; the other tracks (audio,
    /// passthrough tracks) are made once, while the pieces are stitched.
    var export: ExportPlan
    /// The index in `export.tracks` of the video track cut into segments.
    var segmentedTrack: Int
    /// The segments, in order, one after another over the export's time range.
    var segments: [Segment]
    /// How the cuts were chosen, in words (for the person reading the plan).
    var reasoning: String

    /// One segment: a part of the export's timeline, starting at a sync sample of the source.
    struct Segment: Codable, Equatable, Sendable {
        var start: ExportPlan.Time
        var duration: ExportPlan.Time
        /// How long before `start` the piece's encoder starts (`ExportPlan.videoPreRoll`): pictures encoded and
        /// dropped so that its rate control meets the cut settled, as a one-piece export's does, rather than cold.
        /// `nil` for the first segment, which starts where a one-piece export starts.
        var preRoll: ExportPlan.Time?

        var range: CMTimeRange { CMTimeRange(start: start.time, duration: duration.time) }
    }

    /// What identifies a source without reading all of it: its size, its duration and tracks as the asset reads
    /// them, and a checksum of its first and last mebibyte (where a re-encoded or truncated file differs).
    struct SourceIdentity: Codable, Equatable, Sendable {
        var byteCount: Int64?
        var endsChecksum: String?
        var duration: ExportPlan.Time
        /// Each track's ID and sample count, in the asset's order.
        var tracks: [TrackCount]

        struct TrackCount: Codable, Equatable, Sendable {
            var trackID: CMPersistentTrackID
            var sampleCount: Int
        }
    }

    /// The JSON form of plans and of what holds them: sorted keys (canonical, so a checksum names a plan), dates
    /// in seconds.
    static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    /// The plan as canonical JSON: what its checksum is taken of and what is written to disk.
    func encoded() throws -> Data {
        try Self.jsonEncoder().encode(self)
    }

    /// A plan read back from `data`; throws a clear error for anything that is not a plan of this version.
    static func decoded(from data: Data, path: String) throws -> SegmentedExportPlan {
        let plan: SegmentedExportPlan
        do {
            plan = try jsonDecoder().decode(SegmentedExportPlan.self, from: data)
        } catch {
            throw AVError(.operationNotAllowed, "\(path) is not a segmented export plan", underlying: error)
        }
        return try plan.validated(path: path)
    }

    /// The plan, when it is one this version can carry out; otherwise an error naming `path`.
    func validated(path: String) throws -> SegmentedExportPlan {
        guard version == Self.currentVersion else {
            throw AVError(.operationNotAllowed, "\(path) is a plan of version \(version); this library reads "
                          + "version \(Self.currentVersion)")
        }
        guard export.tracks.indices.contains(segmentedTrack), !segments.isEmpty,
              case .video = export.tracks[segmentedTrack].role else {
            throw AVError(.operationNotAllowed, "\(path): the plan's segmented track or segments are not valid")
        }
        return self
    }

    /// The segmented track's video encoding (nil only in a plan that `validated` refuses).
    var video: ExportPlan.Video? {
        guard export.tracks.indices.contains(segmentedTrack),
              case .video(let video) = export.tracks[segmentedTrack].role else { return nil }
        return video
    }

    /// This plan with what `other` fixed for its pieces' sake rather than from the export's settings: the encoders'
    /// thread count and instructions, the movie's creation date, and the words saying so. Equal to `other` exactly
    /// when both plans are of the same export (a resumed export compares them).
    func adopting(executionChoicesOf other: SegmentedExportPlan) -> SegmentedExportPlan {
        var plan = self
        plan.export.creationDate = other.export.creationDate
        plan.reasoning = other.reasoning
        if case .video(var video) = plan.export.tracks[segmentedTrack].role,
           other.export.tracks.indices.contains(other.segmentedTrack),
           case .video(let theirs) = other.export.tracks[other.segmentedTrack].role {
            video.threadCount = theirs.threadCount
            video.instructionSet = theirs.instructionSet
            plan.export.tracks[segmentedTrack].role = .video(video)
        }
        return plan
    }

    /// The checksum of the plan's canonical JSON: each piece's receipt names it, so a piece of another plan is never
    /// stitched.
    func checksum() throws -> String {
        ContentChecksum.hex(ContentChecksum.of(try encoded()))
    }
}
