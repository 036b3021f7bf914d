/// Writing an AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1) for the General Audio object types.
extension AudioSpecificConfig {
    /// The AudioSpecificConfig bytes: SBR and PS with explicit hierarchical signalling (object type 5 or 29 first,
    /// §1.6.5.2), a rate Table 1.18 lacks as an explicit frequency, then a GASpecificConfig with no core coder and
    /// no extension, followed by the program config element for channel configuration 0.
    package func serialized() throws(MediaFormatError) -> [UInt8] {
        guard (0...15).contains(channelConfiguration), (0...(32 + 63)).contains(objectType), objectType != 31,
              (1...0xFF_FFFF).contains(sampleRate) else {
            throw MediaFormatError(.unrepresentable, at: 0, "an AudioSpecificConfig cannot hold object type \(objectType), "
                                   + "\(sampleRate) Hz and channel configuration \(channelConfiguration)")
        }
        var writer = BitWriter()
        writeObjectType(hasSBR ? (hasPS ? 29 : 5) : objectType, to: &writer)
        writeSamplingFrequency(sampleRate, to: &writer)
        writer.writeBits(channelConfiguration, count: 4)
        if hasSBR {
            writeSamplingFrequency(extensionSampleRate ?? sampleRate * 2, to: &writer)
            writeObjectType(objectType, to: &writer)
        }
        writer.writeFlag(usesShortFrames)  // frameLengthFlag
        writer.writeFlag(false)            // dependsOnCoreCoder
        writer.writeFlag(false)            // extensionFlag
        if channelConfiguration == 0, let programConfigElement { programConfigElement.write(to: &writer) }
        return writer.bytes
    }

    private func writeObjectType(_ type: Int, to writer: inout BitWriter) {
        // 31 is the escape: types from 32 on are 31 and six more bits.
        if type >= 32 {
            writer.writeBits(31, count: 5)
            writer.writeBits(type - 32, count: 6)
        } else {
            writer.writeBits(type, count: 5)
        }
    }

    private func writeSamplingFrequency(_ rate: Int, to writer: inout BitWriter) {
        if let index = Self.samplingFrequencyIndex(of: rate) {
            writer.writeBits(index, count: 4)
        } else {
            writer.writeBits(0xF, count: 4)
            writer.writeBits(rate, count: 24)
        }
    }
}
