import CoreMedia

/// What a container writer (MOV/MP4 and its relatives, WAV, AIFF, AIFC, CAF, AMR) gives the asset layer: the
/// writing counterpart of `ContainerReader`. The asset layer's writer and export talk to every output format
/// through this seam alone, asking for what a format can do (`capabilities`) instead of knowing which it is.
///
/// Life: tracks are added (each with its first sample description), then samples are appended per track in decode
/// order, each track is marked finished, its timeline (`TrackTimeline`, encoder delay) may be set, and `finish()`
/// completes the output. `cancel()`, or any failure, removes the output and every temporary file; after a failure
/// every call throws it again. Conformers are safe to call from any thread (each serialises itself), and calls
/// about different tracks may come from different threads.
package protocol ContainerWriter: AnyObject, Sendable {
    /// What this writer's format can hold, so the caller can refuse what it cannot instead of losing it.
    var capabilities: ContainerWriterCapabilities { get }

    /// Adds a track. Its configuration's first format description must be known when the format's header depends
    /// on it (an audio file's).
    func addTrack(_ configuration: OutputTrackConfiguration) throws(ContainerWriterError) -> OutputTrack
    /// Adds a sample description to `track`; returns its 1-based index for `OutputSample.descriptionIndex`.
    func addSampleDescription(_ description: CMFormatDescription, to track: OutputTrack)
        throws(ContainerWriterError) -> Int
    /// Records that `source` refers to `target` with a track reference of `type` (`chap`, `tmcd`, `sync`…).
    func addTrackReference(type: FourCharCode, from source: OutputTrack, to target: OutputTrack)
        throws(ContainerWriterError)

    /// Appends a sample (or a run of equal samples) to `track`, in decode order. A refused sample (times out of
    /// order, a missing description) throws `.invalidArgument` and the writer carries on; a file-system failure
    /// fails the writer.
    func append(_ sample: OutputSample, to track: OutputTrack) throws(ContainerWriterError)
    /// Whether `track` can take more samples now without the writer holding more than its bound in memory (a
    /// movie's chunk interleaving waits for a lagging track).
    func isReadyForMoreMediaData(_ track: OutputTrack) -> Bool
    /// Records that `track` has no more samples.
    func markFinished(_ track: OutputTrack) throws(ContainerWriterError)

    /// Sets what `track` presents when: its segments' media times are on the samples' timeline (the caller's), and
    /// its track times on the movie's, from zero. `nil` restores the default (the whole media once, from where the
    /// track starts relative to the others, without its encoder delay and padding); a timeline without segments
    /// writes no edit list at all. Only a writer whose capabilities include `editLists` takes one; it writes the
    /// timeline with `TrackTimeline.editList(movieTimescale:mediaTimescale:)`.
    func setTimeline(_ timeline: TrackTimeline?, for track: OutputTrack) throws(ContainerWriterError)
    /// Records `track`'s encoder delay (priming) and padding (remainder) in media ticks. Only a writer whose
    /// capabilities include `encoderDelay` takes one.
    func setEncoderDelay(_ delay: Int64, padding: Int64, for track: OutputTrack) throws(ContainerWriterError)

    /// What the file would measure if it were finished now. Throws when the format's size cannot be known before
    /// the end (a fragmented movie's).
    func sizeProjection() throws(ContainerWriterError) -> OutputSizeProjection
    /// The samples each track has been given so far (LPCM counts frames), in the order the tracks were added: a
    /// cheap query that tells a caller which of its samples the writer has taken.
    var trackSampleCounts: [Int] { get }

    /// Completes the output.
    func finish() throws(ContainerWriterError)
    /// Waits until everything `finish()` made was handed over: a writer that hands its output to a callback (segments)
    /// does so on its own thread, which the caller waits for without holding locks the callback may need.
    func waitUntilOutputDelivered()
    /// Stops writing and removes the output and every temporary file.
    func cancel()
}

/// What a container writer's format can hold.
package struct ContainerWriterCapabilities: Sendable, Equatable {
    /// The most tracks the format holds (1 for an audio file).
    package var maximumTrackCount: Int
    /// Whether tracks carry edit lists, so a timeline that cuts or shifts media can be written.
    package var editLists: Bool
    /// Whether a track's encoder delay and padding can be recorded once its samples are written (CAF's packet
    /// table, a movie's edit list; not segments already handed out).
    package var encoderDelay: Bool
    /// Whether a track may change sample description mid-stream.
    package var multipleSampleDescriptions: Bool

    package init(maximumTrackCount: Int, editLists: Bool, encoderDelay: Bool, multipleSampleDescriptions: Bool) {
        self.maximumTrackCount = maximumTrackCount
        self.editLists = editLists
        self.encoderDelay = encoderDelay
        self.multipleSampleDescriptions = multipleSampleDescriptions
    }
}
