import CoreMedia
import Foundation

/// A group of tracks of which one at a time is meant to be presented: the tracks sharing an alternate group
/// (AVAssetTrackGroup.h; ISO/IEC 14496-12 §8.3.2 `alternate_group`).
// Safe because immutable.
open class AVAssetTrackGroup: NSObject, NSCopying, @unchecked Sendable {
    /// The IDs of the tracks in the group, in file order. Immutable after `init`.
    public let trackIDs: [NSNumber]

    init(trackIDs: [CMPersistentTrackID]) {
        self.trackIDs = trackIDs.map { NSNumber(value: $0) }
        super.init()
    }

    /// The group itself: groups are immutable.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Groups with the same track IDs are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAssetTrackGroup else { return false }
        return trackIDs == other.trackIDs
    }

    /// Hashes the track IDs.
    public override var hash: Int { trackIDs.map(\.int32Value).hashValue }

    /// The class and the track IDs.
    public override var description: String {
        "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque()), trackIDs = \(trackIDs.map(\.int32Value))>"
    }
}
