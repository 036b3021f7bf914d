import CoreVideo
import FFmpegBridge
import LayerCompositing

/// The video compositor's picture conversions (`LayerCompositing.PictureConverting`), through the codec layer's
/// image converter: libyuv where it has the path, swscale otherwise, exactly as `PixelBufferConverter` converts.
/// Core Video formats become FFmpeg layouts through `PixelFormatMapping`; the compositor's colour (matrix code
/// point and range) becomes the converter's.
package struct LayerPictureConverter: PictureConverting {
    /// The converter.
    package init() {}

    package func canConvert(from source: OSType, to destination: OSType) -> Bool {
        guard let source = PixelFormatMapping.ffFormat(for: source),
              let destination = PixelFormatMapping.ffFormat(for: destination) else { return false }
        return FFImageConverter.canConvert(from: source.ffFormat, to: destination.ffFormat)
    }

    package func makeConversion(for request: PictureConversionRequest) throws(LayerCompositingError)
        -> any PictureConversion {
        guard let source = PixelFormatMapping.ffFormat(for: request.sourceFormat),
              let destination = PixelFormatMapping.ffFormat(for: request.destinationFormat) else {
            throw LayerCompositingError(.unsupportedFormat, "no conversion from "
                + "\(fourCharacterString(request.sourceFormat)) to \(fourCharacterString(request.destinationFormat))")
        }
        var configuration = FFImageConverterConfiguration(
            sourceFormat: source.ffFormat, sourceWidth: request.sourceWidth, sourceHeight: request.sourceHeight,
            destinationFormat: destination.ffFormat, destinationWidth: request.destinationWidth,
            destinationHeight: request.destinationHeight, sourceColor: Self.properties(request.sourceColor),
            destinationColor: Self.properties(request.destinationColor))
        configuration.sourceRect = request.sourceRect
        do throws(FFError) {
            return Conversion(converter: try FFImageConverter(configuration: configuration),
                              sourceFormat: source.ffFormat, destinationFormat: destination.ffFormat)
        } catch {
            throw Self.error(error)
        }
    }

    /// The converter's colour for the compositor's: only the matrix and range matter to a conversion.
    static func properties(_ color: LayerColor) -> FFColorProperties {
        let range: FFColorRange = switch color.range {
        case .unspecified: .unspecified
        case .limited: .limited
        case .full: .full
        }
        return FFColorProperties(matrix: FFMatrixCoefficients(rawValue: color.matrix), range: range)
    }

    /// The bridge's failure as the compositor's.
    static func error(_ error: FFError) -> LayerCompositingError {
        let kind: LayerCompositingError.Kind = switch error.kind {
        case .codecNotAvailable: .unsupportedFormat
        case .invalidArgument, .invalidConfiguration: .invalidInput
        case .invalidData, .outOfMemory, .failed: .failed
        }
        return LayerCompositingError(kind, "\(error)", underlying: error)
    }
}

/// One planned conversion: an `FFImageConverter` and the FFmpeg layouts of its two sides.
private final class Conversion: PictureConversion {
    let converter: FFImageConverter
    let sourceFormat: FFPixelFormat
    let destinationFormat: FFPixelFormat
    /// Whether the converter's plan is all libyuv calls and copies (no swscale).
    let isFast: Bool

    init(converter: FFImageConverter, sourceFormat: FFPixelFormat, destinationFormat: FFPixelFormat) {
        self.converter = converter
        self.sourceFormat = sourceFormat
        self.destinationFormat = destinationFormat
        isFast = converter.pathDescription.allSatisfy { $0 == "copy" || $0.hasPrefix("libyuv") }
    }

    func convert(_ source: LayerPicture, into destination: MutableLayerPicture) throws(LayerCompositingError) {
        let image = FFImageBuffer(pixelFormat: sourceFormat, width: source.width, height: source.height,
                                  planes: source.planes)
        let output = FFMutableImageBuffer(pixelFormat: destinationFormat, width: destination.width,
                                          height: destination.height, planes: destination.planes)
        do throws(FFError) {
            try converter.convert(image, into: output)
        } catch {
            throw LayerPictureConverter.error(error)
        }
    }
}
