/// An `avcC` record: the AVC decoder configuration of ISO/IEC 14496-15 §5.3.3.1.
struct AVCDecoderConfigurationRecord {
    var profileIndication: UInt8
    var profileCompatibility: UInt8
    var levelIndication: UInt8
    /// The size of the length field before each NAL unit in samples: 1, 2 or 4.
    var nalUnitLength: Int
    var sequenceParameterSets: [[UInt8]]
    var pictureParameterSets: [[UInt8]]
    /// Present for the profiles that carry chroma format and bit depths (§5.3.3.1.2).
    var highProfileFields: (chromaFormat: Int, bitDepthLumaMinus8: Int, bitDepthChromaMinus8: Int,
                            sequenceParameterSetExtensions: [[UInt8]])?

    /// The profiles for which the record carries chroma format, bit depths and SPS extensions (§5.3.3.1.2).
    static let profilesWithExtensions: Set<UInt8> = [100, 110, 122, 144]

    /// Every NAL unit in the record's order: SPSs, PPSs, then SPS extensions (the order
    /// `CMVideoFormatDescriptionGetH264ParameterSetAtIndex` indexes).
    var parameterSets: [[UInt8]] {
        sequenceParameterSets + pictureParameterSets + (highProfileFields?.sequenceParameterSetExtensions ?? [])
    }

    /// Builds the record from SPS (7), PPS (8) and SPS extension (13) NAL units, in the order given within each kind.
    init(parameterSets: [[UInt8]], nalUnitLength: Int) throws {
        guard [1, 2, 4].contains(nalUnitLength) else {
            throw ParameterSetError("the NAL unit length size must be 1, 2 or 4, not \(nalUnitLength)")
        }
        var sps: [[UInt8]] = [], pps: [[UInt8]] = [], extensions: [[UInt8]] = []
        for nal in parameterSets {
            guard let header = nal.first else { throw ParameterSetError("an H.264 parameter set is empty") }
            guard nal.count <= 0xFFFF else { throw ParameterSetError("an H.264 parameter set exceeds 65535 bytes") }
            switch header & 0x1F {
            case 7: sps.append(nal)
            case 8: pps.append(nal)
            case 13: extensions.append(nal)
            default: throw ParameterSetError("NAL unit type \(header & 0x1F) is not an H.264 parameter set")
            }
        }
        guard let first = sps.first, !pps.isEmpty else {
            throw ParameterSetError("at least one SPS and one PPS are needed")
        }
        guard sps.count <= 31, pps.count <= 255, extensions.count <= 255 else {
            throw ParameterSetError("too many parameter sets for an avcC record")
        }
        let parsed = try H264SequenceParameterSet(nalUnit: first)
        profileIndication = parsed.profileIDC
        profileCompatibility = parsed.constraintFlags
        levelIndication = parsed.levelIDC
        self.nalUnitLength = nalUnitLength
        sequenceParameterSets = sps
        pictureParameterSets = pps
        if Self.profilesWithExtensions.contains(parsed.profileIDC) {
            highProfileFields = (parsed.chromaFormatIDC, parsed.bitDepthLumaMinus8, parsed.bitDepthChromaMinus8, extensions)
        } else {
            highProfileFields = nil
        }
    }

    /// Parses an avcC payload (the box's contents, without its size and type).
    init(parsing bytes: [UInt8]) throws {
        var reader = ByteReader(bytes, name: "avcC")
        guard try reader.u8() == 1 else { throw ParameterSetError("avcC configurationVersion is not 1") }
        profileIndication = try reader.u8()
        profileCompatibility = try reader.u8()
        levelIndication = try reader.u8()
        let lengthSizeMinusOne = Int(try reader.u8() & 0x03)
        guard lengthSizeMinusOne != 2 else { throw ParameterSetError("avcC lengthSizeMinusOne is 2 (3-byte lengths)") }
        nalUnitLength = lengthSizeMinusOne + 1
        let spsCount = Int(try reader.u8() & 0x1F)
        sequenceParameterSets = try (0..<spsCount).map { _ in try reader.nalUnit() }
        let ppsCount = Int(try reader.u8())
        pictureParameterSets = try (0..<ppsCount).map { _ in try reader.nalUnit() }
        // Many writers omit the high-profile fields; they are read only when present (§5.3.3.1.2 note).
        if Self.profilesWithExtensions.contains(profileIndication) && reader.remaining >= 4 {
            let chroma = Int(try reader.u8() & 0x03)
            let luma = Int(try reader.u8() & 0x07)
            let chromaDepth = Int(try reader.u8() & 0x07)
            let extensionCount = Int(try reader.u8())
            let extensions = try (0..<extensionCount).map { _ in try reader.nalUnit() }
            highProfileFields = (chroma, luma, chromaDepth, extensions)
        } else {
            highProfileFields = nil
        }
    }

    /// The avcC payload.
    func serialized() -> [UInt8] {
        var writer = ByteWriter()
        writer.u8(1)
        writer.u8(profileIndication)
        writer.u8(profileCompatibility)
        writer.u8(levelIndication)
        writer.u8(0xFC | UInt8(nalUnitLength - 1))
        writer.u8(0xE0 | UInt8(sequenceParameterSets.count))
        sequenceParameterSets.forEach { writer.nalUnit($0) }
        writer.u8(UInt8(pictureParameterSets.count))
        pictureParameterSets.forEach { writer.nalUnit($0) }
        if let high = highProfileFields {
            writer.u8(0xFC | UInt8(high.chromaFormat))
            writer.u8(0xF8 | UInt8(high.bitDepthLumaMinus8))
            writer.u8(0xF8 | UInt8(high.bitDepthChromaMinus8))
            writer.u8(UInt8(high.sequenceParameterSetExtensions.count))
            high.sequenceParameterSetExtensions.forEach { writer.nalUnit($0) }
        }
        return writer.bytes
    }
}
