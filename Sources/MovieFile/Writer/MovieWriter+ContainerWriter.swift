import MediaContainer

extension MovieWriter: ContainerWriter {
    /// A movie holds any number of tracks (track IDs are 32-bit), each with an edit list and as many sample
    /// descriptions as it needs. Segments carry no edit list: the initialization segment is handed out before the
    /// timeline is known, so neither edits nor the encoder delay can follow (CMAF allows only one in the header).
    package var capabilities: ContainerWriterCapabilities {
        let segmented = withLock { fragments?.segments != nil }
        return ContainerWriterCapabilities(maximumTrackCount: Int(Int32.max), editLists: !segmented,
                                           encoderDelay: !segmented, multipleSampleDescriptions: true)
    }
}
