import MediaFormats

extension HEVCDecoderConfigurationRecord {
    /// The NAL unit types a record built here carries, in the order its arrays are written: VPS, SPS, PPS and
    /// prefix and suffix SEI (the types `CMVideoFormatDescriptionCreateFromHEVCParameterSets` accepts).
    static let acceptedTypes: [UInt8] = [32, 33, 34, 39, 40]

    /// The record `CMVideoFormatDescriptionCreateFromHEVCParameterSets` builds from VPS, SPS, PPS and SEI NAL units.
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
        let arrays = Self.acceptedTypes.compactMap { type in
            byType[type].map { NALUnitArray(isComplete: type <= 34, nalUnitType: type, nalUnits: $0) }
        }
        self.init(generalProfileSpace: ptl.profileSpace, generalTierFlag: ptl.tierFlag, generalProfileIdc: ptl.profileIDC,
                  generalProfileCompatibilityFlags: ptl.compatibilityFlags,
                  generalConstraintIndicatorFlags: ptl.constraintIndicatorFlags, generalLevelIdc: ptl.levelIDC,
                  chromaFormat: UInt8(sps.chromaFormatIDC), bitDepthLumaMinus8: UInt8(sps.bitDepthLumaMinus8),
                  bitDepthChromaMinus8: UInt8(sps.bitDepthChromaMinus8), arrays: arrays)
        // The syntax limits min_spatial_segmentation_idc to 12 bits (H.265 §E.3.1 caps it at 4095).
        minSpatialSegmentationIdc = minSegmentation == .max ? 0 : UInt16(min(minSegmentation, 0x0FFF))
        // §8.3.3.1.2: with no spatial segmentation limit signalled, the parallelism type is unknown (0).
        parallelismType = minSpatialSegmentationIdc == 0 ? 0 : parallelism
        averageFrameRate = 0
        constantFrameRate = 0
        numberOfTemporalLayers = UInt8(temporalLayers)
        temporalIdNested = sps.temporalIDNesting
        nalUnitLengthSize = nalUnitLength
    }
}
