import Raster

/// How pictures are resampled when their size changes.
package enum FFScalingFilter: Sendable, Hashable {
    /// Nearest neighbour (fastest, blocky).
    case nearest
    /// Bilinear (libyuv where it has the path, else swscale).
    case bilinear
    /// Bicubic (swscale).
    case bicubic
    /// Lanczos (swscale; sharpest).
    case lanczos
}

/// What an image converter converts between.
///
/// The source rectangle (crop) is scaled to the destination rectangle (letterbox, pillarbox or crop-to-fill are the
/// caller's arithmetic); outside the destination rectangle the destination is painted black when
/// `fillsUncoveredArea` is set, else left alone. Rectangle corners on chroma-subsampled formats must fall on
/// chroma sample boundaries (even coordinates for 4:2:0 and 4:2:2).
package struct FFImageConverterConfiguration: Sendable, Hashable {
    /// Source pixel format.
    package var sourceFormat: FFPixelFormat
    /// Source picture width.
    package var sourceWidth: Int
    /// Source picture height.
    package var sourceHeight: Int
    /// The part of the source to use (`nil`: all of it).
    package var sourceRect: RasterRect?
    /// The source's colour: for YCbCr sources the matrix and range decide the conversion (an unspecified matrix
    /// means BT.709 from 720 lines up and BT.601 below; an unspecified range means limited, except for FFmpeg's
    /// full-range "J" formats and the grey formats, which are always full range).
    package var sourceColor: FFColorProperties
    /// Destination pixel format.
    package var destinationFormat: FFPixelFormat
    /// Destination picture width.
    package var destinationWidth: Int
    /// Destination picture height.
    package var destinationHeight: Int
    /// Where in the destination the picture goes (`nil`: all of it).
    package var destinationRect: RasterRect?
    /// The destination's colour (matrix and range for YCbCr destinations, as for the source). Between two YCbCr
    /// formats with different matrices the samples are converted through RGB.
    package var destinationColor: FFColorProperties
    /// The resampling filter.
    package var filter: FFScalingFilter
    /// Paint the destination outside `destinationRect` black (opaque, where there is alpha).
    package var fillsUncoveredArea: Bool
    /// Use libyuv for the paths it has (set false to force swscale, e.g. to compare the two).
    package var allowsLibYUV: Bool
    /// Also use libyuv's limited-range BT.709/BT.2020 → RGB paths, which are about 5× faster than swscale's but
    /// up to 16 codes short on saturated blue (Debian's libyuv caps that coefficient at 2.0; the standards need
    /// 2.11 and 2.14). For previews and thumbnails, not for output.
    package var allowsApproximateLibYUV: Bool

    /// A converter between two whole pictures.
    package init(sourceFormat: FFPixelFormat, sourceWidth: Int, sourceHeight: Int,
                 destinationFormat: FFPixelFormat, destinationWidth: Int, destinationHeight: Int,
                 sourceColor: FFColorProperties = .unspecified, destinationColor: FFColorProperties = .unspecified,
                 filter: FFScalingFilter = .bilinear) {
        self.sourceFormat = sourceFormat
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.destinationFormat = destinationFormat
        self.destinationWidth = destinationWidth
        self.destinationHeight = destinationHeight
        self.sourceColor = sourceColor
        self.destinationColor = destinationColor
        self.filter = filter
        fillsUncoveredArea = true
        allowsLibYUV = true
        allowsApproximateLibYUV = false
    }
}

/// A YCbCr encoding resolved from colour properties: which matrix, which range.
struct FFYCbCrEncoding: Hashable {
    var matrix: FFYCbCrMatrix
    var isFullRange: Bool
}

extension FFImageConverterConfiguration {
    /// The rectangle of the source in use.
    var resolvedSourceRect: RasterRect { sourceRect ?? RasterRect(x: 0, y: 0, width: sourceWidth, height: sourceHeight) }

    /// The rectangle of the destination written.
    var resolvedDestinationRect: RasterRect {
        destinationRect ?? RasterRect(x: 0, y: 0, width: destinationWidth, height: destinationHeight)
    }

    /// The source's YCbCr encoding (meaningless for RGB sources).
    var sourceEncoding: FFYCbCrEncoding {
        Self.encoding(sourceColor, format: sourceFormat, height: sourceHeight,
                      fallback: destinationFormat.isYUV ? destinationColor.matrix.standardMatrix : nil)
    }

    /// The destination's YCbCr encoding (meaningless for RGB destinations).
    var destinationEncoding: FFYCbCrEncoding {
        Self.encoding(destinationColor, format: destinationFormat, height: destinationHeight,
                      fallback: sourceFormat.isYUV ? sourceColor.matrix.standardMatrix : nil)
    }

    /// The matrix an untagged YCbCr picture `height` lines high is read with: BT.709 from 720 lines up, BT.601
    /// below (what players assume).
    package static func assumedMatrix(height: Int) -> FFYCbCrMatrix { height >= 720 ? .bt709 : .bt601 }

    private static func encoding(_ color: FFColorProperties, format: FFPixelFormat, height: Int,
                                 fallback: FFYCbCrMatrix?) -> FFYCbCrEncoding {
        // Unspecified matrices follow the other side when it says, else the usual SD/HD split (what players do).
        let matrix = color.matrix.standardMatrix ?? fallback ?? assumedMatrix(height: height)
        // Grey formats are full range whatever the label says: swscale forces that (its JPEG-range handling
        // covers every grey format), and CoreVideo's one-component formats mean 0…max too.
        return FFYCbCrEncoding(matrix: matrix, isFullRange: format.isJPEGRange || format.isGray || color.range == .full)
    }
}
