import CoreFoundationShims
import MediaFormats

// Conversions between Core Video's colour strings and the integer code points of ITU-T H.273 / ISO/IEC 23091-2
// (CVImageBuffer.h, "Converting between strings and integer code points"). The `…GetStringForIntegerCodePoint`
// functions return an unretained `Unmanaged<CFString>?`, as Apple's do (`.takeUnretainedValue()`): the strings are
// interned for the life of the process. The tables are `MediaFormats.ColourCodePoints`, the package's one copy.

/// The H.273 `colour_primaries` code point of a Core Video primaries string, or 2 (unspecified) when the string is
/// `nil` or has none.
public func CVColorPrimariesGetIntegerCodePointForString(_ colorPrimariesString: CFString?) -> Int32 {
    Int32(ColourCodePoints.codePoint(forPrimaries: colorPrimariesString.map { $0 as String }))
}

/// The Core Video primaries string of an H.273 `colour_primaries` code point, or `nil` for 2 (unspecified) and code
/// points Core Video has no string for.
public func CVColorPrimariesGetStringForIntegerCodePoint(_ colorPrimariesCodePoint: Int32) -> Unmanaged<CFString>? {
    ColourCodePoints.primaries(forCodePoint: Int(colorPrimariesCodePoint)).map { Unmanaged.passUnretained(cfInterned($0)) }
}

/// The H.273 `transfer_characteristics` code point of a Core Video transfer function string, or 2 (unspecified)
/// when the string is `nil` or has none (`kCVImageBufferTransferFunction_UseGamma` needs a gamma level to have one).
public func CVTransferFunctionGetIntegerCodePointForString(_ transferFunctionString: CFString?) -> Int32 {
    Int32(ColourCodePoints.codePoint(forTransferFunction: transferFunctionString.map { $0 as String }))
}

/// The Core Video transfer function string of an H.273 `transfer_characteristics` code point, or `nil` for 2
/// (unspecified) and code points Core Video has no string for.
public func CVTransferFunctionGetStringForIntegerCodePoint(_ transferFunctionCodePoint: Int32) -> Unmanaged<CFString>? {
    ColourCodePoints.transferFunction(forCodePoint: Int(transferFunctionCodePoint)).map { Unmanaged.passUnretained(cfInterned($0)) }
}

/// The H.273 `matrix_coefficients` code point of a Core Video Y'CbCr matrix string, or 2 (unspecified) when the
/// string is `nil` or has none.
public func CVYCbCrMatrixGetIntegerCodePointForString(_ yCbCrMatrixString: CFString?) -> Int32 {
    Int32(ColourCodePoints.codePoint(forYCbCrMatrix: yCbCrMatrixString.map { $0 as String }))
}

/// The Core Video Y'CbCr matrix string of an H.273 `matrix_coefficients` code point, or `nil` for 2 (unspecified)
/// and code points Core Video has no string for.
public func CVYCbCrMatrixGetStringForIntegerCodePoint(_ yCbCrMatrixCodePoint: Int32) -> Unmanaged<CFString>? {
    ColourCodePoints.yCbCrMatrix(forCodePoint: Int(yCbCrMatrixCodePoint)).map { Unmanaged.passUnretained(cfInterned($0)) }
}
