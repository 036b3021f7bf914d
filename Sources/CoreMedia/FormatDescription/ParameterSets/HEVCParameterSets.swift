import MediaFormats

/// The general profile, tier and level of an HEVC profile_tier_level() (ITU-T H.265 §7.3.3), as hvcC records them.
struct HEVCProfileTierLevel: Equatable {
    var profileSpace: UInt8 = 0
    var tierFlag = false
    var profileIDC: UInt8 = 0
    var compatibilityFlags: UInt32 = 0
    /// The 48 bits after the compatibility flags (progressive, interlaced, … and the reserved bits).
    var constraintIndicatorFlags: UInt64 = 0
    var levelIDC: UInt8 = 0

    /// Reads profile_tier_level(1, maxSubLayersMinus1), skipping the sub-layer entries.
    init(reader: inout BitReader, maxSubLayersMinus1: Int) throws {
        profileSpace = UInt8(try reader.readBits(2))
        tierFlag = try reader.readFlag()
        profileIDC = UInt8(try reader.readBits(5))
        compatibilityFlags = UInt32(try reader.readBits(32))
        constraintIndicatorFlags = UInt64(try reader.readBits(16)) << 32 | UInt64(try reader.readBits(32))
        levelIDC = UInt8(try reader.readBits(8))
        var profilePresent: [Bool] = [], levelPresent: [Bool] = []
        for _ in 0..<maxSubLayersMinus1 {
            profilePresent.append(try reader.readFlag())
            levelPresent.append(try reader.readFlag())
        }
        if maxSubLayersMinus1 > 0 {
            for _ in maxSubLayersMinus1..<8 { try reader.skipBits(2) }
        }
        for index in 0..<maxSubLayersMinus1 {
            if profilePresent[index] { try reader.skipBits(88) }
            if levelPresent[index] { try reader.skipBits(8) }
        }
    }
}

/// The fields of an HEVC video parameter set that hvcC needs (H.265 §7.3.2.1).
struct HEVCVideoParameterSet {
    var maxSubLayersMinus1: Int
    var profileTierLevel: HEVCProfileTierLevel

    init(nalUnit: [UInt8]) throws {
        guard nalUnit.count >= 2, (nalUnit[0] >> 1) & 0x3F == 32 else {
            throw ParameterSetError("not an HEVC video parameter set (NAL unit type 32)")
        }
        var reader = BitReader(NALUnits.rbsp(of: nalUnit, headerLength: 2))
        try reader.skipBits(4 + 1 + 1 + 6)  // vps_video_parameter_set_id, base layer flags, vps_max_layers_minus1
        maxSubLayersMinus1 = Int(try reader.readBits(3))
        guard maxSubLayersMinus1 <= 6 else { throw ParameterSetError("vps_max_sub_layers_minus1 is 7") }
        try reader.skipBits(1 + 16)  // vps_temporal_id_nesting_flag, vps_reserved_0xffff_16bits
        profileTierLevel = try HEVCProfileTierLevel(reader: &reader, maxSubLayersMinus1: maxSubLayersMinus1)
    }
}

/// The fields of an HEVC sequence parameter set that a format description and hvcC need (H.265 §7.3.2.2).
struct HEVCSequenceParameterSet {
    var maxSubLayersMinus1: Int
    var temporalIDNesting: Bool
    var profileTierLevel: HEVCProfileTierLevel
    var chromaFormatIDC: Int
    var separateColourPlane = false
    var bitDepthLumaMinus8: Int
    var bitDepthChromaMinus8: Int
    /// Width and height after the conformance window (§7.4.3.2.1).
    var width: Int
    var height: Int
    var vui = VideoUsability()

    init(nalUnit: [UInt8]) throws {
        guard nalUnit.count >= 2, (nalUnit[0] >> 1) & 0x3F == 33 else {
            throw ParameterSetError("not an HEVC sequence parameter set (NAL unit type 33)")
        }
        var reader = BitReader(NALUnits.rbsp(of: nalUnit, headerLength: 2))
        try reader.skipBits(4)  // sps_video_parameter_set_id
        maxSubLayersMinus1 = Int(try reader.readBits(3))
        guard maxSubLayersMinus1 <= 6 else { throw ParameterSetError("sps_max_sub_layers_minus1 is 7") }
        temporalIDNesting = try reader.readFlag()
        profileTierLevel = try HEVCProfileTierLevel(reader: &reader, maxSubLayersMinus1: maxSubLayersMinus1)
        _ = try reader.readUnsignedExpGolomb(max: 15, "sps_seq_parameter_set_id")
        chromaFormatIDC = try reader.readUnsignedExpGolomb(max: 3, "chroma_format_idc")
        if chromaFormatIDC == 3 { separateColourPlane = try reader.readFlag() }
        let codedWidth = try reader.readUnsignedExpGolomb(max: 1 << 16, "pic_width_in_luma_samples")
        let codedHeight = try reader.readUnsignedExpGolomb(max: 1 << 16, "pic_height_in_luma_samples")
        var window = (left: 0, right: 0, top: 0, bottom: 0)
        if try reader.readFlag() {
            window = (try reader.readUnsignedExpGolomb(max: 1 << 16, "conf_win_left_offset"),
                      try reader.readUnsignedExpGolomb(max: 1 << 16, "conf_win_right_offset"),
                      try reader.readUnsignedExpGolomb(max: 1 << 16, "conf_win_top_offset"),
                      try reader.readUnsignedExpGolomb(max: 1 << 16, "conf_win_bottom_offset"))
        }
        // §7.4.3.2.1 with Table 6-1: offsets are in chroma units.
        let chromaArrayType = separateColourPlane ? 0 : chromaFormatIDC
        let subWidth = chromaArrayType == 1 || chromaArrayType == 2 ? 2 : 1
        let subHeight = chromaArrayType == 1 ? 2 : 1
        width = codedWidth - subWidth * (window.left + window.right)
        height = codedHeight - subHeight * (window.top + window.bottom)
        guard width > 0, height > 0 else { throw ParameterSetError("the conformance window leaves no picture") }
        bitDepthLumaMinus8 = try reader.readUnsignedExpGolomb(max: 8, "bit_depth_luma_minus8")
        bitDepthChromaMinus8 = try reader.readUnsignedExpGolomb(max: 8, "bit_depth_chroma_minus8")
        let log2MaxPictureOrderCountLSB = try reader.readUnsignedExpGolomb(max: 12, "log2_max_pic_order_cnt_lsb_minus4") + 4
        let orderingInfoForAll = try reader.readFlag()
        for _ in (orderingInfoForAll ? 0 : maxSubLayersMinus1)...maxSubLayersMinus1 {
            _ = try reader.readUnsignedExpGolomb()
            _ = try reader.readUnsignedExpGolomb()
            _ = try reader.readUnsignedExpGolomb()
        }
        for _ in 0..<6 { _ = try reader.readUnsignedExpGolomb() }  // coding and transform block sizes, hierarchy depths
        if try reader.readFlag(), try reader.readFlag() {  // scaling_list_enabled_flag, sps_scaling_list_data_present_flag
            try Self.skipScalingListData(&reader)
        }
        try reader.skipBits(2)  // amp_enabled_flag, sample_adaptive_offset_enabled_flag
        if try reader.readFlag() {  // pcm_enabled_flag
            try reader.skipBits(8)
            _ = try reader.readUnsignedExpGolomb()
            _ = try reader.readUnsignedExpGolomb()
            try reader.skipBits(1)
        }
        let setCount = try reader.readUnsignedExpGolomb(max: 64, "num_short_term_ref_pic_sets")
        var sets: [ShortTermReferencePictureSet] = []
        for index in 0..<setCount {
            sets.append(try ShortTermReferencePictureSet(reader: &reader, index: index, previous: sets))
        }
        if try reader.readFlag() {  // long_term_ref_pics_present_flag
            let count = try reader.readUnsignedExpGolomb(max: 32, "num_long_term_ref_pics_sps")
            for _ in 0..<count { try reader.skipBits(log2MaxPictureOrderCountLSB + 1) }
        }
        try reader.skipBits(2)  // sps_temporal_mvp_enabled_flag, strong_intra_smoothing_enabled_flag
        if try reader.readFlag() {
            // A damaged VUI does not make the SPS unusable; keep what was read before the damage.
            var parsed = VideoUsability()
            try? parsed.readHEVCRest(&reader, maxSubLayersMinus1: maxSubLayersMinus1)
            vui = parsed
        }
    }

    /// Skips scaling_list_data() (§7.3.4).
    private static func skipScalingListData(_ reader: inout BitReader) throws {
        for sizeID in 0..<4 {
            for _ in stride(from: 0, to: 6, by: sizeID == 3 ? 3 : 1) {
                if try !reader.readFlag() {
                    _ = try reader.readUnsignedExpGolomb()  // scaling_list_pred_matrix_id_delta
                } else {
                    if sizeID > 1 { _ = try reader.readSignedExpGolomb() }
                    for _ in 0..<min(64, 1 << (4 + (sizeID << 1))) { _ = try reader.readSignedExpGolomb() }
                }
            }
        }
    }
}

/// A short-term reference picture set, kept only for the POC deltas later sets may predict from (§7.3.7, §7.4.8).
private struct ShortTermReferencePictureSet {
    var negative: [Int64] = []
    var positive: [Int64] = []
    var count: Int { negative.count + positive.count }

    init(reader: inout BitReader, index: Int, previous: [ShortTermReferencePictureSet]) throws {
        let predicted = index != 0 ? try reader.readFlag() : false
        if predicted {
            // In an SPS, delta_idx_minus1 is absent and the reference set is the previous one.
            let reference = previous[index - 1]
            let sign = try reader.readFlag()
            let magnitude = Int64(try reader.readUnsignedExpGolomb(max: 1 << 15, "abs_delta_rps_minus1")) + 1
            let deltaRPS = sign ? -magnitude : magnitude
            var useDelta: [Bool] = []
            for _ in 0...reference.count {
                let usedByCurrent = try reader.readFlag()
                useDelta.append(usedByCurrent ? true : try reader.readFlag())
            }
            // Equations 7-61 and 7-62.
            for j in stride(from: reference.positive.count - 1, through: 0, by: -1) {
                let delta = reference.positive[j] + deltaRPS
                if delta < 0 && useDelta[reference.negative.count + j] { negative.append(delta) }
            }
            if deltaRPS < 0 && useDelta[reference.count] { negative.append(deltaRPS) }
            for j in 0..<reference.negative.count {
                let delta = reference.negative[j] + deltaRPS
                if delta < 0 && useDelta[j] { negative.append(delta) }
            }
            for j in stride(from: reference.negative.count - 1, through: 0, by: -1) {
                let delta = reference.negative[j] + deltaRPS
                if delta > 0 && useDelta[j] { positive.append(delta) }
            }
            if deltaRPS > 0 && useDelta[reference.count] { positive.append(deltaRPS) }
            for j in 0..<reference.positive.count {
                let delta = reference.positive[j] + deltaRPS
                if delta > 0 && useDelta[reference.negative.count + j] { positive.append(delta) }
            }
            guard count <= 32 else { throw ParameterSetError("reference picture set has more than 32 pictures") }
        } else {
            let negativeCount = try reader.readUnsignedExpGolomb(max: 16, "num_negative_pics")
            let positiveCount = try reader.readUnsignedExpGolomb(max: 16, "num_positive_pics")
            var poc: Int64 = 0
            for _ in 0..<negativeCount {
                poc -= Int64(try reader.readUnsignedExpGolomb(max: 1 << 15, "delta_poc_s0_minus1")) + 1
                try reader.skipBits(1)
                negative.append(poc)
            }
            poc = 0
            for _ in 0..<positiveCount {
                poc += Int64(try reader.readUnsignedExpGolomb(max: 1 << 15, "delta_poc_s1_minus1")) + 1
                try reader.skipBits(1)
                positive.append(poc)
            }
        }
    }
}

extension VideoUsability {
    /// Reads an HEVC vui_parameters() (§E.2.1) through the bitstream restrictions.
    mutating func readHEVCRest(_ reader: inout BitReader, maxSubLayersMinus1: Int) throws {
        try readCommon(&reader)
        try reader.skipBits(3)  // neutral_chroma_indication_flag, field_seq_flag, frame_field_info_present_flag
        if try reader.readFlag() {  // default_display_window_flag
            for _ in 0..<4 { _ = try reader.readUnsignedExpGolomb() }
        }
        if try reader.readFlag() {  // vui_timing_info_present_flag
            try reader.skipBits(64)
            if try reader.readFlag() { _ = try reader.readUnsignedExpGolomb() }
            if try reader.readFlag() { try Self.skipHRDParameters(&reader, maxSubLayersMinus1: maxSubLayersMinus1) }
        }
        if try reader.readFlag() {  // bitstream_restriction_flag
            try reader.skipBits(3)
            minSpatialSegmentationIDC = try reader.readUnsignedExpGolomb(max: 4095, "min_spatial_segmentation_idc")
        }
    }

    /// Skips hrd_parameters(1, maxSubLayersMinus1) (§E.2.2).
    private static func skipHRDParameters(_ reader: inout BitReader, maxSubLayersMinus1: Int) throws {
        let nal = try reader.readFlag(), vcl = try reader.readFlag()
        var subPicture = false
        if nal || vcl {
            subPicture = try reader.readFlag()
            if subPicture { try reader.skipBits(8 + 5 + 1 + 5) }
            try reader.skipBits(8)
            if subPicture { try reader.skipBits(4) }
            try reader.skipBits(15)
        }
        for _ in 0...maxSubLayersMinus1 {
            let fixedGeneral = try reader.readFlag()
            let fixedWithinSequence = fixedGeneral ? true : try reader.readFlag()
            var lowDelay = false
            if fixedWithinSequence {
                _ = try reader.readUnsignedExpGolomb()
            } else {
                lowDelay = try reader.readFlag()
            }
            let cpbCount = lowDelay ? 1 : try reader.readUnsignedExpGolomb(max: 31, "cpb_cnt_minus1") + 1
            for present in [nal, vcl] where present {
                for _ in 0..<cpbCount {
                    _ = try reader.readUnsignedExpGolomb()
                    _ = try reader.readUnsignedExpGolomb()
                    if subPicture {
                        _ = try reader.readUnsignedExpGolomb()
                        _ = try reader.readUnsignedExpGolomb()
                    }
                    try reader.skipBits(1)
                }
            }
        }
    }
}

/// The fields of an HEVC picture parameter set that hvcC's parallelismType needs (H.265 §7.3.2.3.1).
struct HEVCPictureParameterSet {
    var tilesEnabled: Bool
    var entropyCodingSyncEnabled: Bool

    init(nalUnit: [UInt8]) throws {
        guard nalUnit.count >= 2, (nalUnit[0] >> 1) & 0x3F == 34 else {
            throw ParameterSetError("not an HEVC picture parameter set (NAL unit type 34)")
        }
        var reader = BitReader(NALUnits.rbsp(of: nalUnit, headerLength: 2))
        _ = try reader.readUnsignedExpGolomb(max: 63, "pps_pic_parameter_set_id")
        _ = try reader.readUnsignedExpGolomb(max: 15, "pps_seq_parameter_set_id")
        try reader.skipBits(1 + 1 + 3 + 1 + 1)
        _ = try reader.readUnsignedExpGolomb()
        _ = try reader.readUnsignedExpGolomb()
        _ = try reader.readSignedExpGolomb()
        try reader.skipBits(2)
        if try reader.readFlag() { _ = try reader.readUnsignedExpGolomb() }  // cu_qp_delta_enabled_flag
        _ = try reader.readSignedExpGolomb()
        _ = try reader.readSignedExpGolomb()
        try reader.skipBits(4)
        tilesEnabled = try reader.readFlag()
        entropyCodingSyncEnabled = try reader.readFlag()
    }
}
