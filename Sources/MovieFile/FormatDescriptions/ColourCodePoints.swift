import CoreMedia

/// ISO/IEC 23091-2 (ITU-T H.273) colour code points → Core Video's strings, as Apple's
/// `CVColorPrimariesGetStringForIntegerCodePoint` and its siblings map them.
enum ColourCodePoints {
    /// ColourPrimaries: 1 BT.709, 5 BT.470 B/G (EBU 3213), 6 and 7 SMPTE 170M/240M (SMPTE C), 9 BT.2020, 11 DCI-P3,
    /// 12 P3 D65, 22 EBU 3213-E (P22 phosphors).
    static let primaries: [UInt16: String] = [
        1: kCMFormatDescriptionColorPrimaries_ITU_R_709_2, 5: kCMFormatDescriptionColorPrimaries_EBU_3213,
        6: kCMFormatDescriptionColorPrimaries_SMPTE_C, 7: kCMFormatDescriptionColorPrimaries_SMPTE_C,
        9: kCMFormatDescriptionColorPrimaries_ITU_R_2020, 11: kCMFormatDescriptionColorPrimaries_DCI_P3,
        12: kCMFormatDescriptionColorPrimaries_P3_D65, 22: kCMFormatDescriptionColorPrimaries_P22,
    ]

    /// TransferCharacteristics: 1, 6, 14, 15 the BT.709 curve (Apple reports BT.2020's 14 and 15 as BT.2020),
    /// 4 and 5 pure gamma 2.2 and 2.8, 7 SMPTE 240M, 8 linear, 13 sRGB, 16 PQ, 17 SMPTE ST 428-1, 18 HLG.
    static let transferFunctions: [UInt16: (name: String, gamma: Double?)] = [
        1: (kCMFormatDescriptionTransferFunction_ITU_R_709_2, nil),
        4: (kCMFormatDescriptionTransferFunction_UseGamma, 2.2),
        5: (kCMFormatDescriptionTransferFunction_UseGamma, 2.8),
        6: (kCMFormatDescriptionTransferFunction_ITU_R_709_2, nil),
        7: (kCMFormatDescriptionTransferFunction_SMPTE_240M_1995, nil),
        8: (kCMFormatDescriptionTransferFunction_Linear, nil),
        13: (kCMFormatDescriptionTransferFunction_sRGB, nil),
        14: (kCMFormatDescriptionTransferFunction_ITU_R_2020, nil),
        15: (kCMFormatDescriptionTransferFunction_ITU_R_2020, nil),
        16: (kCMFormatDescriptionTransferFunction_SMPTE_ST_2084_PQ, nil),
        17: (kCMFormatDescriptionTransferFunction_SMPTE_ST_428_1, nil),
        18: (kCMFormatDescriptionTransferFunction_ITU_R_2100_HLG, nil),
    ]

    /// MatrixCoefficients: 1 BT.709, 5 and 6 BT.601, 7 SMPTE 240M, 9 BT.2020 non-constant luminance.
    static let matrices: [UInt16: String] = [
        1: kCMFormatDescriptionYCbCrMatrix_ITU_R_709_2, 5: kCMFormatDescriptionYCbCrMatrix_ITU_R_601_4,
        6: kCMFormatDescriptionYCbCrMatrix_ITU_R_601_4, 7: kCMFormatDescriptionYCbCrMatrix_SMPTE_240M_1995,
        9: kCMFormatDescriptionYCbCrMatrix_ITU_R_2020,
    ]
}
