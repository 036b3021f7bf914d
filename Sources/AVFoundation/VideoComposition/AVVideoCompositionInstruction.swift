import CoreGraphics
import CoreMedia
import Foundation

/// An instruction of the built-in compositor (AVVideoCompositing.h): over a time range, layer the frames of some
/// tracks (`layerInstructions`, the first on top) over a background colour.
///
/// Thread safety: `lock` guards `state`.
// Safe because `lock` guards `state`.
open class AVVideoCompositionInstruction: NSObject, AVVideoCompositionInstructionProtocol, NSCopying,
                                          NSMutableCopying, @unchecked Sendable {
    // Safe because a value read and written only under its instruction's lock.
    struct State: @unchecked Sendable {
        var timeRange = CMTimeRange.invalid
        var backgroundColor: CGColor?
        var layerInstructions: [AVVideoCompositionLayerInstruction] = []
        var enablePostProcessing = true
        var requiredSourceSampleDataTrackIDs: [NSNumber] = []
    }

    let lock = NSLock()
    var state: State

    /// An empty instruction: invalid time range, no layers, post-processing enabled.
    public override init() {
        state = State()
        super.init()
    }

    init(state: State) {
        self.state = state
        super.init()
    }

    /// An instruction with the properties of `configuration`.
    public convenience init(configuration: AVVideoCompositionInstruction.Configuration) {
        self.init(state: State(timeRange: configuration.timeRange, backgroundColor: configuration.backgroundColor,
                               layerInstructions: configuration.layerInstructions,
                               enablePostProcessing: configuration.enablePostProcessing,
                               requiredSourceSampleDataTrackIDs: configuration.requiredSourceSampleDataTrackIDs
                                   .map { NSNumber(value: $0) }))
    }

    /// The composition times the instruction covers.
    open var timeRange: CMTimeRange { lock.withLock { state.timeRange } }
    /// The colour behind the layers (`nil`: opaque black).
    open var backgroundColor: CGColor? { lock.withLock { state.backgroundColor } }
    /// The layers to compose, the first on top.
    open var layerInstructions: [AVVideoCompositionLayerInstruction] { lock.withLock { state.layerInstructions } }
    /// Whether the Core Animation tool's post-processing applies to these frames.
    open var enablePostProcessing: Bool { lock.withLock { state.enablePostProcessing } }
    /// The timed-metadata tracks the compositor needs.
    open var requiredSourceSampleDataTrackIDs: [NSNumber] { lock.withLock { state.requiredSourceSampleDataTrackIDs } }

    /// The tracks of the layer instructions, as `NSNumber`s.
    open var requiredSourceTrackIDs: [NSValue] {
        layerInstructions.map { NSNumber(value: $0.trackID) }
    }

    /// The track whose frames are the output unchanged: the only layer's, when it is shown whole and opaque with
    /// no transform for the whole range; otherwise `kCMPersistentTrackID_Invalid`.
    open var passthroughTrackID: CMPersistentTrackID {
        let layers = layerInstructions
        guard layers.count == 1, layers[0].isPlainPassthrough else { return kCMPersistentTrackID_Invalid }
        return layers[0].trackID
    }

    /// Whether frames change over the range beyond their sources: true when a layer has a ramp.
    open var containsTweening: Bool { layerInstructions.contains { $0.hasRamps } }

    open func copy(with zone: NSZone? = nil) -> Any {
        AVVideoCompositionInstruction(state: lock.withLock { state })
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        AVMutableVideoCompositionInstruction(state: lock.withLock { state })
    }
}

// The protocol's `requiredSourceTrackIDs` is optional, the class's is not (as in Apple's headers); this answers
// the protocol from the class's (overridable) property.
extension AVVideoCompositionInstructionProtocol where Self: AVVideoCompositionInstruction {
    public var requiredSourceTrackIDs: [NSValue]? {
        let ids: [NSValue] = self.requiredSourceTrackIDs
        return ids
    }
}

/// A built-in compositor instruction whose properties can be changed.
// Safe because it adds no state: the setters go through the superclass's lock.
open class AVMutableVideoCompositionInstruction: AVVideoCompositionInstruction, @unchecked Sendable {
    /// An empty instruction: invalid time range (`kCMTimeRangeInvalid`, as AVVideoComposition.h documents), no
    /// background colour, no layers, post-processing enabled.
    public override init() {
        super.init()
    }

    override init(state: State) {
        super.init(state: state)
    }

    open override var timeRange: CMTimeRange {
        get { lock.withLock { state.timeRange } }
        set { lock.withLock { state.timeRange = newValue } }
    }

    open override var backgroundColor: CGColor? {
        get { lock.withLock { state.backgroundColor } }
        set { lock.withLock { state.backgroundColor = newValue } }
    }

    open override var layerInstructions: [AVVideoCompositionLayerInstruction] {
        get { lock.withLock { state.layerInstructions } }
        set { lock.withLock { state.layerInstructions = newValue } }
    }

    open override var enablePostProcessing: Bool {
        get { lock.withLock { state.enablePostProcessing } }
        set { lock.withLock { state.enablePostProcessing = newValue } }
    }

    open override var requiredSourceSampleDataTrackIDs: [NSNumber] {
        get { lock.withLock { state.requiredSourceSampleDataTrackIDs } }
        set { lock.withLock { state.requiredSourceSampleDataTrackIDs = newValue } }
    }
}

extension AVVideoCompositionInstruction {
    /// The properties of a new instruction.
    public struct Configuration: Sendable {
        /// The colour behind the layers (`nil`: opaque black).
        public var backgroundColor: CGColor?
        /// Whether the Core Animation tool's post-processing applies to these frames.
        public var enablePostProcessing: Bool
        /// The layers to compose, the first on top.
        public var layerInstructions: [AVVideoCompositionLayerInstruction]
        /// The timed-metadata tracks the compositor needs for the instruction.
        public var requiredSourceSampleDataTrackIDs: [CMPersistentTrackID]
        /// The composition times the instruction covers.
        public var timeRange: CMTimeRange

        public init(backgroundColor: CGColor? = nil, enablePostProcessing: Bool = true,
                    layerInstructions: [AVVideoCompositionLayerInstruction] = [],
                    requiredSourceSampleDataTrackIDs: [CMPersistentTrackID] = [], timeRange: CMTimeRange = .zero) {
            self.backgroundColor = backgroundColor
            self.enablePostProcessing = enablePostProcessing
            self.layerInstructions = layerInstructions
            self.requiredSourceSampleDataTrackIDs = requiredSourceSampleDataTrackIDs
            self.timeRange = timeRange
        }
    }
}
