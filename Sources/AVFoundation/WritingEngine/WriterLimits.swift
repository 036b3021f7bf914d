/// The writing engine's limits, each with the reason for its number.
enum WriterLimits {
    /// Items an input's worker may have queued before the input reports not ready: enough to keep an encoder busy
    /// while the caller prepares the next buffer, few enough that a caller who honours readiness holds only a few
    /// frames in flight (the encoder's own look-ahead comes on top).
    static let queuedItems = 8
    /// The same in real-time mode (`expectsMediaDataInRealTime`): a capture source drops a frame when the input is
    /// not ready, which is better than queueing: every queued frame is lost too when a live recording is killed, on
    /// top of its last fragment. Six frames (0.2 s at 30 fps) ride out a key frame that takes longer to encode.
    static let realTimeQueuedItems = 6
    /// Bytes an input may have queued (pictures or uncompressed audio to encode) before it reports not ready: about
    /// two 1080p pictures. x264 takes a picture at once (its frame threads and look-ahead hold what they need), so a
    /// longer queue only holds memory: encoding 150 raw 1080p frames took the same time with 32 MiB and with 8
    /// (five alternating runs each) and 12–15 MB less at peak. A picture larger than this is still taken, alone.
    static let queuedBytes = 8 << 20
    /// The same in real-time mode, where a queue that is briefly long (a key frame takes longer to encode) must not
    /// make a capture source drop frames.
    static let realTimeQueuedBytes = 32 << 20
    /// A caller that appends while an input is not ready waits once the queue holds this many items, so memory stays
    /// bounded whatever the caller does (the worker never waits on the caller, so this wait always ends).
    static let hardQueuedItems = 64
    /// Sample bytes an input may stage while another input has not produced its first sample (the output's tracks
    /// are made only when every track's format is known). Past it the input reports not ready, which lets the
    /// other input be fed.
    static let stagedBytes = 4 << 20
    /// Most linear PCM frames one appended buffer may hold: the container writers take at most 2^24 samples per
    /// append (`MovieWriterLimits.maximumSamplesPerAppend`), and the engine's frame arithmetic (`Int32` multipliers
    /// of a frame's duration) stays in range below it.
    static let maximumFramesPerBuffer = 1 << 24
    /// Seconds of samples an input may stage while another input has not produced its first sample: two of the
    /// muxer's chunks. Without it an input fed from a blocking source (the export's request blocks share one queue
    /// and wait for the encoder) staged its whole 4 MiB first: 8 s of 720p video, held until the other track began.
    static let stagedSeconds = 1.0
    /// Delay before a `requestMediaDataWhenReady` block that returned without appending, while still ready, is run
    /// again, so that a block with nothing to give does not spin a core.
    static let idleRequestDelayMilliseconds = 5
}
