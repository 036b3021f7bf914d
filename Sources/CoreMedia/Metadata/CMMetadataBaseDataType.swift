// The data types of metadata values (CMMetadata.h, "Base Data Types"), with the values Apple's SDK defines.
// Apple's documentation lists the constants without their values; the strings are those of the SDK header.
// Every module that names a metadata data type (the MOV/MP4 reader and writer, the audio-file readers, the asset
// layer) uses these constants, so there is one copy of each string.

/// Raw bytes.
public let kCMMetadataBaseDataType_RawData = "com.apple.metadata.datatype.raw-data"
/// UTF-8 text.
public let kCMMetadataBaseDataType_UTF8 = "com.apple.metadata.datatype.UTF-8"
/// UTF-16 text.
public let kCMMetadataBaseDataType_UTF16 = "com.apple.metadata.datatype.UTF-16"
/// A GIF image.
public let kCMMetadataBaseDataType_GIF = "com.compuserve.gif"
/// A JPEG image.
public let kCMMetadataBaseDataType_JPEG = "public.jpeg"
/// A PNG image.
public let kCMMetadataBaseDataType_PNG = "public.png"
/// A BMP image.
public let kCMMetadataBaseDataType_BMP = "com.microsoft.bmp"
/// A 32-bit float.
public let kCMMetadataBaseDataType_Float32 = "com.apple.metadata.datatype.float32"
/// A 64-bit float.
public let kCMMetadataBaseDataType_Float64 = "com.apple.metadata.datatype.float64"
/// A signed 8-bit integer.
public let kCMMetadataBaseDataType_SInt8 = "com.apple.metadata.datatype.int8"
/// A signed 16-bit integer.
public let kCMMetadataBaseDataType_SInt16 = "com.apple.metadata.datatype.int16"
/// A signed 32-bit integer.
public let kCMMetadataBaseDataType_SInt32 = "com.apple.metadata.datatype.int32"
/// A signed 64-bit integer.
public let kCMMetadataBaseDataType_SInt64 = "com.apple.metadata.datatype.int64"
/// An unsigned 8-bit integer.
public let kCMMetadataBaseDataType_UInt8 = "com.apple.metadata.datatype.uint8"
/// An unsigned 16-bit integer.
public let kCMMetadataBaseDataType_UInt16 = "com.apple.metadata.datatype.uint16"
/// An unsigned 32-bit integer.
public let kCMMetadataBaseDataType_UInt32 = "com.apple.metadata.datatype.uint32"
/// An unsigned 64-bit integer.
public let kCMMetadataBaseDataType_UInt64 = "com.apple.metadata.datatype.uint64"
/// A point of two 32-bit floats.
public let kCMMetadataBaseDataType_PointF32 = "com.apple.metadata.datatype.PointF32"
/// Dimensions of two 32-bit floats.
public let kCMMetadataBaseDataType_DimensionsF32 = "com.apple.metadata.datatype.DimensionsF32"
/// A rectangle of four 32-bit floats.
public let kCMMetadataBaseDataType_RectF32 = "com.apple.metadata.datatype.RectF32"
/// An affine transform of nine 64-bit floats.
public let kCMMetadataBaseDataType_AffineTransformF64 = "com.apple.metadata.datatype.AffineTransformF64"
/// A polygon of 32-bit float points.
public let kCMMetadataBaseDataType_PolygonF32 = "com.apple.metadata.datatype.PolygonF32"
/// A polyline of 32-bit float points.
public let kCMMetadataBaseDataType_PolylineF32 = "com.apple.metadata.datatype.PolylineF32"
/// JSON text.
public let kCMMetadataBaseDataType_JSON = "com.apple.metadata.datatype.JSON"
/// A perspective transform of nine 64-bit floats.
public let kCMMetadataBaseDataType_PerspectiveTransformF64 = "com.apple.metadata.datatype.PerspectiveTransformF64"
/// An ISO 6709 location string (QuickTime metadata).
public let kCMMetadataDataType_QuickTimeMetadataLocation_ISO6709 = "com.apple.quicktime.location.ISO6709"
/// A direction in degrees (QuickTime metadata).
public let kCMMetadataDataType_QuickTimeMetadataDirection = "com.apple.quicktime.direction"
