/// A track added to a `ContainerWriter`: what the writer hands back from `addTrack` and takes in every call about
/// the track.
package struct OutputTrack: Hashable, Sendable {
    /// Position among the writer's tracks, in the order they were added.
    package let index: Int
    /// The track's ID in the file (`tkhd`; 1 for an audio file's one stream).
    package let trackID: Int32

    /// The track at `index` with ID `trackID`.
    package init(index: Int, trackID: Int32) {
        self.index = index
        self.trackID = trackID
    }
}
