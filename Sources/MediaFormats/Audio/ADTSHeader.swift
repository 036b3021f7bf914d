/// The header of an ADTS frame (ISO/IEC 14496-3 §1.A.3.2 adts_fixed_header and adts_variable_header, ISO/IEC
/// 13818-7 §6.2), as raw `.aac` files and MPEG-TS carry AAC: profile, sampling frequency index, channel
/// configuration, frame length, raw data block count, and whether a CRC follows.
package struct ADTSHeader: Hashable, Sendable {
    /// Bytes of the fixed and variable header, without the CRC.
    package static let fixedLength = 7

    /// `ID`: true for MPEG-2 AAC (13818-7), false for MPEG-4.
    package var isMPEG2: Bool
    /// Whether a CRC (and, with several raw data blocks, their positions) follows the seven header bytes
    /// (`protection_absent` 0).
    package var hasCRC: Bool
    /// `profile_ObjectType`: the MPEG-4 audio object type minus one (0 Main, 1 LC, 2 SSR, 3 LTP).
    package var profile: Int
    /// `sampling_frequency_index` (ISO/IEC 14496-3 Table 1.18; 13 and 14 are reserved, 15 is not allowed here).
    package var samplingFrequencyIndex: Int
    /// `private_bit`.
    package var privateBit: Bool = false
    /// `channel_configuration`: 0 means a program config element in the first raw data block names the channels.
    package var channelConfiguration: Int
    /// `original_copy`.
    package var isOriginal: Bool = false
    /// `home`.
    package var home: Bool = false
    /// `copyright_identification_bit` and `copyright_identification_start`.
    package var copyrightBits: UInt8 = 0
    /// `aac_frame_length`: the whole frame's length, header included.
    package var frameLength: Int
    /// `adts_buffer_fullness` (0x7FF: variable bit rate).
    package var bufferFullness: Int = 0x7FF
    /// Raw data blocks in the frame (1…4).
    package var rawDataBlockCount: Int

    /// The header in the 56 bits of `raw` (the seven header bytes, big-endian), or `nil` if none is there: no sync
    /// word, a layer other than 0, a reserved sampling frequency index, or a frame shorter than its header plus one
    /// byte.
    package init?(raw: UInt64) {
        // Sync (12 bits), layer 00: the top 16 bits read 0xFFF0 or 0xFFF8 with the protection bit masked off.
        guard raw >> 40 & 0xFFF6 == 0xFFF0 else { return nil }
        isMPEG2 = raw >> 43 & 1 == 1
        hasCRC = raw >> 40 & 1 == 0
        profile = Int(raw >> 38 & 3)
        samplingFrequencyIndex = Int(raw >> 34 & 0xF)
        privateBit = raw >> 33 & 1 == 1
        channelConfiguration = Int(raw >> 30 & 7)
        isOriginal = raw >> 29 & 1 == 1
        home = raw >> 28 & 1 == 1
        copyrightBits = UInt8(raw >> 26 & 3)
        frameLength = Int(raw >> 13 & 0x1FFF)
        bufferFullness = Int(raw >> 2 & 0x7FF)
        rawDataBlockCount = Int(raw & 3) + 1
        guard samplingFrequencyIndex < AudioSpecificConfig.samplingFrequencies.count,
              frameLength >= headerLength + 1 else { return nil }
    }

    /// The header at the start of `bytes`.
    package init(parsing bytes: [UInt8]) throws(MediaFormatError) {
        var reader = ByteReader(bytes)
        let raw = try reader.readUInt(size: Self.fixedLength)
        guard let header = ADTSHeader(raw: raw) else {
            throw MediaFormatError(.invalidValue, at: 0, "not an ADTS header (sync word, layer 0, a listed sampling "
                                   + "frequency and a frame longer than its header are needed)")
        }
        self = header
    }

    /// A header for one raw data block of `payloadLength` bytes coded with `config`, without CRC. Fails when ADTS
    /// cannot express the configuration (object types above 4, rates Table 1.18 lacks, SBR signalled, channel
    /// configurations above 7, frames over 8191 bytes).
    package init(config: AudioSpecificConfig, payloadLength: Int) throws(MediaFormatError) {
        func fail(_ message: String) -> MediaFormatError { MediaFormatError(.unrepresentable, at: 0, message) }
        guard (1...4).contains(config.objectType), !config.hasSBR else {
            throw fail("ADTS carries object types 1–4 without SBR, not \(config.objectType)")
        }
        guard let index = AudioSpecificConfig.samplingFrequencyIndex(of: config.sampleRate) else {
            throw fail("ADTS cannot signal \(config.sampleRate) Hz")
        }
        guard (0...7).contains(config.channelConfiguration) else {
            throw fail("ADTS cannot signal channel configuration \(config.channelConfiguration)")
        }
        guard payloadLength >= 0, payloadLength + Self.fixedLength <= 0x1FFF else {
            throw fail("a \(payloadLength)-byte frame is too long for ADTS")
        }
        isMPEG2 = false
        hasCRC = false
        profile = config.objectType - 1
        samplingFrequencyIndex = index
        channelConfiguration = config.channelConfiguration
        frameLength = payloadLength + Self.fixedLength
        rawDataBlockCount = 1
    }

    /// Bytes before the first raw data block: 7, plus the CRC (2) and, with several blocks, their positions.
    package var headerLength: Int { hasCRC ? 7 + 2 * (rawDataBlockCount - 1) + 2 : 7 }

    /// The sample rate of the index.
    package var sampleRate: Int { AudioSpecificConfig.samplingFrequencies[samplingFrequencyIndex] }

    /// The MPEG-4 audio object type (`profile` + 1).
    package var objectType: Int { profile + 1 }

    /// Whether `other` continues the same stream: same MPEG version, profile, sampling frequency and channel
    /// configuration (CRC presence, the private, original and home bits may change).
    package func isCompatible(with other: ADTSHeader) -> Bool {
        isMPEG2 == other.isMPEG2 && profile == other.profile && samplingFrequencyIndex == other.samplingFrequencyIndex
            && channelConfiguration == other.channelConfiguration
    }

    /// The seven header bytes (a CRC, if `hasCRC`, is the caller's to append).
    package var bytes: [UInt8] {
        var writer = BitWriter()
        writer.writeBits(0xFFF, count: 12)
        writer.writeFlag(isMPEG2)
        writer.writeBits(0, count: 2)  // layer
        writer.writeFlag(!hasCRC)      // protection_absent
        writer.writeBits(profile, count: 2)
        writer.writeBits(samplingFrequencyIndex, count: 4)
        writer.writeFlag(privateBit)
        writer.writeBits(channelConfiguration, count: 3)
        writer.writeFlag(isOriginal)
        writer.writeFlag(home)
        writer.writeBits(copyrightBits, count: 2)
        writer.writeBits(frameLength, count: 13)
        writer.writeBits(bufferFullness, count: 11)
        writer.writeBits(rawDataBlockCount - 1, count: 2)
        return writer.bytes
    }

    /// The AudioSpecificConfig this header implies (ISO/IEC 14496-3 §1.A.3.3): object type, sampling frequency and
    /// channel configuration, 1024-sample frames, and for channel configuration 0 the stream's program config
    /// element.
    package func audioSpecificConfig(programConfigElement: ProgramConfigElement? = nil) -> AudioSpecificConfig {
        AudioSpecificConfig(objectType: objectType, sampleRate: sampleRate, channelConfiguration: channelConfiguration,
                            programConfigElement: channelConfiguration == 0 ? programConfigElement : nil)
    }
}
