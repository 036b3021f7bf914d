import MediaContainer

extension MovieWriter: ContainerWriter {
    /// A movie holds any number of tracks (track IDs are 32-bit), each with an edit list and as many sample
    /// descriptions as it needs.
    package var capabilities: ContainerWriterCapabilities {
        ContainerWriterCapabilities(maximumTrackCount: Int(Int32.max), editLists: true, multipleSampleDescriptions: true)
    }
}
