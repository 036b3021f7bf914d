/// ITU-T H.273 (ISO/IEC 23091-2) colour code points ↔ the strings Core Video and Core Media name colours with
/// (`kCVImageBufferColorPrimaries_…`, `kCMFormatDescriptionTransferFunction_…`, …; the two families share their
/// values). One table per property, read both ways: the first entry for a name gives its code point.
///
/// These tables back Core Video's `CVColorPrimariesGetIntegerCodePointForString` and its siblings; `colr` boxes,
/// H.264/HEVC VUI and FFmpeg's frame properties all go through them.
package enum ColourCodePoints {
    /// "Unspecified" in each of H.273's tables (Apple's functions return it for an unknown name).
    package static let unspecified = 2

    /// H.273 Table 2, ColourPrimaries: 1 BT.709, 5 BT.470 B/G (EBU 3213), 6 and 7 SMPTE 170M and 240M (the same
    /// SMPTE C primaries), 9 BT.2020, 11 DCI-P3, 12 P3 D65, 22 EBU 3213-E (P22 phosphors).
    private static let primaries: [(codePoint: Int, name: String)] = [
        (1, "ITU_R_709_2"), (5, "EBU_3213"), (6, "SMPTE_C"), (7, "SMPTE_C"), (9, "ITU_R_2020"), (11, "DCI_P3"),
        (12, "P3_D65"), (22, "P22"),
    ]

    /// H.273 Table 3, TransferCharacteristics: 1 BT.709 with 6 (BT.601) and its curve, 14 and 15 BT.2020 (10 and
    /// 12 bit; Apple reports both as BT.2020), 4 and 5 pure gamma 2.2 and 2.8, 7 SMPTE 240M, 8 linear, 13 sRGB,
    /// 16 PQ, 17 SMPTE ST 428-1, 18 HLG.
    private static let transferFunctions: [(codePoint: Int, name: String, gamma: Double?)] = [
        (1, "ITU_R_709_2", nil), (6, "ITU_R_709_2", nil), (14, "ITU_R_2020", nil), (15, "ITU_R_2020", nil),
        (7, "SMPTE_240M_1995", nil), (8, "Linear", nil), (13, "IEC_sRGB", nil), (16, "SMPTE_ST_2084_PQ", nil),
        (17, "SMPTE_ST_428_1", nil), (18, "ITU_R_2100_HLG", nil), (4, "UseGamma", 2.2), (5, "UseGamma", 2.8),
    ]

    /// H.273 Table 4, MatrixCoefficients: 1 BT.709, 6 and 5 BT.601 (SMPTE 170M, BT.470 B/G), 7 SMPTE 240M,
    /// 9 BT.2020 non-constant luminance (Core Video has no name for 10, constant luminance).
    private static let matrices: [(codePoint: Int, name: String)] = [
        (1, "ITU_R_709_2"), (6, "ITU_R_601_4"), (5, "ITU_R_601_4"), (7, "SMPTE_240M_1995"), (9, "ITU_R_2020"),
    ]

    /// The primaries name of `codePoint`, when Core Video has one.
    package static func primaries(forCodePoint codePoint: Int) -> String? {
        primaries.first { $0.codePoint == codePoint }?.name
    }

    /// The code point of a primaries name; `unspecified` for `nil` or an unknown name.
    package static func codePoint(forPrimaries name: String?) -> Int {
        primaries.first { $0.name == name }?.codePoint ?? unspecified
    }

    /// The transfer function name of `codePoint`, when Core Video has one (`UseGamma` for the pure gamma curves).
    package static func transferFunction(forCodePoint codePoint: Int) -> String? {
        transferFunctions.first { $0.codePoint == codePoint }?.name
    }

    /// The gamma level that goes with `UseGamma` for `codePoint` (2.2 or 2.8), if it is a pure gamma curve.
    package static func gammaLevel(forTransferCodePoint codePoint: Int) -> Double? {
        transferFunctions.first { $0.codePoint == codePoint }?.gamma
    }

    /// The code point of a transfer function name; `unspecified` for `nil`, an unknown name, and `UseGamma`, whose
    /// code point depends on the gamma level.
    package static func codePoint(forTransferFunction name: String?) -> Int {
        transferFunctions.first { $0.name == name && $0.gamma == nil }?.codePoint ?? unspecified
    }

    /// The code point of `UseGamma` at `gamma` (4 for 2.2, 5 for 2.8), or `unspecified`.
    package static func codePoint(forGammaLevel gamma: Double) -> Int {
        transferFunctions.first { $0.gamma == gamma }?.codePoint ?? unspecified
    }

    /// The Y'CbCr matrix name of `codePoint`, when Core Video has one.
    package static func yCbCrMatrix(forCodePoint codePoint: Int) -> String? {
        matrices.first { $0.codePoint == codePoint }?.name
    }

    /// The code point of a Y'CbCr matrix name; `unspecified` for `nil` or an unknown name.
    package static func codePoint(forYCbCrMatrix name: String?) -> Int {
        matrices.first { $0.name == name }?.codePoint ?? unspecified
    }
}
