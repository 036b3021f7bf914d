/// The fields of an MPEG audio frame header (ISO/IEC 11172-3 §2.4.1.3, 13818-3) a demuxer needs.
struct MPEGAudioFrameHeader {
    /// 1, 2 or 3.
    var layer: Int
    /// True for MPEG-2 and MPEG-2.5 (half and quarter sample rates).
    var isLowSamplingFrequency: Bool
    /// The sample rate in Hz.
    var sampleRate: Double
    /// 1 or 2.
    var channels: UInt32

    /// The header at the start of `bytes`, or `nil` when they do not start with a valid one.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0 else { return nil }
        let version = (bytes[1] >> 3) & 3  // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
        let layerBits = (bytes[1] >> 1) & 3
        let rateIndex = Int((bytes[2] >> 2) & 3)
        guard version != 1, layerBits != 0, rateIndex != 3 else { return nil }
        layer = 4 - Int(layerBits)
        isLowSamplingFrequency = version != 3
        let rates: [Double] = [44100, 48000, 32000]
        sampleRate = rates[rateIndex] / (version == 3 ? 1 : version == 2 ? 2 : 4)
        channels = (bytes[3] >> 6) == 3 ? 1 : 2
    }
}
