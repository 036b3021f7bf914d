/// An `hvcC` record: the HEVC decoder configuration of ISO/IEC 14496-15 §8.3.3.1.
struct HEVCDecoderConfigurationRecord {
    var profileTierLevel: HEVCProfileTierLevel
    var minSpatialSegmentationIDC: Int
    var parallelismType: UInt8
    var chromaFormat: Int
    var bitDepthLumaMinus8: Int
    var bitDepthChromaMinus8: Int
    var averageFrameRate: Int
    var constantFrameRate: UInt8
    var numTemporalLayers: Int
    var temporalIDNested: Bool
    /// The size of the length field before each NAL unit in samples: 1, 2 or 4.
    var nalUnitLength: Int
    /// The NAL unit arrays in record order.
    var arrays: [(completeness: Bool, type: UInt8, nalUnits: [[UInt8]])]

    /// The NAL unit types a record built here carries, in the order its arrays are written: VPS, SPS, PPS and
    /// prefix and suffix SEI (the types `CMVideoFormatDescriptionCreateFromHEVCParameterSets` accepts).
    static let acceptedTypes: [UInt8] = [32, 33, 34, 39, 40]

    /// Every NAL unit in record order (the order `CMVideoFormatDescriptionGetHEVCParameterSetAtIndex` indexes).
    var parameterSets: [[UInt8]] { arrays.flatMap(\.nalUnits) }

    /// Builds the record from VPS, SPS, PPS and SEI NAL units.
    ///
    /// The general profile, tier and level merge every VPS and SPS (highest tier, profile and level; compatibility
    /// and constraint flags common to all), as ISO/IEC 14496-15 §8.3.3.1.2 asks; parameter-set arrays are marked
    /// complete, as an `hvc1` sample entry requires.
    init(parameterSets: [[UInt8]], nalUnitLength: Int) throws {
        guard [1, 2, 4].contains(nalUnitLength) else {
            throw ParameterSetError("the NAL unit length size must be 1, 2 or 4, not \(nalUnitLength)")
        }
        var byType: [UInt8: [[UInt8]]] = [:]
        for nal in parameterSets {
            guard nal.count >= 2 else { throw ParameterSetError("an HEVC NAL unit is shorter than its header") }
            guard nal.count <= 0xFFFF else { throw ParameterSetError("an HEVC parameter set exceeds 65535 bytes") }
            let type = (nal[0] >> 1) & 0x3F
            guard Self.acceptedTypes.contains(type) else {
                throw ParameterSetError("NAL unit type \(type) cannot go in an hvcC record")
            }
            byType[type, default: []].append(nal)
        }
        guard let vpsList = byType[32], let spsList = byType[33], let ppsList = byType[34] else {
            throw ParameterSetError("at least one VPS, one SPS and one PPS are needed")
        }
        var merged: HEVCProfileTierLevel?
        func merge(_ ptl: HEVCProfileTierLevel) {
            guard var result = merged else { merged = ptl; return }
            result.profileSpace = ptl.profileSpace
            result.tierFlag = result.tierFlag || ptl.tierFlag
            result.profileIDC = max(result.profileIDC, ptl.profileIDC)
            result.compatibilityFlags &= ptl.compatibilityFlags
            result.constraintIndicatorFlags &= ptl.constraintIndicatorFlags
            result.levelIDC = max(result.levelIDC, ptl.levelIDC)
            merged = result
        }
        var temporalLayers = 1
        for vps in vpsList {
            let parsed = try HEVCVideoParameterSet(nalUnit: vps)
            merge(parsed.profileTierLevel)
            temporalLayers = max(temporalLayers, parsed.maxSubLayersMinus1 + 1)
        }
        var firstSPS: HEVCSequenceParameterSet?
        var minSegmentation = Int.max
        for sps in spsList {
            let parsed = try HEVCSequenceParameterSet(nalUnit: sps)
            merge(parsed.profileTierLevel)
            temporalLayers = max(temporalLayers, parsed.maxSubLayersMinus1 + 1)
            if parsed.vui.minSpatialSegmentationIDC > 0 {
                minSegmentation = min(minSegmentation, parsed.vui.minSpatialSegmentationIDC)
            }
            if firstSPS == nil { firstSPS = parsed }
        }
        var parallelism: UInt8 = 1
        for pps in ppsList {
            let parsed = try HEVCPictureParameterSet(nalUnit: pps)
            switch (parsed.entropyCodingSyncEnabled, parsed.tilesEnabled) {
            case (true, true): parallelism = 0
            case (true, false): parallelism = 3
            case (false, true): parallelism = 2
            case (false, false): parallelism = 1
            }
        }
        guard let sps = firstSPS, let ptl = merged else { throw ParameterSetError("no usable SPS") }
        profileTierLevel = ptl
        minSpatialSegmentationIDC = minSegmentation == .max ? 0 : minSegmentation
        // §8.3.3.1.2: with no spatial segmentation limit signalled, the parallelism type is unknown (0).
        parallelismType = minSpatialSegmentationIDC == 0 ? 0 : parallelism
        chromaFormat = sps.chromaFormatIDC
        bitDepthLumaMinus8 = sps.bitDepthLumaMinus8
        bitDepthChromaMinus8 = sps.bitDepthChromaMinus8
        averageFrameRate = 0
        constantFrameRate = 0
        numTemporalLayers = temporalLayers
        temporalIDNested = sps.temporalIDNesting
        self.nalUnitLength = nalUnitLength
        arrays = Self.acceptedTypes.compactMap { type in
            byType[type].map { (completeness: type <= 34, type: type, nalUnits: $0) }
        }
    }

    /// Parses an hvcC payload (the box's contents, without its size and type).
    init(parsing bytes: [UInt8]) throws {
        var reader = ByteReader(bytes, name: "hvcC")
        guard try reader.u8() == 1 else { throw ParameterSetError("hvcC configurationVersion is not 1") }
        let first = try reader.u8()
        var ptl = HEVCProfileTierLevel()
        ptl.profileSpace = first >> 6
        ptl.tierFlag = first & 0x20 != 0
        ptl.profileIDC = first & 0x1F
        ptl.compatibilityFlags = try reader.u32()
        ptl.constraintIndicatorFlags = try reader.u48()
        ptl.levelIDC = try reader.u8()
        profileTierLevel = ptl
        minSpatialSegmentationIDC = try reader.u16() & 0x0FFF
        parallelismType = try reader.u8() & 0x03
        chromaFormat = Int(try reader.u8() & 0x03)
        bitDepthLumaMinus8 = Int(try reader.u8() & 0x07)
        bitDepthChromaMinus8 = Int(try reader.u8() & 0x07)
        averageFrameRate = try reader.u16()
        let packed = try reader.u8()
        constantFrameRate = packed >> 6
        numTemporalLayers = Int((packed >> 3) & 0x07)
        temporalIDNested = packed & 0x04 != 0
        let lengthSizeMinusOne = Int(packed & 0x03)
        guard lengthSizeMinusOne != 2 else { throw ParameterSetError("hvcC lengthSizeMinusOne is 2 (3-byte lengths)") }
        nalUnitLength = lengthSizeMinusOne + 1
        let arrayCount = Int(try reader.u8())
        arrays = []
        for _ in 0..<arrayCount {
            let header = try reader.u8()
            let count = try reader.u16()
            guard count <= reader.remaining / 3 else {
                throw ParameterSetError("hvcC claims \(count) NAL units at byte \(reader.offset), more than fit")
            }
            let units = try (0..<count).map { _ in try reader.nalUnit() }
            arrays.append((completeness: header & 0x80 != 0, type: header & 0x3F, nalUnits: units))
        }
    }

    /// The hvcC payload.
    func serialized() -> [UInt8] {
        var writer = ByteWriter()
        writer.u8(1)
        writer.u8(profileTierLevel.profileSpace << 6 | (profileTierLevel.tierFlag ? 0x20 : 0) | profileTierLevel.profileIDC)
        writer.u32(profileTierLevel.compatibilityFlags)
        writer.u48(profileTierLevel.constraintIndicatorFlags)
        writer.u8(profileTierLevel.levelIDC)
        writer.u16(0xF000 | minSpatialSegmentationIDC)
        writer.u8(0xFC | parallelismType)
        writer.u8(0xFC | UInt8(chromaFormat))
        writer.u8(0xF8 | UInt8(bitDepthLumaMinus8))
        writer.u8(0xF8 | UInt8(bitDepthChromaMinus8))
        writer.u16(averageFrameRate)
        writer.u8(constantFrameRate << 6 | UInt8(numTemporalLayers) << 3 | (temporalIDNested ? 0x04 : 0)
                  | UInt8(nalUnitLength - 1))
        writer.u8(UInt8(arrays.count))
        for array in arrays {
            writer.u8((array.completeness ? 0x80 : 0) | array.type)
            writer.u16(array.nalUnits.count)
            array.nalUnits.forEach { writer.nalUnit($0) }
        }
        return writer.bytes
    }
}
