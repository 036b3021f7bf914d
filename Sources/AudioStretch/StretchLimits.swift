/// Every limit of the time stretchers, in one place, with the reason for its value.
package enum StretchLimits {
    /// Highest sample rate a stretcher is configured for (768 kHz is the highest rate any consumer format uses; the
    /// same bound as the FFmpeg bridge's, so whatever is decoded can be stretched).
    package static let maximumSampleRate = 768_000

    /// Most channels Rubber Band is configured for (the same bound as the FFmpeg bridge's audio codecs).
    package static let maximumChannels = 64

    /// Most frames handed to a time stretcher in one library call. Rubber Band must be told its largest block before
    /// the first call (`rubberband_set_max_process_size`) so that it never reallocates while processing, and its R3
    /// engine analyses 4096-frame windows at 48 kHz, so larger blocks gain nothing.
    package static let blockFrames = 4096

    /// Largest speed-up or slow-down factor a time stretcher is configured for, either way (so 1/32...32). Apple
    /// documents exactly this range for every AVAudioTimePitchAlgorithm ("variable rate from 1/32 to 32"); the
    /// stretchers' output per block grows with the factor, so the bound also bounds their buffers.
    package static let maximumFactor = 32.0

    /// Most channels SoundTouch processes: `SOUNDTOUCH_MAX_CHANNELS` in soundtouch/STTypes.h (2.3.2), a
    /// compile-time constant of the library; it refuses more.
    package static let maximumSoundTouchChannels = 16
}
