import CoreVideo
import FFmpegBridge
import Foundation
import Synchronization

/// Converts pixel buffers to another pixel format and size: any format `PixelFormatMapping` knows to any other,
/// scaled by one of Apple's scaling modes (`VideoScalingMode`), with the Y'CbCr matrix converted when source and
/// destination are tagged differently, into buffers from its own pool.
///
/// Colour: the output is tagged with the configured colour properties, or with the source's. Converting between
/// colour primaries or transfer functions (colour matching) is not done: a source tagged with primaries or a
/// transfer function other than the configured ones is refused rather than mislabelled.
///
/// Thread safety: a converter may be used from any thread; calls are serialised by a lock (create one converter per
/// thread for parallel work).
// Safe because calls are serialised by a lock.
package final class PixelBufferConverter: @unchecked Sendable {
    /// What the output looks like.
    package struct Configuration: Sendable {
        /// The output pixel format.
        package var pixelFormat: OSType
        /// Output width; `nil` keeps the source's.
        package var width: Int?
        /// Output height; `nil` keeps the source's.
        package var height: Int?
        /// How a source of another size or aspect ratio is fitted.
        package var scalingMode: VideoScalingMode
        /// Colour to tag (and convert the matrix to); `nil` keeps the source's.
        package var color: VideoColorDescription?
        /// Pixel aspect ratio (horizontal, vertical spacing) of the output; `nil` means square, or the source's
        /// when nothing is scaled.
        package var pixelAspectRatio: (horizontal: Int, vertical: Int)?
        /// Clean aperture of the output as Core Video's dictionary; `nil` for none.
        package var cleanAperture: [String: Int]?
        /// Further pixel buffer attributes for the pool (alignment, extended pixels).
        package var bufferAttributes: [String: any Sendable]
        /// The resampling filter.
        package var filter: FFScalingFilter

        /// A configuration that converts to `pixelFormat` at the source's size.
        package init(pixelFormat: OSType, width: Int? = nil, height: Int? = nil, scalingMode: VideoScalingMode = .stretch,
                     color: VideoColorDescription? = nil) {
            self.pixelFormat = pixelFormat
            self.width = width
            self.height = height
            self.scalingMode = scalingMode
            self.color = color
            bufferAttributes = [:]
            filter = .bilinear
        }
    }

    /// What the converter was made for.
    package let configuration: Configuration
    /// The FFmpeg layout of the output format.
    package let destinationLayout: PixelFormatMapping.Entry

    /// The converter for one source geometry and colour, reused while sources keep them.
    private struct Plan {
        let key: PlanKey
        let converter: FFImageConverter
        let width: Int
        let height: Int
    }
    private struct PlanKey: Hashable {
        let format: FFPixelFormat
        let range: FFColorRange
        let geometry: PictureGeometry
        let color: VideoColorDescription
    }

    // The lock protects `plan` and `pools`.
    private let lock = Mutex(())
    private var plan: Plan?
    private var pools: [Int: CVPixelBufferPool] = [:]

    /// Checks the configuration.
    package init(configuration: Configuration) throws(CodecError) {
        guard let layout = PixelFormatMapping.ffFormat(for: configuration.pixelFormat),
              PixelFormatMapping.isConvertible(configuration.pixelFormat) else {
            throw CodecError(.unsupportedFormat, "pixel format \(fourCharacterString(configuration.pixelFormat)) cannot be converted to here")
        }
        if let width = configuration.width, let height = configuration.height {
            let step = layout.ffFormat.chromaStep
            guard width > 0, height > 0, width <= Limits.maximumPictureDimension, height <= Limits.maximumPictureDimension else {
                throw CodecError(.invalidInput, "output size \(width)x\(height) is outside 1...\(Limits.maximumPictureDimension)")
            }
            guard width % step.x == 0, height % step.y == 0 else {
                throw CodecError(.invalidInput, "\(fourCharacterString(configuration.pixelFormat)) is chroma-subsampled: \(width)x\(height) must be a multiple of \(step.x)x\(step.y)")
            }
        }
        self.configuration = configuration
        destinationLayout = layout
    }

    /// The output size for a source: the configured size (made smaller by `fit` as its definition says), or the
    /// source's size rounded to the output format's chroma grid.
    package func outputSize(for source: PictureGeometry) -> (width: Int, height: Int) {
        let step = destinationLayout.ffFormat.chromaStep
        guard let width = configuration.width, let height = configuration.height else {
            return (max(step.x, source.width / step.x * step.x), max(step.y, source.height / step.y * step.y))
        }
        if configuration.scalingMode == .fit {
            return ScalingPlan.fitSize(source: source, width: width, height: height,
                                       destinationPixelAspectRatio: destinationPixelAspectRatio, alignment: step)
        }
        return (width, height)
    }

    private var destinationPixelAspectRatio: Double {
        configuration.pixelAspectRatio.map { Double($0.horizontal) / Double($0.vertical) } ?? 1
    }

    /// Converts `source` into a new buffer from the converter's pool.
    package func convert(_ source: CVPixelBuffer) throws(CodecError) -> CVPixelBuffer {
        let size = outputSize(for: PictureGeometry(of: source))
        let destination = try makeBuffer(width: size.width, height: size.height)
        try convert(source, into: destination)
        return destination
    }

    /// Converts `source` into `destination`, which must have the configured pixel format (and size, if one is set).
    package func convert(_ source: CVPixelBuffer, into destination: CVPixelBuffer) throws(CodecError) {
        guard let sourceLayout = PixelFormatMapping.ffFormat(for: source.pixelFormat) else {
            throw CodecError(.unsupportedFormat, "pixel format \(fourCharacterString(source.pixelFormat)) cannot be converted from here")
        }
        let picture = SourcePicture(format: sourceLayout.ffFormat, range: sourceLayout.range,
                                    geometry: PictureGeometry(of: source), color: VideoColorDescription(attachmentsOf: source),
                                    pixelAspectRatio: source.attachment(kCVImageBufferPixelAspectRatioKey as String)?.value,
                                    cleanAperture: source.attachment(kCVImageBufferCleanApertureKey as String)?.value)
        try source.withLockedPlanes(readOnly: true) { () throws(CodecError) in
            try convert(source.ffImage(as: sourceLayout.ffFormat), described: picture, into: destination)
        }
    }

    /// A picture in FFmpeg memory and what is known about it (a decoder's frame, before any pixel buffer exists).
    // Safe because a value describing a decoder's read-only frame; the `Any` fields hold immutable Foundation values.
    package struct SourcePicture: @unchecked Sendable {
        /// Its layout.
        package var format: FFPixelFormat
        /// Its sample range.
        package var range: FFColorRange
        /// Its size, clean aperture and pixel aspect ratio.
        package var geometry: PictureGeometry
        /// Its colour tags.
        package var color: VideoColorDescription
        /// The pixel aspect ratio tag to pass on when nothing is scaled (a Core Video dictionary).
        package var pixelAspectRatio: Any?
        /// The clean aperture tag to pass on when nothing is scaled.
        package var cleanAperture: Any?

        /// Describes a picture.
        package init(format: FFPixelFormat, range: FFColorRange, geometry: PictureGeometry, color: VideoColorDescription,
                     pixelAspectRatio: Any? = nil, cleanAperture: Any? = nil) {
            self.format = format
            self.range = range
            self.geometry = geometry
            self.color = color
            self.pixelAspectRatio = pixelAspectRatio
            self.cleanAperture = cleanAperture
        }
    }

    /// Converts a picture in FFmpeg memory into a new buffer from the pool.
    package func convert(_ image: FFImageBuffer, described picture: SourcePicture) throws(CodecError) -> CVPixelBuffer {
        let size = outputSize(for: picture.geometry)
        let destination = try makeBuffer(width: size.width, height: size.height)
        try convert(image, described: picture, into: destination)
        return destination
    }

    /// Converts a picture in FFmpeg memory into `destination`.
    package func convert(_ image: FFImageBuffer, described picture: SourcePicture, into destination: CVPixelBuffer)
        throws(CodecError) {
        guard destination.pixelFormat == configuration.pixelFormat else {
            throw CodecError(.invalidInput, "destination is \(fourCharacterString(destination.pixelFormat)); the converter makes \(fourCharacterString(configuration.pixelFormat))")
        }
        guard FFImageConverter.canConvert(from: picture.format, to: destinationLayout.ffFormat) else {
            throw CodecError(.unsupportedFormat, "\(picture.format) pictures cannot be converted to \(fourCharacterString(configuration.pixelFormat))")
        }
        let sourceColor = colorReadAsPlayersRead(picture, destinationHeight: destination.height)
        let outputColor = try resolvedColor(source: sourceColor)
        let key = PlanKey(format: picture.format, range: picture.range, geometry: picture.geometry, color: sourceColor)
        try lock.withLock { (_: inout Void) throws(CodecError) in
            let converter = try converter(for: key, outputColor: outputColor, width: destination.width,
                                          height: destination.height)
            do throws(FFError) {
                try destination.withLockedPlanes(readOnly: false) { () throws(FFError) in
                    try converter.convert(image, into: destination.ffMutableImage(as: destinationLayout.ffFormat))
                }
            } catch {
                throw CodecError(error, while: "converting \(picture.format) to \(fourCharacterString(configuration.pixelFormat))")
            }
        }
        let scaled = destination.width != picture.geometry.width || destination.height != picture.geometry.height
            || (configuration.scalingMode != .stretch && picture.geometry.cleanAperture
                != PixelRect(x: 0, y: 0, width: Double(picture.geometry.width), height: Double(picture.geometry.height)))
        tag(destination, color: outputColor, source: picture, scaled: scaled)
    }

    /// A buffer of the output format from the pool for its size.
    package func makeBuffer(width: Int, height: Int) throws(CodecError) -> CVPixelBuffer {
        let pool = try lock.withLock { (_: inout Void) throws(CodecError) -> CVPixelBufferPool in
            let key = width << 32 | height
            if let pool = pools[key] { return pool }
            var attributes: [String: Any] = configuration.bufferAttributes
            attributes[kCVPixelBufferPixelFormatTypeKey as String] = Int(configuration.pixelFormat)
            attributes[kCVPixelBufferWidthKey as String] = width
            attributes[kCVPixelBufferHeightKey as String] = height
            do {
                let pool = try CVPixelBufferPool(poolAttributes: [:], pixelBufferAttributes: attributes)
                pools[key] = pool
                return pool
            } catch {
                throw CodecError(.invalidInput, "cannot make a pixel buffer pool for \(fourCharacterString(configuration.pixelFormat)) \(width)x\(height): \(error)")
            }
        }
        do {
            return try pool.makePixelBuffer()
        } catch {
            throw CodecError(.codecFailed, "pixel buffer pool: \(error)")
        }
    }

    /// The source's colour, with the matrix players assume written out where scaling would change it (see
    /// `VideoColorDescription.assumedMatrix(sourceHeight:outputHeight:)`).
    private func colorReadAsPlayersRead(_ picture: SourcePicture, destinationHeight: Int) -> VideoColorDescription {
        var color = picture.color
        let bothYCbCr = picture.format.isYUV && !picture.format.isGray
            && destinationLayout.ffFormat.isYUV && !destinationLayout.ffFormat.isGray
        if color.yCbCrMatrix == nil, bothYCbCr {
            color.yCbCrMatrix = VideoColorDescription.assumedMatrix(sourceHeight: picture.geometry.height,
                                                                    outputHeight: destinationHeight)
        }
        return color
    }

    /// The colour the output is tagged with, refusing colour matching the converter cannot do.
    private func resolvedColor(source: VideoColorDescription) throws(CodecError) -> VideoColorDescription {
        guard let wanted = configuration.color else { return source }
        if let have = source.primaries, let want = wanted.primaries, have != want {
            throw CodecError(.unsupportedFormat, "the source is tagged with \(have) primaries and the output settings ask for \(want): converting between colour primaries is not supported")
        }
        if let have = source.transferFunction, let want = wanted.transferFunction, have != want {
            throw CodecError(.unsupportedFormat, "the source is tagged with the \(have) transfer function and the output settings ask for \(want): converting between transfer functions is not supported")
        }
        return wanted.filling(from: source)
    }

    private func converter(for key: PlanKey, outputColor: VideoColorDescription, width: Int, height: Int)
        throws(CodecError) -> FFImageConverter {
        if let plan, plan.key == key, plan.width == width, plan.height == height { return plan.converter }
        let scaling = ScalingPlan.make(mode: configuration.scalingMode, source: key.geometry, destinationWidth: width,
                                       destinationHeight: height, destinationPixelAspectRatio: destinationPixelAspectRatio,
                                       sourceAlignment: key.format.chromaStep,
                                       destinationAlignment: destinationLayout.ffFormat.chromaStep)
        var c = FFImageConverterConfiguration(
            sourceFormat: key.format, sourceWidth: key.geometry.width, sourceHeight: key.geometry.height,
            destinationFormat: destinationLayout.ffFormat, destinationWidth: width, destinationHeight: height,
            sourceColor: key.color.converterProperties(range: key.range),
            destinationColor: outputColor.converterProperties(range: destinationLayout.range),
            filter: configuration.filter)
        c.sourceRect = scaling.sourceRect
        c.destinationRect = scaling.destinationRect
        do throws(FFError) {
            let converter = try FFImageConverter(configuration: c)
            plan = Plan(key: key, converter: converter, width: width, height: height)
            return converter
        } catch {
            throw CodecError(error, while: "planning a conversion from \(key.format) to \(fourCharacterString(configuration.pixelFormat))")
        }
    }

    /// Sets the output's colour, pixel aspect ratio and clean aperture attachments.
    private func tag(_ destination: CVBuffer, color: VideoColorDescription, source: SourcePicture, scaled: Bool) {
        var tags = color
        // A matrix describes Y'CbCr samples only; RGB and grey outputs carry none.
        if destinationLayout.ffFormat.isRGB || destinationLayout.ffFormat.isGray { tags.yCbCrMatrix = nil }
        tags.attach(to: destination)
        if let ratio = configuration.pixelAspectRatio {
            destination.setAttachment(kCVImageBufferPixelAspectRatioKey as String,
                                      [kCVImageBufferPixelAspectRatioHorizontalSpacingKey: ratio.horizontal,
                                       kCVImageBufferPixelAspectRatioVerticalSpacingKey: ratio.vertical],
                                      mode: .shouldPropagate)
        } else if !scaled, let ratio = source.pixelAspectRatio {
            destination.setAttachment(kCVImageBufferPixelAspectRatioKey as String, ratio, mode: .shouldPropagate)
        } else {
            destination.removeAttachment(kCVImageBufferPixelAspectRatioKey as String)
        }
        if let clap = configuration.cleanAperture {
            destination.setAttachment(kCVImageBufferCleanApertureKey as String, clap, mode: .shouldPropagate)
        } else if !scaled, let clap = source.cleanAperture {
            destination.setAttachment(kCVImageBufferCleanApertureKey as String, clap, mode: .shouldPropagate)
        } else {
            destination.removeAttachment(kCVImageBufferCleanApertureKey as String)
        }
    }
}
