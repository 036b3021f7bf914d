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
}
