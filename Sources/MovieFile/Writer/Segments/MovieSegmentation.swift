import CoreMedia
import Foundation

/// How a movie writer hands its output out as segments instead of writing a file (`AVAssetWriter`'s delegate
/// mode): an initialization segment (`ftyp` + a `moov` whose sample tables are empty but for the sample
/// descriptions, with `mvex`), then media segments, each one `moof` + `mdat` whose every track starts with a sync
/// sample. Concatenated after the initialization segment, the media segments form a fragmented MPEG-4 file.
package struct MovieSegmentation: Sendable {
    /// Where segments are cut.
    package enum Cut: Sendable, Equatable {
        /// At the first sync sample of the cutting track (video if there is one) whose presentation time is at
        /// least `start` + N × `interval` (N = 1, 2…), as Apple's writer cuts for a positive
        /// `preferredOutputSegmentInterval`; the next boundary is the first multiple past the cut.
        case every(CMTime, from: CMTime)
        /// Where the caller asks (`flushSegment()`, for an indefinite interval): each segment holds what was
        /// appended since the previous one, and the next sample of the cutting track must be a sync sample.
        case onFlush
    }

    /// The brands and structure the segments follow.
    package enum Profile: Sendable, Equatable {
        /// Apple HTTP Live Streaming (fMP4): `ftyp` `iso6` with `mp41`; tracks may be muxed.
        case appleHLS
        /// CMAF (ISO/IEC 23000-19): one track per writer, `cmfc` among the header's brands, and each media segment
        /// opens with `styp` `cmfs` (with `cmff`: the segment is one CMAF fragment).
        case cmaf
    }

    package var cut: Cut
    package var profile: Profile
    /// Segments whose fragments can be appended to those of other writers of the same uniformly encoded stream
    /// (`AVAssetWriter.producesCombinableFragments`): each track's decode times move by the one amount every such
    /// writer agrees on (see `MovieWriter.segmentOrigin(of:)`), and every `tfhd` names its sample description
    /// instead of leaving it to this writer's `trex`.
    package var producesCombinableFragments = false
    /// Receives each segment, in order, on one serial thread of the writer's; after `cancel()` or a failure it is
    /// not called again. `finish()` returns once the last segment was handed over.
    package var handler: @Sendable (MovieSegment) -> Void
    /// Called on the delivery thread after each segment was handed over: readiness may have come back (the writer
    /// reports not ready while more than `MovieWriterLimits.undeliveredSegmentBytes` wait for the handler).
    package var delivered: @Sendable () -> Void

    package init(cut: Cut, profile: Profile, handler: @escaping @Sendable (MovieSegment) -> Void,
                 delivered: @escaping @Sendable () -> Void = {}) {
        self.cut = cut
        self.profile = profile
        self.handler = handler
        self.delivered = delivered
    }
}

/// One segment the writer hands out, with what is known about it (`AVAssetSegmentReport`'s content).
package struct MovieSegment: Sendable {
    /// Whether the segment initialises a decoder or carries media.
    package enum Kind: Sendable, Equatable {
        case initialization
        case media
    }

    /// One track's part of a media segment.
    package struct TrackReport: Sendable, Equatable {
        package var trackID: Int32
        package var mediaType: CMMediaType
        /// The earliest presentation time of the track's samples in the segment, on the output's timeline.
        package var earliestPresentationTime: CMTime
        /// From the first sample's decode time to the end of the last sample.
        package var duration: CMTime
        /// The first sample of a video track: where it is in the segment's bytes.
        package var firstVideoSample: SampleReport?
    }

    /// Where one sample is in a segment's bytes.
    package struct SampleReport: Sendable, Equatable {
        package var presentationTime: CMTime
        package var offset: Int
        package var length: Int
        package var isSync: Bool
    }

    package var kind: Kind
    /// The segment's bytes.
    package var data: Data
    /// Per track with samples in a media segment, in track order; empty for the initialization segment.
    package var tracks: [TrackReport]
}
