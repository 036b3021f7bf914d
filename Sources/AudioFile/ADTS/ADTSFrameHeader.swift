/// The header of an ADTS frame (ISO/IEC 14496-3 §1.A.3.2 adts_fixed_header and adts_variable_header, and
/// ISO/IEC 13818-7 §6.2): profile, sampling frequency index, channel configuration, frame length, raw data block
/// count, and whether a CRC follows.
struct ADTSFrameHeader: Equatable {
    /// Sampling frequencies by index (ISO/IEC 14496-3 Table 1.18); 13 and 14 are reserved, 15 is not allowed here.
    static let sampleRates = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025,
                              8_000, 7_350]

    /// The seven header bytes, big-endian in the low 56 bits.
    let raw: UInt64
    /// 0 Main, 1 LC, 2 SSR, 3 LTP (the MPEG-4 audio object type minus one).
    let profile: Int
    let sampleRateIndex: Int
    /// 0: a program config element in the stream says; 1…7: the standard configurations.
    let channelConfiguration: Int
    /// Whether a CRC (and, with several raw data blocks, their positions) follows the fixed seven bytes.
    let hasCRC: Bool
    /// The whole frame's length, header included.
    let frameLength: Int
    /// Raw data blocks in the frame (1…4).
    let rawDataBlocks: Int

    /// The header at `offset`, or `nil` if none is there (no sync, a layer other than 0, a reserved sampling
    /// frequency index, a frame length shorter than its header).
    init?(in data: AudioFileData, at offset: Int) {
        // Sync (12 bits), layer 00: the top 16 bits read 0xFFF0 or 0xFFF8 with the protection bit masked off.
        guard let raw = data.bigEndian(at: offset, size: 7), raw >> 40 & 0xFFF6 == 0xFFF0 else { return nil }
        self.raw = raw
        hasCRC = raw >> 40 & 1 == 0
        profile = Int(raw >> 38 & 3)
        sampleRateIndex = Int(raw >> 34 & 0xF)
        channelConfiguration = Int(raw >> 30 & 7)
        frameLength = Int(raw >> 13 & 0x1FFF)
        rawDataBlocks = Int(raw & 3) + 1
        guard sampleRateIndex < Self.sampleRates.count, frameLength >= headerLength + 1 else { return nil }
    }

    /// Bytes before the first raw data block: 7, plus the CRC (2) and, with several blocks, their positions.
    var headerLength: Int { hasCRC ? 7 + 2 * (rawDataBlocks - 1) + 2 : 7 }

    var sampleRate: Int { Self.sampleRates[sampleRateIndex] }

    /// Whether `other` continues the same stream: same MPEG version, profile, sampling frequency and channel
    /// configuration (CRC presence may change).
    func isCompatible(with other: ADTSFrameHeader) -> Bool {
        // Bytes 1 to 3 of the header, less the protection bit (byte 1) and the private bit (byte 2), and
        // without the frame length bits of byte 3.
        let mask: UInt64 = 0x00FE_FDC0 << 24
        return raw & mask == other.raw & mask
    }

    /// The AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1) this header implies: object type, sampling frequency
    /// index, channel configuration, and a GASpecificConfig with all flags 0 (1024-frame packets, no core coder,
    /// no extension), followed by `programConfig` bits when the channel configuration is 0.
    func audioSpecificConfig(programConfig: ProgramConfigElement? = nil) -> [UInt8] {
        var writer = BitWriter()
        writer.write(profile + 1, bits: 5)
        writer.write(sampleRateIndex, bits: 4)
        writer.write(channelConfiguration, bits: 4)
        writer.write(0, bits: 3)
        if channelConfiguration == 0, let programConfig { programConfig.write(to: &writer) }
        return writer.bytes
    }
}
