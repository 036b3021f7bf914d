import CoreGraphics
import CoreMedia
import Foundation

// The iOS 26 value-type API of layer instructions: ramps as structs, a configuration to build an immutable layer
// instruction from. Same timeline rules as the mutable class (`RampTimeline`).
extension AVVideoCompositionLayerInstruction {
    /// A transform ramp: `start` at `timeRange.start`, interpolated to `end` at `timeRange.end`.
    public struct TransformRamp: Equatable, Sendable {
        public var timeRange: CMTimeRange
        public var start: CGAffineTransform
        public var end: CGAffineTransform

        public init(timeRange: CMTimeRange, start: CGAffineTransform, end: CGAffineTransform) {
            self.timeRange = timeRange
            self.start = start
            self.end = end
        }
    }

    /// An opacity ramp: `start` at `timeRange.start`, interpolated to `end` at `timeRange.end`.
    public struct OpacityRamp: Equatable, Sendable {
        public var timeRange: CMTimeRange
        public var start: Float
        public var end: Float

        public init(timeRange: CMTimeRange, start: Float, end: Float) {
            self.timeRange = timeRange
            self.start = start
            self.end = end
        }
    }

    /// A crop rectangle ramp: `start` at `timeRange.start`, interpolated to `end` at `timeRange.end`.
    public struct CropRectangleRamp: Equatable, Sendable {
        public var timeRange: CMTimeRange
        public var start: CGRect
        public var end: CGRect

        public init(timeRange: CMTimeRange, start: CGRect, end: CGRect) {
            self.timeRange = timeRange
            self.start = start
            self.end = end
        }
    }

    /// The properties of a new layer instruction: its track and ramps.
    public struct Configuration: Sendable {
        var state: State

        /// The track the instruction draws.
        public var trackID: CMPersistentTrackID {
            get { state.trackID }
            set { state.trackID = newValue }
        }

        /// A configuration for `trackID` (by default `kCMPersistentTrackID_Invalid`), with no ramps.
        public init(trackID: CMPersistentTrackID = .zero) {
            state = State()
            state.trackID = trackID
        }

        /// A configuration for `assetTrack`'s track ID, with no ramps.
        public init(assetTrack: AVAssetTrack) {
            self.init(trackID: assetTrack.trackID)
        }

        /// The crop rectangle ramp at `time` (see `getCropRectangleRamp(for:startCropRectangle:endCropRectangle:timeRange:)`).
        public func cropRectangleRamp(at time: CMTime) -> AVVideoCompositionLayerInstruction.CropRectangleRamp? {
            state.cropRectangles.ramp(at: time).map { CropRectangleRamp(timeRange: $0.timeRange, start: $0.start, end: $0.end) }
        }

        /// The opacity ramp at `time` (see `getOpacityRamp(for:startOpacity:endOpacity:timeRange:)`).
        public func opacityRamp(at time: CMTime) -> AVVideoCompositionLayerInstruction.OpacityRamp? {
            state.opacities.ramp(at: time).map { OpacityRamp(timeRange: $0.timeRange, start: $0.start, end: $0.end) }
        }

        /// The transform ramp at `time` (see `getTransformRamp(for:start:end:timeRange:)`).
        public func transformRamp(at time: CMTime) -> AVVideoCompositionLayerInstruction.TransformRamp? {
            state.transforms.ramp(at: time).map { TransformRamp(timeRange: $0.timeRange, start: $0.start, end: $0.end) }
        }

        /// Sets the opacity from `time` until the next time one is set.
        public mutating func setOpacity(_ opacity: Float, at time: CMTime) {
            state.opacities.set(opacity, at: time)
        }

        /// Adds an opacity ramp; the end value holds after it.
        public mutating func addOpacityRamp(_ ramp: AVVideoCompositionLayerInstruction.OpacityRamp) {
            state.opacities.set(from: ramp.start, to: ramp.end, over: ramp.timeRange)
        }

        /// Sets the transform from `time` until the next time one is set.
        public mutating func setTransform(_ transform: CGAffineTransform, at time: CMTime) {
            state.transforms.set(transform, at: time)
        }

        /// Adds a transform ramp; the end value holds after it.
        public mutating func addTransformRamp(_ ramp: AVVideoCompositionLayerInstruction.TransformRamp) {
            state.transforms.set(from: ramp.start, to: ramp.end, over: ramp.timeRange)
        }

        /// Sets the crop rectangle from `time` until the next time one is set.
        public mutating func setCropRectangle(_ rect: CGRect, at time: CMTime) {
            state.cropRectangles.set(rect, at: time)
        }

        /// Adds a crop rectangle ramp; the end value holds after it.
        public mutating func addCropRectangleRamp(_ ramp: AVVideoCompositionLayerInstruction.CropRectangleRamp) {
            state.cropRectangles.set(from: ramp.start, to: ramp.end, over: ramp.timeRange)
        }
    }

    /// The crop rectangle ramp at `time` (see `getCropRectangleRamp(for:startCropRectangle:endCropRectangle:timeRange:)`).
    package func cropRectangleRamp(at time: CMTime) -> AVVideoCompositionLayerInstruction.CropRectangleRamp? {
        var start = CGRect.zero, end = CGRect.zero, range = CMTimeRange.zero
        guard getCropRectangleRamp(for: time, startCropRectangle: &start, endCropRectangle: &end, timeRange: &range)
        else { return nil }
        return CropRectangleRamp(timeRange: range, start: start, end: end)
    }

    /// The opacity ramp at `time` (see `getOpacityRamp(for:startOpacity:endOpacity:timeRange:)`).
    package func opacityRamp(at time: CMTime) -> AVVideoCompositionLayerInstruction.OpacityRamp? {
        var start: Float = 0, end: Float = 0, range = CMTimeRange.zero
        guard getOpacityRamp(for: time, startOpacity: &start, endOpacity: &end, timeRange: &range) else { return nil }
        return OpacityRamp(timeRange: range, start: start, end: end)
    }

    /// The transform ramp at `time` (see `getTransformRamp(for:start:end:timeRange:)`).
    package func transformRamp(at time: CMTime) -> AVVideoCompositionLayerInstruction.TransformRamp? {
        var start = CGAffineTransform.identity, end = CGAffineTransform.identity, range = CMTimeRange.zero
        guard getTransformRamp(for: time, start: &start, end: &end, timeRange: &range) else { return nil }
        return TransformRamp(timeRange: range, start: start, end: end)
    }
}
