import CoreMedia
import Foundation
import MediaContainer
import Synchronization

/// A track of a container file (MOV/MP4, WAV, AIFF, CAF, MP3…): the container's model of the track and the reader
/// its samples are read through. Its timeline is its edit list (or its media once, encoder delay cut).
///
/// Thread safety: immutable after `init` except the lazily derived timeline, statistics and runs, which are under
/// a lock of their own.
// Safe because immutable after `init`; the lazily derived values are under a lock of their own.
final class ContainerTrackBacking: TrackBacking, @unchecked Sendable {
    /// The reader the track's samples are read through, which holds the track's model.
    let reader: any ContainerReader
    /// The track's position in the reader's `tracks`.
    private let index: Int
    /// The file the samples lie in.
    let fileURL: URL
    /// The model's descriptions and samples, the parts asked for most, held here; the rest is read from the reader.
    let formatDescriptions: FormatDescriptionList
    private let samples: LazySampleTable
    private let trackID: CMPersistentTrackID
    private let movieTimescale: CMTimeScale

    /// What is derived from the model on first use. Each is computed outside the lock; two first requests at once
    /// may both compute (equal values), and the first stored is the one kept. Three `OnceResult`s took about 200
    /// bytes more per track, for a file of 20,000 tracks.
    private struct Derived {
        var timeline: TrackTimeline?
        var statistics: SampleStatistics?
        var runs: SampleTableRuns?
    }
    private let derived = Mutex(Derived())

    /// The backing of track `index` of `reader`.
    init(reader: any ContainerReader, index: Int, fileURL: URL) {
        self.reader = reader
        self.index = index
        self.fileURL = fileURL
        let model = reader.tracks[index]
        formatDescriptions = model.formatDescriptions
        samples = model.samples
        trackID = model.trackID
        movieTimescale = reader.movieTimescale
    }

    /// The container's description of the track: the reader's, not a copy (a file may have 20,000 tracks).
    var model: ContainerTrack { reader.tracks[index] }

    var isEnabled: Bool { model.isEnabled }
    var isSelfContained: Bool { true }
    var naturalTimeScale: CMTimeScale { model.mediaTimescale }
    var languageCode: String? { model.languageCode }
    var extendedLanguageTag: String? { model.extendedLanguageTag }
    var preferredTransform: CGAffineTransform { CGAffineTransform(model.transform) }
    var preferredVolume: Float { model.volume }
    var alternateGroup: Int16 { model.alternateGroup }
    var associations: [FourCharCode: [CMPersistentTrackID]] { model.references.filter { !$0.value.isEmpty } }
    var metadataEntries: [MetadataEntry] { model.metadata }

    /// The track header's width and height (`tkhd`), which QuickTime and ISO files define as the track's display
    /// dimensions before its matrix; nil when the header gives none (0x0, as some muxers write for video).
    var declaredSize: CGSize? {
        let model = self.model
        let (width, height) = (model.width, model.height)
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        return CGSize(width: width, height: height)
    }

    /// The value `read` finds in `derived`, else `make`'s, stored with `store` unless another thread stored one
    /// first. Fields are named by closures, not key paths: applying a key path cost about 80 ns, and the timeline is
    /// asked for once per segment when an edit list of millions is walked.
    private func derive<Value: Sendable>(_ read: (borrowing Derived) -> Value?, _ store: (inout Derived, Value) -> Void,
                                         _ make: () throws -> Value) rethrows -> Value {
        if let value = derived.withLock({ read($0) }) { return value }
        let value = try make()
        return derived.withLock { derived in
            if let first = read(derived) { return first }
            store(&derived, value)
            return value
        }
    }

    /// The edit list (or the media once, encoder delay cut), computed once.
    var timeline: TrackTimeline {
        derive({ $0.timeline }, { $0.timeline = $1 }) {
            TrackTimeline(track: model, movieTimescale: movieTimescale, table: try? samples.table())
        }
    }

    /// The track's sample table; a malformed table is reported as `fileFailedToParse` with the reader's error.
    func sampleTable() throws -> SampleTable {
        do {
            return try samples.table()
        } catch {
            throw AssetLoadError.malformedTrack(trackID, error)
        }
    }

    /// Why the track's samples cannot be read (its sample table is damaged), or nil. A damaged track degrades
    /// alone, as ffprobe shows such a file: the asset, its metadata and its other tracks load; this track reports
    /// itself neither decodable nor playable, its statistics are those of no samples, and reading it fails with
    /// this error (the box path and byte offset of the damage).
    var damage: (any Error)? {
        do {
            _ = try sampleTable()
            return nil
        } catch {
            return error
        }
    }

    func sampleStatistics() throws -> SampleStatistics {
        derive({ $0.statistics }, { $0.statistics = $1 }) { (try? SampleStatistics(sampleTable())) ?? .empty }
    }

    /// The sample table's runs, extracted once, for cursors that walk the table.
    func sampleTableRuns() throws -> SampleTableRuns {
        let table = try sampleTable()
        return derive({ $0.runs }, { $0.runs = $1 }) { SampleTableRuns(table) }
    }

    var sourceCount: Int { 1 }

    var editedSegmentCount: Int? { nil }

    func makeSource(_ index: Int) throws(ReadingFailure) -> TrackSource {
        try TrackSource(track: model, reader: reader)
    }
}

extension CGAffineTransform {
    /// The affine part of a movie or track matrix (ISO/IEC 14496-12 §6.2.2: x' = a·x + c·y + tx,
    /// y' = b·x + d·y + ty); the projective column (u, v, w) has no affine counterpart and is left out.
    init(_ matrix: TransformMatrix) {
        self.init(a: matrix.a, b: matrix.b, c: matrix.c, d: matrix.d, tx: matrix.x, ty: matrix.y)
    }
}
