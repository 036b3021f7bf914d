import CoreMedia

/// ITU-T H.273 code points for Core Video's colour names (the inverse of what readers map).
enum VideoColourCodePoints {
    /// `colour_primaries`.
    static func primaries(_ name: String) -> UInt16? {
        switch name {
        case kCMFormatDescriptionColorPrimaries_ITU_R_709_2: 1
        case kCMFormatDescriptionColorPrimaries_EBU_3213: 5
        case kCMFormatDescriptionColorPrimaries_SMPTE_C: 6
        case kCMFormatDescriptionColorPrimaries_ITU_R_2020: 9
        case kCMFormatDescriptionColorPrimaries_DCI_P3: 11
        case kCMFormatDescriptionColorPrimaries_P3_D65: 12
        case kCMFormatDescriptionColorPrimaries_P22: 22
        default: nil
        }
    }

    /// `transfer_characteristics`.
    static func transfer(_ name: String) -> UInt16? {
        switch name {
        case kCMFormatDescriptionTransferFunction_ITU_R_709_2: 1
        case kCMFormatDescriptionTransferFunction_SMPTE_240M_1995: 7
        case kCMFormatDescriptionTransferFunction_Linear: 8
        case kCMFormatDescriptionTransferFunction_sRGB: 13
        case kCMFormatDescriptionTransferFunction_ITU_R_2020: 14
        case kCMFormatDescriptionTransferFunction_SMPTE_ST_2084_PQ: 16
        case kCMFormatDescriptionTransferFunction_SMPTE_ST_428_1: 17
        case kCMFormatDescriptionTransferFunction_ITU_R_2100_HLG: 18
        default: nil
        }
    }

    /// `matrix_coefficients`.
    static func matrix(_ name: String) -> UInt16? {
        switch name {
        case kCMFormatDescriptionYCbCrMatrix_ITU_R_709_2: 1
        case kCMFormatDescriptionYCbCrMatrix_ITU_R_601_4: 6
        case kCMFormatDescriptionYCbCrMatrix_SMPTE_240M_1995: 7
        case kCMFormatDescriptionYCbCrMatrix_ITU_R_2020: 9
        default: nil
        }
    }
}
