import CoreMedia
import Foundation

/// The source tracks of one composition, each once: segments of the same file track share one
/// `CompositionSource`, so a reader opens one decoder for them and not one per segment.
///
/// Thread safety: `lock` guards the two maps; `options` is immutable.
// Safe because `lock` guards the two maps; `options` is immutable.
final class CompositionSourceRegistry: @unchecked Sendable {
    private struct FileTrack: Hashable {
        let url: URL
        let trackID: CMPersistentTrackID
    }

    /// The options URL sources are opened with (`urlAssetInitializationOptions`).
    let options: [String: Any]
    private let lock = NSLock()
    private var byBacking: [ObjectIdentifier: CompositionSource] = [:]
    private var byFile: [FileTrack: CompositionSource] = [:]

    init(options: [String: Any]) {
        self.options = options
    }

    /// The source over the open track `backing` (track `trackID` of its file).
    func source(for backing: ContainerTrackBacking, trackID: CMPersistentTrackID) -> CompositionSource {
        lock.withLock {
            // The source keeps the backing alive, so its identity is not reused while the entry exists.
            if let known = byBacking[ObjectIdentifier(backing)] { return known }
            let source = CompositionSource(backing: backing, trackID: trackID)
            byBacking[ObjectIdentifier(backing)] = source
            byFile[FileTrack(url: backing.fileURL, trackID: trackID)] = byFile[FileTrack(url: backing.fileURL, trackID: trackID)] ?? source
            return source
        }
    }

    /// The source for track `trackID` of the file at `url`: one already known, else one that opens the file with
    /// `options` when first needed.
    func source(url: URL, trackID: CMPersistentTrackID) -> CompositionSource {
        lock.withLock {
            let key = FileTrack(url: url, trackID: trackID)
            if let known = byFile[key] { return known }
            nonisolated(unsafe) let options = options
            let source = CompositionSource(url: url, trackID: trackID) {
                try Self.openTrack(trackID, of: url, options: options)
            }
            byFile[key] = source
            return source
        }
    }

    /// Track `trackID` of the file at `url`, opened as an `AVURLAsset` with `options`.
    private static func openTrack(_ trackID: CMPersistentTrackID, of url: URL, options: [String: Any])
        throws -> ContainerTrackBacking {
        let asset = AVURLAsset(url: url, options: options)
        let contents: AssetContents
        do {
            contents = try asset.contents()
        } catch {
            throw AVError(.invalidSourceMedia, "the composition's source file \(url.path) cannot be opened",
                          underlying: error)
        }
        guard let track = contents.tracks.first(where: { $0.trackID == trackID }),
              let backing = track.containerBacking else {
            throw AVError(.invalidSourceMedia, "the composition's source file \(url.path) has no track \(trackID)")
        }
        return backing
    }

    /// The segments that present `range` of `track`'s timeline, with targets from time zero: each part of the
    /// track's timeline as the composition keeps it (the source range on the source's media timeline), and an
    /// empty segment where the track presents nothing (an empty edit, or before or after its media). The range is
    /// first cut to the track's asset's duration; an error names the track and its file when nothing is left, the
    /// range is not a valid one, or the track's media cannot be used.
    func segments(presenting range: CMTimeRange, of track: AVAssetTrack) throws -> [CompositionSegment] {
        let name = "track \(track.trackID) of \(Self.describe(track.asset))"
        guard range.isValid, range.start.isNumeric else {
            throw AVError(.invalidCompositionTrackSegmentSourceStartTime,
                          "cannot insert \(range.descriptionText) of \(name): the time range's start is not a "
                          + "numeric time")
        }
        guard range.duration.isNumeric, range.duration > .zero else {
            throw AVError(.invalidCompositionTrackSegmentSourceDuration,
                          "cannot insert \(range.descriptionText) of \(name): the time range's duration is not "
                          + "positive")
        }
        let source: (Int) -> CompositionSource?
        switch track.backing {
        case let container as ContainerTrackBacking:
            do {
                _ = try container.sampleTable()
            } catch {
                throw AVError(.invalidSourceMedia, "cannot insert \(name): its sample table cannot be read",
                              underlying: error)
            }
            guard !container.formatDescriptions.isEmpty else {
                throw AVError(.invalidSourceMedia, "cannot insert \(name): it has no sample descriptions")
            }
            let shared = self.source(for: container, trackID: track.trackID)
            source = { _ in shared }
        case let composition as CompositionTrackBacking:
            source = { $0 < composition.sources.count ? composition.sources[$0] : nil }
        default:
            throw AVError(.invalidSourceMedia, "cannot insert \(name): it is neither a file's track nor a composition's")
        }
        let duration = (try? track.asset?.loadedDuration()) ?? track.timeline.end
        let available = CMTimeRange(start: .zero, end: max(duration, track.timeline.end))
        let clipped = CMTimeRangeGetIntersection(range, otherRange: available)
        guard clipped.isValid, clipped.duration > .zero else {
            throw AVError(.invalidCompositionTrackSegmentSourceStartTime,
                          "cannot insert \(range.start.messageSeconds)–\(range.end.messageSeconds) s of \(name): the track's asset "
                          + "lasts \(available.duration.messageSeconds) s, so the range holds nothing")
        }
        var result: [CompositionSegment] = []
        var position = clipped.start
        func append(_ part: CMTimeRange, _ media: CompositionSegment.Media?) {
            result.append(CompositionSegment(target: CMTimeRange(start: part.start - clipped.start, duration: part.duration),
                                             media: media))
        }
        for segment in track.timeline.segments {
            let part = CMTimeRangeGetIntersection(segment.target, otherRange: clipped)
            guard part.isValid, part.duration > .zero else { continue }
            if part.start > position { append(CMTimeRange(start: position, end: part.start), nil) }
            if let media = segment.media, segment.isPresented, let shared = source(media.source) {
                let start = segment.mediaTime(ofTrackTime: part.start)
                let length = media.rate.isDwell ? CMTime(value: 0, timescale: media.timescale)
                    : media.rate.mediaDuration(ofTrack: part.duration)
                append(part, CompositionSegment.Media(source: shared, range: CMTimeRange(start: start, duration: length)))
            } else {
                append(part, nil)
            }
            position = part.end
        }
        if position < clipped.end { append(CMTimeRange(start: position, end: clipped.end), nil) }
        return result
    }

    /// An asset's URL (or kind), for messages.
    static func describe(_ asset: AVAsset?) -> String {
        guard let asset else { return "a released asset" }
        if let url = (asset as? AVURLAsset)?.url { return url.path }
        return asset is AVComposition ? "a composition" : "an asset without a URL"
    }
}
