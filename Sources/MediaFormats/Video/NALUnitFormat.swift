/// The two NAL-unit video syntaxes whose framing and parameter sets this module handles: ITU-T H.264 (AVC) and
/// H.265 (HEVC). They differ in the NAL unit header (one byte with a 5-bit type, or two bytes with a 6-bit type).
package enum NALUnitFormat: Sendable, Equatable {
    /// ITU-T H.264 / ISO/IEC 14496-10.
    case h264
    /// ITU-T H.265 / ISO/IEC 23008-2.
    case hevc

    /// Bytes of the NAL unit header (H.264 §7.3.1: 1; H.265 §7.3.1.2: 2).
    package var headerLength: Int { self == .hevc ? 2 : 1 }

    /// The `nal_unit_type` in a NAL unit's first byte (H.264: low 5 bits; H.265: bits 1–6).
    package func nalUnitType(_ firstByte: UInt8) -> Int {
        self == .hevc ? Int((firstByte >> 1) & 0x3F) : Int(firstByte & 0x1F)
    }

    /// Whether a NAL unit type is a parameter set (H.264 SPS 7, PPS 8, SPS extension 13; HEVC VPS 32, SPS 33,
    /// PPS 34).
    package func isParameterSet(_ type: Int) -> Bool {
        self == .hevc ? (32...34).contains(type) : (type == 7 || type == 8 || type == 13)
    }

    /// Whether a NAL unit type is an access unit delimiter (H.264 9, HEVC 35), which MP4 samples should not carry.
    package func isAccessUnitDelimiter(_ type: Int) -> Bool { self == .hevc ? type == 35 : type == 9 }
}
