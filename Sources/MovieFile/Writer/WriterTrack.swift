import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

/// What a track holds while the movie is written: its configuration, its sample descriptions, its sample table so
/// far, and the chunks it has not written yet. Owned by `MovieWriter` and used only under its lock.
final class WriterTrack {
    /// A chunk being gathered or waiting to be written: the payloads, in order, and its time span.
    struct Chunk {
        var payloads: [OutputSample.Payload] = []
        var byteCount = 0
        var sampleCount: UInt32 = 0
        /// Decode time of the first sample (caller's timeline, media ticks).
        var startTime: Int64
        /// Decode time plus duration of the last sample.
        var endTime: Int64
        var descriptionIndex: Int
    }

    let index: Int
    let trackID: UInt32
    var configuration: OutputTrackConfiguration
    let kind: TrackKind
    var descriptions: [CMFormatDescription]
    var table = SampleTableRecorder()

    // Timing, on the caller's timeline in media ticks.
    var firstDecodeTime: Int64?
    /// The first sample's composition offset (presentation less decode time), once there is one.
    var firstCompositionOffset: Int32?
    /// Decode time of the last sample appended.
    var lastDecodeTime: Int64 = 0
    var lastDuration: Int64 = 0
    var minimumPresentationTime = Int64.max
    var maximumPresentationEnd = Int64.min

    /// The chunk being gathered.
    var pending: Chunk?
    /// Full chunks waiting for their turn in the file, oldest first.
    var waiting: [Chunk] = []
    /// Bytes held in `pending` and `waiting`.
    var bufferedBytes = 0
    /// True once `markFinished` was called (no more samples).
    var isFinished = false

    /// Sample references: where the current chunk continues in the referenced file, when it started, and its
    /// description.
    var referenceNextOffset: UInt64?
    var referenceChunkStart: Int64 = 0
    var referenceDescriptionIndex = 0

    /// Caller's edit list (`nil`: the default edit).
    var edits: [EditListEntry]?
    /// Track references by type.
    var references: [FourCC: [UInt32]] = [:]

    /// Chunk duration and size limits in this track's ticks and bytes.
    let chunkDurationTicks: Int64
    let chunkByteLimit: Int

    init(index: Int, trackID: UInt32, configuration: OutputTrackConfiguration, kind: TrackKind,
         defaultChunkDuration: CMTime) {
        self.index = index
        self.trackID = trackID
        self.configuration = configuration
        self.kind = kind
        descriptions = configuration.formatDescriptions
        let chunkDuration = configuration.preferredChunkDuration ?? defaultChunkDuration
        let ticks = CMTimeConvertScale(chunkDuration, timescale: configuration.mediaTimescale,
                                       method: .roundHalfAwayFromZero).value
        chunkDurationTicks = max(1, ticks)
        chunkByteLimit = max(1, configuration.preferredChunkSize ?? MovieWriterLimits.maximumChunkBytes)
    }

    var timescale: Int32 { configuration.mediaTimescale }

    /// True when this track's chunks take part in time interleaving.
    var isInterleaved: Bool { configuration.mediaDataLocation == .interleavedWithMainMediaData }

    /// Decode time at which the next sample is expected (after the last one), or `nil` before the first.
    var nextDecodeTime: Int64? { firstDecodeTime == nil ? nil : lastDecodeTime + lastDuration }

    /// The earliest time this track could still start a chunk at, for interleaving: its pending chunk's start, or
    /// where its next sample would go; `nil` when it has no samples yet (it could start anywhere).
    var earliestUnwrittenStart: Int64? { pending?.startTime ?? nextDecodeTime }
}
