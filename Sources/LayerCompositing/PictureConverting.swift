import CoreVideo
import Raster

/// Whole-picture conversions between pixel formats and colour encodings, which the compositor needs at its two
/// ends (layers in any format to BGRA or I420; the composed frame to the output format) and which its caller
/// supplies: the codec layer's image converter (MediaCodecs' `LayerPictureConverter`: libyuv where it has the
/// path, swscale otherwise). So the compositor holds no format vocabulary but Core Video's and no codec library.
package protocol PictureConverting: Sendable {
    /// Whether pictures in `source` can be converted into `destination` (both `kCVPixelFormatType_…` codes).
    func canConvert(from source: OSType, to destination: OSType) -> Bool

    /// Plans one conversion; the compositor keeps what it plans and reuses it for every picture of that shape.
    func makeConversion(for request: PictureConversionRequest) throws(LayerCompositingError) -> any PictureConversion
}

/// One planned conversion, used by one compositor at a time (its calls are serialised by the compositor's lock).
package protocol PictureConversion: AnyObject {
    /// Whether the conversion is only exact fast kernels and copies (libyuv), so that converting a whole layer
    /// straight into the frame beats drawing it.
    var isFast: Bool { get }

    /// Converts `source` (the request's format and size) into `destination` (likewise).
    func convert(_ source: LayerPicture, into destination: MutableLayerPicture) throws(LayerCompositingError)
}

/// What one conversion does: the `sourceRect` of a picture (all of it when nil) in one format and encoding,
/// resized to fill a picture in another.
package struct PictureConversionRequest: Hashable, Sendable {
    package var sourceFormat: OSType
    package var sourceWidth: Int
    package var sourceHeight: Int
    /// The part of the source to convert, corners on its chroma grid; nil for all of it.
    package var sourceRect: RasterRect?
    package var sourceColor: LayerColor
    package var destinationFormat: OSType
    package var destinationWidth: Int
    package var destinationHeight: Int
    package var destinationColor: LayerColor

    /// Describes a conversion.
    package init(sourceFormat: OSType, sourceWidth: Int, sourceHeight: Int, sourceRect: RasterRect? = nil,
                 sourceColor: LayerColor, destinationFormat: OSType, destinationWidth: Int, destinationHeight: Int,
                 destinationColor: LayerColor) {
        self.sourceFormat = sourceFormat
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.sourceRect = sourceRect
        self.sourceColor = sourceColor
        self.destinationFormat = destinationFormat
        self.destinationWidth = destinationWidth
        self.destinationHeight = destinationHeight
        self.destinationColor = destinationColor
    }
}
