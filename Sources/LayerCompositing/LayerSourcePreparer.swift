import CoreVideo
import Raster

/// Turns a layer's source into the BGRA picture its placement draws: converted from its format and colour, cut to
/// the placed rectangle, turned exactly by quarter turns and shrunk by area averaging (`AreaAverageKernel`) as
/// placed. Keeps conversions and scratch pictures from frame to frame; not thread-safe (the compositor serialises
/// its use).
///
/// Layers are prepared and drawn one after another, so they share one scratch picture per stage, grown to the
/// largest size asked for: memory stays at a few frames whatever the layer count.
final class LayerSourcePreparer {
    /// One layer's source, locked for reading, and how to read it.
    struct Source {
        /// The picture's planes in its Core Video layout.
        let image: LayerPicture
        /// The colour the converter reads it with (the matrix always resolved, never unspecified).
        let color: LayerColor
        /// Whether every pixel is opaque (no alpha channel).
        let isOpaque: Bool
    }

    /// The stages that need memory of their own.
    private enum Stage: Hashable { case turnedYCbCr, converted, turned, shrunk }

    /// The caller's conversions.
    let converter: any PictureConverting
    /// Conversions by what they convert; cleared when it grows past `CompositingLimits.maximumConversions`.
    private var conversions: [PictureConversionRequest: any PictureConversion] = [:]
    private var scratch: [Stage: CVPixelBuffer] = [:]

    /// A preparer converting through `converter`.
    init(converter: any PictureConverting) {
        self.converter = converter
    }

    /// Describes `buffer` (which the caller keeps locked while the result is used), or fails naming its format.
    func source(_ buffer: CVPixelBuffer) throws(LayerCompositingError) -> Source {
        let format = buffer.pixelFormat
        guard converter.canConvert(from: format, to: kCVPixelFormatType_32BGRA) else {
            throw LayerCompositingError(.unsupportedFormat,
                                        "layer pixel format \(fourCharacterString(format)) cannot be composed")
        }
        let matrix = buffer.attachment(kCVImageBufferYCbCrMatrixKey as String)
            .flatMap { AttributeValue.string($0.value) }
        var color = LayerColor(matrix: Int(CVYCbCrMatrixGetIntegerCodePointForString(matrix as CFString?)),
                               range: buffer.layout.isFullRange ? .full : .limited)
        if color.standardMatrix == nil {
            // Decided by the picture's own height, before any cut or turn changes it (what players assume).
            color.matrix = LayerColor.assumedMatrix(height: buffer.height)
        }
        return Source(image: buffer.layerPicture, color: color, isOpaque: !buffer.layout.hasAlpha)
    }

    /// The prepared picture: written into `target` when given (which must have the prepared size), else into the
    /// preparer's scratch memory, valid until the next call.
    func prepare(_ source: Source, placement p: LayerPlacement,
                 into target: MutableLayerPicture? = nil) throws(LayerCompositingError) -> LayerPicture {
        let format = source.image.pixelFormat, layout = LayerLayout(format), rect = p.sourceRect
        let turnedWidth = p.turns.swapsSides ? rect.height : rect.width
        let turnedHeight = p.turns.swapsSides ? rect.width : rect.height
        let shrinks = p.preparedWidth != turnedWidth || p.preparedHeight != turnedHeight
        let bgra = kCVPixelFormatType_32BGRA
        func final() throws(LayerCompositingError) -> MutableLayerPicture {
            if let target { return target }
            return try scratchImage(.shrunk, bgra, p.preparedWidth, p.preparedHeight)
        }

        // 8-bit 4:2:0 turns before conversion: its planes hold 1.5 bytes a pixel, BGRA 4 (0.75 vs 2.2 ms at 1080p).
        if p.turns != .none, layout == .planar420 || layout == .biPlanar420,
           [rect.x, rect.y, rect.width, rect.height].allSatisfy({ $0 % 2 == 0 }) {
            let turned = try scratchImage(.turnedYCbCr, kCVPixelFormatType_420YpCbCr8Planar, turnedWidth, turnedHeight)
            try bridge("turning \(fourCharacterString(format))") { () throws(RasterError) in
                try PictureRotation.rotate(source.image.cropped(to: rect).picture,
                                           layout: layout == .biPlanar420 ? .nv12ToI420 : .i420, by: p.turns,
                                           into: turned.picture)
            }
            if !shrinks {
                let output = try final()
                try convert(turned.readOnly, color: source.color, region: nil, into: output)
                return output.readOnly
            }
            let converted = try scratchImage(.turned, bgra, turnedWidth, turnedHeight)
            try convert(turned.readOnly, color: source.color, region: nil, into: converted)
            return try shrink(converted.readOnly, to: final())
        }

        var current: LayerPicture
        if layout == .bgra {
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
            let converted = try scratchImage(.converted, bgra, region.width, region.height)
            try convert(source.image, color: source.color, region: region, into: converted)
            current = converted.readOnly.cropped(to: RasterRect(x: rect.x - region.x, y: rect.y - region.y,
                                                                width: rect.width, height: rect.height))
        }
        if p.turns != .none {
            let turned = shrinks || target == nil
                ? try scratchImage(.turned, bgra, turnedWidth, turnedHeight) : try final()
            try bridge("turning BGRA") { () throws(RasterError) in
                try PictureRotation.rotate(current.picture, layout: .rgb32, by: p.turns, into: turned.picture)
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
    private func shrink(_ picture: LayerPicture, to output: MutableLayerPicture) -> LayerPicture {
        AreaAverageKernel.shrink(picture.picture, into: output.picture)
        return output.readOnly
    }

    /// Converts `region` of `image` (all of it when `nil`) to fill `destination`, through a kept conversion.
    func convert(_ image: LayerPicture, color: LayerColor, region: RasterRect?, into destination: MutableLayerPicture,
                 destinationColor: LayerColor = .unspecified) throws(LayerCompositingError) {
        let conversion = try conversion(for: PictureConversionRequest(
            sourceFormat: image.pixelFormat, sourceWidth: image.width, sourceHeight: image.height, sourceRect: region,
            sourceColor: color, destinationFormat: destination.pixelFormat, destinationWidth: destination.width,
            destinationHeight: destination.height, destinationColor: destinationColor))
        do throws(LayerCompositingError) {
            try conversion.convert(image, into: destination)
        } catch {
            throw error.during("composing video: converting \(fourCharacterString(image.pixelFormat)) to "
                               + fourCharacterString(destination.pixelFormat))
        }
    }

    /// The kept conversion for a request, planned by the caller's converter the first time.
    func conversion(for request: PictureConversionRequest) throws(LayerCompositingError) -> any PictureConversion {
        if let conversion = conversions[request] { return conversion }
        if conversions.count >= CompositingLimits.maximumConversions { conversions.removeAll() }
        let conversion: any PictureConversion
        do throws(LayerCompositingError) {
            conversion = try converter.makeConversion(for: request)
        } catch {
            throw error.during("composing video: planning a conversion from "
                               + "\(fourCharacterString(request.sourceFormat)) to "
                               + fourCharacterString(request.destinationFormat))
        }
        conversions[request] = conversion
        return conversion
    }

    /// Scratch memory for one stage: the top-left `width` x `height` of a picture kept for that stage, which
    /// grows when too small.
    private func scratchImage(_ stage: Stage, _ format: OSType, _ width: Int, _ height: Int)
        throws(LayerCompositingError) -> MutableLayerPicture {
        let wanted = RasterRect(x: 0, y: 0, width: width, height: height)
        if let buffer = scratch[stage], buffer.width >= width, buffer.height >= height {
            return buffer.mutableLayerPicture.cropped(to: wanted)
        }
        do {
            // Even sides, so that the 4:2:0 view's chroma planes are as the cropped size needs.
            let old = scratch[stage]
            let buffer = try CVBuffer.make(width: (max(width, old?.width ?? 0) + 1) & ~1,
                                           height: (max(height, old?.height ?? 0) + 1) & ~1, pixelFormat: format)
            scratch[stage] = buffer
            return buffer.mutableLayerPicture.cropped(to: wanted)
        } catch {
            throw LayerCompositingError(.failed, "cannot allocate a \(width)x\(height) \(fourCharacterString(format)) "
                                        + "compositing buffer: \(error)", underlying: error)
        }
    }

    /// `rect` grown outward to the corners of `format`'s chroma grid, inside the picture.
    static func outsetToChromaGrid(_ rect: RasterRect, format: OSType, width: Int, height: Int) -> RasterRect {
        let (stepX, stepY) = LayerLayout.chromaStep(of: format)
        let left = rect.x / stepX * stepX, top = rect.y / stepY * stepY
        let right = min(width, (rect.x + rect.width + stepX - 1) / stepX * stepX)
        let bottom = min(height, (rect.y + rect.height + stepY - 1) / stepY * stepY)
        return RasterRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Runs a Raster call, naming what was being done if it fails.
    private func bridge(_ operation: @autoclosure () -> String, _ body: () throws(RasterError) -> Void)
        throws(LayerCompositingError) {
        do {
            try body()
        } catch {
            throw LayerCompositingError(error, while: "composing video: \(operation())")
        }
    }
}
