import MediaFormats

/// The parts of an MPEG-4 AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1) a demuxer needs: the core object type,
/// sample rate and channels, and whether SBR (HE-AAC) or PS (HE-AAC v2) is signalled, explicitly (object type 5 or
/// 29 first) or backward-compatibly (the sync extension 0x2B7 after the core configuration).
struct AudioSpecificConfig: Equatable, Sendable {
    /// The core audio object type (2 = AAC LC, 23 = ER AAC LD, 39 = ER AAC ELD…).
    var objectType: Int
    /// The core sample rate in Hz.
    var sampleRate: Double
    /// The channel configuration (0 = given by a program config element).
    var channelConfiguration: Int
    /// Channels: from the configuration or the program config element; `nil` when neither says.
    var channelCount: Int?
    /// Whether SBR is signalled.
    var sbrPresent = false
    /// Whether parametric stereo is signalled.
    var psPresent = false
    /// The output sample rate with SBR (the extension sampling frequency).
    var extensionSampleRate: Double?
    /// `frameLengthFlag`: 960 (or 480) instead of 1024 (or 512) samples per frame.
    var shortFrames = false

    /// ISO/IEC 14496-3 Table 1.18, sampling frequency indices 0…12.
    static let sampleRates: [Double] = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025,
                                        8000, 7350]

    /// Channels for channel configurations 0…14 (Table 1.19 as amended; 0 means a program config element).
    static let channelCounts: [Int?] = [nil, 1, 2, 3, 4, 5, 6, 8, nil, nil, nil, 7, 8, nil, 8]

    /// Parses `bytes`, or returns `nil` when they are not a readable AudioSpecificConfig.
    init?(_ bytes: [UInt8]) {
        var bits = BitReader(bytes)
        guard let config = try? Self.parse(&bits) else { return nil }
        self = config
    }

    private init(objectType: Int, sampleRate: Double, channelConfiguration: Int) {
        self.objectType = objectType
        self.sampleRate = sampleRate
        self.channelConfiguration = channelConfiguration
        channelCount = channelConfiguration < Self.channelCounts.count ? Self.channelCounts[channelConfiguration] : nil
    }

    private static func parse(_ bits: inout BitReader) throws(MediaFormatError) -> AudioSpecificConfig {
        var objectType = try readObjectType(&bits)
        let sampleRate = try readSampleRate(&bits)
        let channelConfiguration = Int(try bits.readBits(4))
        var config = AudioSpecificConfig(objectType: objectType, sampleRate: sampleRate,
                                         channelConfiguration: channelConfiguration)
        var explicitExtension = false
        if objectType == 5 || objectType == 29 {
            // Explicit hierarchical signalling: SBR (and PS for 29), then the core object type.
            explicitExtension = true
            config.sbrPresent = true
            config.psPresent = objectType == 29
            config.extensionSampleRate = try readSampleRate(&bits)
            objectType = try readObjectType(&bits)
            if objectType == 22 { _ = try bits.readBits(4) }  // extensionChannelConfiguration
            config.objectType = objectType
        }
        switch objectType {
        case 1, 2, 3, 4, 6, 7, 17, 19, 20, 21, 22, 23:
            try readGASpecificConfig(&bits, objectType: objectType, config: &config)
        case 39:
            // ELDSpecificConfig starts with frameLengthFlag; the rest (eldExtensions) is not needed here.
            config.shortFrames = try bits.readBits(1) == 1
            return config
        default:
            return config
        }
        // ErrorProtectionSpecificConfig (epConfig 2, 3) for ER object types would follow; none of the types
        // above that reach here use it in files, so the backward-compatible extension is looked for next.
        if (17...27).contains(objectType) || objectType == 39 {
            let epConfig = try bits.readBits(2)
            if epConfig == 2 || epConfig == 3 { return config }
        }
        if !explicitExtension, bits.remainingBits >= 16 {
            let syncExtensionType = try bits.readBits(11)
            if syncExtensionType == 0x2B7 {
                let extensionType = try readObjectType(&bits)
                if extensionType == 5 {
                    config.sbrPresent = try bits.readBits(1) == 1
                    if config.sbrPresent {
                        config.extensionSampleRate = try readSampleRate(&bits)
                        if bits.remainingBits >= 12, try bits.readBits(11) == 0x548 {
                            config.psPresent = try bits.readBits(1) == 1
                        }
                    }
                }
            }
        }
        return config
    }

    private static func readObjectType(_ bits: inout BitReader) throws(MediaFormatError) -> Int {
        let type = Int(try bits.readBits(5))
        return type == 31 ? 32 + Int(try bits.readBits(6)) : type
    }

    private static func readSampleRate(_ bits: inout BitReader) throws(MediaFormatError) -> Double {
        let index = Int(try bits.readBits(4))
        if index == 0xF { return Double(try bits.readBits(24)) }
        guard index < sampleRates.count else { throw MediaFormatError(.invalidValue, at: 0, "reserved sampling frequency index") }
        return sampleRates[index]
    }

    /// GASpecificConfig (§4.4.1): frame length, core coder delay, and, for channel configuration 0, the program
    /// config element that counts the channels.
    private static func readGASpecificConfig(_ bits: inout BitReader, objectType: Int,
                                             config: inout AudioSpecificConfig) throws(MediaFormatError) {
        config.shortFrames = try bits.readBits(1) == 1
        if try bits.readBits(1) == 1 { _ = try bits.readBits(14) }  // dependsOnCoreCoder → coreCoderDelay
        let extensionFlag = try bits.readBits(1)
        if config.channelConfiguration == 0 { config.channelCount = try readProgramConfigElement(&bits) }
        if objectType == 6 || objectType == 20 { _ = try bits.readBits(3) }  // layerNr
        if extensionFlag == 1 {
            if objectType == 22 { _ = try bits.readBits(5 + 11) }  // numOfSubFrame, layer_length
            if [17, 19, 20, 23].contains(objectType) { _ = try bits.readBits(3) }  // resilience flags
            _ = try bits.readBits(1)  // extensionFlag3
        }
    }

    /// program_config_element (§4.4.1.1): returns the number of output channels it declares (channel pair
    /// elements count two, LFE elements one).
    private static func readProgramConfigElement(_ bits: inout BitReader) throws(MediaFormatError) -> Int {
        _ = try bits.readBits(4 + 2 + 4)  // element_instance_tag, object_type, sampling_frequency_index
        let front = Int(try bits.readBits(4)), side = Int(try bits.readBits(4)), back = Int(try bits.readBits(4))
        let lfe = Int(try bits.readBits(2)), assocData = Int(try bits.readBits(3)), cc = Int(try bits.readBits(4))
        if try bits.readBits(1) == 1 { _ = try bits.readBits(4) }  // mono mixdown
        if try bits.readBits(1) == 1 { _ = try bits.readBits(4) }  // stereo mixdown
        if try bits.readBits(1) == 1 { _ = try bits.readBits(3) }  // matrix mixdown
        var channels = 0
        for _ in 0..<(front + side + back) {
            channels += try bits.readBits(1) == 1 ? 2 : 1  // is_cpe
            _ = try bits.readBits(4)
        }
        for _ in 0..<lfe { _ = try bits.readBits(4); channels += 1 }
        for _ in 0..<assocData { _ = try bits.readBits(4) }
        for _ in 0..<cc { _ = try bits.readBits(5) }
        // byte_alignment() relative to the start of the configuration, then the comment field.
        if bits.remainingBits % 8 != 0 { _ = try bits.readBits(bits.remainingBits % 8) }
        let commentBytes = Int(try bits.readBits(8))
        for _ in 0..<commentBytes { _ = try bits.readBits(8) }
        return channels
    }
}
