/// H.265 decoder configuration (ISO/IEC 14496-15 §8.3.3.1 HEVCDecoderConfigurationRecord): profile, tier, level,
/// formats and the VPS/SPS/PPS/SEI arrays. The payload of `hvcC` (§8.4.1) and what
/// `CMVideoFormatDescriptionCreateFromHEVCParameterSets` builds.
///
/// Parsing keeps what the bytes say, reserved bits included; `validateForDecoding()` applies what a decoder needs.
package struct HEVCDecoderConfigurationRecord: Hashable, Sendable {
    /// The NAL units of one type.
    package struct NALUnitArray: Hashable, Sendable {
        /// True when every NAL unit of this type is in the array (none in the samples).
        package var isComplete: Bool
        /// The reserved bit after the completeness flag, as stored.
        package var reservedBit: UInt8 = 0
        /// NAL unit type (32 VPS, 33 SPS, 34 PPS, 39/40 SEI).
        package var nalUnitType: UInt8
        /// The NAL units.
        package var nalUnits: [[UInt8]]

        /// An array.
        package init(isComplete: Bool, nalUnitType: UInt8, nalUnits: [[UInt8]]) {
            self.isComplete = isComplete
            self.nalUnitType = nalUnitType
            self.nalUnits = nalUnits
        }
    }

    /// 1.
    package var configurationVersion: UInt8 = 1
    /// `general_profile_space` (2 bits).
    package var generalProfileSpace: UInt8
    /// `general_tier_flag`.
    package var generalTierFlag: Bool
    /// `general_profile_idc` (1 Main, 2 Main 10…).
    package var generalProfileIdc: UInt8
    /// `general_profile_compatibility_flags`.
    package var generalProfileCompatibilityFlags: UInt32
    /// `general_constraint_indicator_flags` (48 bits).
    package var generalConstraintIndicatorFlags: UInt64
    /// `general_level_idc` (level × 30).
    package var generalLevelIdc: UInt8
    /// `min_spatial_segmentation_idc` (12 bits).
    package var minSpatialSegmentationIdc: UInt16 = 0
    /// `parallelismType` (2 bits).
    package var parallelismType: UInt8 = 0
    /// `chroma_format_idc` (2 bits).
    package var chromaFormat: UInt8
    /// Luma bit depth minus 8 (3 bits).
    package var bitDepthLumaMinus8: UInt8
    /// Chroma bit depth minus 8 (3 bits).
    package var bitDepthChromaMinus8: UInt8
    /// Average frame rate in frames per 256 seconds (0: unspecified).
    package var averageFrameRate: UInt16 = 0
    /// `constantFrameRate` (2 bits).
    package var constantFrameRate: UInt8 = 0
    /// `numTemporalLayers` (3 bits).
    package var numberOfTemporalLayers: UInt8 = 1
    /// `temporalIdNested`.
    package var temporalIdNested: Bool = true
    /// Bytes in each NAL unit's length prefix: 1, 2 or 4.
    package var nalUnitLengthSize: Int = 4
    /// The parameter set and SEI arrays.
    package var arrays: [NALUnitArray]
    /// Reserved high bits of the segmentation (4), parallelism (6), chroma (6), luma depth (5) and chroma depth (5)
    /// fields, as stored (all ones by the spec).
    package var reservedBits: [UInt8] = [0xF, 0x3F, 0x3F, 0x1F, 0x1F]

    /// A configuration.
    package init(generalProfileSpace: UInt8 = 0, generalTierFlag: Bool = false, generalProfileIdc: UInt8,
                 generalProfileCompatibilityFlags: UInt32, generalConstraintIndicatorFlags: UInt64, generalLevelIdc: UInt8,
                 chromaFormat: UInt8 = 1, bitDepthLumaMinus8: UInt8 = 0, bitDepthChromaMinus8: UInt8 = 0,
                 arrays: [NALUnitArray]) {
        self.generalProfileSpace = generalProfileSpace
        self.generalTierFlag = generalTierFlag
        self.generalProfileIdc = generalProfileIdc
        self.generalProfileCompatibilityFlags = generalProfileCompatibilityFlags
        self.generalConstraintIndicatorFlags = generalConstraintIndicatorFlags
        self.generalLevelIdc = generalLevelIdc
        self.chromaFormat = chromaFormat
        self.bitDepthLumaMinus8 = bitDepthLumaMinus8
        self.bitDepthChromaMinus8 = bitDepthChromaMinus8
        self.arrays = arrays
    }

    /// Every NAL unit in record order (the order `CMVideoFormatDescriptionGetHEVCParameterSetAtIndex` indexes).
    package var parameterSets: [[UInt8]] { arrays.flatMap(\.nalUnits) }

    /// Parses a whole `hvcC` payload.
    package init(parsing bytes: [UInt8]) throws(MediaFormatError) {
        var reader = ByteReader(bytes)
        try self.init(parsing: &reader)
    }

    /// Parses the record at the reader's position.
    package init(parsing reader: inout ByteReader) throws(MediaFormatError) {
        configurationVersion = try reader.readUInt8()
        let profileByte = try reader.readUInt8()
        generalProfileSpace = profileByte >> 6
        generalTierFlag = profileByte & 0x20 != 0
        generalProfileIdc = profileByte & 0x1F
        generalProfileCompatibilityFlags = try reader.readUInt32()
        generalConstraintIndicatorFlags = try reader.readUInt(size: 6)
        generalLevelIdc = try reader.readUInt8()
        let segmentation = try reader.readUInt16()
        minSpatialSegmentationIdc = segmentation & 0x0FFF
        let parallelism = try reader.readUInt8(), chroma = try reader.readUInt8()
        let luma = try reader.readUInt8(), chromaDepth = try reader.readUInt8()
        parallelismType = parallelism & 3
        chromaFormat = chroma & 3
        bitDepthLumaMinus8 = luma & 7
        bitDepthChromaMinus8 = chromaDepth & 7
        reservedBits = [UInt8(segmentation >> 12), parallelism >> 2, chroma >> 2, luma >> 3, chromaDepth >> 3]
        averageFrameRate = try reader.readUInt16()
        let layers = try reader.readUInt8()
        constantFrameRate = layers >> 6
        numberOfTemporalLayers = (layers >> 3) & 7
        temporalIdNested = layers & 4 != 0
        nalUnitLengthSize = Int(layers & 3) + 1
        // Each array needs at least its 3-byte header: checked before anything is allocated.
        let arrayCount = try reader.checkCount(try reader.readUInt8(), elementSize: 3, "NAL unit array")
        arrays = []
        for _ in 0..<arrayCount {
            let typeByte = try reader.readUInt8()
            var array = NALUnitArray(isComplete: typeByte & 0x80 != 0, nalUnitType: typeByte & 0x3F,
                                     nalUnits: try reader.readParameterSets(count: Int(try reader.readUInt16())))
            array.reservedBit = (typeByte >> 6) & 1
            arrays.append(array)
        }
    }

    /// Throws unless a decoder can use the record: version 1, 1-, 2- or 4-byte NAL unit lengths (§8.3.3.1.2 has no
    /// 3-byte form) and no empty NAL unit.
    package func validateForDecoding() throws(MediaFormatError) {
        guard configurationVersion == 1 else {
            throw MediaFormatError(.invalidValue, at: 0, "hvcC configurationVersion is \(configurationVersion), not 1")
        }
        guard nalUnitLengthSize != 3 else {
            throw MediaFormatError(.invalidValue, at: 21, "hvcC lengthSizeMinusOne is 2 (3-byte lengths)")
        }
        guard parameterSets.allSatisfy({ !$0.isEmpty }) else {
            throw MediaFormatError(.invalidValue, at: 23, "hvcC holds an empty NAL unit")
        }
    }

    /// Appends the record.
    package func write(to writer: inout ByteWriter) throws(MediaFormatError) {
        guard (1...4).contains(nalUnitLengthSize), arrays.count <= 255, reservedBits.count == 5 else {
            throw MediaFormatError(.unrepresentable, at: Int64(writer.count),
                                   "hvcC needs a NAL unit length size of 1, 2 or 4 and at most 255 arrays")
        }
        writer.writeUInt8(configurationVersion)
        writer.writeUInt8(generalProfileSpace << 6 | (generalTierFlag ? 0x20 : 0) | generalProfileIdc & 0x1F)
        writer.writeUInt32(generalProfileCompatibilityFlags)
        writer.writeUInt(generalConstraintIndicatorFlags, size: 6)
        writer.writeUInt8(generalLevelIdc)
        writer.writeUInt16(UInt16(reservedBits[0]) << 12 | minSpatialSegmentationIdc & 0x0FFF)
        writer.writeUInt8(reservedBits[1] << 2 | parallelismType & 3)
        writer.writeUInt8(reservedBits[2] << 2 | chromaFormat & 3)
        writer.writeUInt8(reservedBits[3] << 3 | bitDepthLumaMinus8 & 7)
        writer.writeUInt8(reservedBits[4] << 3 | bitDepthChromaMinus8 & 7)
        writer.writeUInt16(averageFrameRate)
        writer.writeUInt8(constantFrameRate << 6 | (numberOfTemporalLayers & 7) << 3 | (temporalIdNested ? 4 : 0)
                          | UInt8(nalUnitLengthSize - 1))
        writer.writeUInt8(UInt8(arrays.count))
        for array in arrays {
            guard let count = UInt16(exactly: array.nalUnits.count) else {
                throw MediaFormatError(.unrepresentable, at: Int64(writer.count), "at most 65535 NAL units per array")
            }
            writer.writeUInt8((array.isComplete ? 0x80 : 0) | (array.reservedBit & 1) << 6 | array.nalUnitType & 0x3F)
            writer.writeUInt16(count)
            try writer.writeParameterSets(array.nalUnits)
        }
    }

    /// The `hvcC` payload.
    package func serialized() throws(MediaFormatError) -> [UInt8] {
        var writer = ByteWriter()
        try write(to: &writer)
        return writer.bytes
    }
}
