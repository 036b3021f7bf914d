import CoreVideo
import Raster
import Synchronization

/// The kernel of the built-in video compositor: draws a background colour, then layers bottom to top, into one
/// frame.
///
/// Conversions between pixel formats and colour encodings are the caller's (`PictureConverting`): MediaCodecs
/// supplies the codec layer's image converter. Opaque 8-bit 4:2:0 layers of one colour encoding, placed by scales
/// and translations (decoded video, the common case), are composed in Y′CbCr 4:2:0 (`PlanarLayerComposer`) and
/// converted once. Other layers are composed in premultiplied BGRA (the destination itself when it is 32BGRA, else
/// a working frame that is converted at the end); Y′CbCr sources are converted with the matrix and range they are
/// tagged with. What is drawn how (this module's README):
/// - A layer that is an opaque whole-pixel copy over the whole frame hides everything below it: drawing starts
///   from it, converted straight into the frame (straight into the destination when nothing is drawn above it).
/// - Scale-and-translate layers (letterbox, picture-in-picture) go through pixman's scaled bilinear kernels.
/// - Quarter turns are exact pixel shuffles (libyuv) before any scaling.
/// - Other maps use `AffineBilinearKernel`.
/// - With `highQuality`, a layer shrunk by more than 1.5× is first reduced by area averaging (`AreaAverageKernel`)
///   so it does not alias.
///
/// Nothing is tagged on the destination: the caller tags colour. Thread safety: calls are serialised by a lock, so
/// a compositor may be shared, but one thread per compositor is the intended use (make one per rendering thread).
// Safe because calls are serialised by a lock.
package final class VideoLayerCompositor: @unchecked Sendable {
    /// Output width in pixels.
    package let width: Int
    /// Output height in pixels.
    package let height: Int
    /// The destination's pixel format.
    package let outputPixelFormat: OSType
    /// Whether downscaled layers are low-pass filtered first.
    package let highQuality: Bool
    /// Whether frames whose layers allow it are composed in Y′CbCr 4:2:0 (`PlanarLayerComposer`); tests turn it
    /// off to compare with the BGRA path.
    package let composesInYCbCr: Bool
    /// The Y′CbCr matrix a Y′CbCr output is encoded with (a `kCVImageBufferYCbCrMatrix_…` string), for the caller
    /// to tag; nil for an RGB output.
    package let outputYCbCrMatrix: String?

    /// The matrix and range of a Y′CbCr output (unused for RGB outputs).
    private let outputColor: LayerColor

    // The lock protects everything below: the preparer's caches, the working frame and the output step.
    private let lock = Mutex(())
    private let preparer: LayerSourcePreparer
    private let planar = PlanarLayerComposer()
    private var workingFrame: CVPixelBuffer?
    private var outputStep: OutputStep?
    private var planarFrames = 0

    /// How many frames were composed in Y′CbCr so far (for tests that check which path a frame took).
    package var framesComposedInYCbCr: Int { lock.withLock { _ in planarFrames } }

    /// How the working BGRA frame becomes the destination.
    private enum OutputStep {
        case conversion(any PictureConversion)
        case biPlanar(BGRAToBiPlanarKernel)
    }

    /// A compositor for `width` x `height` frames in `outputPixelFormat` (any format `converter` converts BGRA
    /// to; 32BGRA is composed in place), converting through `converter`. `yCbCrMatrix` (a
    /// `kCVImageBufferYCbCrMatrix_…` string) is the matrix a Y′CbCr output is encoded with; `nil` means BT.709
    /// from 720 lines up and BT.601 below. Fails naming the format or size it cannot serve.
    package init(width: Int, height: Int, outputPixelFormat: OSType, highQuality: Bool, yCbCrMatrix: String? = nil,
                 composesInYCbCr: Bool = true, converter: any PictureConverting) throws(LayerCompositingError) {
        let name = fourCharacterString(outputPixelFormat)
        guard Self.canCompose(into: outputPixelFormat, converter: converter),
              let layout = PixelFormatLayout.layout(for: outputPixelFormat) else {
            throw LayerCompositingError(.unsupportedFormat, "pixel format \(name) cannot be composed into")
        }
        let limit = CompositingLimits.maximumPictureDimension
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw LayerCompositingError(.invalidInput, "composed frame size \(width)x\(height) is outside 1...\(limit)")
        }
        let step = LayerLayout.chromaStep(of: outputPixelFormat)
        guard width % step.x == 0, height % step.y == 0 else {
            throw LayerCompositingError(.invalidInput, "\(name) is chroma-subsampled: \(width)x\(height) must be a "
                                        + "multiple of \(step.x)x\(step.y)")
        }
        let isRGB = layout.colorModel == .rgb
        var color = LayerColor(range: layout.isFullRange ? .full : .limited)
        if let yCbCrMatrix {
            color.matrix = Int(CVYCbCrMatrixGetIntegerCodePointForString(yCbCrMatrix as CFString))
            guard color.standardMatrix != nil else {
                throw LayerCompositingError(.unsupportedFormat, "Y′CbCr matrix \(yCbCrMatrix) cannot be composed into")
            }
            outputYCbCrMatrix = isRGB ? nil : yCbCrMatrix
        } else {
            color.matrix = LayerColor.assumedMatrix(height: height)
            outputYCbCrMatrix = isRGB ? nil
                : (color.matrix == LayerColor.bt709Matrix ? kCVImageBufferYCbCrMatrix_ITU_R_709_2
                    : kCVImageBufferYCbCrMatrix_ITU_R_601_4) as String
        }
        self.width = width
        self.height = height
        self.outputPixelFormat = outputPixelFormat
        self.highQuality = highQuality
        self.composesInYCbCr = composesInYCbCr
        outputColor = color
        preparer = LayerSourcePreparer(converter: converter)
    }

    /// Whether frames can be composed into `pixelFormat` through `converter` (composed in BGRA, then converted
    /// to it).
    package static func canCompose(into pixelFormat: OSType, converter: any PictureConverting) -> Bool {
        PixelFormatLayout.layout(for: pixelFormat) != nil
            && converter.canConvert(from: kCVPixelFormatType_32BGRA, to: pixelFormat)
    }

    /// Draws `background` (straight RGBA, each 0…1) and then `layers`, first one at the bottom, into `destination`
    /// (the compositor's format and size). Fails naming a layer format it cannot read; never traps on input.
    package func compose(layers: [VideoLayer], background: (red: Double, green: Double, blue: Double, alpha: Double),
                         into destination: CVPixelBuffer) throws(LayerCompositingError) {
        guard destination.pixelFormat == outputPixelFormat, destination.width == width, destination.height == height
        else {
            throw LayerCompositingError(.invalidInput, "destination is \(fourCharacterString(destination.pixelFormat)) "
                + "\(destination.width)x\(destination.height); the compositor makes "
                + "\(fourCharacterString(outputPixelFormat)) \(width)x\(height)")
        }
        let channels = [background.red, background.green, background.blue, background.alpha]
        guard channels.allSatisfy(\.isFinite), layers.allSatisfy({ $0.opacity.isFinite }) else {
            throw LayerCompositingError(.invalidInput, "background colour and layer opacities must be finite")
        }
        for layer in layers { layer.source.lockBaseAddress(readOnly: true) }
        destination.lockBaseAddress(readOnly: false)
        defer {
            for layer in layers { try? layer.source.unlockBaseAddress(readOnly: true) }
            try? destination.unlockBaseAddress(readOnly: false)
        }
        try lock.withLock { (_: inout Void) throws(LayerCompositingError) in
            try compose(layers, background: channels.map { min(1, max(0, $0)) }, into: destination.mutableLayerPicture)
        }
    }

    /// The work of `compose`, with buffers locked and the lock held.
    private func compose(_ layers: [VideoLayer], background: [Double], into output: MutableLayerPicture)
        throws(LayerCompositingError) {
        var visible: [(layer: VideoLayer, source: LayerSourcePreparer.Source, placement: LayerPlacement)] = []
        for layer in layers where layer.opacity > 0 {
            let source = try preparer.source(layer.source)
            guard let placement = try LayerPlacement(
                transform: layer.transform, crop: layer.crop, sourceWidth: layer.source.width,
                sourceHeight: layer.source.height, frameWidth: width, frameHeight: height, highQuality: highQuality)
            else { continue }
            // An opaque layer over the whole frame hides all that is below it.
            if placement.coversFrame && source.isOpaque && layer.opacity >= 1 { visible.removeAll() }
            visible.append((layer, source, placement))
        }
        let base = visible.first.flatMap {
            $0.placement.coversFrame && $0.source.isOpaque && $0.layer.opacity >= 1 ? $0 : nil
        }

        // One opaque full-frame copy and nothing above: a plain conversion (a copy when the formats agree), where
        // libyuv has it; swscale's paths (BGRA to BT.709 Y′CbCr, Y′CbCr matrix changes) are slower than drawing
        // into the working frame and converting from there.
        if let base, visible.count == 1, base.placement.turns == .none,
           Self.isOnChromaGrid(base.placement.sourceRect, base.source.image.pixelFormat) {
            let image = base.source.image
            let conversion = try preparer.conversion(for: PictureConversionRequest(
                sourceFormat: image.pixelFormat, sourceWidth: image.width, sourceHeight: image.height,
                sourceRect: base.placement.sourceRect, sourceColor: base.source.color,
                destinationFormat: output.pixelFormat, destinationWidth: width, destinationHeight: height,
                destinationColor: outputColor))
            if conversion.isFast {
                try convert(image, with: conversion, into: output, "converting a full-frame layer")
                return
            }
        }

        // Opaque 4:2:0 layers of one encoding, scaled and moved: composed in Y′CbCr.
        let planarLayers = visible.map {
            PlanarLayerComposer.Layer(source: $0.source, placement: $0.placement,
                                      opacity: Double(min(1, $0.layer.opacity)))
        }
        if composesInYCbCr, let color = PlanarLayerComposer.encoding(
            of: planarLayers, backgroundAlpha: background[3], output: output.pixelFormat, outputColor: outputColor,
            width: width, height: height) {
            try planar.compose(planarLayers, background: Array(background[0..<3]), color: color, into: output,
                               converters: preparer)
            planarFrames += 1
            return
        }

        let working = try workingImage(output)
        var layersToDraw = visible[...]
        if let base {
            _ = try preparer.prepare(base.source, placement: base.placement, into: working)
            layersToDraw = visible.dropFirst()
        } else {
            let alpha = background[3]
            func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
            // The working picture is 32BGRA (`workingImage`), the layout RasterDrawing takes.
            try bridge("filling the background") { () throws(RasterError) in
                try RasterDrawing.fill(working.picture, rect: RasterRect(x: 0, y: 0, width: width, height: height),
                                       blue: byte(background[2] * alpha), green: byte(background[1] * alpha),
                                       red: byte(background[0] * alpha), alpha: byte(alpha))
            }
        }
        for (layer, source, placement) in layersToDraw {
            let prepared = try preparer.prepare(source, placement: placement)
            let opacity = Double(min(1, layer.opacity))
            switch placement.kind {
            case .axisAligned:
                try bridge("drawing a layer") { () throws(RasterError) in
                    try RasterDrawing.draw(prepared.picture, transform: placement.transform,
                                           filter: placement.isWholePixelMove ? .nearest : .bilinear, edges: .extend,
                                           opacity: opacity, into: working.picture, clip: placement.area)
                }
            case .general:
                AffineBilinearKernel.draw(prepared.picture, transform: placement.transform, opacity: opacity,
                                          into: working.picture, area: placement.area)
            }
        }
        if output.pixelFormat != kCVPixelFormatType_32BGRA { try convertOutput(working.readOnly, into: output) }
    }

    /// The BGRA frame layers are drawn into: the destination itself when it is 32BGRA.
    private func workingImage(_ output: MutableLayerPicture) throws(LayerCompositingError) -> MutableLayerPicture {
        if output.pixelFormat == kCVPixelFormatType_32BGRA { return output }
        if let workingFrame { return workingFrame.mutableLayerPicture }
        do {
            let frame = try CVBuffer.make(width: width, height: height, pixelFormat: kCVPixelFormatType_32BGRA)
            workingFrame = frame
            return frame.mutableLayerPicture
        } catch {
            throw LayerCompositingError(.failed, "cannot allocate the \(width)x\(height) compositing frame: \(error)",
                                        underlying: error)
        }
    }

    /// Converts the working frame into the destination: the caller's conversion where it is fast (libyuv), this
    /// module's kernel for bi-planar 4:2:0 otherwise, the caller's slower conversion (swscale) for the rest.
    private func convertOutput(_ working: LayerPicture, into output: MutableLayerPicture)
        throws(LayerCompositingError) {
        if outputStep == nil {
            let conversion = try preparer.conversion(for: PictureConversionRequest(
                sourceFormat: kCVPixelFormatType_32BGRA, sourceWidth: width, sourceHeight: height,
                sourceColor: .unspecified, destinationFormat: output.pixelFormat, destinationWidth: width,
                destinationHeight: height, destinationColor: outputColor))
            if !conversion.isFast, LayerLayout(output.pixelFormat) == .biPlanar420,
               let matrix = outputColor.standardMatrix {
                outputStep = .biPlanar(BGRAToBiPlanarKernel(matrix: matrix, fullRange: outputColor.range == .full))
            } else {
                outputStep = .conversion(conversion)
            }
        }
        switch outputStep {
        case .biPlanar(let kernel):
            kernel.convert(working.picture, into: output.picture)
        case .conversion(let conversion):
            try convert(working, with: conversion, into: output, "converting the composed frame")
        case nil:
            break
        }
    }

    private static func isOnChromaGrid(_ rect: RasterRect, _ format: OSType) -> Bool {
        let step = LayerLayout.chromaStep(of: format)
        return rect.x % step.x == 0 && rect.y % step.y == 0
    }

    /// Runs a planned conversion, naming what was being done if it fails.
    private func convert(_ source: LayerPicture, with conversion: any PictureConversion,
                         into destination: MutableLayerPicture, _ operation: String) throws(LayerCompositingError) {
        do throws(LayerCompositingError) {
            try conversion.convert(source, into: destination)
        } catch {
            throw error.during("composing video: \(operation)")
        }
    }

    /// Runs a Raster call, naming what was being done if it fails.
    private func bridge(_ operation: String, _ body: () throws(RasterError) -> Void) throws(LayerCompositingError) {
        do {
            try body()
        } catch {
            throw LayerCompositingError(error, while: "composing video: \(operation)")
        }
    }
}
