import CoreGraphics
import CoreMedia
import Foundation

/// How the built-in compositor draws one track's frames over an instruction's time range (AVVideoComposition.h):
/// a transform, an opacity and a crop rectangle, each fixed or ramped over time.
///
/// Coordinates are the track's pixel coordinates, origin top left, y down; the transform maps them into the render
/// area (`renderSize`). Thread safety: `lock` guards `state`.
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

    init(state: State) {
        self.state = state
        super.init()
    }

    /// The track whose frames the instruction draws.
    open var trackID: CMPersistentTrackID { lock.withLock { state.trackID } }

    /// The transform ramp in effect at `time`: its end points and time range. Returns false before the first
    /// transform set (the transform is then the identity).
    open func getTransformRamp(for time: CMTime, start startTransform: UnsafeMutablePointer<CGAffineTransform>?,
                               end endTransform: UnsafeMutablePointer<CGAffineTransform>?,
                               timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        Self.report(lock.withLock { state.transforms }.entry(at: time), startTransform, endTransform, timeRange)
    }

    /// The opacity ramp in effect at `time`. Returns false before the first opacity set (the opacity is then 1).
    open func getOpacityRamp(for time: CMTime, startOpacity: UnsafeMutablePointer<Float>?,
                             endOpacity: UnsafeMutablePointer<Float>?,
                             timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        Self.report(lock.withLock { state.opacities }.entry(at: time), startOpacity, endOpacity, timeRange)
    }

    /// The crop rectangle ramp in effect at `time`. Returns false before the first crop rectangle set (the frame
    /// is then shown whole).
    open func getCropRectangleRamp(for time: CMTime, startCropRectangle: UnsafeMutablePointer<CGRect>?,
                                   endCropRectangle: UnsafeMutablePointer<CGRect>?,
                                   timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        Self.report(lock.withLock { state.cropRectangles }.entry(at: time), startCropRectangle, endCropRectangle,
                    timeRange)
    }

    private static func report<Value>(_ found: (entry: RampTimeline<Value>.Entry, governs: CMTimeRange)?,
                                      _ start: UnsafeMutablePointer<Value>?, _ end: UnsafeMutablePointer<Value>?,
                                      _ timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        guard let found else { return false }
        start?.pointee = found.entry.start
        end?.pointee = found.entry.end
        timeRange?.pointee = found.governs
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

    /// The crop rectangle at `time`, or `nil` for the whole frame.
    func cropRectangle(at time: CMTime) -> CGRect? {
        let crops = lock.withLock { state.cropRectangles }
        return crops.isEmpty || crops.entry(at: time) == nil ? nil : crops.value(at: time, default: .null)
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
