/// A track added to a `MovieWriter`.
package struct MovieTrackHandle: Hashable, Sendable {
    /// Position among the writer's tracks.
    let index: Int
    /// The track's ID in the file (`tkhd`).
    package let trackID: Int32
}
