import CoreVideo
import Testing

/// Apple's string ↔ code point functions (CVImageBuffer.h), with code points from ITU-T H.273 Tables 2–4.
@Suite("Colour strings and H.273 code points: CVColorPrimaries…, CVTransferFunction…, CVYCbCrMatrix…")
struct CodePointTests {
    @Test("primaries")
    func primaries() {
        let cases: [(CFString, Int32)] = [
            (kCVImageBufferColorPrimaries_ITU_R_709_2, 1), (kCVImageBufferColorPrimaries_EBU_3213, 5),
            (kCVImageBufferColorPrimaries_SMPTE_C, 6), (kCVImageBufferColorPrimaries_ITU_R_2020, 9),
            (kCVImageBufferColorPrimaries_DCI_P3, 11), (kCVImageBufferColorPrimaries_P3_D65, 12),
            (kCVImageBufferColorPrimaries_P22, 22),
        ]
        for (name, code) in cases {
            #expect(CVColorPrimariesGetIntegerCodePointForString(name) == code, "\(name)")
            #expect(CVColorPrimariesGetStringForIntegerCodePoint(code)?.takeUnretainedValue() == name, "\(code)")
        }
        #expect(CVColorPrimariesGetStringForIntegerCodePoint(7)?.takeUnretainedValue() == kCVImageBufferColorPrimaries_SMPTE_C)
        #expect(CVColorPrimariesGetIntegerCodePointForString(nil) == 2)
        #expect(CVColorPrimariesGetIntegerCodePointForString("not a colour") == 2)
        #expect(CVColorPrimariesGetStringForIntegerCodePoint(2)?.takeUnretainedValue() == nil)
    }

    @Test("transfer functions")
    func transferFunctions() {
        let cases: [(CFString, Int32)] = [
            (kCVImageBufferTransferFunction_ITU_R_709_2, 1), (kCVImageBufferTransferFunction_SMPTE_240M_1995, 7),
            (kCVImageBufferTransferFunction_Linear, 8), (kCVImageBufferTransferFunction_sRGB, 13),
            (kCVImageBufferTransferFunction_ITU_R_2020, 14), (kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ, 16),
            (kCVImageBufferTransferFunction_SMPTE_ST_428_1, 17), (kCVImageBufferTransferFunction_ITU_R_2100_HLG, 18),
        ]
        for (name, code) in cases {
            #expect(CVTransferFunctionGetIntegerCodePointForString(name) == code, "\(name)")
            #expect(CVTransferFunctionGetStringForIntegerCodePoint(code)?.takeUnretainedValue() == name, "\(code)")
        }
        #expect(CVTransferFunctionGetStringForIntegerCodePoint(6)?.takeUnretainedValue() == kCVImageBufferTransferFunction_ITU_R_709_2)
        #expect(CVTransferFunctionGetStringForIntegerCodePoint(15)?.takeUnretainedValue() == kCVImageBufferTransferFunction_ITU_R_2020)
        #expect(CVTransferFunctionGetIntegerCodePointForString(kCVImageBufferTransferFunction_UseGamma) == 2,
                "a gamma curve's code point depends on its level")
        #expect(CVTransferFunctionGetStringForIntegerCodePoint(2)?.takeUnretainedValue() == nil)
    }

    @Test("Y'CbCr matrices")
    func matrices() {
        let cases: [(CFString, Int32)] = [
            (kCVImageBufferYCbCrMatrix_ITU_R_709_2, 1), (kCVImageBufferYCbCrMatrix_ITU_R_601_4, 6),
            (kCVImageBufferYCbCrMatrix_SMPTE_240M_1995, 7), (kCVImageBufferYCbCrMatrix_ITU_R_2020, 9),
        ]
        for (name, code) in cases {
            #expect(CVYCbCrMatrixGetIntegerCodePointForString(name) == code, "\(name)")
            #expect(CVYCbCrMatrixGetStringForIntegerCodePoint(code)?.takeUnretainedValue() == name, "\(code)")
        }
        #expect(CVYCbCrMatrixGetStringForIntegerCodePoint(5)?.takeUnretainedValue() == kCVImageBufferYCbCrMatrix_ITU_R_601_4)
        #expect(CVYCbCrMatrixGetIntegerCodePointForString(kCVImageBufferYCbCrMatrix_DCI_P3) == 2)
        #expect(CVYCbCrMatrixGetStringForIntegerCodePoint(10)?.takeUnretainedValue() == nil && CVYCbCrMatrixGetIntegerCodePointForString(nil) == 2)
    }
}
