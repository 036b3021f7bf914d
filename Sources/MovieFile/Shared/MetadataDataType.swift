import CoreMedia

/// Apple's metadata base data types (CoreMedia's `kCMMetadataBaseDataType_…`) and the QuickTime well-known type
/// numbers that `data` atoms store them as (QuickTime File Format, "Well-known types"). One table serves both
/// directions: the reader names a stored type, the writer picks the number for a named type.
enum MetadataDataType {
    static let rawData = kCMMetadataBaseDataType_RawData
    static let utf8 = kCMMetadataBaseDataType_UTF8
    static let utf16 = kCMMetadataBaseDataType_UTF16
    static let float32 = kCMMetadataBaseDataType_Float32
    static let sint8 = kCMMetadataBaseDataType_SInt8
    static let sint16 = kCMMetadataBaseDataType_SInt16
    static let sint32 = kCMMetadataBaseDataType_SInt32
    static let sint64 = kCMMetadataBaseDataType_SInt64
    static let uint8 = kCMMetadataBaseDataType_UInt8
    static let uint16 = kCMMetadataBaseDataType_UInt16
    static let uint32 = kCMMetadataBaseDataType_UInt32
    static let uint64 = kCMMetadataBaseDataType_UInt64

    /// Well-known type number ↔ base data type, for the types that have both.
    private static let table: [(number: UInt32, name: String)] = [
        (0, kCMMetadataBaseDataType_RawData), (1, kCMMetadataBaseDataType_UTF8), (2, kCMMetadataBaseDataType_UTF16),
        (12, kCMMetadataBaseDataType_GIF), (13, kCMMetadataBaseDataType_JPEG), (14, kCMMetadataBaseDataType_PNG),
        (27, kCMMetadataBaseDataType_BMP), (23, kCMMetadataBaseDataType_Float32), (24, kCMMetadataBaseDataType_Float64),
        (65, kCMMetadataBaseDataType_SInt8), (66, kCMMetadataBaseDataType_SInt16), (67, kCMMetadataBaseDataType_SInt32),
        (74, kCMMetadataBaseDataType_SInt64), (75, kCMMetadataBaseDataType_UInt8), (76, kCMMetadataBaseDataType_UInt16),
        (77, kCMMetadataBaseDataType_UInt32), (78, kCMMetadataBaseDataType_UInt64),
        (70, kCMMetadataBaseDataType_PointF32), (71, kCMMetadataBaseDataType_DimensionsF32),
        (72, kCMMetadataBaseDataType_RectF32), (79, kCMMetadataBaseDataType_AffineTransformF64),
        (80, kCMMetadataBaseDataType_PolygonF32), (81, kCMMetadataBaseDataType_PolylineF32),
        (82, kCMMetadataBaseDataType_JSON), (85, kCMMetadataBaseDataType_PerspectiveTransformF64),
    ]

    /// The base data type a stored well-known type number means, or `nil` for numbers with no base type.
    /// Types 4 and 5 are the sort-key forms of UTF-8 and UTF-16. Types 21 and 22 (big-endian integers of 1–8 bytes)
    /// are named by their width: see `integerName(signed:byteCount:)`.
    static func name(forWellKnownType number: UInt32) -> String? {
        switch number {
        case 4: utf8
        case 5: utf16
        default: table.first { $0.number == number }?.name
        }
    }

    /// The well-known type number to store a named base data type as, or `nil` when it has none. ISO 6709
    /// locations are UTF-8 text in the file.
    static func wellKnownType(_ name: String) -> UInt32? {
        if name == kCMMetadataDataType_QuickTimeMetadataLocation_ISO6709 { return 1 }
        return table.first { $0.name == name }?.number
    }

    /// The name of a type-21/22 (variable-width big-endian) integer of `byteCount` bytes.
    static func integerName(signed: Bool, byteCount: Int) -> String? {
        switch (signed, byteCount) {
        case (true, 1): sint8
        case (true, 2): sint16
        case (true, 4): sint32
        case (true, 8): sint64
        case (false, 1): uint8
        case (false, 2): uint16
        case (false, 4): uint32
        case (false, 8): uint64
        default: nil
        }
    }
}
