/// H.264 decoder configuration (ISO/IEC 14496-15 §5.3.3.1 AVCDecoderConfigurationRecord): profile, level, NAL unit
/// length size, parameter sets, and for High profiles the chroma format, bit depths and SPS extensions. The payload
/// of `avcC` (§5.4.2.1) and what `CMVideoFormatDescriptionCreateFromH264ParameterSets` builds.
///
/// Parsing keeps what the bytes say, reserved bits included (the spec says all ones, some encoders write zeros, and a
/// remux should not change them); `validateForDecoding()` applies what a decoder needs on top.
package struct AVCDecoderConfigurationRecord: Hashable, Sendable {
    /// The High-profile tail (§5.3.3.1.2).
    package struct HighProfileExtension: Hashable, Sendable {
        /// 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
        package var chromaFormat: UInt8
        /// Luma bit depth minus 8.
        package var bitDepthLumaMinus8: UInt8
        /// Chroma bit depth minus 8.
        package var bitDepthChromaMinus8: UInt8
        /// Sequence parameter set extensions (NAL unit type 13).
        package var sequenceParameterSetExtensions: [[UInt8]]
        /// The 6 + 5 + 5 reserved high bits of the three bytes, as stored (all ones by the spec).
        package var reservedBits: [UInt8] = [0x3F, 0x1F, 0x1F]

        /// The extension.
        package init(chromaFormat: UInt8, bitDepthLumaMinus8: UInt8, bitDepthChromaMinus8: UInt8,
                     sequenceParameterSetExtensions: [[UInt8]] = []) {
            self.chromaFormat = chromaFormat
            self.bitDepthLumaMinus8 = bitDepthLumaMinus8
            self.bitDepthChromaMinus8 = bitDepthChromaMinus8
            self.sequenceParameterSetExtensions = sequenceParameterSetExtensions
        }
    }

    /// 1.
    package var configurationVersion: UInt8 = 1
    /// `profile_idc` (66 Baseline, 77 Main, 100 High…).
    package var profileIndication: UInt8
    /// The constraint flags byte.
    package var profileCompatibility: UInt8
    /// `level_idc` (31 for 3.1…).
    package var levelIndication: UInt8
    /// Bytes in each NAL unit's length prefix: 1, 2 or 4.
    package var nalUnitLengthSize: Int
    /// Sequence parameter sets (NAL units without start codes).
    package var sequenceParameterSets: [[UInt8]]
    /// Picture parameter sets.
    package var pictureParameterSets: [[UInt8]]
    /// The High-profile tail, when present.
    package var highProfileExtension: HighProfileExtension?
    /// Reserved high bits of the length-size byte (6) and SPS-count byte (3), as stored.
    package var reservedBits: [UInt8] = [0x3F, 0x07]

    /// A configuration.
    package init(profileIndication: UInt8, profileCompatibility: UInt8, levelIndication: UInt8, nalUnitLengthSize: Int = 4,
                 sequenceParameterSets: [[UInt8]], pictureParameterSets: [[UInt8]],
                 highProfileExtension: HighProfileExtension? = nil) {
        self.profileIndication = profileIndication
        self.profileCompatibility = profileCompatibility
        self.levelIndication = levelIndication
        self.nalUnitLengthSize = nalUnitLengthSize
        self.sequenceParameterSets = sequenceParameterSets
        self.pictureParameterSets = pictureParameterSets
        self.highProfileExtension = highProfileExtension
    }

    /// Every NAL unit in the record's order: SPSs, PPSs, then SPS extensions (the order
    /// `CMVideoFormatDescriptionGetH264ParameterSetAtIndex` indexes).
    package var parameterSets: [[UInt8]] {
        sequenceParameterSets + pictureParameterSets + (highProfileExtension?.sequenceParameterSetExtensions ?? [])
    }

    /// Whether a record of this profile may carry the chroma/bit-depth tail. The first edition of ISO/IEC 14496-15
    /// (§5.3.3.1.2) listed profiles 100, 110, 122 and 144; later editions allow it for every profile except
    /// Baseline (66), Main (77) and Extended (88), which is what x264 writes for High 4:4:4 Predictive (244).
    package static func mayCarryHighProfileExtension(_ profile: UInt8) -> Bool {
        ![66, 77, 88].contains(profile)
    }

    /// Parses a whole `avcC` payload.
    package init(parsing bytes: [UInt8]) throws(MediaFormatError) {
        var reader = ByteReader(bytes)
        try self.init(parsing: &reader)
    }

    /// Parses the record at the reader's position; a High-profile tail is read when its four bytes remain.
    package init(parsing reader: inout ByteReader) throws(MediaFormatError) {
        configurationVersion = try reader.readUInt8()
        profileIndication = try reader.readUInt8()
        profileCompatibility = try reader.readUInt8()
        levelIndication = try reader.readUInt8()
        let lengthByte = try reader.readUInt8()
        nalUnitLengthSize = Int(lengthByte & 3) + 1
        let spsByte = try reader.readUInt8()
        reservedBits = [lengthByte >> 2, spsByte >> 5]
        sequenceParameterSets = try reader.readParameterSets(count: Int(spsByte & 0x1F))
        pictureParameterSets = try reader.readParameterSets(count: Int(try reader.readUInt8()))
        // Encoders before 2012 (and some since) omit the tail even for High profiles; its absence is not an error.
        if Self.mayCarryHighProfileExtension(profileIndication), reader.readableBytes >= 4 {
            let chroma = try reader.readUInt8(), luma = try reader.readUInt8(), chromaDepth = try reader.readUInt8()
            var tail = HighProfileExtension(chromaFormat: chroma & 3, bitDepthLumaMinus8: luma & 7,
                                            bitDepthChromaMinus8: chromaDepth & 7)
            tail.reservedBits = [chroma >> 2, luma >> 3, chromaDepth >> 3]
            tail.sequenceParameterSetExtensions = try reader.readParameterSets(count: Int(try reader.readUInt8()))
            highProfileExtension = tail
        }
    }

    /// Throws unless a decoder can use the record: version 1, 1-, 2- or 4-byte NAL unit lengths (H.264 has no
    /// 3-byte form, §5.3.3.1.2) and no empty parameter set.
    package func validateForDecoding() throws(MediaFormatError) {
        guard configurationVersion == 1 else {
            throw MediaFormatError(.invalidValue, at: 0, "avcC configurationVersion is \(configurationVersion), not 1")
        }
        guard nalUnitLengthSize != 3 else {
            throw MediaFormatError(.invalidValue, at: 4, "avcC lengthSizeMinusOne is 2 (3-byte lengths)")
        }
        guard parameterSets.allSatisfy({ !$0.isEmpty }) else {
            throw MediaFormatError(.invalidValue, at: 6, "avcC holds an empty parameter set")
        }
    }

    /// Appends the record.
    package func write(to writer: inout ByteWriter) throws(MediaFormatError) {
        // The field holds 1…4; H.264 allows 1, 2 and 4, and a demuxer refuses 3, but a remux keeps what it read.
        guard (1...4).contains(nalUnitLengthSize) else {
            throw MediaFormatError(.unrepresentable, at: Int64(writer.count),
                                   "NAL unit length size must be 1, 2 or 4, not \(nalUnitLengthSize)")
        }
        guard sequenceParameterSets.count <= 31, pictureParameterSets.count <= 255, reservedBits.count == 2 else {
            throw MediaFormatError(.unrepresentable, at: Int64(writer.count), "avcC holds at most 31 SPS and 255 PPS")
        }
        writer.writeUInt8(configurationVersion)
        writer.writeUInt8(profileIndication)
        writer.writeUInt8(profileCompatibility)
        writer.writeUInt8(levelIndication)
        writer.writeUInt8(reservedBits[0] << 2 | UInt8(nalUnitLengthSize - 1))
        writer.writeUInt8(reservedBits[1] << 5 | UInt8(sequenceParameterSets.count))
        try writer.writeParameterSets(sequenceParameterSets)
        writer.writeUInt8(UInt8(pictureParameterSets.count))
        try writer.writeParameterSets(pictureParameterSets)
        if let tail = highProfileExtension {
            guard tail.sequenceParameterSetExtensions.count <= 255, tail.reservedBits.count == 3 else {
                throw MediaFormatError(.unrepresentable, at: Int64(writer.count), "avcC holds at most 255 SPS extensions")
            }
            writer.writeUInt8(tail.reservedBits[0] << 2 | tail.chromaFormat & 3)
            writer.writeUInt8(tail.reservedBits[1] << 3 | tail.bitDepthLumaMinus8 & 7)
            writer.writeUInt8(tail.reservedBits[2] << 3 | tail.bitDepthChromaMinus8 & 7)
            writer.writeUInt8(UInt8(tail.sequenceParameterSetExtensions.count))
            try writer.writeParameterSets(tail.sequenceParameterSetExtensions)
        }
    }

    /// The `avcC` payload.
    package func serialized() throws(MediaFormatError) -> [UInt8] {
        var writer = ByteWriter()
        try write(to: &writer)
        return writer.bytes
    }
}
