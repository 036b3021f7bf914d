/// QuickTime well-known data types (QuickTime File Format, "Well-known types") → Apple's metadata base data type
/// names (`kCMMetadataBaseDataType_…`). Apple's documentation lists the constants without their values; the strings
/// are the values of Apple's SDK header CMMetadata.h.
enum MetadataDataTypes {
    /// `kCMMetadataBaseDataType_RawData`.
    static let rawData = "com.apple.metadata.datatype.raw-data"
    /// `kCMMetadataBaseDataType_UTF8`.
    static let utf8 = "com.apple.metadata.datatype.UTF-8"
    /// `kCMMetadataBaseDataType_UTF16`.
    static let utf16 = "com.apple.metadata.datatype.UTF-16"

    /// The base data type name for a well-known type number, or `nil` for numbers with no base type.
    static func name(forWellKnownType type: UInt32) -> String? {
        switch type {
        case 0: rawData
        case 1, 4: utf8
        case 2, 5: utf16
        case 12: "com.compuserve.gif"
        case 13: "public.jpeg"
        case 14: "public.png"
        case 27: "com.microsoft.bmp"
        case 23: "com.apple.metadata.datatype.float32"
        case 24: "com.apple.metadata.datatype.float64"
        case 65: "com.apple.metadata.datatype.int8"
        case 66: "com.apple.metadata.datatype.int16"
        case 67: "com.apple.metadata.datatype.int32"
        case 74: "com.apple.metadata.datatype.int64"
        case 75: "com.apple.metadata.datatype.uint8"
        case 76: "com.apple.metadata.datatype.uint16"
        case 77: "com.apple.metadata.datatype.uint32"
        case 78: "com.apple.metadata.datatype.uint64"
        case 70: "com.apple.metadata.datatype.PointF32"
        case 71: "com.apple.metadata.datatype.DimensionsF32"
        case 72: "com.apple.metadata.datatype.RectF32"
        case 79: "com.apple.metadata.datatype.AffineTransformF64"
        // Types 21 and 22 are big-endian integers of 1–8 bytes; Apple reports them by their width, so they have no
        // single name here and the caller names them from the payload's size.
        default: nil
        }
    }

    /// The name of a type-21/22 (variable-width big-endian) integer of `byteCount` bytes.
    static func integerName(signed: Bool, byteCount: Int) -> String? {
        let bits: Int
        switch byteCount {
        case 1: bits = 8
        case 2: bits = 16
        case 4: bits = 32
        case 8: bits = 64
        default: return nil
        }
        return "com.apple.metadata.datatype.\(signed ? "int" : "uint")\(bits)"
    }
}
