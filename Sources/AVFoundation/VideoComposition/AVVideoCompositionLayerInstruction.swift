import CoreGraphics
import CoreMedia
import Foundation

/// How the built-in compositor draws one track's frames over an instruction's time range (AVVideoComposition.h):
/// a transform, an opacity and a crop rectangle, each fixed or ramped over time.
///
/// Coordinates are the track's pixel coordinates, origin top left, y down; the transform maps them into the render
/// area (`renderSize`). Thread safety: `lock` guards `state`.
// Safe because `lock` guards `state`.
open class AVVideoCompositionLayerInstruction: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    struct State: Sendable {
        var trackID = kCMPersistentTrackID_Invalid
        var transforms = RampTimeline<CGAffineTransform>()
        var opacities = RampTimeline<Float>()
        var cropRectangles = RampTimeline<CGRect>()
    }

    let lock = NSLock()
    var state: State

    /// A layer instruction for no track, with no ramps.
    public override init() {
        state = State()
        super.init()
    }

    /// A layer instruction with the track and ramps of `configuration`.
    public convenience init(configuration: AVVideoCompositionLayerInstruction.Configuration) {
        self.init(state: configuration.state)
    }

    init(state: State) {
        self.state = state
        super.init()
    }

    /// The track whose frames the instruction draws.
    open var trackID: CMPersistentTrackID { lock.withLock { state.trackID } }

    /// The transform ramp at `time`: the one whose range contains it, else the first that starts after it.
    /// Returns false when `time` is at or past the end of the last ramp (a transform set with `setTransform(_:at:)`
    /// is a flat ramp to the next setting, and the last one to infinity).
    open func getTransformRamp(for time: CMTime, start startTransform: UnsafeMutablePointer<CGAffineTransform>?,
                               end endTransform: UnsafeMutablePointer<CGAffineTransform>?,
                               timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        Self.report(lock.withLock { state.transforms }.ramp(at: time), startTransform, endTransform, timeRange)
    }

    /// The opacity ramp at `time`, by the rules of `getTransformRamp(for:start:end:timeRange:)`.
    open func getOpacityRamp(for time: CMTime, startOpacity: UnsafeMutablePointer<Float>?,
                             endOpacity: UnsafeMutablePointer<Float>?,
                             timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        Self.report(lock.withLock { state.opacities }.ramp(at: time), startOpacity, endOpacity, timeRange)
    }

    /// The crop rectangle ramp at `time`, by the rules of `getTransformRamp(for:start:end:timeRange:)`.
    open func getCropRectangleRamp(for time: CMTime, startCropRectangle: UnsafeMutablePointer<CGRect>?,
                                   endCropRectangle: UnsafeMutablePointer<CGRect>?,
                                   timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        Self.report(lock.withLock { state.cropRectangles }.ramp(at: time), startCropRectangle, endCropRectangle,
                    timeRange)
    }

    private static func report<Value>(_ ramp: RampTimeline<Value>.Ramp?, _ start: UnsafeMutablePointer<Value>?,
                                      _ end: UnsafeMutablePointer<Value>?,
                                      _ timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        guard let ramp else { return false }
        start?.pointee = ramp.start
        end?.pointee = ramp.end
        timeRange?.pointee = ramp.timeRange
        return true
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        AVVideoCompositionLayerInstruction(state: lock.withLock { state })
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        AVMutableVideoCompositionLayerInstruction(state: lock.withLock { state })
    }

    // MARK: What the built-in compositor reads

    /// The transform at `time` (identity before the first one set).
    func transform(at time: CMTime) -> CGAffineTransform {
        lock.withLock { state.transforms }.value(at: time, default: .identity)
    }

    /// The opacity at `time` (1 before the first one set).
    func opacity(at time: CMTime) -> Float {
        lock.withLock { state.opacities }.value(at: time, default: 1)
    }

    /// The crop rectangle at `time`, or `nil` for the whole frame (Apple: `CGRectInfinite` before the first crop
    /// rectangle set).
    func cropRectangle(at time: CMTime) -> CGRect? {
        let crops = lock.withLock { state.cropRectangles }
        return crops.hasSetting(atOrBefore: time) ? crops.value(at: time, default: .infinite) : nil
    }

    /// Whether any ramp changes its value over time.
    var hasRamps: Bool {
        let state: State = lock.withLock { self.state }
        return state.transforms.hasRamps || state.opacities.hasRamps || state.cropRectangles.hasRamps
    }

    /// Whether the track is drawn unchanged at every time: no transform but the identity, full opacity, no crop.
    var isPlainPassthrough: Bool {
        let state: State = lock.withLock { self.state }
        return state.transforms.entries.allSatisfy { $0.start.isIdentity && $0.end.isIdentity }
            && state.opacities.entries.allSatisfy { $0.start == 1 && $0.end == 1 }
            && state.cropRectangles.isEmpty
    }
}

/// A layer instruction whose track and ramps can be set.
// Safe because it adds no state: the setters go through the superclass's lock.
open class AVMutableVideoCompositionLayerInstruction: AVVideoCompositionLayerInstruction, @unchecked Sendable {
    /// A layer instruction for no track (`kCMPersistentTrackID_Invalid`), with no ramps.
    public override init() {
        super.init()
    }

    /// A layer instruction for `track`, with no ramps.
    public convenience init(assetTrack track: AVAssetTrack) {
        self.init()
        state.trackID = track.trackID
    }

    override init(state: State) {
        super.init(state: state)
    }

    open override var trackID: CMPersistentTrackID {
        get { lock.withLock { state.trackID } }
        set { lock.withLock { state.trackID = newValue } }
    }

    /// Moves the transform from `startTransform` to `endTransform` over `timeRange`, then holds the end.
    open func setTransformRamp(fromStart startTransform: CGAffineTransform, toEnd endTransform: CGAffineTransform,
                               timeRange: CMTimeRange) {
        lock.withLock { state.transforms.set(from: startTransform, to: endTransform, over: timeRange) }
    }

    /// Sets the transform from `time` until the next time a transform is set.
    open func setTransform(_ transform: CGAffineTransform, at time: CMTime) {
        lock.withLock { state.transforms.set(transform, at: time) }
    }

    /// Moves the opacity from `startOpacity` to `endOpacity` over `timeRange`, then holds the end.
    open func setOpacityRamp(fromStartOpacity startOpacity: Float, toEndOpacity endOpacity: Float,
                             timeRange: CMTimeRange) {
        lock.withLock { state.opacities.set(from: startOpacity, to: endOpacity, over: timeRange) }
    }

    /// Sets the opacity from `time` until the next time an opacity is set.
    open func setOpacity(_ opacity: Float, at time: CMTime) {
        lock.withLock { state.opacities.set(opacity, at: time) }
    }

    /// Moves the crop rectangle from `startCropRectangle` to `endCropRectangle` over `timeRange`, then holds the end.
    open func setCropRectangleRamp(fromStartCropRectangle startCropRectangle: CGRect,
                                   toEndCropRectangle endCropRectangle: CGRect, timeRange: CMTimeRange) {
        lock.withLock { state.cropRectangles.set(from: startCropRectangle, to: endCropRectangle, over: timeRange) }
    }

    /// Sets the crop rectangle from `time` until the next time one is set.
    open func setCropRectangle(_ cropRectangle: CGRect, at time: CMTime) {
        lock.withLock { state.cropRectangles.set(cropRectangle, at: time) }
    }
}
