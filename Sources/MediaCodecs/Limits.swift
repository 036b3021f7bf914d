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
}
