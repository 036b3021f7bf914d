import MediaContainer

extension MovieWriter: ContainerWriter {
    /// A movie holds any number of tracks (track IDs are 32-bit), each with an edit list and as many sample
    /// descriptions as it needs. Segments and a fragmented movie to an append-only output carry no edit list: their
    /// movie box goes out before the timeline is known, so neither edits nor the encoder delay can follow (CMAF
    /// allows only one in the header).
    package var capabilities: ContainerWriterCapabilities {
        ContainerWriterCapabilities(maximumTrackCount: Int(Int32.max), editLists: outputIsPatchable,
                                    encoderDelay: outputIsPatchable, multipleSampleDescriptions: true)
    }
}
