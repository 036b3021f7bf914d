import CoreVideo
import Raster

/// Composes a frame in Y′CbCr 4:2:0 when its layers allow it: every layer an opaque 8-bit 4:2:0 picture of one
/// colour encoding (matrix and range), placed by a positive scale and a translation, on an opaque background or an
/// opaque full-frame bottom layer. That is the common case of decoded video (picture-in-picture, cross-fades,
/// zooms, letterboxing), and in Y′CbCr a pixel is 1.5 bytes instead of premultiplied BGRA's 4: layers are drawn
/// plane by plane (`PlaneDrawing`) without converting each to BGRA first, and the frame is converted once at the
/// end (not at all for a 4:2:0 output). The results equal the BGRA path's up to rounding: mixing at an opacity is
/// linear, so it commutes with the Y′CbCr matrix.
///
/// Chroma planes are drawn with the luma map halved, weighted at a layer's odd edges by how much of each chroma
/// sample the layer covers. Like `LayerSourcePreparer`, not thread-safe (its compositor serialises calls).
final class PlanarLayerComposer {
    /// One layer as `VideoLayerCompositor` placed it.
    struct Layer {
        let source: LayerSourcePreparer.Source
        let placement: LayerPlacement
        let opacity: Double
    }

    private enum Stage: Hashable { case frame, deinterleaved, shrunk }
    private var scratch: [Stage: CVPixelBuffer] = [:]
    /// The Y′CbCr samples of the last background asked for, by colour and encoding.
    private var backgroundSamples: (key: [Double], color: LayerColor, samples: [UInt8])?

    /// The colour encoding `layers` can be composed in, in Y′CbCr, into an `output` picture encoded as
    /// `outputColor`; nil when some layer, the background or the output needs the BGRA path.
    static func encoding(of layers: [Layer], backgroundAlpha: Double, output: OSType,
                         outputColor: LayerColor, width: Int, height: Int) -> LayerColor? {
        let outputLayout = LayerLayout(output)
        guard let first = layers.first, [.bgra, .biPlanar420, .planar420].contains(outputLayout),
              width % 2 == 0, height % 2 == 0 else { return nil }
        let color = first.source.color
        for layer in layers {
            let rect = layer.placement.sourceRect
            guard [.planar420, .biPlanar420].contains(LayerLayout(layer.source.image.pixelFormat)),
                  layer.source.isOpaque,
                  layer.placement.kind == .axisAligned, layer.placement.turns == .none,
                  [rect.x, rect.y, rect.width, rect.height].allSatisfy({ $0 % 2 == 0 }),
                  layer.source.color.matrix == color.matrix, layer.source.color.range == color.range
            else { return nil }
        }
        if outputLayout != .bgra, outputColor.matrix != color.matrix || outputColor.range != color.range { return nil }
        let base = first.placement.coversFrame && first.opacity >= 1
        guard base || backgroundAlpha >= 1 else { return nil }
        return color
    }

    /// Draws `background` (straight RGB, opaque), then `layers` bottom first, in `color`, into `output`; the caller
    /// checked `encoding(of:…)`.
    func compose(_ layers: [Layer], background: [Double], color: LayerColor, into output: MutableLayerPicture,
                 converters: LayerSourcePreparer) throws(LayerCompositingError) {
        let outputLayout = LayerLayout(output.pixelFormat)
        let frame = outputLayout == .planar420
            ? output : try scratchImage(.frame, output.width, output.height)
        if !(layers.first.map { $0.placement.coversFrame && $0.opacity >= 1 } ?? false) {
            let samples = try backgroundSamples(background, color: color, converters: converters)
            for plane in 0..<3 {
                let width = plane == 0 ? frame.width : frame.width / 2
                let height = plane == 0 ? frame.height : frame.height / 2
                PlaneDrawing.fill(frame.planes[plane], rect: RasterRect(x: 0, y: 0, width: width, height: height),
                                  value: samples[plane])
            }
        }
        for layer in layers { try draw(layer, converters: converters, into: frame) }
        if outputLayout != .planar420 {
            try converters.convert(frame.readOnly, color: color, region: nil, into: output,
                                   destinationColor: outputLayout == .bgra ? .unspecified : color)
        }
    }

    private func draw(_ layer: Layer, converters: LayerSourcePreparer, into frame: MutableLayerPicture)
        throws(LayerCompositingError) {
        let p = layer.placement
        var picture = layer.source.image.cropped(to: p.sourceRect)
        if LayerLayout(picture.pixelFormat) == .biPlanar420 {
            let planar = try scratchImage(.deinterleaved, picture.width, picture.height)
            try converters.convert(picture, color: layer.source.color, region: nil, into: planar,
                                   destinationColor: layer.source.color)
            picture = planar.readOnly
        }
        var t = p.transform
        if p.preparedWidth != picture.width || p.preparedHeight != picture.height {
            let reductionX = Double(picture.width) / Double(p.preparedWidth)
            let reductionY = Double(picture.height) / Double(p.preparedHeight)
            if reductionX >= 2 || reductionY >= 2 {
                let shrunk = try scratchImage(.shrunk, p.preparedWidth, p.preparedHeight)
                // Both are yuv420p here (nv12 was deinterleaved above), the layout the shrink takes.
                try bridge("shrinking a layer") { () throws(RasterError) in
                    try PlaneDrawing.shrink(picture.picture, into: shrunk.picture)
                }
                picture = shrunk.readOnly
            } else {
                // libyuv's box filter is bilinear below a halving, so a low-pass step there would only resample
                // twice: the layer is drawn from its own pixels (the placement's map with the shrink taken out).
                t.a /= reductionX
                t.d /= reductionY
            }
        }
        for plane in 0..<3 {
            let luma = plane == 0
            let source = PlaneDrawing.Plane(picture.planes[plane],
                                            width: luma ? picture.width : (picture.width + 1) / 2,
                                            height: luma ? picture.height : (picture.height + 1) / 2)
            let divisor = luma ? 1.0 : 2.0
            let pieces = luma ? [(p.area, 1.0)] : Self.chromaPieces(of: p.area)
            for (area, coverage) in pieces {
                try bridge("drawing a layer's plane \(plane)") { () throws(RasterError) in
                    try PlaneDrawing.draw(source, scaleX: t.a, scaleY: t.d, tx: t.tx / divisor, ty: t.ty / divisor,
                                          opacity: layer.opacity * coverage, into: frame.planes[plane], area: area)
                }
            }
        }
    }

    /// The chroma samples a luma area covers, with how much of each it covers: the samples inside at 1, and where
    /// the area's edges are odd, a column or row of samples half covered (a quarter at corners), so a layer's
    /// colour reaches its edge pixels as much as it would averaging RGB down to 4:2:0.
    static func chromaPieces(of area: RasterRect) -> [(RasterRect, Double)] {
        let x0 = area.x, x1 = area.x + area.width, y0 = area.y, y1 = area.y + area.height
        // Columns: a half-covered one at each odd edge, the fully covered ones between.
        var columns: [(Range<Int>, Double)] = []
        if x0 % 2 == 1 { columns.append(((x0 >> 1)..<((x0 >> 1) + 1), 0.5)) }
        if (x0 + 1) >> 1 < x1 >> 1 { columns.append((((x0 + 1) >> 1)..<(x1 >> 1), 1)) }
        if x1 % 2 == 1 && (x0 % 2 == 0 || x1 >> 1 != x0 >> 1) { columns.append(((x1 >> 1)..<((x1 >> 1) + 1), 0.5)) }
        var rows: [(Range<Int>, Double)] = []
        if y0 % 2 == 1 { rows.append(((y0 >> 1)..<((y0 >> 1) + 1), 0.5)) }
        if (y0 + 1) >> 1 < y1 >> 1 { rows.append((((y0 + 1) >> 1)..<(y1 >> 1), 1)) }
        if y1 % 2 == 1 && (y0 % 2 == 0 || y1 >> 1 != y0 >> 1) { rows.append(((y1 >> 1)..<((y1 >> 1) + 1), 0.5)) }
        return rows.flatMap { row, rowCoverage in
            columns.map { column, columnCoverage in
                (RasterRect(x: column.lowerBound, y: row.lowerBound, width: column.count, height: row.count),
                 rowCoverage * columnCoverage)
            }
        }
    }

    /// The background's Y′CbCr samples in `color`, converted as the converters convert pictures.
    private func backgroundSamples(_ rgb: [Double], color: LayerColor, converters: LayerSourcePreparer)
        throws(LayerCompositingError) -> [UInt8] {
        if let cached = backgroundSamples, cached.key == rgb, cached.color == color { return cached.samples }
        // A 16x16 picture: swscale, which converts to some matrices, wants more than a couple of pixels.
        var pixels = [UInt8](repeating: 255, count: 16 * 16 * 4)
        for index in 0..<(16 * 16) {
            pixels[4 * index] = UInt8((rgb[2] * 255).rounded())
            pixels[4 * index + 1] = UInt8((rgb[1] * 255).rounded())
            pixels[4 * index + 2] = UInt8((rgb[0] * 255).rounded())
        }
        let out = try scratchImage(.deinterleaved, 16, 16)
        let converted = pixels.withUnsafeBytes { bytes -> LayerCompositingError? in
            let plane = PixelPlane(baseAddress: bytes.baseAddress!, bytesPerRow: 64, rowCount: 16)
            let image = LayerPicture(pixelFormat: kCVPixelFormatType_32BGRA, width: 16, height: 16, planes: [plane])
            do throws(LayerCompositingError) {
                try converters.convert(image, color: .unspecified, region: nil, into: out, destinationColor: color)
                return nil
            } catch {
                return error
            }
        }
        if let converted { throw converted }
        let samples = (0..<3).map { out.planes[$0].baseAddress.load(as: UInt8.self) }
        backgroundSamples = (rgb, color, samples)
        return samples
    }

    /// The top-left `width` x `height` of a 4:2:0 planar picture kept for `stage`, grown when too small.
    private func scratchImage(_ stage: Stage, _ width: Int, _ height: Int)
        throws(LayerCompositingError) -> MutableLayerPicture {
        let wanted = RasterRect(x: 0, y: 0, width: width, height: height)
        if let buffer = scratch[stage], buffer.width >= width, buffer.height >= height {
            return buffer.mutableLayerPicture.cropped(to: wanted)
        }
        do {
            let old = scratch[stage]
            let buffer = try CVBuffer.make(width: (max(width, old?.width ?? 0) + 1) & ~1,
                                           height: (max(height, old?.height ?? 0) + 1) & ~1,
                                           pixelFormat: kCVPixelFormatType_420YpCbCr8Planar)
            scratch[stage] = buffer
            return buffer.mutableLayerPicture.cropped(to: wanted)
        } catch {
            throw LayerCompositingError(.failed, "cannot allocate a \(width)x\(height) 4:2:0 compositing buffer: "
                                        + "\(error)", underlying: error)
        }
    }

    private func bridge(_ operation: String, _ body: () throws(RasterError) -> Void)
        throws(LayerCompositingError) {
        do {
            try body()
        } catch {
            throw LayerCompositingError(error, while: "composing video in Y′CbCr: \(operation)")
        }
    }
}
