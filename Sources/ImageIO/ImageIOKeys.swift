// The dictionary keys and values of CGImageProperties.h, CGImageSource.h and CGImageDestination.h, with Apple's
// string values, so that dictionaries written for Apple's ImageIO mean the same here.

// MARK: Image properties (CGImageSourceCopyPropertiesAtIndex)

/// The image's width in pixels (an `Int`).
nonisolated(unsafe) public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// The image's height in pixels (an `Int`).
nonisolated(unsafe) public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// Bits in one colour or alpha component (an `Int`).
nonisolated(unsafe) public let kCGImagePropertyDepth: CFString = "Depth"
/// Whether the image has an alpha channel (a `Bool`).
nonisolated(unsafe) public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
/// Whether the components are floating point (a `Bool`).
nonisolated(unsafe) public let kCGImagePropertyIsFloat: CFString = "IsFloat"
/// Whether the colour is indexed through a palette (a `Bool`).
nonisolated(unsafe) public let kCGImagePropertyIsIndexed: CFString = "IsIndexed"
/// The colour model: `kCGImagePropertyColorModelRGB`, `…Gray`, `…CMYK` or `…Lab`.
nonisolated(unsafe) public let kCGImagePropertyColorModel: CFString = "ColorModel"
/// The name of the image's colour profile (a `String`).
nonisolated(unsafe) public let kCGImagePropertyProfileName: CFString = "ProfileName"
/// The orientation the image is meant to be shown in (a `CGImagePropertyOrientation` raw value).
nonisolated(unsafe) public let kCGImagePropertyOrientation: CFString = "Orientation"
/// Horizontal resolution in dots per inch.
nonisolated(unsafe) public let kCGImagePropertyDPIWidth: CFString = "DPIWidth"
/// Vertical resolution in dots per inch.
nonisolated(unsafe) public let kCGImagePropertyDPIHeight: CFString = "DPIHeight"
/// The size of the image file in bytes (container properties, `CGImageSourceCopyProperties`).
nonisolated(unsafe) public let kCGImagePropertyFileSize: CFString = "FileSize"
/// Index of the primary image of the file (container properties).
nonisolated(unsafe) public let kCGImagePropertyPrimaryImage: CFString = "PrimaryImage"
/// The PNG-specific properties (a dictionary).
nonisolated(unsafe) public let kCGImagePropertyPNGDictionary: CFString = "{PNG}"
/// The JFIF-specific properties of a JPEG (a dictionary).
nonisolated(unsafe) public let kCGImagePropertyJFIFDictionary: CFString = "{JFIF}"
/// PNG interlacing: 0 none, 1 Adam7.
nonisolated(unsafe) public let kCGImagePropertyPNGInterlaceType: CFString = "InterlaceType"
/// Whether a JPEG is progressive (in the JFIF dictionary).
nonisolated(unsafe) public let kCGImagePropertyJFIFIsProgressive: CFString = "IsProgressive"

/// Colour model value: red, green and blue.
nonisolated(unsafe) public let kCGImagePropertyColorModelRGB: CFString = "RGB"
/// Colour model value: grey.
nonisolated(unsafe) public let kCGImagePropertyColorModelGray: CFString = "Gray"
/// Colour model value: cyan, magenta, yellow and black.
nonisolated(unsafe) public let kCGImagePropertyColorModelCMYK: CFString = "CMYK"
/// Colour model value: CIE L*a*b*.
nonisolated(unsafe) public let kCGImagePropertyColorModelLab: CFString = "Lab"

// MARK: Image source options

/// A hint of the type of the data (a type identifier), for data whose type cannot be told from its first bytes.
nonisolated(unsafe) public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
/// Whether decoded images are cached (accepted; images are decoded on each call here).
nonisolated(unsafe) public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// Whether images are decoded when created rather than when drawn (here they always are).
nonisolated(unsafe) public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately"
/// Whether floating-point images may be returned (accepted; PNG and JPEG decode to integers).
nonisolated(unsafe) public let kCGImageSourceShouldAllowFloat: CFString = "kCGImageSourceShouldAllowFloat"
/// Make a thumbnail from the full image when the file has none (a `Bool`).
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString = "kCGImageSourceCreateThumbnailFromImageIfAbsent"
/// Always make the thumbnail from the full image, ignoring one in the file (a `Bool`).
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
/// The most pixels on the longer side of a thumbnail (a number).
nonisolated(unsafe) public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
/// Whether a thumbnail is rotated and scaled by the image's orientation and pixel aspect ratio (a `Bool`; no
/// orientation is read here, so it changes nothing).
nonisolated(unsafe) public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"
/// A factor (2, 4 or 8) to shrink the image by while decoding (accepted; images are decoded at full size here).
nonisolated(unsafe) public let kCGImageSourceSubsampleFactor: CFString = "kCGImageSourceSubsampleFactor"

// MARK: Image destination options and properties

/// Compression quality from 0.0 (most compression) to 1.0 (lossless where the format can be; best otherwise).
nonisolated(unsafe) public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
/// The colour (a `CGColor`) an image with alpha is laid on when the format has no alpha; white when absent.
nonisolated(unsafe) public let kCGImageDestinationBackgroundColor: CFString = "kCGImageDestinationBackgroundColor"
/// The most pixels on the longer side of the written image; larger images are scaled down to fit.
nonisolated(unsafe) public let kCGImageDestinationImageMaxPixelSize: CFString = "kCGImageDestinationImageMaxPixelSize"
/// Whether to embed a thumbnail (accepted; PNG and JPEG files are written without one).
nonisolated(unsafe) public let kCGImageDestinationEmbedThumbnail: CFString = "kCGImageDestinationEmbedThumbnail"
/// Whether to write the image as 8-bit sRGB where it is not (here every image is written as 8-bit samples).
nonisolated(unsafe) public let kCGImageDestinationOptimizeColorForSharing: CFString = "kCGImageDestinationOptimizeColorForSharing"

// MARK: GIF properties (CGImageProperties.h, "GIF Image Properties")

/// The GIF-specific properties (a dictionary): per frame, the delay times; for the file (`CGImageSourceCopyProperties`),
/// the loop count, canvas size, global colour map flag and every frame's timing. Also read from destination and
/// per-image properties when writing GIFs.
nonisolated(unsafe) public let kCGImagePropertyGIFDictionary: CFString = "{GIF}"
/// How many times the animation plays (a number; 0 means forever), from and to the NETSCAPE2.0 extension.
nonisolated(unsafe) public let kCGImagePropertyGIFLoopCount: CFString = "LoopCount"
/// Seconds before the next frame, never less than 0.1: shorter delays (0 included) read as 0.1, as Apple documents.
/// When writing, the delay of the frame (kept in hundredths of a second).
nonisolated(unsafe) public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime"
/// Seconds before the next frame as the file stores them, 0 included. When writing, it wins over `…DelayTime`.
nonisolated(unsafe) public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// The colour map (accepted when writing, and ignored: palettes are computed from the pixels).
nonisolated(unsafe) public let kCGImagePropertyGIFImageColorMap: CFString = "ImageColorMap"
/// Whether the file has a global colour table (a `Bool`). When writing, `true` makes one palette shared by every
/// frame; `false` gives every frame its own table.
nonisolated(unsafe) public let kCGImagePropertyGIFHasGlobalColorMap: CFString = "HasGlobalColorMap"
/// The logical screen's width in pixels (file properties).
nonisolated(unsafe) public let kCGImagePropertyGIFCanvasPixelWidth: CFString = "CanvasPixelWidth"
/// The logical screen's height in pixels (file properties).
nonisolated(unsafe) public let kCGImagePropertyGIFCanvasPixelHeight: CFString = "CanvasPixelHeight"
/// Every frame's timing: an array of dictionaries with `…DelayTime` and `…UnclampedDelayTime` (file properties).
nonisolated(unsafe) public let kCGImagePropertyGIFFrameInfoArray: CFString = "FrameInfo"
