import CoreMedia
import Foundation

/// A custom video compositor (AVVideoCompositing.h): composes the source frames of each composition instruction
/// into one output frame, asynchronously.
///
/// AV Foundation makes the compositor from the class a video composition names (`customVideoCompositorClass`) with
/// `init()`, calls `renderContextChanged(_:)` before the first request and whenever the render context changes,
/// and then `startRequest(_:)` for each frame. A request may be finished later, on any thread; several are in
/// flight at once.
///
/// The two attribute dictionaries are typed `[String: any Sendable]`, as in Apple's current SDKs; compositors
/// written against older SDKs declare them `[String: Any]`. Swift lets such a witness stand for a `@preconcurrency`
/// requirement whose types differ only in `Sendable`, with a warning in the Swift 5 language mode and an error in
/// Swift 6, which is what Apple's imported (implicitly `@preconcurrency`) requirement gives on a Mac.
public protocol AVVideoCompositing: NSObjectProtocol, Sendable {
    /// The pixel buffer attributes the compositor accepts for source frames; it must name
    /// `kCVPixelBufferPixelFormatTypeKey` (one format or an array of them). Source frames arrive in one of those
    /// formats, converted if needed.
    @preconcurrency var sourcePixelBufferAttributes: [String: any Sendable]? { get }
    /// The pixel buffer attributes of the buffers the render context makes (`newPixelBuffer()`); must name
    /// `kCVPixelBufferPixelFormatTypeKey`.
    @preconcurrency var requiredPixelBufferAttributesForRenderContext: [String: any Sendable] { get }
    /// Tells the compositor the render context (size, transform, pixel aspect ratio…) of the requests that follow.
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext)
    /// Asks the compositor to compose one frame and finish the request (now or later, on any thread).
    func startRequest(_ asyncVideoCompositionRequest: AVAsynchronousVideoCompositionRequest)
    /// Asks the compositor to finish every pending request, cancelled (`finishCancelledRequest()`) where it can.
    func cancelAllPendingVideoCompositionRequests()
    /// Whether the compositor takes wide-colour source frames.
    var supportsWideColorSourceFrames: Bool { get }
    /// Whether the compositor takes HDR source frames.
    var supportsHDRSourceFrames: Bool { get }
    /// Whether the compositor can take source frames converted to the composition's colour space.
    var canConformColorOfSourceFrames: Bool { get }
    /// Tells the compositor which compositions times are about to be rendered, so it can prepare.
    func anticipateRendering(using renderHint: AVVideoCompositionRenderHint)
    /// Asks the compositor to prepare for rendering the hinted times before returning.
    func prerollForRendering(using renderHint: AVVideoCompositionRenderHint)
}

// Apple's optional members, with the behaviour their absence has on Apple's platforms.
extension AVVideoCompositing {
    public func cancelAllPendingVideoCompositionRequests() {}
    public var supportsWideColorSourceFrames: Bool { false }
    public var supportsHDRSourceFrames: Bool { false }
    public var canConformColorOfSourceFrames: Bool { false }
    public func anticipateRendering(using renderHint: AVVideoCompositionRenderHint) {}
    public func prerollForRendering(using renderHint: AVVideoCompositionRenderHint) {}
}
