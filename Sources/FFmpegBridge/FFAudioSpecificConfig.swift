/// MPEG-4 AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1): the AAC setup bytes in esds and in an encoder's
/// extradata.
package struct FFAudioSpecificConfig: Hashable, Sendable {
    /// The sampling frequencies of `samplingFrequencyIndex` 0…12 (ISO/IEC 14496-3 Table 1.18).
    package static let samplingFrequencies = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000,
                                              11025, 8000, 7350]

    /// Audio object type of the core coder (2 = AAC LC, 1 = Main, 3 = SSR, 4 = LTP; 23 = ER AAC LD, …).
    package var objectType: Int
    /// Sample rate of the core coder.
    package var sampleRate: Int
    /// channelConfiguration (1–7, 11–14); 0 means the channels are in a program config element.
    package var channelConfiguration: Int
    /// Channel count: from `channelConfiguration`, or from the program config element when that is 0.
    package var channelCount: Int
    /// Whether frames are 960 samples rather than 1024 (GASpecificConfig frameLengthFlag).
    package var usesShortFrames: Bool
    /// Whether SBR (HE-AAC) is signalled, explicitly (object type 5/29 or the 0x2B7 extension).
    package var hasSBR: Bool
    /// Whether Parametric Stereo (HE-AAC v2) is signalled.
    package var hasPS: Bool
    /// The output sample rate with SBR (twice the core rate, or as signalled); `nil` without SBR.
    package var extensionSampleRate: Int?

    /// Describes a plain configuration (no SBR/PS).
    package init(objectType: Int = 2, sampleRate: Int, channelConfiguration: Int, usesShortFrames: Bool = false) {
        self.objectType = objectType
        self.sampleRate = sampleRate
        self.channelConfiguration = channelConfiguration
        self.channelCount = FFAudioSpecificConfig.channels(ofConfiguration: channelConfiguration) ?? 0
        self.usesShortFrames = usesShortFrames
        hasSBR = false
        hasPS = false
        extensionSampleRate = nil
    }

    /// Samples per channel the decoder outputs per frame (1024 or 960, doubled with SBR).
    package var samplesPerFrame: Int { (usesShortFrames ? 960 : 1024) * (hasSBR ? 2 : 1) }

    /// The output sample rate (the SBR rate when SBR is present).
    package var outputSampleRate: Int { extensionSampleRate ?? sampleRate }

    /// Channels of channelConfiguration 1–14 (Table 1.19 and its amendments), `nil` for reserved values.
    package static func channels(ofConfiguration configuration: Int) -> Int? {
        switch configuration {
        case 1...6: return configuration
        case 7: return 8
        case 11: return 7
        case 12, 14: return 8
        case 13: return 24
        default: return nil
        }
    }

    /// Parses AudioSpecificConfig bytes.
    package init(parsing bytes: [UInt8]) throws(FFError) {
        var reader = FFBitReader(bytes)
        func fail(_ message: String) -> FFError {
            FFError(.invalidData, operation: "FFAudioSpecificConfig(parsing:)", message: message)
        }
        func objectType() throws(FFError) -> Int {
            guard let type = reader.read(5) else { throw fail("truncated audioObjectType") }
            if type == 31 {
                guard let ext = reader.read(6) else { throw fail("truncated audioObjectTypeExt") }
                return 32 + Int(ext)
            }
            return Int(type)
        }
        func frequency() throws(FFError) -> Int {
            guard let index = reader.read(4) else { throw fail("truncated samplingFrequencyIndex") }
            if index == 0xF {
                guard let explicit = reader.read(24), explicit > 0 else { throw fail("bad explicit samplingFrequency") }
                return Int(explicit)
            }
            guard Int(index) < Self.samplingFrequencies.count else { throw fail("reserved samplingFrequencyIndex \(index)") }
            return Self.samplingFrequencies[Int(index)]
        }

        var type = try objectType()
        let rate = try frequency()
        guard let configuration = reader.read(4) else { throw fail("truncated channelConfiguration") }
        var sbr = false, ps = false
        var extensionRate: Int? = nil
        if type == 5 || type == 29 {
            // Explicit hierarchical signalling (§1.6.5.2): the extension rate, then the core object type.
            sbr = true
            ps = type == 29
            extensionRate = try frequency()
            type = try objectType()
            if type == 22 { _ = reader.read(4) }
        }
        self.objectType = type
        self.sampleRate = rate
        self.channelConfiguration = Int(configuration)
        var count = FFAudioSpecificConfig.channels(ofConfiguration: Int(configuration)) ?? 0
        var shortFrames = false
        if [1, 2, 3, 4, 6, 7, 17, 19, 20, 21, 22, 23].contains(type) {
            // GASpecificConfig (§4.4.1).
            guard let frameLength = reader.read(1), let dependsOnCore = reader.read(1) else {
                throw fail("truncated GASpecificConfig")
            }
            shortFrames = frameLength == 1
            if dependsOnCore == 1 { _ = reader.read(14) }
            guard let extensionFlag = reader.read(1) else { throw fail("truncated GASpecificConfig") }
            if configuration == 0 {
                count = try FFAudioSpecificConfig.parseProgramConfigElement(&reader)
            }
            if type == 6 || type == 20 { _ = reader.read(3) }
            if extensionFlag == 1 {
                if type == 22 { _ = reader.read(16) }
                if [17, 19, 20, 23].contains(type) { _ = reader.read(3) }
                _ = reader.read(1)
            }
        }
        // Backward-compatible explicit SBR/PS signalling after the core config (§1.6.5.2).
        if !sbr, reader.bitsLeft >= 16, reader.read(11) == 0x2B7 {
            if let extensionType = reader.read(5), extensionType == 5, let present = reader.read(1), present == 1 {
                sbr = true
                extensionRate = try frequency()
                if reader.bitsLeft >= 12, reader.read(11) == 0x548, reader.read(1) == 1 { ps = true }
            }
        }
        if sbr && extensionRate == nil { extensionRate = rate * 2 }
        channelCount = count
        usesShortFrames = shortFrames
        hasSBR = sbr
        hasPS = ps
        extensionSampleRate = extensionRate
    }

    /// program_config_element (§4.4.1.1): returns the channel count it describes.
    private static func parseProgramConfigElement(_ reader: inout FFBitReader) throws(FFError) -> Int {
        let fail = FFError(.invalidData, operation: "FFAudioSpecificConfig(parsing:)", message: "truncated program_config_element")
        guard let _ = reader.read(4), let _ = reader.read(2), let _ = reader.read(4),
              let front = reader.read(4), let side = reader.read(4), let back = reader.read(4),
              let lfe = reader.read(2), let assoc = reader.read(3), let cc = reader.read(4) else { throw fail }
        for _ in 0..<2 where reader.read(1) == 1 { _ = reader.read(4) }        // mono / stereo mixdown
        if reader.read(1) == 1 { _ = reader.read(3) }                           // matrix mixdown
        var channels = 0
        for _ in 0..<(front + side + back) {
            guard let isPair = reader.read(1), reader.read(4) != nil else { throw fail }
            channels += isPair == 1 ? 2 : 1
        }
        for _ in 0..<lfe { guard reader.read(4) != nil else { throw fail }; channels += 1 }
        for _ in 0..<assoc { guard reader.read(4) != nil else { throw fail } }
        for _ in 0..<cc { guard reader.read(5) != nil else { throw fail } }
        return channels
    }

    /// The AudioSpecificConfig bytes (explicit hierarchical SBR/PS signalling when present).
    package var bytes: [UInt8] {
        var writer = FFBitWriter()
        func writeObjectType(_ type: Int) {
            if type >= 32 {
                writer.write(31, 5)
                writer.write(UInt32(type - 32), 6)
            } else {
                writer.write(UInt32(type), 5)
            }
        }
        func writeFrequency(_ rate: Int) {
            if let index = Self.samplingFrequencies.firstIndex(of: rate) {
                writer.write(UInt32(index), 4)
            } else {
                writer.write(0xF, 4)
                writer.write(UInt32(rate), 24)
            }
        }
        writeObjectType(hasSBR ? (hasPS ? 29 : 5) : objectType)
        writeFrequency(sampleRate)
        writer.write(UInt32(channelConfiguration), 4)
        if hasSBR {
            writeFrequency(extensionSampleRate ?? sampleRate * 2)
            writeObjectType(objectType)
        }
        writer.write(usesShortFrames ? 1 : 0, 1)   // frameLengthFlag
        writer.write(0, 1)                          // dependsOnCoreCoder
        writer.write(0, 1)                          // extensionFlag
        return writer.bytes
    }
}
