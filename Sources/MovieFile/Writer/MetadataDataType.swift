/// Apple's metadata base data type names (CMMetadata.h `kCMMetadataBaseDataType_…` values) and the QuickTime
/// well-known type numbers they are stored as (QuickTime File Format, "Well-known types").
enum MetadataDataType {
    static let rawData = "com.apple.metadata.datatype.raw-data"
    static let utf8 = "com.apple.metadata.datatype.UTF-8"
    static let utf16 = "com.apple.metadata.datatype.UTF-16"
    static let gif = "com.compuserve.gif"
    static let jpeg = "public.jpeg"
    static let png = "public.png"
    static let bmp = "com.microsoft.bmp"
    static let float32 = "com.apple.metadata.datatype.float32"
    static let float64 = "com.apple.metadata.datatype.float64"
    static let sint8 = "com.apple.metadata.datatype.int8"
    static let sint16 = "com.apple.metadata.datatype.int16"
    static let sint32 = "com.apple.metadata.datatype.int32"
    static let sint64 = "com.apple.metadata.datatype.int64"
    static let uint8 = "com.apple.metadata.datatype.uint8"
    static let uint16 = "com.apple.metadata.datatype.uint16"
    static let uint32 = "com.apple.metadata.datatype.uint32"
    static let uint64 = "com.apple.metadata.datatype.uint64"
    static let location = "com.apple.quicktime.metadata.datatype.location.ISO6709"

    /// The well-known type number for a base data type name, or `nil` when it has none.
    static func wellKnownType(_ name: String) -> UInt32? {
        switch name {
        case rawData: 0
        case utf8, location: 1
        case utf16: 2
        case gif: 12
        case jpeg: 13
        case png: 14
        case bmp: 27
        case float32: 23
        case float64: 24
        case sint8: 65
        case sint16: 66
        case sint32: 67
        case sint64: 74
        case uint8: 75
        case uint16: 76
        case uint32: 77
        case uint64: 78
        case "com.apple.metadata.datatype.PointF32": 70
        case "com.apple.metadata.datatype.DimensionsF32": 71
        case "com.apple.metadata.datatype.RectF32": 72
        case "com.apple.metadata.datatype.AffineTransformF64": 79
        case "com.apple.metadata.datatype.PolygonF32": 80
        case "com.apple.metadata.datatype.PolylineF32": 81
        case "com.apple.metadata.datatype.JSON": 82
        case "com.apple.metadata.datatype.PerspectiveTransformF64": 85
        default: nil
        }
    }
}
