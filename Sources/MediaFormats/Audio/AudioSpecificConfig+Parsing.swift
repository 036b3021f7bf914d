/// Reading an AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1) and the GASpecificConfig inside it (§4.4.1).
extension AudioSpecificConfig {
    /// Parses AudioSpecificConfig bytes.
    package init(parsing bytes: [UInt8]) throws(MediaFormatError) {
        var bits = BitReader(bytes)
        var objectType = try Self.readObjectType(&bits)
        let rate = try Self.readSamplingFrequency(&bits)
        let configuration = Int(try bits.readBits(4))
        self.init(objectType: objectType, sampleRate: rate, channelConfiguration: configuration)
        var explicitExtension = false
        if objectType == 5 || objectType == 29 {
            // Explicit hierarchical signalling (§1.6.5.2): the extension rate, then the core object type.
            explicitExtension = true
            hasSBR = true
            hasPS = objectType == 29
            extensionSampleRate = try Self.readSamplingFrequency(&bits)
            objectType = try Self.readObjectType(&bits)
            if objectType == 22 { try bits.skipBits(4) }  // extensionChannelConfiguration
            self.objectType = objectType
        }
        switch objectType {
        case 1, 2, 3, 4, 6, 7, 17, 19, 20, 21, 22, 23:
            try readGASpecificConfig(&bits)
        case 39:
            // ELDSpecificConfig starts with frameLengthFlag; the rest (eldExtensions) is not needed here.
            usesShortFrames = try bits.readFlag()
            return
        default:
            return
        }
        // ErrorProtectionSpecificConfig (epConfig 2, 3) would follow for ER object types; none that reach here use
        // it in files, so the backward-compatible extension is looked for next.
        if (17...27).contains(objectType) {
            let epConfig = try bits.readBits(2)
            if epConfig == 2 || epConfig == 3 { return }
        }
        // Backward-compatible explicit SBR/PS signalling after the core configuration (§1.6.5.2).
        if !explicitExtension, bits.remainingBits >= 16, try bits.readBits(11) == 0x2B7,
           try Self.readObjectType(&bits) == 5, try bits.readFlag() {
            hasSBR = true
            extensionSampleRate = try Self.readSamplingFrequency(&bits)
            if bits.remainingBits >= 12, try bits.readBits(11) == 0x548 { hasPS = try bits.readFlag() }
        }
    }

    /// `GetAudioObjectType()` (§1.6.2.1): 5 bits, 31 escaping to 32 + 6 more.
    private static func readObjectType(_ bits: inout BitReader) throws(MediaFormatError) -> Int {
        let type = Int(try bits.readBits(5))
        return type == 31 ? 32 + Int(try bits.readBits(6)) : type
    }

    /// `samplingFrequencyIndex` and, for index 15, the explicit 24-bit `samplingFrequency`.
    private static func readSamplingFrequency(_ bits: inout BitReader) throws(MediaFormatError) -> Int {
        let index = Int(try bits.readBits(4))
        if index == 0xF {
            let explicit = Int(try bits.readBits(24))
            guard explicit > 0 else { throw bits.error(.invalidValue, "the explicit samplingFrequency is 0") }
            return explicit
        }
        guard index < samplingFrequencies.count else {
            throw bits.error(.invalidValue, "samplingFrequencyIndex \(index) is reserved")
        }
        return samplingFrequencies[index]
    }

    /// GASpecificConfig (§4.4.1): frame length, core coder delay, and, for channel configuration 0, the program
    /// config element that counts the channels.
    private mutating func readGASpecificConfig(_ bits: inout BitReader) throws(MediaFormatError) {
        usesShortFrames = try bits.readFlag()
        if try bits.readFlag() { try bits.skipBits(14) }  // dependsOnCoreCoder → coreCoderDelay
        let extensionFlag = try bits.readFlag()
        if channelConfiguration == 0 {
            let element = try ProgramConfigElement(parsing: &bits)
            programConfigElement = element
            channelCount = element.channels
        }
        if objectType == 6 || objectType == 20 { try bits.skipBits(3) }  // layerNr
        if extensionFlag {
            if objectType == 22 { try bits.skipBits(5 + 11) }  // numOfSubFrame, layer_length
            if [17, 19, 20, 23].contains(objectType) { try bits.skipBits(3) }  // resilience flags
            try bits.skipBits(1)  // extensionFlag3
        }
    }
}
