import CoreMedia
import Synchronization

/// One track as a container reader presents it to the asset layer: what it is, how it is placed in the movie,
/// and (lazily) where its samples are.
///
/// Times are integers in the track's own timescales, as the file stores them: edit durations in the movie
/// timescale, edit media times and the sample table in the media timescale. The asset layer turns them into
/// `CMTime`s; nothing here rounds.
package struct ContainerTrack: Sendable {
    /// The track's ID (`tkhd` track_ID; 1 for single-stream audio files).
    package var trackID: CMPersistentTrackID
    /// The handler type (`hdlr` handler_type / media type): 'vide', 'soun', 'text', 'sbtl', 'clcp', 'tmcd', 'meta'…
    package var mediaType: CMMediaType
    /// The handler's name, as the file gives it ("Core Media Video", "VideoHandler"…), if any.
    package var handlerName: String?
    /// Whether the track is enabled (`tkhd` flag 0x1).
    package var isEnabled: Bool = true
    /// The alternate group (`tkhd` alternate_group); 0 means none.
    package var alternateGroup: Int16 = 0
    /// The track's transform (`tkhd` matrix).
    package var transform: TransformMatrix = .identity
    /// The track's volume (`tkhd` volume, 1.0 = full), for audio.
    package var volume: Float = 1
    /// The track's visual width and height (`tkhd` width/height), in points.
    package var width: Double = 0
    package var height: Double = 0
    /// The media timescale (`mdhd` timescale): ticks per second of the sample table.
    package var mediaTimescale: CMTimeScale
    /// The media duration in media ticks (`mdhd` duration, or the sum of sample durations for streams).
    package var mediaDuration: Int64
    /// ISO 639-2/T language code (`mdhd` language), `nil` when undetermined ("und") or absent.
    package var languageCode: String?
    /// BCP 47 extended language tag (`elng`), if any.
    package var extendedLanguageTag: String?
    /// The edit list (`elst`); empty means the media plays once from its start.
    package var edits: [EditListEntry] = []
    /// Track references (`tref`): reference type ('chap', 'tmcd', 'cdsc'…) → referenced track IDs.
    package var references: [FourCharCode: [CMPersistentTrackID]] = [:]
    /// One format description per sample description, in `stsd` order (sample description index − 1), each made
    /// on first use.
    package var formatDescriptions: FormatDescriptionList
    /// Track-level metadata (`udta`, `meta`).
    package var metadata: [MetadataEntry] = []
    /// Encoder delay and padding in media ticks (AAC priming from `sgpd` roll, `iTunSMPB`, an edit list, or an
    /// audio file's own header), when the file says.
    package var priming: Int64 = 0
    package var remainder: Int64 = 0
    /// The recovery roll distance in samples (`sgpd` `roll`/`prol`, ISO/IEC 14496-12 §10.1), when the file gives
    /// one: negative means that many earlier samples must be decoded before a sample's output is correct (−1 for
    /// AAC, whose decoder needs the previous packet); positive, that decoding becomes correct that many samples
    /// after a gradual-refresh video sample. `nil` when the file says nothing.
    package var rollDistance: Int?
    /// Where the samples are. Building it can be expensive for long tracks, so it happens on first use.
    package var samples: LazySampleTable
    /// Whether the track has fragments (`moof`) beyond the movie box's own sample table.
    package var isFragmented: Bool = false

    package init(trackID: CMPersistentTrackID, mediaType: CMMediaType, mediaTimescale: CMTimeScale,
                 mediaDuration: Int64, formatDescriptions: [CMFormatDescription], samples: LazySampleTable) {
        self.init(trackID: trackID, mediaType: mediaType, mediaTimescale: mediaTimescale, mediaDuration: mediaDuration,
                  formatDescriptions: FormatDescriptionList(formatDescriptions), samples: samples)
    }

    package init(trackID: CMPersistentTrackID, mediaType: CMMediaType, mediaTimescale: CMTimeScale,
                 mediaDuration: Int64, formatDescriptions: FormatDescriptionList, samples: LazySampleTable) {
        self.trackID = trackID
        self.mediaType = mediaType
        self.mediaTimescale = mediaTimescale
        self.mediaDuration = mediaDuration
        self.formatDescriptions = formatDescriptions
        self.samples = samples
    }
}

/// One entry of an edit list (ISO/IEC 14496-12 §8.6.6): play `segmentDuration` movie ticks of media starting at
/// `mediaTime` media ticks at `mediaRate`, or, when `mediaTime` is −1, nothing (an empty edit).
package struct EditListEntry: Sendable, Equatable {
    /// Duration of the edit in the movie timescale.
    package var segmentDuration: Int64
    /// Start of the edit in the media timescale, or −1 for an empty edit.
    package var mediaTime: Int64
    /// Playback rate as a 16.16 fixed-point value (0x10000 = 1.0; 0 = dwell on one frame).
    package var mediaRateFixed: Int32

    package init(segmentDuration: Int64, mediaTime: Int64, mediaRateFixed: Int32 = 0x10000) {
        self.segmentDuration = segmentDuration
        self.mediaTime = mediaTime
        self.mediaRateFixed = mediaRateFixed
    }

    /// Whether this is an empty edit (presents nothing for its duration).
    package var isEmpty: Bool { mediaTime == -1 }
}

/// A 3×3 transform matrix as ISO/IEC 14496-12 §6.2.2 and QuickTime store it: (a b u / c d v / x y w), where
/// a, b, c, d, x, y are 16.16 and u, v, w are 2.30 fixed point in the file.
package struct TransformMatrix: Sendable, Equatable {
    package var a, b, u, c, d, v, x, y, w: Double

    package init(a: Double, b: Double, u: Double = 0, c: Double, d: Double, v: Double = 0,
                 x: Double, y: Double, w: Double = 1) {
        (self.a, self.b, self.u, self.c, self.d, self.v, self.x, self.y, self.w) = (a, b, u, c, d, v, x, y, w)
    }

    /// The identity matrix.
    package static let identity = TransformMatrix(a: 1, b: 0, c: 0, d: 1, x: 0, y: 0)
}

/// A sample table built on first use and then shared; the builder's error is kept and rethrown to every caller.
/// The builder, and what it holds (a movie track's table boxes), is let go once the table is built.
package final class LazySampleTable: Sendable {
    private enum State {
        case pending(@Sendable () throws -> SampleTable)
        case built(Result<SampleTable, any Error>)
    }
    private let state: Mutex<State>

    /// A table that `build` will make when first asked for.
    package init(_ build: @escaping @Sendable () throws -> SampleTable) { state = Mutex(.pending(build)) }

    /// A table that is already built.
    package init(_ table: SampleTable) { state = Mutex(.built(.success(table))) }

    /// A table already built, or the error building it gave, which every request gets.
    package init(built result: Result<SampleTable, any Error>) { state = Mutex(.built(result)) }

    /// The table, building it now if this is the first request.
    package func table() throws -> SampleTable {
        let build: @Sendable () throws -> SampleTable
        switch state.withLock({ $0 }) {
        case .built(let result): return try result.get()
        case .pending(let builder): build = builder
        }
        // Built outside the lock: a slow build must not block other tracks' readers; two racing builders
        // produce equal tables and the first one stored wins.
        let result = Result { try build() }
        return try state.withLock { stored in
            if case .built(let first) = stored { return first }
            stored = .built(result)
            return result
        }.get()
    }
}
