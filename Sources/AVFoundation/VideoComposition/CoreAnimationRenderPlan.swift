import CoreGraphics
import CoreMedia
import Foundation
import QuartzCore

/// A Core Animation layer tree flattened into drawing operations, back to front, in render coordinates: the
/// video composition's `renderSize`, origin at the top left, y down (as pixel buffers are laid out).
///
/// Geometry follows Core Animation: a layer's frame is its bounds' size placed so that its anchor point is at its
/// position in the superlayer's space; sublayers are placed in the layer's bounds space. The render area itself is
/// an unflipped space, y up from the bottom of the frame: this is AV Foundation's behaviour (and the well-known
/// watermark quirk, reported by users whose exported layers had "the 0,0 point in the bottom-left corner") — a
/// sublayer of an unflipped animation layer at y = 0 lands at the *bottom* of the video, and setting
/// `isGeometryFlipped` on the animation layer (as Apple's headers advise for layers made the UIKit way) makes y
/// count down from the top. A layer's space is flipped when an odd number of it and its ancestors are;
/// contents images are drawn upright either way.
///
/// A layer draws its background colour, then its contents (or, for a video layer, the composed frame), then its
/// sublayers in order. Opacity multiplies down the tree; `masksToBounds` clips the contents and sublayers to the
/// layer's rectangle. Hidden layers draw nothing.
struct CoreAnimationRenderPlan: Sendable {
    enum Operation: Sendable {
        /// Fill `rect` with `color` at `opacity` (times the colour's alpha), clipped to `clip` if any.
        case fill(rect: CGRect, color: CGColor, opacity: Float, clip: CGRect?)
        /// Draw `image` scaled into `rect` at `opacity`, clipped to `clip` if any.
        case image(CGImage, rect: CGRect, opacity: Float, clip: CGRect?)
        /// Draw the composed frame scaled into `rect` at `opacity`, clipped to `clip` if any; `videoLayer` is the
        /// index of the video layer in the tool's list.
        case video(videoLayer: Int, rect: CGRect, opacity: Float, clip: CGRect?)
    }

    /// The size of the render area.
    let renderSize: CGSize
    /// The operations, back to front.
    let operations: [Operation]

    /// Layer trees deeper than this are refused (a layer added to its own subtree makes a cycle).
    static let maximumDepth = 256

    /// The plan of the tree under `root`, whose `videoLayers` show the composed frame.
    init(root: CALayer, videoLayers: [CALayer], renderSize: CGSize) throws(AVError) {
        for (index, layer) in videoLayers.enumerated() where !Self.isInTree(layer, root: root) {
            throw Self.refusal("video layer \(index)\(layer.name.map { " ('\($0)')" } ?? "") is not in the animation "
                               + "layer's tree, so the composed frames would not be drawn")
        }
        var builder = Builder(videoLayers: videoLayers, renderSize: renderSize)
        // The render area: x right, y up from the bottom edge.
        let area = Space(originX: 0, originY: renderSize.height, yDown: false)
        try builder.visit(root, path: root.name.map { "'\($0)'" } ?? "the animation layer", in: area, opacity: 1,
                          clip: nil, depth: 0)
        self.renderSize = renderSize
        operations = builder.operations
    }

    private static func isInTree(_ layer: CALayer, root: CALayer) -> Bool {
        var current: CALayer? = layer
        var steps = 0
        while let candidate = current, steps <= maximumDepth {
            if candidate === root { return true }
            current = candidate.superlayer
            steps += 1
        }
        return false
    }

    static func refusal(_ message: String) -> AVError {
        AVError(.invalidVideoComposition, "cannot render the Core Animation tool's layers: " + message)
    }

    /// A layer's coordinate space in render coordinates: local (x, y) is at (originX + x, originY ± y).
    struct Space {
        var originX: CGFloat
        var originY: CGFloat
        var yDown: Bool

        /// A rectangle of this space in render coordinates.
        func place(_ rect: CGRect) -> CGRect {
            CGRect(x: originX + rect.minX, y: yDown ? originY + rect.minY : originY - rect.maxY,
                   width: rect.width, height: rect.height)
        }
    }

    /// The gravities the plan can place an image with.
    static let supportedGravities: Set<CALayerContentsGravity> = [.resize, .resizeAspect, .resizeAspectFill, .center]

    /// Where an image of `size` goes in `rect` under `gravity`.
    static func placement(of size: CGSize, in rect: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        guard size.width > 0, size.height > 0, gravity != .resize else { return rect }
        let scale: CGFloat
        switch gravity {
        case .resizeAspect: scale = min(rect.width / size.width, rect.height / size.height)
        case .resizeAspectFill: scale = max(rect.width / size.width, rect.height / size.height)
        default: scale = 1
        }
        let (width, height) = (size.width * scale, size.height * scale)
        return CGRect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }

    private struct Builder {
        typealias Plan = CoreAnimationRenderPlan
        let videoLayers: [CALayer]
        let renderSize: CGSize
        var operations: [Operation] = []

        init(videoLayers: [CALayer], renderSize: CGSize) {
            self.videoLayers = videoLayers
            self.renderSize = renderSize
        }

        mutating func visit(_ layer: CALayer, path: String, in space: Space, opacity: Float, clip: CGRect?,
                            depth: Int) throws(AVError) {
            guard depth < Plan.maximumDepth else {
                throw Plan.refusal("layer \(path) is nested deeper than \(Plan.maximumDepth) layers "
                              + "(is a layer its own sublayer?)")
            }
            let contents = layer.contents
            try checkRenderable(layer, contents: contents, path: path)
            guard !layer.isHidden else { return }

            let rect = space.place(layer.frame)
            let opacity = opacity * layer.opacity
            let ownClip = layer.masksToBounds ? intersect(clip, rect) : clip
            if let color = layer.backgroundColor {
                operations.append(.fill(rect: rect, color: color, opacity: opacity, clip: ownClip))
            }
            if let index = videoLayers.firstIndex(where: { $0 === layer }) {
                let placed = Plan.placement(of: renderSize, in: rect, gravity: layer.contentsGravity)
                operations.append(.video(videoLayer: index, rect: placed, opacity: opacity, clip: ownClip))
            } else if let image = contents.map({ $0 as! CGImage }) { // checkRenderable refused any other type
                let scale = layer.contentsScale > 0 ? layer.contentsScale : 1
                let size = CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
                operations.append(.image(image, rect: Plan.placement(of: size, in: rect, gravity: layer.contentsGravity),
                                         opacity: opacity, clip: ownClip))
            }

            let bounds = layer.bounds
            let yDown = space.yDown != layer.isGeometryFlipped
            let inner = Space(originX: rect.minX - bounds.minX,
                              originY: yDown ? rect.minY - bounds.minY : rect.maxY + bounds.minY, yDown: yDown)
            for (index, sublayer) in (layer.sublayers ?? []).enumerated() {
                let name = sublayer.name.map { "'\($0)'" } ?? "\(path).sublayers[\(index)]"
                try visit(sublayer, path: name, in: inner, opacity: opacity, clip: ownClip, depth: depth + 1)
            }
        }

        /// Throws for what the plan cannot draw.
        private func checkRenderable(_ layer: CALayer, contents: Any?, path: String) throws(AVError) {
            if let keys = layer.animationKeys(), let key = keys.first {
                let keyPath = (layer.animation(forKey: key) as? CAPropertyAnimation)?.keyPath
                throw Plan.refusal("layer \(path) has an animation (key '\(key)'\(keyPath.map { ", key path '\($0)'" } ?? "")); "
                              + "animations are not rendered on Linux")
            }
            if layer is CATextLayer {
                throw Plan.refusal("layer \(path) is a CATextLayer; text layers are not rendered on Linux (draw the text "
                              + "into a CGImage and set it as a layer's contents)")
            }
            if layer.mask != nil { throw Plan.refusal("layer \(path) has a mask; masks are not rendered on Linux") }
            if !CATransform3DIsIdentity(layer.transform) {
                throw Plan.refusal("layer \(path) has a transform; layer transforms are not rendered on Linux")
            }
            if !CATransform3DIsIdentity(layer.sublayerTransform) {
                throw Plan.refusal("layer \(path) has a sublayerTransform; layer transforms are not rendered on Linux")
            }
            if let contents, !(contents is CGImage) {
                throw Plan.refusal("layer \(path) has contents of type \(type(of: contents)); only a CGImage is rendered")
            }
            let drawsImage = contents != nil || videoLayers.contains { $0 === layer }
            if drawsImage, !Plan.supportedGravities.contains(layer.contentsGravity) {
                throw Plan.refusal("layer \(path) has contentsGravity '\(layer.contentsGravity.rawValue)'; only resize, "
                              + "resizeAspect, resizeAspectFill and center are rendered on Linux")
            }
        }

        private func intersect(_ clip: CGRect?, _ rect: CGRect) -> CGRect {
            guard let clip else { return rect }
            let both = clip.intersection(rect)
            return both.isNull ? .zero : both
        }
    }
}
