import CoreGraphics
import CoreMedia
import Foundation

/// The result of one image generation request, passed to `generateCGImagesAsynchronously(forTimes:completionHandler:)`'s
/// handler: the requested time, the image, the time it was generated for, the result and the error.
public typealias AVAssetImageGeneratorCompletionHandler =
    @Sendable (CMTime, CGImage?, CMTime, AVAssetImageGenerator.Result, (any Error)?) -> Void

/// Makes still images of an asset's video at chosen times (AVAssetImageGenerator.h): frame-exact with zero
/// tolerances, the nearest sync frame with the default (infinite) ones.
///
/// Images are 8-bit BGRA in 32-bit little-endian pixels with the alpha byte unused (`noneSkipFirst`), tagged with
/// the video's colour space; sized by `apertureMode` (clean aperture and pixel aspect ratio by default), turned by
/// the track's `preferredTransform` when `appliesPreferredTrackTransform`, and scaled down to fit `maximumSize`.
/// With a `videoComposition` the composition's frames are the images (its render size, fitted to `maximumSize`).
///
/// How requests are served (`docs/image-generator.md`): a batch is answered in the order given, a window of
/// requests at a time; within a window the frames are decoded in decode order, each group of pictures once and only
/// as far as its last requested frame (pictures no other picture refers to are skipped), groups decoded in parallel.
///
/// Thread safety: properties may be read and set from any thread; a request uses the values set when it was made.
// Safe because its lock guards the properties; a request copies them when it is made.
open class AVAssetImageGenerator: NSObject, @unchecked Sendable {
    /// How the picture's clean aperture and pixel aspect ratio shape the image.
    public struct ApertureMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Both the pixel aspect ratio and the clean aperture are applied.
        public static let cleanAperture = ApertureMode(rawValue: "CleanAperture")
        /// Only the pixel aspect ratio is applied: the whole encoded picture, at its display aspect ratio.
        public static let productionAperture = ApertureMode(rawValue: "ProductionAperture")
        /// Neither is applied: the encoded pixels as they are.
        public static let encodedPixels = ApertureMode(rawValue: "EncodedPixels")
    }

    /// Whether images keep a high dynamic range source's transfer function.
    public struct DynamicRangePolicy: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Standard dynamic range: PQ and HLG are converted to BT.709's transfer function (primaries and matrix
        /// kept). The default.
        public static let forceSDR = DynamicRangePolicy(rawValue: "DynamicRangePolicyForceSDR")
        /// The source's colour, high dynamic range included.
        public static let matchSource = DynamicRangePolicy(rawValue: "DynamicRangePolicyMatchSource")
    }

    /// How one request of `generateCGImagesAsynchronously(forTimes:completionHandler:)` ended.
    public enum Result: Int, Sendable {
        /// An image was made.
        case succeeded = 0
        /// No image could be made; the handler's error says why.
        case failed = 1
        /// `cancelAllCGImageGeneration()` was called before the image was made.
        case cancelled = 2
    }

    /// The asset images are made of.
    public let asset: AVAsset

    private let lock = NSLock()
    private var settings = FrameGrabSettings()
    private var storedCompositor: (any AVVideoCompositing)?
    /// Raised by `cancelAllCGImageGeneration()`; a request made before the raise is cancelled.
    private var cancelEpoch = 0

    /// A generator of images of `asset`'s video.
    public init(asset: AVAsset) {
        self.asset = asset
        super.init()
    }

    /// Whether images are turned by the video track's `preferredTransform` (default false). When true,
    /// `maximumSize` bounds the turned image.
    open var appliesPreferredTrackTransform: Bool {
        get { lock.withLock { settings.appliesPreferredTrackTransform } }
        set { lock.withLock { settings.appliesPreferredTrackTransform = newValue } }
    }

    /// The largest image made (default `.zero`: the video's own size). Images are scaled down, never up, to fit,
    /// keeping the aspect ratio `apertureMode` gives; a zero width or height leaves that dimension unbounded.
    open var maximumSize: CGSize {
        get { lock.withLock { settings.maximumSize } }
        set { lock.withLock { settings.maximumSize = newValue } }
    }

    /// How the clean aperture and pixel aspect ratio shape images (default `.cleanAperture`; nil means the default).
    open var apertureMode: ApertureMode? {
        get { lock.withLock { settings.apertureMode } }
        set { lock.withLock { settings.apertureMode = newValue ?? .cleanAperture } }
    }

    /// Whether high dynamic range video keeps its transfer function (default `.forceSDR`).
    open var dynamicRangePolicy: DynamicRangePolicy {
        get { lock.withLock { settings.dynamicRangePolicy } }
        set { lock.withLock { settings.dynamicRangePolicy = newValue } }
    }

    /// How much earlier than the requested time the image's frame may be (default `.positiveInfinity`). Zero
    /// before and after asks for the frame on screen at the requested time.
    open var requestedTimeToleranceBefore: CMTime {
        get { lock.withLock { settings.toleranceBefore } }
        set { lock.withLock { settings.toleranceBefore = Self.tolerance(newValue) } }
    }

    /// How much later than the requested time the image's frame may be (default `.positiveInfinity`).
    open var requestedTimeToleranceAfter: CMTime {
        get { lock.withLock { settings.toleranceAfter } }
        set { lock.withLock { settings.toleranceAfter = Self.tolerance(newValue) } }
    }

    /// The video composition whose frames are the images, or nil for the video track's own frames. Copied when
    /// set; a composition naming a custom compositor class makes the compositor (`customVideoCompositor`).
    open var videoComposition: AVVideoComposition? {
        get { lock.withLock { settings.videoComposition } }
        set {
            let current = lock.withLock { storedCompositor }
            let compositor: (any AVVideoCompositing)?
            do {
                compositor = try AVAssetReaderVideoCompositionOutput.compositor(for: newValue, keeping: current)
            } catch {
                // Apple raises an exception for a class that cannot be made; the composition is refused here.
                ExportLog.warn("AVAssetImageGenerator: videoComposition not set: \(error.localizedDescription)")
                return
            }
            let copy = newValue?.copy() as? AVVideoComposition
            lock.withLock {
                settings.videoComposition = copy
                storedCompositor = compositor
            }
        }
    }

    /// The custom compositor made from `videoComposition`'s `customVideoCompositorClass`, if it names one.
    open var customVideoCompositor: (any AVVideoCompositing)? { lock.withLock { storedCompositor } }

    /// Cancels every request not answered yet: each is answered with `.cancelled` (the async forms throw
    /// `CancellationError`).
    open func cancelAllCGImageGeneration() {
        lock.withLock { cancelEpoch += 1 }
    }

    // MARK: Generating images

    /// The image for `requestedTime`, made synchronously (deprecated by Apple in favour of `image(at:)`);
    /// `actualTime` receives the time of the frame it shows. Throws an `AVError` naming why there is none.
    open func copyCGImage(at requestedTime: CMTime, actualTime: UnsafeMutablePointer<CMTime>?) throws -> CGImage {
        let answer = BlockingAnswer()
        startBatch(times: [requestedTime]) { _, _, outcome in answer.set(outcome) }
        switch answer.wait() {
        case .image(let image, let time):
            actualTime?.pointee = time
            return image
        case .failed(let error):
            throw error
        case .cancelled:
            throw Self.cancellationError(at: requestedTime)
        }
    }

    /// Makes the image for `requestedTime` and passes it, the time of the frame it shows, or the error, to
    /// `handler` (on a thread of the generator's).
    open func generateCGImageAsynchronously(for requestedTime: CMTime,
                                            completionHandler handler: @escaping @Sendable (CGImage?, CMTime, (any Error)?) -> Void) {
        startBatch(times: [requestedTime]) { _, time, outcome in
            switch outcome {
            case .image(let image, let actualTime): handler(image, actualTime, nil)
            case .failed(let error): handler(nil, .invalid, error)
            case .cancelled: handler(nil, .invalid, Self.cancellationError(at: time))
            }
        }
    }

    /// Makes an image for each of `requestedTimes` (`NSValue(time:)`s) and calls `handler` once for each, in the
    /// order given: `.succeeded` with the image and its frame's time, `.failed` with an `AVError`, or `.cancelled`
    /// (with an `AVError.operationCancelled`) after `cancelAllCGImageGeneration()`. Values that hold no time are
    /// answered as failed.
    open func generateCGImagesAsynchronously(forTimes requestedTimes: [NSValue],
                                             completionHandler handler: @escaping AVAssetImageGeneratorCompletionHandler) {
        startBatch(times: requestedTimes.map { $0.timeValue }) { _, time, outcome in
            switch outcome {
            case .image(let image, let actualTime): handler(time, image, actualTime, .succeeded, nil)
            case .failed(let error): handler(time, nil, .invalid, .failed, error)
            case .cancelled: handler(time, nil, .invalid, .cancelled, Self.cancellationError(at: time))
            }
        }
    }

    // MARK: For the generation methods

    /// The settings a request made now uses, and the cancel epoch it belongs to.
    func snapshot() -> (settings: FrameGrabSettings, compositor: (any AVVideoCompositing)?, epoch: Int) {
        lock.withLock { (settings, storedCompositor, cancelEpoch) }
    }

    /// Whether requests of `epoch` have been cancelled.
    func isCancelled(epoch: Int) -> Bool { lock.withLock { cancelEpoch != epoch } }

    /// A tolerance as stored: negative and invalid values mean zero (Apple documents neither).
    private static func tolerance(_ time: CMTime) -> CMTime {
        if time == .positiveInfinity { return time }
        return time.isNumeric && time > .zero ? time : .zero
    }
}
