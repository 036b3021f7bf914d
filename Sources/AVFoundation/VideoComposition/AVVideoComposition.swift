import CoreGraphics
import CoreMedia
import Foundation

/// How video frames of an asset's tracks are composed into one stream of frames (AVVideoComposition.h): a frame
/// rate, a render size and scale, instructions over time, the compositor that runs them and the colour space of
/// the result. A reader (`AVAssetReaderVideoCompositionOutput`), an export or an image generator takes it.
///
/// Thread safety: `lock` guards `state`; `copy()` snapshots it.
// Safe because `lock` guards `state`.
open class AVVideoComposition: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// Every property, as one value (the state `copy()` takes and the engines read).
    // Safe because a value read and written only under its composition's lock; engines get a copy of immutable
    // snapshots.
    struct State: @unchecked Sendable {
        var frameDuration = CMTime.zero
        var renderSize = CGSize.zero
        var renderScale: Float = 1
        var customVideoCompositorClass: (any AVVideoCompositing.Type)?
        var sourceTrackIDForFrameTiming = kCMPersistentTrackID_Invalid
        var instructions: [any AVVideoCompositionInstructionProtocol] = []
        var animationTool: AVVideoCompositionCoreAnimationTool?
        var sourceSampleDataTrackIDs: [CMPersistentTrackID] = []
        var colorPrimaries: String?
        var colorYCbCrMatrix: String?
        var colorTransferFunction: String?
        var perFrameHDRDisplayMetadataPolicy = PerFrameHDRDisplayMetadataPolicy.propagate
        var outputBufferDescription: [[CMTag]]?
    }

    let lock = NSLock()
    var state: State

    /// An empty composition: no instructions, zero frame duration and render size, render scale 1.
    public override init() {
        state = State()
        super.init()
    }

    init(state: State) {
        self.state = state
        super.init()
    }

    /// A composition with the properties of `configuration`.
    public convenience init(configuration: AVVideoComposition.Configuration) {
        self.init(state: configuration.state)
    }

    /// All properties at once, read through the (overridable) properties.
    var snapshot: State {
        State(frameDuration: frameDuration, renderSize: renderSize, renderScale: renderScale,
              customVideoCompositorClass: customVideoCompositorClass,
              sourceTrackIDForFrameTiming: sourceTrackIDForFrameTiming, instructions: instructions,
              animationTool: animationTool, sourceSampleDataTrackIDs: sourceSampleDataTrackIDs,
              colorPrimaries: colorPrimaries, colorYCbCrMatrix: colorYCbCrMatrix,
              colorTransferFunction: colorTransferFunction,
              perFrameHDRDisplayMetadataPolicy: perFrameHDRDisplayMetadataPolicy,
              outputBufferDescription: lock.withLock { state.outputBufferDescription })
    }

    /// The interval between composed frames.
    open var frameDuration: CMTime { lock.withLock { state.frameDuration } }
    /// The size composed frames are rendered at, before `renderScale`.
    open var renderSize: CGSize { lock.withLock { state.renderSize } }
    /// The scale applied to `renderSize` (only honoured by some consumers on Apple's platforms; see the README).
    open var renderScale: Float { lock.withLock { state.renderScale } }
    /// The custom compositor's class, or `nil` for the built-in compositor.
    open var customVideoCompositorClass: (any AVVideoCompositing.Type)? {
        lock.withLock { state.customVideoCompositorClass }
    }
    /// The source track whose frame times the composed frames take, or `kCMPersistentTrackID_Invalid` to compose
    /// at every `frameDuration`.
    open var sourceTrackIDForFrameTiming: CMPersistentTrackID { lock.withLock { state.sourceTrackIDForFrameTiming } }
    /// The instructions, in time order, covering the composition's time range without gaps or overlaps.
    open var instructions: [any AVVideoCompositionInstructionProtocol] { lock.withLock { state.instructions } }
    /// The Core Animation tool that draws layers over (or as) the composed frames.
    open var animationTool: AVVideoCompositionCoreAnimationTool? { lock.withLock { state.animationTool } }
    /// The timed-metadata tracks whose samples the compositor is given.
    open var sourceSampleDataTrackIDs: [CMPersistentTrackID] { lock.withLock { state.sourceSampleDataTrackIDs } }
    /// The colour primaries of composed frames (`AVVideoColorPrimaries_…`), or `nil` for the sources' own.
    open var colorPrimaries: String? { lock.withLock { state.colorPrimaries } }
    /// The Y′CbCr matrix of composed frames (`AVVideoYCbCrMatrix_…`), or `nil` for the sources' own.
    open var colorYCbCrMatrix: String? { lock.withLock { state.colorYCbCrMatrix } }
    /// The transfer function of composed frames (`AVVideoTransferFunction_…`), or `nil` for the sources' own.
    open var colorTransferFunction: String? { lock.withLock { state.colorTransferFunction } }
    /// Whether per-frame HDR display metadata is passed on or made anew.
    open var perFrameHDRDisplayMetadataPolicy: PerFrameHDRDisplayMetadataPolicy {
        lock.withLock { state.perFrameHDRDisplayMetadataPolicy }
    }

    /// A composition that presents the video tracks of `asset` as they are meant to be seen; throws the loading's
    /// error.
    open class func videoComposition(withPropertiesOf asset: AVAsset) async throws -> AVVideoComposition {
        AVVideoComposition(state: try await AssetVideoLayout.load(asset).state(prototype: nil))
    }

    /// Calls `completionHandler` with the composition `videoComposition(withPropertiesOf:)` makes, or the error.
    open class func videoComposition(withPropertiesOf asset: AVAsset,
                                     completionHandler: @escaping @Sendable (AVVideoComposition?, (any Error)?) -> Void) {
        Task {
            do { completionHandler(try await AVVideoComposition.videoComposition(withPropertiesOf: asset), nil) }
            catch { completionHandler(nil, error) }
        }
    }

    /// An immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any {
        AVVideoComposition(state: snapshot)
    }

    /// A mutable copy.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        AVMutableVideoComposition(state: snapshot)
    }

    /// How per-frame HDR display metadata of composed frames is made.
    public struct PerFrameHDRDisplayMetadataPolicy: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Pass the metadata of the source frames on.
        public static let propagate = PerFrameHDRDisplayMetadataPolicy(rawValue: "PerFrameHDRDisplayMetadataPolicy_Propagate")
        /// Generate metadata from the composed frames.
        public static let generate = PerFrameHDRDisplayMetadataPolicy(rawValue: "PerFrameHDRDisplayMetadataPolicy_Generate")
    }
}

/// A video composition whose properties can be changed.
// Safe because it adds no state: the setters go through the superclass's lock.
open class AVMutableVideoComposition: AVVideoComposition, @unchecked Sendable {
    /// An empty composition: no instructions, zero frame duration and render size, render scale 1.
    public override init() {
        super.init()
    }

    override init(state: State) {
        super.init(state: state)
    }

    /// A mutable composition that presents the video tracks of `asset` as they are meant to be seen.
    open override class func videoComposition(withPropertiesOf asset: AVAsset) async throws -> AVMutableVideoComposition {
        AVMutableVideoComposition(state: try await AssetVideoLayout.load(asset).state(prototype: nil))
    }

    /// Calls `completionHandler` with the composition `videoComposition(withPropertiesOf:)` makes, or the error.
    open override class func videoComposition(withPropertiesOf asset: AVAsset,
                                              completionHandler: @escaping @Sendable (AVMutableVideoComposition?, (any Error)?) -> Void) {
        Task {
            do { completionHandler(try await AVMutableVideoComposition.videoComposition(withPropertiesOf: asset), nil) }
            catch { completionHandler(nil, error) }
        }
    }

    open override var frameDuration: CMTime {
        get { lock.withLock { state.frameDuration } }
        set { lock.withLock { state.frameDuration = newValue } }
    }

    open override var renderSize: CGSize {
        get { lock.withLock { state.renderSize } }
        set { lock.withLock { state.renderSize = newValue } }
    }

    open override var renderScale: Float {
        get { lock.withLock { state.renderScale } }
        set { lock.withLock { state.renderScale = newValue } }
    }

    open override var customVideoCompositorClass: (any AVVideoCompositing.Type)? {
        get { lock.withLock { state.customVideoCompositorClass } }
        set { lock.withLock { state.customVideoCompositorClass = newValue } }
    }

    open override var sourceTrackIDForFrameTiming: CMPersistentTrackID {
        get { lock.withLock { state.sourceTrackIDForFrameTiming } }
        set { lock.withLock { state.sourceTrackIDForFrameTiming = newValue } }
    }

    open override var instructions: [any AVVideoCompositionInstructionProtocol] {
        get { lock.withLock { state.instructions } }
        set { lock.withLock { state.instructions = newValue } }
    }

    open override var animationTool: AVVideoCompositionCoreAnimationTool? {
        get { lock.withLock { state.animationTool } }
        set { lock.withLock { state.animationTool = newValue } }
    }

    open override var sourceSampleDataTrackIDs: [CMPersistentTrackID] {
        get { lock.withLock { state.sourceSampleDataTrackIDs } }
        set { lock.withLock { state.sourceSampleDataTrackIDs = newValue } }
    }

    open override var colorPrimaries: String? {
        get { lock.withLock { state.colorPrimaries } }
        set { lock.withLock { state.colorPrimaries = newValue } }
    }

    open override var colorYCbCrMatrix: String? {
        get { lock.withLock { state.colorYCbCrMatrix } }
        set { lock.withLock { state.colorYCbCrMatrix = newValue } }
    }

    open override var colorTransferFunction: String? {
        get { lock.withLock { state.colorTransferFunction } }
        set { lock.withLock { state.colorTransferFunction = newValue } }
    }

    open override var perFrameHDRDisplayMetadataPolicy: PerFrameHDRDisplayMetadataPolicy {
        get { lock.withLock { state.perFrameHDRDisplayMetadataPolicy } }
        set { lock.withLock { state.perFrameHDRDisplayMetadataPolicy = newValue } }
    }
}

extension AVVideoComposition {
    /// The properties of a new video composition (iOS 26), with the defaults of an empty one: no instructions, a
    /// zero frame duration and render size, render scale 1.
    ///
    /// `outputBufferDescription` is accepted, and a composition that asks for tagged (multi-view) output buffers
    /// is refused with `AVError.invalidVideoComposition` when it is read, exported or imaged: we render monoscopic
    /// frames only. Not here: `spatialVideoConfigurations`, which needs `AVSpatialVideoConfiguration`; see the
    /// README's differences from Apple.
    public struct Configuration: Sendable {
        /// The Core Animation tool.
        public var animationTool: AVVideoCompositionCoreAnimationTool?
        /// The colour primaries of composed frames, or `nil` for the sources' own.
        public var colorPrimaries: String?
        /// The transfer function of composed frames, or `nil` for the sources' own.
        public var colorTransferFunction: String?
        /// The Y′CbCr matrix of composed frames, or `nil` for the sources' own.
        public var colorYCbCrMatrix: String?
        /// The custom compositor's class, or `nil` for the built-in compositor.
        public var customVideoCompositorClass: (any AVVideoCompositing.Type)?
        /// The interval between composed frames.
        public var frameDuration: CMTime
        /// The instructions, in time order.
        public var instructions: [any AVVideoCompositionInstructionProtocol]
        /// The tags (stereo view, projection) of each output buffer of a custom compositor that outputs tagged
        /// buffers; `nil` (the default) for monoscopic output, the only kind rendered here.
        public var outputBufferDescription: [[CMTag]]?
        /// Whether per-frame HDR display metadata is passed on or made anew.
        public var perFrameHDRDisplayMetadataPolicy: AVVideoComposition.PerFrameHDRDisplayMetadataPolicy
        /// The scale applied to `renderSize`.
        public var renderScale: Float
        /// The size composed frames are rendered at.
        public var renderSize: CGSize
        /// The timed-metadata tracks whose samples the compositor is given.
        public var sourceSampleDataTrackIDs: [CMPersistentTrackID]
        /// The source track whose frame times the composed frames take, or `kCMPersistentTrackID_Invalid`.
        public var sourceTrackIDForFrameTiming: CMPersistentTrackID

        public init(animationTool: AVVideoCompositionCoreAnimationTool? = nil, colorPrimaries: String? = nil,
                    colorTransferFunction: String? = nil, colorYCbCrMatrix: String? = nil,
                    customVideoCompositorClass: (any AVVideoCompositing.Type)? = nil,
                    frameDuration: CMTime = CMTime.zero,
                    instructions: [any AVVideoCompositionInstructionProtocol] = [any AVVideoCompositionInstructionProtocol](),
                    outputBufferDescription: [[CMTag]]? = nil,
                    perFrameHDRDisplayMetadataPolicy: AVVideoComposition.PerFrameHDRDisplayMetadataPolicy = .propagate,
                    renderScale: Float = 1.0, renderSize: CGSize = .zero,
                    sourceSampleDataTrackIDs: [CMPersistentTrackID] = [CMPersistentTrackID](),
                    sourceTrackIDForFrameTiming: Int32 = CMPersistentTrackID.zero) {
            self.animationTool = animationTool
            self.colorPrimaries = colorPrimaries
            self.colorTransferFunction = colorTransferFunction
            self.colorYCbCrMatrix = colorYCbCrMatrix
            self.customVideoCompositorClass = customVideoCompositorClass
            self.frameDuration = frameDuration
            self.instructions = instructions
            self.outputBufferDescription = outputBufferDescription
            self.perFrameHDRDisplayMetadataPolicy = perFrameHDRDisplayMetadataPolicy
            self.renderScale = renderScale
            self.renderSize = renderSize
            self.sourceSampleDataTrackIDs = sourceSampleDataTrackIDs
            self.sourceTrackIDForFrameTiming = sourceTrackIDForFrameTiming
        }

        /// The configuration `videoComposition(withPropertiesOf:prototypeInstruction:)` makes for `asset`.
        nonisolated(nonsending) public init(for asset: AVAsset,
                                            prototypeInstruction: AVVideoCompositionInstruction? = nil) async throws {
            self.init(state: try await AssetVideoLayout.load(asset).state(prototype: prototypeInstruction))
        }

        init(state: State) {
            self.init(animationTool: state.animationTool, colorPrimaries: state.colorPrimaries,
                      colorTransferFunction: state.colorTransferFunction, colorYCbCrMatrix: state.colorYCbCrMatrix,
                      customVideoCompositorClass: state.customVideoCompositorClass,
                      frameDuration: state.frameDuration, instructions: state.instructions,
                      outputBufferDescription: state.outputBufferDescription,
                      perFrameHDRDisplayMetadataPolicy: state.perFrameHDRDisplayMetadataPolicy,
                      renderScale: state.renderScale, renderSize: state.renderSize,
                      sourceSampleDataTrackIDs: state.sourceSampleDataTrackIDs,
                      sourceTrackIDForFrameTiming: state.sourceTrackIDForFrameTiming)
        }

        var state: State {
            State(frameDuration: frameDuration, renderSize: renderSize, renderScale: renderScale,
                  customVideoCompositorClass: customVideoCompositorClass,
                  sourceTrackIDForFrameTiming: sourceTrackIDForFrameTiming, instructions: instructions,
                  animationTool: animationTool, sourceSampleDataTrackIDs: sourceSampleDataTrackIDs,
                  colorPrimaries: colorPrimaries, colorYCbCrMatrix: colorYCbCrMatrix,
                  colorTransferFunction: colorTransferFunction,
                  perFrameHDRDisplayMetadataPolicy: perFrameHDRDisplayMetadataPolicy,
                  outputBufferDescription: outputBufferDescription)
        }
    }
}
