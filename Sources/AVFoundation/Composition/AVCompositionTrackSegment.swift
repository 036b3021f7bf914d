import CoreMedia
import Foundation

/// A segment of a composition track: an empty stretch of the track's timeline, or a time range of a track of a
/// media file presented over a range of the composition track's timeline (AVCompositionTrackSegment.h).
///
/// `timeMapping.source` is on the source track's media timeline (the presentation times of its samples, as an
/// edit list's media time is), `timeMapping.target` on the composition track's timeline; the media plays at rate
/// source duration / target duration.
///
/// Thread safety: immutable after `init`.
// Safe because immutable after `init`.
open class AVCompositionTrackSegment: AVAssetTrackSegment, @unchecked Sendable {
    /// The URL of the file of the media the segment presents; nil for an empty segment.
    public let sourceURL: URL?
    /// The ID of the track of that file; `kCMPersistentTrackID_Invalid` for an empty segment.
    public let sourceTrackID: CMPersistentTrackID
    /// The open source track, when the segment came from a composition (made from a URL, the composition opens it).
    let source: CompositionSource?

    /// A segment presenting `sourceTimeRange` of track `trackID` of the file at `URL` over `targetTimeRange`.
    public init(url URL: URL, trackID: CMPersistentTrackID, sourceTimeRange: CMTimeRange, targetTimeRange: CMTimeRange) {
        sourceURL = URL
        sourceTrackID = trackID
        source = nil
        super.init(timeMapping: CMTimeMapping(source: sourceTimeRange, target: targetTimeRange))
    }

    /// An empty segment over `timeRange`.
    public init(timeRange: CMTimeRange) {
        sourceURL = nil
        sourceTrackID = kCMPersistentTrackID_Invalid
        source = nil
        super.init(timeMapping: CMTimeMappingMakeEmpty(target: timeRange))
    }

    /// The segment a composition keeps as `segment`.
    init(_ segment: CompositionSegment) {
        if let media = segment.media {
            sourceURL = media.source.url
            sourceTrackID = media.source.trackID
            source = media.source
            super.init(timeMapping: CMTimeMapping(source: media.range, target: segment.target))
        } else {
            sourceURL = nil
            sourceTrackID = kCMPersistentTrackID_Invalid
            source = nil
            super.init(timeMapping: CMTimeMappingMakeEmpty(target: segment.target))
        }
    }

    /// Whether the segment presents nothing.
    open override var isEmpty: Bool { sourceURL == nil && source == nil }

    /// The source, for messages.
    var sourceName: String {
        source?.name ?? "track \(sourceTrackID) of \(sourceURL?.lastPathComponent ?? "no file")"
    }

    /// Segments with equal mappings, sources and track IDs are equal.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVCompositionTrackSegment else { return false }
        return timeMapping.isEqual(to: other.timeMapping) && sourceURL == other.sourceURL
            && sourceTrackID == other.sourceTrackID
    }

    /// Hashes the mapping and the source.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(timeMapping.source)
        hasher.combine(timeMapping.target)
        hasher.combine(sourceURL)
        hasher.combine(sourceTrackID)
        return hasher.finalize()
    }

    /// The class, the source and the mapping.
    open override var description: String {
        let what = isEmpty ? "empty" : sourceName
        let address = Unmanaged.passUnretained(self).toOpaque()
        return "<\(type(of: self)): \(address), \(what), \(timeMapping.descriptionText)>"
    }
}
