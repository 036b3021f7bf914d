/// Every limit of the FFmpeg bridge, in one place, with the reason for its value.
package enum FFLimits {
    /// Largest picture side we configure a codec for. FFmpeg's own limit is INT_MAX/8-ish per side, but no codec we
    /// wrap (H.264 level 6.2 tops out at 8192x4320; ProRes and HEVC at 8192) needs more, and a bigger value is far
    /// more likely to be a corrupt container field than a real picture.
    package static let maximumPictureDimension = 16_384

    /// Largest extradata we hand to a decoder: avcC/hvcC/esds payloads are a few hundred bytes; 1 MiB leaves room
    /// for odd producers while refusing a corrupt 4-GiB size field before allocating.
    package static let maximumExtradataSize = 1 << 20

    /// Largest compressed packet accepted by a decoder (a 8K ProRes 4444 XQ frame is about 20 MiB).
    package static let maximumPacketSize = 256 << 20

    /// Most audio channels we configure (FFmpeg's native-order masks stop at 64, and AAC/ALAC at 8 or 48).
    package static let maximumAudioChannels = 64

    /// Highest audio sample rate we configure (768 kHz is the highest rate any consumer format uses).
    package static let maximumSampleRate = 768_000

    /// Size of the buffer one FFmpeg log line is formatted into; longer lines are truncated.
    package static let logLineCapacity = 1024

    /// Most frames handed to a time stretcher in one library call. Rubber Band must be told its largest block before
    /// the first call (`rubberband_set_max_process_size`) so that it never reallocates while processing, and its R3
    /// engine analyses 4096-frame windows at 48 kHz, so larger blocks gain nothing.
    package static let timeStretchBlockFrames = 4096

    /// Largest speed-up or slow-down factor a time stretcher is configured for, either way (so 1/32...32). Apple
    /// documents exactly this range for every AVAudioTimePitchAlgorithm ("variable rate from 1/32 to 32"); the
    /// stretchers' output per block grows with the factor, so the bound also bounds their buffers.
    package static let maximumTimeStretchFactor = 32.0

    /// Most channels SoundTouch processes: `SOUNDTOUCH_MAX_CHANNELS` in soundtouch/STTypes.h (2.3.2), a
    /// compile-time constant of the library; it refuses more.
    package static let maximumSoundTouchChannels = 16

    /// Most source pixels per destination pixel, each way, that a shrinking draw's filter kernel spans in one step
    /// (`FFBitmapDrawing`). pixman's separable filters cost the square of the kernel's width per pixel, so larger
    /// shrinks first average the source down by a whole factor, then filter what is left.
    package static let maximumFilterScale = 32
}

extension FFLimits {
    /// The largest still image ImageIO decodes: PNG's and JPEG's own ceiling of 65,535 pixels a side, and at most
    /// 2^28 pixels (1 GiB as RGBA), checked against the header before any pixel memory is taken.
    package static let stillImage = FFStillImageLimits(maximumDimension: 65_535, maximumPixelCount: 1 << 28)
}
