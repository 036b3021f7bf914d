import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import LayerCompositing
import MediaCodecs

/// AV Foundation's built-in video compositor: renders `AVVideoCompositionInstruction`s (layer instructions with
/// transform, opacity and crop ramps over a background colour) through the same `AVVideoCompositing` calls a custom
/// compositor gets, so the reading engine has one path for both.
///
/// It takes source frames as the decoders give them (any 4:2:0/4:2:2/4:4:4 or RGB layout: the kernel converts with
/// each frame's matrix and range) and renders in `renderFormat`: 32BGRA for a reader that asks for nothing else, or
/// the format a consumer wants (bi-planar 4:2:0 for an encoder), so frames are converted once. The pixel work is
/// `VideoLayerCompositor`'s (LayerCompositing), converting through MediaCodecs' `LayerPictureConverter`.
///
/// Requests render on a concurrent queue, as many at once as the reading engine keeps in flight (its request
/// window), each with a kernel of its own taken from `idleKernels`: composing is the one serial stage between the
/// sources' decoders and the consumer otherwise, and on a two-core machine it left a core idle for a third of the
/// time. The window bounds the kernels (and their scratch frames) a compositor ever makes.
///
/// Thread safety: `lock` guards the kernel pool and the render context's values.
// Safe because `lock` guards the kernel pool and the render context's values.
final class BuiltInVideoCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    let renderFormat: OSType
    private let yCbCrMatrix: String?
    private let lock = NSLock()
    private let renderQueue = DispatchQueue(label: "AVFoundation.BuiltInVideoCompositor", attributes: .concurrent)
    /// What kernels are made for: nil until the first render context, or when it cannot be rendered.
    private var kernelShape: (width: Int, height: Int, highQuality: Bool)?
    /// Kernels made for `kernelShape` and not rendering now.
    private var idleKernels: [VideoLayerCompositor] = []
    private var renderTransform = CGAffineTransform.identity

    init(renderFormat: OSType, yCbCrMatrix: String?) {
        self.renderFormat = renderFormat
        self.yCbCrMatrix = yCbCrMatrix
        super.init()
    }

    /// Source frames in the decoders' own formats.
    var sourcePixelBufferAttributes: [String: any Sendable]? { nil }

    var requiredPixelBufferAttributesForRenderContext: [String: any Sendable] {
        [kCVPixelBufferPixelFormatTypeKey as String: renderFormat]
    }

    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {
        // One kernel is made now, so a size or format the kernel cannot serve is known before the first request.
        let shape = (width: Int(newRenderContext.size.width), height: Int(newRenderContext.size.height),
                     highQuality: newRenderContext.highQualityRendering)
        let made = try? makeKernel(shape)
        lock.withLock {
            kernelShape = made == nil ? nil : shape
            idleKernels = made.map { [$0] } ?? []
            renderTransform = newRenderContext.renderTransform
        }
    }

    private func makeKernel(_ shape: (width: Int, height: Int, highQuality: Bool)) throws -> VideoLayerCompositor {
        try VideoLayerCompositor(width: shape.width, height: shape.height, outputPixelFormat: renderFormat,
                                 highQuality: shape.highQuality, yCbCrMatrix: yCbCrMatrix,
                                 converter: LayerPictureConverter())
    }

    /// An idle kernel for the current render context (made when none is idle), with the render transform; nil when
    /// the context cannot be rendered.
    private func takeKernel() -> (VideoLayerCompositor, CGAffineTransform)? {
        let (idle, shape, transform) = lock.withLock { () -> (VideoLayerCompositor?, (width: Int, height: Int, highQuality: Bool)?, CGAffineTransform) in
            (idleKernels.popLast(), kernelShape, renderTransform)
        }
        if let idle { return (idle, transform) }
        guard let shape, let made = try? makeKernel(shape) else { return nil }
        return (made, transform)
    }

    /// Gives a kernel back, unless the render context changed while it rendered.
    private func returnKernel(_ kernel: VideoLayerCompositor) {
        lock.withLock {
            guard let shape = kernelShape, kernel.width == shape.width, kernel.height == shape.height,
                  kernel.highQuality == shape.highQuality else { return }
            idleKernels.append(kernel)
        }
    }

    func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
        renderQueue.async { [self] in
            do {
                request.finish(withComposedVideoFrame: try compose(request))
            } catch {
                request.finish(with: error)
            }
        }
    }

    private func compose(_ request: AVAsynchronousVideoCompositionRequest) throws -> CVPixelBuffer {
        guard let instruction = request.videoCompositionInstruction as? AVVideoCompositionInstruction else {
            throw AVError(.invalidVideoComposition, "the built-in compositor renders AVVideoCompositionInstructions, "
                          + "not \(type(of: request.videoCompositionInstruction))")
        }
        guard let (kernel, scale) = takeKernel() else {
            throw AVError(.invalidVideoComposition, "the built-in compositor cannot render "
                          + "\(fourCharacterString(renderFormat)) frames of \(request.renderContext.size)")
        }
        defer { returnKernel(kernel) }
        guard let destination = request.renderContext.newPixelBuffer() else {
            throw AVError(.videoCompositorFailed, "no render buffer came back to the pool in time")
        }
        let time = request.compositionTime
        // Layer instructions list the top layer first; the kernel draws the bottom first.
        var layers: [VideoLayer] = []
        for layer in instruction.layerInstructions.reversed() {
            guard let frame = request.sourceFrame(byTrackID: layer.trackID) else { continue }
            layers.append(VideoLayer(source: frame, transform: layer.transform(at: time).concatenating(scale),
                                     crop: layer.cropRectangle(at: time), opacity: layer.opacity(at: time)))
        }
        try kernel.compose(layers: layers, background: Self.rgba(instruction.backgroundColor), into: destination)
        Self.tagColor(destination, matrix: kernel.outputYCbCrMatrix, like: layers.first?.source)
        return destination
    }

    /// Tags a composed frame with the matrix it was encoded with (a Y′CbCr output) and the primaries and transfer
    /// function of its bottom layer (composing does not change them); the composition's own colour properties,
    /// when it has them, are applied after this by the engine.
    static func tagColor(_ frame: CVPixelBuffer, matrix: String?, like source: CVPixelBuffer?) {
        if let matrix { CVBufferSetAttachment(frame, kCVImageBufferYCbCrMatrixKey, matrix as CFString, .shouldPropagate) }
        guard let source else { return }
        for key in [kCVImageBufferColorPrimariesKey, kCVImageBufferTransferFunctionKey] {
            if let value = CVBufferCopyAttachment(source, key, nil) {
                CVBufferSetAttachment(frame, key, value, .shouldPropagate)
            }
        }
    }

    /// A background colour as straight RGBA; opaque black when none is set (Apple's default).
    static func rgba(_ color: CGColor?) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        guard let components = color?.components?.map(Double.init), let last = components.last else {
            return (0, 0, 0, 1)
        }
        switch components.count {
        case 2: return (components[0], components[0], components[0], last)
        case 4: return (components[0], components[1], components[2], last)
        case 5:
            // CMYK: the naive conversion (no colour management here).
            let (c, m, y, k) = (components[0], components[1], components[2], components[3])
            return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k), last)
        default: return (0, 0, 0, last)
        }
    }
}
