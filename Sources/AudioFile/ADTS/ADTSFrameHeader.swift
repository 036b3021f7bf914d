/// The header of an ADTS frame (ISO/IEC 14496-3 §1.A.3.2 adts_fixed_header and adts_variable_header, and
/// ISO/IEC 13818-7 §6.2): profile, sampling frequency index, channel configuration, frame length, raw data block
/// count, and whether a CRC follows.
struct ADTSFrameHeader: Equatable {
    /// Sampling frequencies by index (ISO/IEC 14496-3 Table 1.18); 13 and 14 are reserved, 15 is not allowed here.
    static let sampleRates = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025,
                              8_000, 7_350]

    /// The seven header bytes.
    let bytes: [UInt8]
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
        guard let bytes = data.copyBytes(at: offset, count: 7), bytes[0] == 0xFF, bytes[1] & 0xF6 == 0xF0 else {
            return nil
        }
        self.bytes = bytes
        hasCRC = bytes[1] & 1 == 0
        profile = Int(bytes[2] >> 6)
        sampleRateIndex = Int(bytes[2] >> 2 & 0xF)
        channelConfiguration = Int(bytes[2] & 1) << 2 | Int(bytes[3] >> 6)
        frameLength = Int(bytes[3] & 3) << 11 | Int(bytes[4]) << 3 | Int(bytes[5] >> 5)
        rawDataBlocks = Int(bytes[6] & 3) + 1
        guard sampleRateIndex < Self.sampleRates.count, frameLength >= headerLength + 1 else { return nil }
    }

    /// Bytes before the first raw data block: 7, plus the CRC (2) and, with several blocks, their positions.
    var headerLength: Int { hasCRC ? 7 + 2 * (rawDataBlocks - 1) + 2 : 7 }

    var sampleRate: Int { Self.sampleRates[sampleRateIndex] }

    /// Whether `other` continues the same stream: same MPEG version, profile, sampling frequency and channel
    /// configuration (CRC presence may change).
    func isCompatible(with other: ADTSFrameHeader) -> Bool {
        bytes[1] & 0xFE == other.bytes[1] & 0xFE && bytes[2] & 0xFD == other.bytes[2] & 0xFD
            && bytes[3] & 0xC0 == other.bytes[3] & 0xC0
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
