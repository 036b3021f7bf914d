import CoreVideo
import FFmpegBridge
import Raster

/// Turns a layer's source into the BGRA picture its placement draws: converted from its format and colour, cut to
/// the placed rectangle, turned exactly by quarter turns and shrunk by area averaging (`AreaAverageKernel`) as
/// placed. Keeps converters and scratch pictures from frame to frame; not thread-safe (the compositor serialises
/// its use).
///
/// Layers are prepared and drawn one after another, so they share one scratch picture per stage, grown to the
/// largest size asked for: memory stays at a few frames whatever the layer count.
final class LayerSourcePreparer {
    /// One layer's source, locked for reading, and how to read it.
    struct Source {
        /// The picture's planes in their FFmpeg layout.
        let image: FFImageBuffer
        /// The colour the converter reads it with (the matrix always resolved, never unspecified).
        let color: FFColorProperties
        /// Whether every pixel is opaque (no alpha channel).
        let isOpaque: Bool
    }

    /// The stages that need memory of their own.
    private enum Stage: Hashable { case turnedYCbCr, converted, turned, shrunk }

    /// Converters by what they convert; cleared when it grows past `Limits.maximumCompositorConverters`.
    private var converters: [FFImageConverterConfiguration: FFImageConverter] = [:]
    private var scratch: [Stage: CVPixelBuffer] = [:]

    /// Describes `buffer` (which the caller keeps locked while the result is used), or fails naming its format.
    static func source(_ buffer: CVPixelBuffer) throws(CodecError) -> Source {
        guard let entry = PixelFormatMapping.ffFormat(for: buffer.pixelFormat),
              FFImageConverter.canConvert(from: entry.ffFormat, to: .bgra) else {
            throw CodecError(.unsupportedFormat, "layer pixel format \(fourCharacterString(buffer.pixelFormat)) cannot be composed")
        }
        var color = VideoColorDescription(attachmentsOf: buffer).converterProperties(range: entry.range)
        if color.matrix.standardMatrix == nil {
            // Decided by the picture's own height, before any cut or turn changes it (what players assume).
            color.matrix = assumedMatrix(height: buffer.height)
        }
        return Source(image: buffer.ffImage(as: entry.ffFormat), color: color, isOpaque: !buffer.layout.hasAlpha)
    }

    /// The matrix an untagged Y′CbCr picture `height` lines high is read with (BT.709 from 720 lines up, BT.601
    /// below), as a code point.
    static func assumedMatrix(height: Int) -> FFMatrixCoefficients {
        FFImageConverterConfiguration.assumedMatrix(height: height) == .bt709 ? .bt709 : .smpte170M
    }

    /// The prepared picture: written into `target` when given (which must have the prepared size), else into the
    /// preparer's scratch memory, valid until the next call.
    func prepare(_ source: Source, placement p: LayerPlacement,
                 into target: FFMutableImageBuffer? = nil) throws(CodecError) -> FFImageBuffer {
        let format = source.image.pixelFormat, rect = p.sourceRect
        let turnedWidth = p.turns.swapsSides ? rect.height : rect.width
        let turnedHeight = p.turns.swapsSides ? rect.width : rect.height
        let shrinks = p.preparedWidth != turnedWidth || p.preparedHeight != turnedHeight
        func final() throws(CodecError) -> FFMutableImageBuffer {
            if let target { return target }
            return try scratchImage(.shrunk, .bgra, p.preparedWidth, p.preparedHeight)
        }

        // 8-bit 4:2:0 turns before conversion: its planes hold 1.5 bytes a pixel, BGRA 4 (0.75 vs 2.2 ms at 1080p).
        if p.turns != .none, FFImageRotation.canRotate(from: format, to: .yuv420p),
           [rect.x, rect.y, rect.width, rect.height].allSatisfy({ $0 % 2 == 0 }) {
            let turned = try scratchImage(.turnedYCbCr, .yuv420p, turnedWidth, turnedHeight)
            try bridge("turning \(format)") { () throws(FFError) in
                try FFImageRotation.rotate(source.image.cropped(to: rect), by: p.turns, into: turned)
            }
            if !shrinks {
                let output = try final()
                try convert(turned.readOnly, color: source.color, region: nil, into: output)
                return output.readOnly
            }
            let converted = try scratchImage(.turned, .bgra, turnedWidth, turnedHeight)
            try convert(turned.readOnly, color: source.color, region: nil, into: converted)
            return try shrink(converted.readOnly, to: final())
        }

        var current: FFImageBuffer
        if format == .bgra {
            current = source.image.cropped(to: rect)
        } else {
            // Converters cut on the chroma grid; the exact rectangle is then a view into the converted region.
            let region = Self.outsetToChromaGrid(rect, format: format, width: source.image.width,
                                                 height: source.image.height)
            if region == rect && p.turns == .none && !shrinks {
                let output = try final()
                try convert(source.image, color: source.color, region: region, into: output)
                return output.readOnly
            }
            let converted = try scratchImage(.converted, .bgra, region.width, region.height)
            try convert(source.image, color: source.color, region: region, into: converted)
            current = converted.readOnly.cropped(to: RasterRect(x: rect.x - region.x, y: rect.y - region.y,
                                                                width: rect.width, height: rect.height))
        }
        if p.turns != .none {
            let turned = shrinks || target == nil
                ? try scratchImage(.turned, .bgra, turnedWidth, turnedHeight) : try final()
            try bridge("turning bgra") { () throws(FFError) in
                try FFImageRotation.rotate(current, by: p.turns, into: turned)
            }
            current = turned.readOnly
            if !shrinks && target != nil { return current }
        }
        if shrinks { return try shrink(current, to: final()) }
        if let target {
            try convert(current, color: source.color, region: nil, into: target)
            return target.readOnly
        }
        return current
    }

    /// Shrinks a BGRA picture by area averaging into `output`.
    private func shrink(_ picture: FFImageBuffer, to output: FFMutableImageBuffer) -> FFImageBuffer {
        AreaAverageKernel.shrink(picture, into: output)
        return output.readOnly
    }

    /// Converts `region` of `image` (all of it when `nil`) to fill `destination`, through a cached converter.
    func convert(_ image: FFImageBuffer, color: FFColorProperties, region: RasterRect?, into destination: FFMutableImageBuffer,
                 destinationColor: FFColorProperties = .unspecified)
        throws(CodecError) {
        var c = FFImageConverterConfiguration(
            sourceFormat: image.pixelFormat, sourceWidth: image.width, sourceHeight: image.height,
            destinationFormat: destination.pixelFormat, destinationWidth: destination.width,
            destinationHeight: destination.height, sourceColor: color, destinationColor: destinationColor)
        c.sourceRect = region
        let converter = try converter(for: c)
        try bridge("converting \(image.pixelFormat) to \(destination.pixelFormat)") { () throws(FFError) in
            try converter.convert(image, into: destination)
        }
    }

    /// The cached converter for a configuration.
    func converter(for configuration: FFImageConverterConfiguration) throws(CodecError) -> FFImageConverter {
        if let converter = converters[configuration] { return converter }
        if converters.count >= Limits.maximumCompositorConverters { converters.removeAll() }
        let converter = try bridge("planning a conversion from \(configuration.sourceFormat) to \(configuration.destinationFormat)") {
            () throws(FFError) in try FFImageConverter(configuration: configuration)
        }
        converters[configuration] = converter
        return converter
    }

    /// Scratch memory for one stage: the top-left `width` x `height` of a picture kept for that stage, which
    /// grows when too small.
    private func scratchImage(_ stage: Stage, _ format: FFPixelFormat, _ width: Int, _ height: Int)
        throws(CodecError) -> FFMutableImageBuffer {
        let pixelFormat = format == .bgra ? kCVPixelFormatType_32BGRA : kCVPixelFormatType_420YpCbCr8Planar
        let wanted = RasterRect(x: 0, y: 0, width: width, height: height)
        if let buffer = scratch[stage], buffer.width >= width, buffer.height >= height {
            return buffer.ffMutableImage(as: format).cropped(to: wanted)
        }
        do {
            // Even sides, so that the 4:2:0 view's chroma planes are as the cropped size needs.
            let old = scratch[stage]
            let buffer = try CVBuffer.make(width: (max(width, old?.width ?? 0) + 1) & ~1,
                                           height: (max(height, old?.height ?? 0) + 1) & ~1, pixelFormat: pixelFormat)
            scratch[stage] = buffer
            return buffer.ffMutableImage(as: format).cropped(to: wanted)
        } catch {
            throw CodecError(.codecFailed, "cannot allocate a \(width)x\(height) \(format) compositing buffer: \(error)")
        }
    }

    /// `rect` grown outward to even corners where `format` subsamples chroma, inside the picture.
    static func outsetToChromaGrid(_ rect: RasterRect, format: FFPixelFormat, width: Int, height: Int) -> RasterRect {
        let stepX = 1 << format.chromaShiftX, stepY = 1 << format.chromaShiftY
        let left = rect.x / stepX * stepX, top = rect.y / stepY * stepY
        let right = min(width, (rect.x + rect.width + stepX - 1) / stepX * stepX)
        let bottom = min(height, (rect.y + rect.height + stepY - 1) / stepY * stepY)
        return RasterRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Runs a bridge call, naming what was being done if it fails.
    private func bridge<Result>(_ operation: @autoclosure () -> String, _ body: () throws(FFError) -> Result)
        throws(CodecError) -> Result {
        do {
            return try body()
        } catch {
            throw CodecError(error, while: "composing video: \(operation())")
        }
    }
}
