import CoreMedia
import Foundation
import MediaContainer

/// The properties of a composition track that its owner sets (AVMutableCompositionTrack.h); the defaults are
/// Apple's.
struct CompositionTrackProperties: Sendable {
    var isEnabled = true
    /// 0: the natural timescale of the first non-empty segment's source, or 600 when there is none.
    var naturalTimeScale: CMTimeScale = 0
    var languageCode: String?
    var extendedLanguageTag: String?
    var preferredTransform = CGAffineTransform.identity
    var preferredVolume: Float = 1
    /// Associations to other tracks of the composition: four-character type → track IDs, in the order added.
    var associations: [FourCharCode: [CMPersistentTrackID]] = [:]
    /// Format descriptions presented in place of a source's (`replaceFormatDescription(_:with:)`), in the order set.
    var replacements: [(original: CMFormatDescription, replacement: CMFormatDescription)] = []
}

/// One state of a composition track: its segments and properties, immutable. A mutable composition track makes a
/// new one for every edit, so a reader that started on one state reads it to the end whatever is edited meanwhile.
///
/// Thread safety: immutable after `init`; the values derived lazily (sources, timeline, statistics) guard
/// themselves.
// Safe because immutable after `init`; the lazily derived values are guarded by their own locks.
final class CompositionTrackBacking: TrackBacking, @unchecked Sendable {
    let segments: [CompositionSegment]
    let properties: CompositionTrackProperties
    /// The distinct source tracks, in the order the segments first read them: `TimelineSegment.Media.source`
    /// indexes this list.
    let sources: [CompositionSource]
    private let timelineOnce = OnceResult<TrackTimeline>()
    private let statisticsOnce = OnceResult<SampleStatistics>()

    init(segments: [CompositionSegment], properties: CompositionTrackProperties) {
        self.segments = segments
        self.properties = properties
        var sources: [CompositionSource] = []
        for segment in segments {
            guard let source = segment.media?.source, !sources.contains(where: { $0 === source }) else { continue }
            sources.append(source)
        }
        self.sources = sources
    }

    /// An empty track with default properties.
    static let empty = CompositionTrackBacking(segments: [], properties: CompositionTrackProperties())

    /// The source tracks that could be opened, in order (a source whose file cannot be opened is left out here and
    /// reported when it is read).
    private var openedSources: [ContainerTrackBacking] { sources.compactMap { try? $0.backing() } }

    var formatDescriptions: FormatDescriptionList {
        var result: [CMFormatDescription] = []
        for source in openedSources {
            for format in source.formatDescriptions.map(replaced) where !result.contains(where: { $0 === format }) {
                result.append(format)
            }
        }
        return FormatDescriptionList(result)
    }

    /// `format`, or what replaces it.
    func replaced(_ format: CMFormatDescription) -> CMFormatDescription {
        properties.replacements.first { CMFormatDescriptionEqual($0.original, otherFormatDescription: format) }?
            .replacement ?? format
    }

    /// The segments as a timeline: each non-empty one presents its source range over its target, at the rate that
    /// fits the one into the other.
    var timeline: TrackTimeline {
        // `get` cannot fail: the closure does not throw.
        (try? timelineOnce.get {
            let segments = self.segments.map { segment -> TimelineSegment in
                guard let media = segment.media, let index = sources.firstIndex(where: { $0 === media.source }) else {
                    return TimelineSegment(target: segment.target, media: nil)
                }
                let timescale = media.source.openedBacking?.naturalTimeScale ?? media.range.start.timescale
                return TimelineSegment(target: segment.target, media: TimelineSegment.Media(
                    source: index, start: media.range.start, rate: segment.rate, timescale: timescale))
            }
            return TrackTimeline(segments: segments, naturalTimescale: naturalTimeScale)
        }) ?? .empty
    }

    var isEnabled: Bool { properties.isEnabled }
    /// Not self-contained: the samples lie in the source files.
    var isSelfContained: Bool { false }

    /// The set timescale, else the first non-empty segment's source's, else 600 (AVMutableCompositionTrack.h).
    var naturalTimeScale: CMTimeScale {
        if properties.naturalTimeScale > 0 { return properties.naturalTimeScale }
        return sources.first.flatMap { try? $0.backing().naturalTimeScale } ?? 600
    }

    var languageCode: String? { properties.languageCode }
    var extendedLanguageTag: String? { properties.extendedLanguageTag }
    /// The first source's declared size: the composition presents its sources' pictures as they are.
    var declaredSize: CGSize? { openedSources.first?.declaredSize }
    var preferredTransform: CGAffineTransform { properties.preferredTransform }
    var preferredVolume: Float { properties.preferredVolume }
    var alternateGroup: Int16 { 0 }
    var associations: [FourCharCode: [CMPersistentTrackID]] { properties.associations.filter { !$0.value.isEmpty } }
    var metadataEntries: [MetadataEntry] { [] }

    /// The samples each segment presents, summed: their count and bytes, the segments' durations (in the natural
    /// timescale), the shortest sample duration as played, and whether any source reorders its samples.
    func sampleStatistics() throws -> SampleStatistics {
        try statisticsOnce.get {
            let scale = naturalTimeScale
            var count = 0, bytes: Int64 = 0, ticks: Int64 = 0
            var shortest: Int64?
            var reorders = false
            for segment in segments {
                ticks += CMTimeConvertScale(segment.target.duration, timescale: scale, method: .roundHalfAwayFromZero).value
                guard let media = segment.media else { continue }
                let backing = try media.source.backing()
                let table = try backing.sampleTable()
                let sourceScale = backing.naturalTimeScale
                let statistics = try backing.sampleStatistics()
                reorders = reorders || statistics.hasCompositionOffsets
                if let minimum = statistics.minimumDuration {
                    let played = segment.rate.trackDuration(ofMedia: CMTime(value: minimum, timescale: sourceScale))
                    let inScale = CMTimeConvertScale(played, timescale: scale, method: .roundHalfAwayFromZero).value
                    if inScale > 0 { shortest = min(shortest ?? inScale, inScale) }
                }
                let first = PresentationSpan.floorTicks(media.range.start, sourceScale)
                let last = PresentationSpan.ceilTicks(media.range.end, sourceScale) - 1
                let order = table.compositionOffsets == nil ? nil : table.presentationOrderIndices()
                func position(_ sample: Int) -> Int { order == nil ? sample : table.presentationPosition(of: sample) }
                guard table.count > 0, let lastSample = table.sampleIndex(presentedAt: last) else { continue }
                let from = table.sampleIndex(presentedAt: first).map(position) ?? 0
                let to = position(lastSample)
                guard from <= to else { continue }
                for position in from...to { bytes += Int64(table.size(at: order.map { Int($0[position]) } ?? position)) }
                count += to - from + 1
            }
            return SampleStatistics(count: count, totalSize: bytes, totalDuration: ticks, minimumDuration: shortest,
                                    hasCompositionOffsets: reorders)
        }
    }

    var sourceCount: Int { sources.count }

    var editedSegmentCount: Int? { segments.count }

    /// Source `index`, opened (with replacements applied to its formats); a source that cannot be opened is an
    /// error naming it.
    func makeSource(_ index: Int) throws(ReadingFailure) -> TrackSource {
        guard index < sources.count else {
            throw ReadingFailure(.mediaData, "internal: no composition source \(index) (the track has \(sources.count))")
        }
        let source = sources[index]
        let backing: ContainerTrackBacking
        do {
            backing = try source.backing()
        } catch {
            throw ReadingFailure(.mediaData, "the composition's source \(source.name) cannot be opened",
                                 underlying: error)
        }
        guard !properties.replacements.isEmpty else { return try backing.makeSource(0) }
        var model = backing.model
        let original = model.formatDescriptions
        model.formatDescriptions = FormatDescriptionList(codingNames: original.codingNames) { [self] in replaced(original[$0]) }
        return try TrackSource(track: model, reader: backing.reader)
    }
}
