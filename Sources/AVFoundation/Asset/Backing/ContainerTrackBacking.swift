import CoreMedia
import Foundation
import MediaContainer

/// A track of a container file (MOV/MP4, WAV, AIFF, CAF, MP3…): the container's model of the track and the reader
/// its samples are read through. Its timeline is its edit list (or its media once, encoder delay cut).
///
/// Thread safety: immutable after `init` except the lazily derived table, timeline and statistics (`OnceResult`),
/// which guard themselves.
final class ContainerTrackBacking: TrackBacking, @unchecked Sendable {
    /// The container's description of the track.
    let model: ContainerTrack
    /// The reader the track's samples are read through.
    let reader: any ContainerReader
    /// The file the samples lie in.
    let fileURL: URL
    private let movieTimescale: CMTimeScale
    private let timelineOnce = OnceResult<TrackTimeline>()
    private let statisticsOnce = OnceResult<SampleStatistics>()
    private let runsOnce = OnceResult<SampleTableRuns>()

    init(model: ContainerTrack, reader: any ContainerReader, fileURL: URL) {
        self.model = model
        self.reader = reader
        self.fileURL = fileURL
        movieTimescale = reader.movieTimescale
    }

    var formatDescriptions: FormatDescriptionList { model.formatDescriptions }
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
        guard model.width > 0, model.height > 0, model.width.isFinite, model.height.isFinite else { return nil }
        return CGSize(width: model.width, height: model.height)
    }

    /// The edit list (or the media once, encoder delay cut), computed once.
    var timeline: TrackTimeline {
        // `get` cannot fail: the closure does not throw.
        (try? timelineOnce.get {
            TrackTimeline(track: model, movieTimescale: movieTimescale, table: try? model.samples.table())
        }) ?? .empty
    }

    /// The track's sample table; a malformed table is reported as `fileFailedToParse` with the reader's error.
    func sampleTable() throws -> SampleTable {
        do {
            return try model.samples.table()
        } catch {
            throw AssetLoadError.malformedTrack(model.trackID, error)
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
        try statisticsOnce.get { (try? SampleStatistics(sampleTable())) ?? .empty }
    }

    /// The sample table's runs, extracted once, for cursors that walk the table.
    func sampleTableRuns() throws -> SampleTableRuns {
        let table = try sampleTable()
        return try runsOnce.get { SampleTableRuns(table) }
    }

    var sourceCount: Int { 1 }

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
