import CoreMedia
import Foundation
import QuartzCore

/// The start of a video's timeline for Core Animation's `beginTime` (AVAnimation.h): Core Animation replaces a
/// begin time of zero with the current time, so animations meant to start with the video use this instead.
public let AVCoreAnimationBeginTimeAtZero: CFTimeInterval = 1e-100

/// Renders Core Animation layers with composed video frames, for offline rendering (readers and exports)
/// (AVVideoComposition.h): either a layer tree that holds the composed frames in "video layers" and is itself the
/// output frame (the watermark idiom), or a layer tree rendered as an extra source track.
///
/// The layer tree is read when rendering starts and turned into a fixed list of drawing operations (see
/// `CoreAnimationRenderPlan`); what cannot be drawn that way (animations, text layers, masks, transforms) is
/// refused with an error naming the layer and property, never left out.
///
/// Thread safety: immutable; the layers lock their own properties.
// Safe because immutable; the layers lock their own properties.
open class AVVideoCompositionCoreAnimationTool: NSObject, @unchecked Sendable {
    /// What the tool renders.
    enum Role {
        /// `layer` rendered as the frames of a source track with ID `trackID`.
        case additionalLayer(CALayer, trackID: CMPersistentTrackID)
        /// `animationLayer` rendered as the output frame, each of `videoLayers` showing the composed frame.
        case postProcessing(videoLayers: [CALayer], animationLayer: CALayer)
    }

    let role: Role

    init(role: Role) {
        self.role = role
        super.init()
    }

    /// Renders `layer` as the frames of an extra source track, `trackID`, that instructions may name like any
    /// other track. `trackID` should be one no track of the asset has (`AVAsset.unusedTrackID()`).
    public convenience init(additionalLayer layer: CALayer, asTrackID trackID: CMPersistentTrackID) {
        self.init(role: .additionalLayer(layer, trackID: trackID))
    }

    /// Places composed frames in `videoLayer` and renders `animationLayer` (normally containing it) as the output
    /// frame.
    public convenience init(postProcessingAsVideoLayer videoLayer: CALayer, in animationLayer: CALayer) {
        self.init(role: .postProcessing(videoLayers: [videoLayer], animationLayer: animationLayer))
    }

    /// Places a copy of each composed frame in every one of `videoLayers` and renders `animationLayer` as the
    /// output frame.
    public convenience init(postProcessingAsVideoLayers videoLayers: [CALayer], in animationLayer: CALayer) {
        self.init(role: .postProcessing(videoLayers: videoLayers, animationLayer: animationLayer))
    }

    /// A tool with the layers of `configuration`.
    public convenience init(configuration: sending AVVideoCompositionCoreAnimationTool.Configuration) {
        self.init(role: .postProcessing(videoLayers: configuration.layers, animationLayer: configuration.containingLayer))
    }

    /// The track ID the additional layer is rendered as, if the tool was made with one.
    var additionalTrackID: CMPersistentTrackID? {
        if case .additionalLayer(_, let trackID) = role { return trackID }
        return nil
    }

    /// The drawing operations of the layer tree for frames of `renderSize`, or the error naming what cannot be
    /// drawn.
    func makeRenderPlan(renderSize: CGSize) throws(AVError) -> CoreAnimationRenderPlan {
        switch role {
        case .additionalLayer(let layer, _):
            return try CoreAnimationRenderPlan(root: layer, videoLayers: [], renderSize: renderSize)
        case .postProcessing(let videoLayers, let animationLayer):
            return try CoreAnimationRenderPlan(root: animationLayer, videoLayers: videoLayers, renderSize: renderSize)
        }
    }
}

extension AVVideoCompositionCoreAnimationTool {
    /// The layers of a post-processing tool (iOS 26).
    public struct Configuration {
        /// The layers that show the composed frames (each a copy).
        public var layers: [CALayer]
        /// The layer rendered as the output frame.
        public var containingLayer: CALayer

        /// Composed frames in each of `layers`, `containingLayer` rendered as the output frame.
        public init(postProcessingAsVideoLayers layers: [CALayer], containingLayer: CALayer) {
            self.layers = layers
            self.containingLayer = containingLayer
        }

        /// Composed frames in `layer`, `containingLayer` rendered as the output frame.
        public init(postProcessingAsVideoLayer layer: CALayer, containingLayer: CALayer) {
            self.init(postProcessingAsVideoLayers: [layer], containingLayer: containingLayer)
        }
    }
}
