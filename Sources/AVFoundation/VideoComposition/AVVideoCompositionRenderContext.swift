import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation

/// The pixel aspect ratio of composed frames (AVVideoCompositing.h).
public struct AVPixelAspectRatio: Sendable {
    public var horizontalSpacing: Int
    public var verticalSpacing: Int

    public init() {
        horizontalSpacing = 0
        verticalSpacing = 0
    }

    public init(horizontalSpacing: Int, verticalSpacing: Int) {
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }
}

/// Widths of the edge regions of composed frames, in pixels (AVVideoCompositing.h).
public struct AVEdgeWidths: Sendable {
    public var left: CGFloat
    public var top: CGFloat
    public var right: CGFloat
    public var bottom: CGFloat

    public init() {
        left = 0
        top = 0
        right = 0
        bottom = 0
    }

    public init(left: CGFloat, top: CGFloat, right: CGFloat, bottom: CGFloat) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }
}

/// What a compositor renders into (AVVideoCompositing.h): the size and geometry of composed frames, and the pool
/// their buffers come from. A new context is handed to `renderContextChanged(_:)` whenever one of these changes.
///
/// Thread safety: immutable; the pool is thread-safe.
// Safe because immutable; the pool is thread-safe.
open class AVVideoCompositionRenderContext: NSObject, @unchecked Sendable {
    /// The size of composed frames in pixels (`renderSize` × `renderScale`).
    public let size: CGSize
    /// The transform from render coordinates to pixels of composed frames (the render scale).
    public let renderTransform: CGAffineTransform
    /// The composition's render scale.
    public let renderScale: Float
    /// The pixel aspect ratio of composed frames.
    public let pixelAspectRatio: AVPixelAspectRatio
    /// The edge widths of composed frames.
    public let edgeWidths: AVEdgeWidths
    /// Whether the consumer asked for high-quality rendering (exports do; previews need not).
    public let highQualityRendering: Bool
    /// The composition being rendered.
    public let videoComposition: AVVideoComposition

    let bufferPool: RenderBufferPool

    init(size: CGSize, renderScale: Float, pixelAspectRatio: AVPixelAspectRatio, edgeWidths: AVEdgeWidths,
         highQualityRendering: Bool, videoComposition: AVVideoComposition, bufferPool: RenderBufferPool) {
        self.size = size
        self.renderScale = renderScale
        renderTransform = CGAffineTransform(scaleX: CGFloat(renderScale), y: CGFloat(renderScale))
        self.pixelAspectRatio = pixelAspectRatio
        self.edgeWidths = edgeWidths
        self.highQualityRendering = highQualityRendering
        self.videoComposition = videoComposition
        self.bufferPool = bufferPool
        super.init()
    }

    /// A pixel buffer of `size` with the attributes the compositor asked for
    /// (`requiredPixelBufferAttributesForRenderContext`), from a bounded pool; `nil` if none can be had (the
    /// pool's limit stayed reached, or the reading stopped).
    open func newPixelBuffer() -> CVPixelBuffer? {
        bufferPool.makeBuffer()
    }
}

/// A range of composition times the compositor is about to render (AVVideoCompositing.h), for
/// `anticipateRendering(using:)` and `prerollForRendering(using:)`.
// Safe because immutable.
open class AVVideoCompositionRenderHint: NSObject, @unchecked Sendable {
    /// The first composition time to be rendered.
    public let startCompositionTime: CMTime
    /// The end of the times to be rendered.
    public let endCompositionTime: CMTime

    init(startCompositionTime: CMTime, endCompositionTime: CMTime) {
        self.startCompositionTime = startCompositionTime
        self.endCompositionTime = endCompositionTime
        super.init()
    }
}
