/// AV1 decoder configuration (`av1C`, AV1 Codec ISO Media File Format Binding §2.3 AV1CodecConfigurationRecord):
/// sequence profile, level, tier, colour format, and the configuration OBUs.
package struct AV1CodecConfigurationBox: SingleTypeBox {
    package static let type: FourCC = "av1C"
    /// The marker bit (1) and version (1) byte, as stored.
    package var markerAndVersion: UInt8 = 0x81
    /// `seq_profile` (3 bits).
    package var seqProfile: UInt8
    /// `seq_level_idx[0]` (5 bits).
    package var seqLevelIdx0: UInt8
    /// `seq_tier[0]`.
    package var seqTier0: Bool = false
    /// `high_bitdepth`.
    package var highBitdepth: Bool = false
    /// `twelve_bit`.
    package var twelveBit: Bool = false
    /// `mono_chrome`.
    package var monochrome: Bool = false
    /// `chroma_subsampling_x`.
    package var chromaSubsamplingX: Bool = true
    /// `chroma_subsampling_y`.
    package var chromaSubsamplingY: Bool = true
    /// `chroma_sample_position` (2 bits).
    package var chromaSamplePosition: UInt8 = 0
    /// The last fixed byte: 3 reserved bits, `initial_presentation_delay_present`, 4 bits of delay minus one.
    package var presentationDelayByte: UInt8 = 0
    /// Configuration OBUs (a sequence header, metadata).
    package var configOBUs: [UInt8]

    /// A configuration.
    package init(seqProfile: UInt8, seqLevelIdx0: UInt8, configOBUs: [UInt8] = []) {
        self.seqProfile = seqProfile
        self.seqLevelIdx0 = seqLevelIdx0
        self.configOBUs = configOBUs
    }

    /// The initial presentation delay in frames, when signalled.
    package var initialPresentationDelay: Int? {
        presentationDelayByte & 0x10 != 0 ? Int(presentationDelayByte & 0xF) + 1 : nil
    }

    package init(parsing reader: inout BoxReader) throws(BoxParseError) {
        markerAndVersion = try reader.readUInt8()
        guard markerAndVersion & 0x80 != 0 else { throw reader.error(.invalidValue, "av1C marker bit is 0") }
        let profileByte = try reader.readUInt8()
        seqProfile = profileByte >> 5
        seqLevelIdx0 = profileByte & 0x1F
        let flags = try reader.readUInt8()
        seqTier0 = flags & 0x80 != 0
        highBitdepth = flags & 0x40 != 0
        twelveBit = flags & 0x20 != 0
        monochrome = flags & 0x10 != 0
        chromaSubsamplingX = flags & 0x08 != 0
        chromaSubsamplingY = flags & 0x04 != 0
        chromaSamplePosition = flags & 3
        presentationDelayByte = try reader.readUInt8()
        configOBUs = reader.readRemainingBytes()
    }

    package func write(to writer: inout BoxWriter) throws(BoxWriteError) {
        writer.writeUInt8(markerAndVersion)
        writer.writeUInt8(seqProfile << 5 | seqLevelIdx0 & 0x1F)
        var flags: UInt8 = chromaSamplePosition & 3
        if seqTier0 { flags |= 0x80 }
        if highBitdepth { flags |= 0x40 }
        if twelveBit { flags |= 0x20 }
        if monochrome { flags |= 0x10 }
        if chromaSubsamplingX { flags |= 0x08 }
        if chromaSubsamplingY { flags |= 0x04 }
        writer.writeUInt8(flags)
        writer.writeUInt8(presentationDelayByte)
        writer.writeBytes(configOBUs)
    }
}
