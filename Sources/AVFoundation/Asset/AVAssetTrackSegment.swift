import CoreMedia
import Foundation

/// One segment of a track's timeline: a time mapping from the track's media onto the track (AVAssetTrackSegment.h).
// Safe because immutable.
open class AVAssetTrackSegment: NSObject, @unchecked Sendable {
    /// The mapping; an empty segment's source range is invalid. Immutable after `init`.
    public let timeMapping: CMTimeMapping

    init(timeMapping: CMTimeMapping) {
        self.timeMapping = timeMapping
        super.init()
    }

    /// Whether the segment presents nothing (an empty edit).
    open var isEmpty: Bool { timeMapping.isEmpty }

    /// Segments with equal mappings are equal.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAssetTrackSegment else { return false }
        return timeMapping.isEqual(to: other.timeMapping)
    }

    /// Hashes the mapping.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(timeMapping.source)
        hasher.combine(timeMapping.target)
        return hasher.finalize()
    }

    /// The class and the mapping.
    open override var description: String {
        let address = Unmanaged.passUnretained(self).toOpaque()
        return "<\(type(of: self)): \(address), empty = \(isEmpty), \(timeMapping.descriptionText)>"
    }
}
