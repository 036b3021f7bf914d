// The dictionary keys and values of CGImageProperties.h, CGImageSource.h and CGImageDestination.h, with Apple's
// string values, so that dictionaries written for Apple's ImageIO mean the same here.

// MARK: Image properties (CGImageSourceCopyPropertiesAtIndex)

/// The image's width in pixels (an `Int`).
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// The image's height in pixels (an `Int`).
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// Bits in one colour or alpha component (an `Int`).
public let kCGImagePropertyDepth: CFString = "Depth"
/// Whether the image has an alpha channel (a `Bool`).
public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
/// Whether the components are floating point (a `Bool`).
public let kCGImagePropertyIsFloat: CFString = "IsFloat"
/// Whether the colour is indexed through a palette (a `Bool`).
public let kCGImagePropertyIsIndexed: CFString = "IsIndexed"
/// The colour model: `kCGImagePropertyColorModelRGB`, `…Gray`, `…CMYK` or `…Lab`.
public let kCGImagePropertyColorModel: CFString = "ColorModel"
/// The name of the image's colour profile (a `String`).
public let kCGImagePropertyProfileName: CFString = "ProfileName"
/// The orientation the image is meant to be shown in (a `CGImagePropertyOrientation` raw value).
public let kCGImagePropertyOrientation: CFString = "Orientation"
/// Horizontal resolution in dots per inch.
public let kCGImagePropertyDPIWidth: CFString = "DPIWidth"
/// Vertical resolution in dots per inch.
public let kCGImagePropertyDPIHeight: CFString = "DPIHeight"
/// The size of the image file in bytes (container properties, `CGImageSourceCopyProperties`).
public let kCGImagePropertyFileSize: CFString = "FileSize"
/// Index of the primary image of the file (container properties).
public let kCGImagePropertyPrimaryImage: CFString = "PrimaryImage"
/// The PNG-specific properties (a dictionary).
public let kCGImagePropertyPNGDictionary: CFString = "{PNG}"
/// The JFIF-specific properties of a JPEG (a dictionary).
public let kCGImagePropertyJFIFDictionary: CFString = "{JFIF}"
/// PNG interlacing: 0 none, 1 Adam7.
public let kCGImagePropertyPNGInterlaceType: CFString = "InterlaceType"
/// Whether a JPEG is progressive (in the JFIF dictionary).
public let kCGImagePropertyJFIFIsProgressive: CFString = "IsProgressive"

/// Colour model value: red, green and blue.
public let kCGImagePropertyColorModelRGB: CFString = "RGB"
/// Colour model value: grey.
public let kCGImagePropertyColorModelGray: CFString = "Gray"
/// Colour model value: cyan, magenta, yellow and black.
public let kCGImagePropertyColorModelCMYK: CFString = "CMYK"
/// Colour model value: CIE L*a*b*.
public let kCGImagePropertyColorModelLab: CFString = "Lab"

// MARK: Image source options

/// A hint of the type of the data (a type identifier), for data whose type cannot be told from its first bytes.
public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
/// Whether decoded images are cached (accepted; images are decoded on each call here).
public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// Whether images are decoded when created rather than when drawn (here they always are).
public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately"
/// Whether floating-point images may be returned (accepted; PNG and JPEG decode to integers).
public let kCGImageSourceShouldAllowFloat: CFString = "kCGImageSourceShouldAllowFloat"
/// Make a thumbnail from the full image when the file has none (a `Bool`).
public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString = "kCGImageSourceCreateThumbnailFromImageIfAbsent"
/// Always make the thumbnail from the full image, ignoring one in the file (a `Bool`).
public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
/// The most pixels on the longer side of a thumbnail (a number).
public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
/// Whether a thumbnail is rotated and scaled by the image's orientation and pixel aspect ratio (a `Bool`; no
/// orientation is read here, so it changes nothing).
public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"
/// A factor (2, 4 or 8) to shrink the image by while decoding (accepted; images are decoded at full size here).
public let kCGImageSourceSubsampleFactor: CFString = "kCGImageSourceSubsampleFactor"

// MARK: Image destination options and properties

/// Compression quality from 0.0 (most compression) to 1.0 (lossless where the format can be; best otherwise).
public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
/// The colour (a `CGColor`) an image with alpha is laid on when the format has no alpha; white when absent.
public let kCGImageDestinationBackgroundColor: CFString = "kCGImageDestinationBackgroundColor"
/// The most pixels on the longer side of the written image; larger images are scaled down to fit.
public let kCGImageDestinationImageMaxPixelSize: CFString = "kCGImageDestinationImageMaxPixelSize"
/// Whether to embed a thumbnail (accepted; PNG and JPEG files are written without one).
public let kCGImageDestinationEmbedThumbnail: CFString = "kCGImageDestinationEmbedThumbnail"
/// Whether to write the image as 8-bit sRGB where it is not (here every image is written as 8-bit samples).
public let kCGImageDestinationOptimizeColorForSharing: CFString = "kCGImageDestinationOptimizeColorForSharing"
