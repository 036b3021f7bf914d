import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation
import LayerCompositing
import MediaCodecs

/// Draws a Core Animation tool's layers with the composed frames (the tool's post-processing, or its additional
/// layer as a source track), following the tool's `CoreAnimationRenderPlan`: fills, images and the video frame,
/// back to front, each clipped to its layer's mask, through the compositing kernel.
///
/// The layer tree cannot change while reading (Apple's tool renders it as set up), so images are converted once.
/// Used by the compose worker only.
final class CoreAnimationRenderer {
    private let plan: CoreAnimationRenderPlan
    private let kernel: VideoLayerCompositor
    private var images: [ObjectIdentifier: CVPixelBuffer] = [:]
    private var solids: [Int: CVPixelBuffer] = [:]

    init(plan: CoreAnimationRenderPlan, width: Int, height: Int, pixelFormat: OSType) throws(AVError) {
        self.plan = plan
        do {
            kernel = try VideoLayerCompositor(width: width, height: height, outputPixelFormat: pixelFormat,
                                              highQuality: true, converter: LayerPictureConverter())
        } catch {
            throw AVError(.invalidVideoComposition, "the Core Animation tool's layers cannot be drawn into "
                          + "\(fourCharacterString(pixelFormat)) frames of \(width)x\(height): \(error)")
        }
    }

    /// Draws the plan over `background` (opaque black for an output frame; transparent for the additional layer,
    /// which is drawn over other layers) into `destination`, with `frame` where the video layers are.
    func render(frame: CVPixelBuffer?, into destination: CVPixelBuffer,
                background: (red: Double, green: Double, blue: Double, alpha: Double) = (0, 0, 0, 1)) throws {
        let scaleX = CGFloat(CVPixelBufferGetWidth(destination)) / max(1, plan.renderSize.width)
        let scaleY = CGFloat(CVPixelBufferGetHeight(destination)) / max(1, plan.renderSize.height)
        let toPixels = CGAffineTransform(scaleX: scaleX, y: scaleY)
        var layers: [VideoLayer] = []
        for operation in plan.operations {
            switch operation {
            case .fill(let rect, let color, let opacity, let clip):
                let rgba = BuiltInVideoCompositor.rgba(color)
                let source = try solid(rgba)
                layers.append(Self.layer(source, into: rect.applying(toPixels), clip: clip?.applying(toPixels),
                                         opacity: opacity, inset: 1))
            case .image(let image, let rect, let opacity, let clip):
                layers.append(Self.layer(try pixels(of: image), into: rect.applying(toPixels),
                                         clip: clip?.applying(toPixels), opacity: opacity))
            case .video(_, let rect, let opacity, let clip):
                guard let frame else { continue }
                layers.append(Self.layer(frame, into: rect.applying(toPixels), clip: clip?.applying(toPixels),
                                         opacity: opacity))
            }
        }
        try kernel.compose(layers: layers, background: background, into: destination)
    }

    /// A layer drawing all of `source` (or its `inset` interior, for solid colours whose edges must not blend)
    /// scaled into `rect`, clipped to `clip` by cropping the source to the part that lands inside it.
    private static func layer(_ source: CVPixelBuffer, into rect: CGRect, clip: CGRect?, opacity: Float,
                              inset: CGFloat = 0) -> VideoLayer {
        let width = CGFloat(CVPixelBufferGetWidth(source)), height = CGFloat(CVPixelBufferGetHeight(source))
        let full = CGRect(x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset)
        let transform = CGAffineTransform(a: rect.width / full.width, b: 0, c: 0, d: rect.height / full.height,
                                          tx: rect.minX - full.minX * rect.width / full.width,
                                          ty: rect.minY - full.minY * rect.height / full.height)
        var shown = rect
        if let clip { shown = rect.intersection(clip) }
        guard !shown.isNull, shown.width > 0, shown.height > 0 else {
            return VideoLayer(source: source, transform: transform, crop: .zero, opacity: 0)
        }
        let crop = shown.applying(transform.inverted()).intersection(full)
        return VideoLayer(source: source, transform: transform, crop: crop == full && inset == 0 ? nil : crop,
                          opacity: opacity)
    }

    /// An image's pixels, converted once.
    private func pixels(of image: CGImage) throws -> CVPixelBuffer {
        let key = ObjectIdentifier(image)
        if let made = images[key] { return made }
        let made = try ImagePixelBuffer.make(image)
        images[key] = made
        return made
    }

    /// A 4×4 premultiplied BGRA picture of one colour (drawn by its 2×2 interior, so it stays uniform to the edges).
    private func solid(_ rgba: (red: Double, green: Double, blue: Double, alpha: Double)) throws -> CVPixelBuffer {
        func byte(_ value: Double) -> UInt8 { UInt8((min(1, max(0, value)) * 255).rounded()) }
        let a = byte(rgba.alpha)
        let premultiplied = [rgba.blue, rgba.green, rgba.red].map { byte($0 * rgba.alpha) } + [a]
        let key = premultiplied.reduce(0) { $0 << 8 | Int($1) }
        if let made = solids[key] { return made }
        var buffer: CVPixelBuffer?
        guard CVPixelBufferCreate(nil, 4, 4, kCVPixelFormatType_32BGRA, nil, &buffer) == kCVReturnSuccess,
              let buffer else {
            throw AVError(.invalidVideoComposition, "no memory for a colour layer")
        }
        CVPixelBufferLockBaseAddress(buffer, [])
        let base = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
        let row = CVPixelBufferGetBytesPerRow(buffer)
        for y in 0..<4 { for x in 0..<4 { for c in 0..<4 { base[y * row + x * 4 + c] = premultiplied[c] } } }
        CVPixelBufferUnlockBaseAddress(buffer, [])
        solids[key] = buffer
        return buffer
    }
}
