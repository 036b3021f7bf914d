import MediaFormats

/// The fields of an H.264 sequence parameter set that a format description needs (ITU-T H.264 §7.3.2.1.1).
struct H264SequenceParameterSet {
    var profileIDC: UInt8
    /// The byte of constraint_set0…5 flags and reserved bits (the avcC `profile_compatibility`).
    var constraintFlags: UInt8
    var levelIDC: UInt8
    var chromaFormatIDC = 1
    var separateColourPlane = false
    var bitDepthLumaMinus8 = 0
    var bitDepthChromaMinus8 = 0
    var frameMBsOnly = true
    /// Display width and height after the SPS cropping rectangle (§7.4.2.1.1).
    var width = 0
    var height = 0
    var vui = VideoUsability()

    /// The profiles whose SPS carries chroma format, bit depths and scaling matrices (§7.3.2.1.1).
    static let profilesWithChromaInfo: Set<UInt8> = [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]

    /// Parses `nalUnit`: a whole SPS NAL unit, header byte included, with emulation prevention bytes.
    init(nalUnit: [UInt8]) throws {
        guard let header = nalUnit.first, header & 0x1F == 7 else {
            throw ParameterSetError("not an H.264 sequence parameter set (NAL unit type 7)")
        }
        var reader = BitReader(NALUnits.rbsp(of: nalUnit, headerLength: 1))
        profileIDC = UInt8(try reader.readBits(8))
        constraintFlags = UInt8(try reader.readBits(8))
        levelIDC = UInt8(try reader.readBits(8))
        _ = try reader.readUnsignedExpGolomb(max: 31, "seq_parameter_set_id")
        if Self.profilesWithChromaInfo.contains(profileIDC) {
            chromaFormatIDC = try reader.readUnsignedExpGolomb(max: 3, "chroma_format_idc")
            if chromaFormatIDC == 3 { separateColourPlane = try reader.readFlag() }
            bitDepthLumaMinus8 = try reader.readUnsignedExpGolomb(max: 6, "bit_depth_luma_minus8")
            bitDepthChromaMinus8 = try reader.readUnsignedExpGolomb(max: 6, "bit_depth_chroma_minus8")
            try reader.skipBits(1)  // qpprime_y_zero_transform_bypass_flag
            if try reader.readFlag() {  // seq_scaling_matrix_present_flag
                for index in 0..<(chromaFormatIDC != 3 ? 8 : 12) where try reader.readFlag() {
                    try Self.skipScalingList(&reader, size: index < 6 ? 16 : 64)
                }
            }
        }
        _ = try reader.readUnsignedExpGolomb(max: 12, "log2_max_frame_num_minus4")
        let pictureOrderCountType = try reader.readUnsignedExpGolomb(max: 2, "pic_order_cnt_type")
        if pictureOrderCountType == 0 {
            _ = try reader.readUnsignedExpGolomb(max: 12, "log2_max_pic_order_cnt_lsb_minus4")
        } else if pictureOrderCountType == 1 {
            try reader.skipBits(1)
            _ = try reader.readSignedExpGolomb()
            _ = try reader.readSignedExpGolomb()
            let cycle = try reader.readUnsignedExpGolomb(max: 255, "num_ref_frames_in_pic_order_cnt_cycle")
            for _ in 0..<cycle { _ = try reader.readSignedExpGolomb() }
        }
        _ = try reader.readUnsignedExpGolomb()  // max_num_ref_frames
        try reader.skipBits(1)  // gaps_in_frame_num_value_allowed_flag
        let widthInMacroblocks = try reader.readUnsignedExpGolomb(max: 1 << 16, "pic_width_in_mbs_minus1") + 1
        let heightInMapUnits = try reader.readUnsignedExpGolomb(max: 1 << 16, "pic_height_in_map_units_minus1") + 1
        frameMBsOnly = try reader.readFlag()
        if !frameMBsOnly { try reader.skipBits(1) }  // mb_adaptive_frame_field_flag
        try reader.skipBits(1)  // direct_8x8_inference_flag
        var crop = (left: 0, right: 0, top: 0, bottom: 0)
        if try reader.readFlag() {
            crop = (try reader.readUnsignedExpGolomb(max: 1 << 20, "frame_crop_left_offset"),
                    try reader.readUnsignedExpGolomb(max: 1 << 20, "frame_crop_right_offset"),
                    try reader.readUnsignedExpGolomb(max: 1 << 20, "frame_crop_top_offset"),
                    try reader.readUnsignedExpGolomb(max: 1 << 20, "frame_crop_bottom_offset"))
        }
        // §7.4.2.1.1: the crop unit depends on ChromaArrayType and on field coding.
        let fieldFactor = frameMBsOnly ? 1 : 2
        let chromaArrayType = separateColourPlane ? 0 : chromaFormatIDC
        let (subWidth, subHeight) = chromaArrayType == 0 ? (1, 1)
            : chromaArrayType == 1 ? (2, 2) : chromaArrayType == 2 ? (2, 1) : (1, 1)
        let cropUnitX = chromaArrayType == 0 ? 1 : subWidth
        let cropUnitY = (chromaArrayType == 0 ? 1 : subHeight) * fieldFactor
        let codedWidth = widthInMacroblocks * 16
        let codedHeight = heightInMapUnits * 16 * fieldFactor
        width = codedWidth - cropUnitX * (crop.left + crop.right)
        height = codedHeight - cropUnitY * (crop.top + crop.bottom)
        guard width > 0, height > 0 else { throw ParameterSetError("cropping leaves no picture") }
        if try reader.readFlag() {
            // A damaged VUI does not make the SPS unusable; keep what was read before the damage.
            vui = (try? VideoUsability(h264: &reader)) ?? vui
        }
    }

    /// Skips a scaling_list() (§7.3.2.1.1.1).
    private static func skipScalingList(_ reader: inout BitReader, size: Int) throws {
        var last: Int32 = 8, next: Int32 = 8
        for _ in 0..<size {
            if next != 0 {
                let delta = try reader.readSignedExpGolomb()
                guard delta >= -128, delta <= 127 else { throw ParameterSetError("delta_scale out of range") }
                next = (last + delta + 256) % 256
            }
            last = next == 0 ? last : next
        }
    }
}

/// Video usability information that format descriptions carry as extensions (H.264 Annex E, H.265 Annex E).
struct VideoUsability {
    var sampleAspectRatio: (horizontal: Int, vertical: Int)?
    var videoFullRange = false
    var colourPrimaries: Int?
    var transferCharacteristics: Int?
    var matrixCoefficients: Int?
    var chromaSampleLocationTop: Int?
    var chromaSampleLocationBottom: Int?
    /// HEVC only: `min_spatial_segmentation_idc` from the bitstream restrictions (for hvcC).
    var minSpatialSegmentationIDC = 0

    init() {}

    /// Table E-1: the sample aspect ratios that aspect_ratio_idc 1…16 stand for.
    static let aspectRatios: [(Int, Int)] = [
        (1, 1), (12, 11), (10, 11), (16, 11), (40, 33), (24, 11), (20, 11), (32, 11), (80, 33), (18, 11),
        (15, 11), (64, 33), (160, 99), (4, 3), (3, 2), (2, 1),
    ]

    /// Reads the start of an H.264 vui_parameters() (§E.1.1) up to the chroma location.
    init(h264 reader: inout BitReader) throws {
        try readCommon(&reader)
    }

    /// Reads the fields common to H.264 and H.265 VUI up to the chroma sample location.
    mutating func readCommon(_ reader: inout BitReader) throws {
        if try reader.readFlag() {
            let idc = Int(try reader.readBits(8))
            if idc == 255 {
                let horizontal = Int(try reader.readBits(16)), vertical = Int(try reader.readBits(16))
                if horizontal > 0 && vertical > 0 { sampleAspectRatio = (horizontal, vertical) }
            } else if idc >= 1 && idc <= Self.aspectRatios.count {
                sampleAspectRatio = Self.aspectRatios[idc - 1]
            }
        }
        if try reader.readFlag() { try reader.skipBits(1) }  // overscan
        if try reader.readFlag() {  // video_signal_type_present_flag
            try reader.skipBits(3)  // video_format
            videoFullRange = try reader.readFlag()
            if try reader.readFlag() {
                colourPrimaries = Int(try reader.readBits(8))
                transferCharacteristics = Int(try reader.readBits(8))
                matrixCoefficients = Int(try reader.readBits(8))
            }
        }
        if try reader.readFlag() {
            chromaSampleLocationTop = try reader.readUnsignedExpGolomb(max: 5, "chroma_sample_loc_type_top_field")
            chromaSampleLocationBottom = try reader.readUnsignedExpGolomb(max: 5, "chroma_sample_loc_type_bottom_field")
        }
    }
}
