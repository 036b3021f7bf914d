/// Every limit of the codec layer, in one place, with the reason for its value.
enum Limits {
    /// Largest picture side accepted in settings: the FFmpeg bridge's own limit (no codec wrapped goes past 8192).
    static let maximumPictureDimension = 16_384

    /// Most audio channels accepted in settings: the FFmpeg bridge configures at most 64 (native channel masks).
    static let maximumAudioChannels = 64

    /// Highest audio sample rate accepted in settings: the bridge's limit (768 kHz, the highest consumer rate).
    static let maximumSampleRate = 768_000.0

    /// Most samples one compressed buffer may hold before the decoder refuses it: far above any demuxer's chunk,
    /// low enough that per-sample bookkeeping cannot exhaust memory.
    static let maximumSamplesPerBuffer = 1 << 20

    /// Most pictures a video decoder may hold between input and output (frame threads plus reordering), past which
    /// a picture whose timing was never matched is taken as lost. H.264 and HEVC reorder at most 16; frame threading
    /// adds one per core.
    static let maximumPendingPictures = 256

    /// Slowest and fastest speed (input duration over output duration) a time-stretch session takes. Apple documents
    /// "a variable rate from 1/32 to 32" for every AVAudioTimePitchAlgorithm (developer.apple.com, the pages of
    /// `spectral`, `timeDomain` and `varispeed`); the FFmpeg bridge configures its stretchers for exactly this range.
    static let timeStretchSpeeds = (1.0 / 32)...32.0

    /// Most input frames one time-stretch session takes: 2^48 frames, 185 years at 48 kHz, so that input count times
    /// output count always fits the 128-bit product the exact frame arithmetic uses, with a quotient within `Int`.
    static let maximumTimeStretchInputFrames = 1 << 48

    /// Longest stretch a time-stretch session compares, and longest loop it tries, when it extends audio past an end
    /// with a loop of itself (`LoopExtension`): 20 ms and 50 ms at 48 kHz, capped in frames so that the search
    /// costs at most 2048 × 4096 multiply-adds per end at any rate (at 768 kHz it would be 15360 × 38400).
    static let maximumLoopWindowFrames = 2048
    static let maximumLoopPeriodFrames = 4096
}
