/// The four-byte header of an MPEG-1/2/2.5 audio frame (ISO/IEC 11172-3 §2.4.1.3, ISO/IEC 13818-3 §2.4.1.3 and the
/// unofficial MPEG 2.5 extension): version, layer, bit rate, sample rate, padding and channel mode, from which the
/// frame's size and sample count follow.
package struct MPEGAudioFrameHeader: Hashable, Sendable {
    /// MPEG-1, MPEG-2 (half sample rates) or MPEG-2.5 (quarter sample rates).
    package enum Version: Hashable, Sendable { case mpeg1, mpeg2, mpeg25 }

    /// The 32 header bits.
    package let raw: UInt32
    /// The MPEG version.
    package let version: Version
    /// 1, 2 or 3.
    package let layer: Int
    /// Whether a 16-bit CRC follows the header (`protection_bit` 0).
    package let hasCRC: Bool
    /// Bits per second; 0 for free format.
    package let bitRate: Int
    /// Samples per second.
    package let sampleRate: Int
    /// Whether the frame has one padding slot.
    package let isPadded: Bool
    /// `mode`: 0 stereo, 1 joint stereo, 2 dual channel, 3 single channel.
    package let channelMode: Int

    /// The header in `raw`, or `nil` if it is not a valid frame header (no sync, reserved version, layer, bit rate
    /// index, sample rate index or emphasis).
    package init?(_ raw: UInt32) {
        guard raw >> 21 == 0x7FF else { return nil }
        let versionBits = raw >> 19 & 3, layerBits = raw >> 17 & 3
        let bitRateIndex = Int(raw >> 12 & 0xF), rateIndex = Int(raw >> 10 & 3)
        guard versionBits != 1, layerBits != 0, bitRateIndex != 15, rateIndex != 3, raw & 3 != 2 else { return nil }
        self.raw = raw
        version = versionBits == 3 ? .mpeg1 : versionBits == 2 ? .mpeg2 : .mpeg25
        layer = 4 - Int(layerBits)
        hasCRC = raw >> 16 & 1 == 0
        let table: [Int]
        switch (version, layer) {
        case (.mpeg1, 1): table = Self.mpeg1Layer1
        case (.mpeg1, 2): table = Self.mpeg1Layer2
        case (.mpeg1, _): table = Self.mpeg1Layer3
        case (_, 1): table = Self.mpeg2Layer1
        default: table = Self.mpeg2Layer2And3
        }
        bitRate = table[bitRateIndex] * 1000
        let rates = [44_100, 48_000, 32_000]
        sampleRate = rates[rateIndex] >> (version == .mpeg1 ? 0 : version == .mpeg2 ? 1 : 2)
        isPadded = raw >> 9 & 1 == 1
        channelMode = Int(raw >> 6 & 3)
    }

    /// The header at the start of `bytes`, if they hold one.
    package init?(bytes: some Collection<UInt8>) {
        guard bytes.count >= 4 else { return nil }
        self.init(bytes.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }

    // Bit rates in kbit/s by index 0…14 (index 0: free format), ISO/IEC 11172-3 §2.4.2.3 and 13818-3 §2.4.2.3.
    private static let mpeg1Layer1 = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
    private static let mpeg1Layer2 = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
    private static let mpeg1Layer3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    private static let mpeg2Layer1 = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
    private static let mpeg2Layer2And3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]

    /// Channels: 1 for single channel mode, else 2.
    package var channels: Int { channelMode == 3 ? 1 : 2 }

    /// Whether the bit rate index is 0 (free format: the size follows from the distance to the next frame).
    package var isFreeFormat: Bool { bitRate == 0 }

    /// Samples per channel in one frame.
    package var samplesPerFrame: Int { layer == 1 ? 384 : layer == 2 || version == .mpeg1 ? 1152 : 576 }

    /// Bytes of one padding slot (4 for Layer I).
    package var slotSize: Int { layer == 1 ? 4 : 1 }

    /// The frame size in bytes, header included; `nil` for free format.
    package var frameSize: Int? {
        guard bitRate > 0 else { return nil }
        return frameSize(bitRate: bitRate)
    }

    /// The frame size at `bitRate` bits per second (for free-format frames, whose rate is found by measuring).
    package func frameSize(bitRate: Int) -> Int {
        let padding = isPadded ? 1 : 0
        if layer == 1 { return (12 * bitRate / sampleRate + padding) * 4 }
        let coefficient = layer == 3 && version != .mpeg1 ? 72 : 144
        return coefficient * bitRate / sampleRate + padding
    }

    /// Whether `other` continues the same stream: same version, layer, sample rate and single/dual channel mode.
    package func isCompatible(with other: MPEGAudioFrameHeader) -> Bool {
        raw & 0xFFFE_0C00 == other.raw & 0xFFFE_0C00 && (channelMode == 3) == (other.channelMode == 3)
    }

    /// Offset of the Xing/Info header from the frame start: after the header and the Layer III side information.
    package var xingOffset: Int {
        let sideInfo = version == .mpeg1 ? (channels == 1 ? 17 : 32) : (channels == 1 ? 9 : 17)
        return 4 + sideInfo
    }
}
