/// An ADTS frame header (ISO/IEC 14496-3 §1.A.2.2), as in raw .aac files and MPEG-TS.
package struct FFADTSHeader: Hashable, Sendable {
    /// Audio object type (1–4: ADTS's 2-bit profile field plus one).
    package var objectType: Int
    /// Sample rate (one of the 13 indexed rates).
    package var sampleRate: Int
    /// channelConfiguration (0 means a program config element in the raw data).
    package var channelConfiguration: Int
    /// Whole frame length, header included.
    package var frameLength: Int
    /// Header length: 7, or 9 with a CRC.
    package var headerLength: Int
    /// raw_data_blocks in the frame (1–4).
    package var rawDataBlockCount: Int
    /// Whether the header says MPEG-2 (ID bit 1) rather than MPEG-4.
    package var isMPEG2: Bool

    /// Parses the header at the start of `bytes`.
    package init(parsing bytes: [UInt8]) throws(FFError) {
        func fail(_ message: String) -> FFError { FFError(.invalidData, operation: "FFADTSHeader(parsing:)", message: message) }
        guard bytes.count >= 7 else { throw fail("an ADTS header is 7 bytes; \(bytes.count) given") }
        var r = FFBitReader(Array(bytes.prefix(9)))
        guard r.read(12) == 0xFFF else { throw fail("no ADTS syncword") }
        let id = r.read(1)!
        guard r.read(2) == 0 else { throw fail("layer is not 0") }
        let protectionAbsent = r.read(1)!
        let profile = r.read(2)!
        let frequencyIndex = Int(r.read(4)!)
        _ = r.read(1)
        let channels = r.read(3)!
        _ = r.read(4)
        let length = Int(r.read(13)!)
        _ = r.read(11)
        let blocks = Int(r.read(2)!) + 1
        guard frequencyIndex < FFAudioSpecificConfig.samplingFrequencies.count else {
            throw fail("reserved sampling_frequency_index \(frequencyIndex)")
        }
        objectType = Int(profile) + 1
        sampleRate = FFAudioSpecificConfig.samplingFrequencies[frequencyIndex]
        channelConfiguration = Int(channels)
        headerLength = protectionAbsent == 1 ? 7 : 9
        frameLength = length
        rawDataBlockCount = blocks
        isMPEG2 = id == 1
        guard length >= headerLength else { throw fail("aac_frame_length \(length) is shorter than the header") }
    }

    /// A header for one raw data block of `payloadLength` bytes coded with `config`, without CRC. Fails when ADTS
    /// cannot express the configuration (object types above 4, unindexed rates, frames over 8191 bytes).
    package init(config: FFAudioSpecificConfig, payloadLength: Int) throws(FFError) {
        func fail(_ message: String) -> FFError { FFError(.invalidArgument, operation: "FFADTSHeader(config:)", message: message) }
        guard (1...4).contains(config.objectType) else { throw fail("ADTS carries object types 1–4, not \(config.objectType)") }
        guard FFAudioSpecificConfig.samplingFrequencies.contains(config.sampleRate) else {
            throw fail("ADTS cannot signal \(config.sampleRate) Hz")
        }
        guard (0...7).contains(config.channelConfiguration) else {
            throw fail("ADTS cannot signal channelConfiguration \(config.channelConfiguration)")
        }
        guard payloadLength >= 0, payloadLength + 7 <= 0x1FFF else { throw fail("a \(payloadLength)-byte frame is too long for ADTS") }
        objectType = config.objectType
        sampleRate = config.sampleRate
        channelConfiguration = config.channelConfiguration
        frameLength = payloadLength + 7
        headerLength = 7
        rawDataBlockCount = 1
        isMPEG2 = false
    }

    /// The 7-byte header (protection absent).
    package var bytes: [UInt8] {
        var w = FFBitWriter()
        w.write(0xFFF, 12)
        w.write(isMPEG2 ? 1 : 0, 1)
        w.write(0, 2)                                   // layer
        w.write(1, 1)                                   // protection_absent
        w.write(UInt32(objectType - 1), 2)
        w.write(UInt32(FFAudioSpecificConfig.samplingFrequencies.firstIndex(of: sampleRate) ?? 0), 4)
        w.write(0, 1)                                   // private_bit
        w.write(UInt32(channelConfiguration), 3)
        w.write(0, 4)                                   // original_copy, home, copyright bits
        w.write(UInt32(frameLength), 13)
        w.write(0x7FF, 11)                              // adts_buffer_fullness: variable rate
        w.write(UInt32(rawDataBlockCount - 1), 2)
        return w.bytes
    }

    /// The AudioSpecificConfig equivalent to this header (for an esds or a decoder).
    package var audioSpecificConfig: FFAudioSpecificConfig {
        FFAudioSpecificConfig(objectType: objectType, sampleRate: sampleRate, channelConfiguration: channelConfiguration)
    }
}
