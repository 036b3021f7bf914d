import CoreMedia
import Foundation

/// The pixel buffer attributes of a custom compositor as the older SDKs spell them (`[String: Any]`).
///
/// Apple's SDKs changed the type of `AVVideoCompositing`'s two attribute properties from `[String: Any]` to
/// `[String: any Sendable]`, and compositors written for either must compile unchanged. Swift matches a protocol
/// requirement by exact type, so each spelling is a requirement of its own, in this protocol and in
/// `AVVideoCompositing`, and each has a default that answers from the other: a compositor declares the one its SDK
/// had, and the package reads this untyped one. Never refer to this protocol by name.
public protocol AVVideoCompositingUntypedAttributes: NSObjectProtocol, Sendable {
    /// The pixel buffer attributes the compositor accepts for source frames (older spelling).
    var sourcePixelBufferAttributes: [String: Any]? { get }
    /// The pixel buffer attributes the compositor needs for buffers it renders into (older spelling).
    var requiredPixelBufferAttributesForRenderContext: [String: Any] { get }
}

/// A custom video compositor (AVVideoCompositing.h): composes the source frames of each composition instruction
/// into one output frame, asynchronously.
///
/// AV Foundation makes the compositor from the class a video composition names (`customVideoCompositorClass`) with
/// `init()`, calls `renderContextChanged(_:)` before the first request and whenever the render context changes,
/// and then `startRequest(_:)` for each frame. A request may be finished later, on any thread; several are in
/// flight at once.
public protocol AVVideoCompositing: AVVideoCompositingUntypedAttributes {
    /// The pixel buffer attributes the compositor accepts for source frames; it must name
    /// `kCVPixelBufferPixelFormatTypeKey` (one format or an array of them). Source frames arrive in one of those
    /// formats, converted if needed.
    var sourcePixelBufferAttributes: [String: any Sendable]? { get }
    /// The pixel buffer attributes of the buffers the render context makes (`newPixelBuffer()`); must name
    /// `kCVPixelBufferPixelFormatTypeKey`.
    var requiredPixelBufferAttributesForRenderContext: [String: any Sendable] { get }
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

// The untyped spelling answered from the typed one (for compositors written against current SDKs).
extension AVVideoCompositing {
    public var sourcePixelBufferAttributes: [String: Any]? {
        AttributeSpellingGuard.answer(nil) { () -> [String: Any]? in
            let typed: [String: any Sendable]? = self.sourcePixelBufferAttributes
            return typed
        }
    }

    public var requiredPixelBufferAttributesForRenderContext: [String: Any] {
        AttributeSpellingGuard.answer([:]) { () -> [String: Any] in
            let typed: [String: any Sendable] = self.requiredPixelBufferAttributesForRenderContext
            return typed
        }
    }
}

// The typed spelling answered from the untyped one (for compositors written against older SDKs). The values are
// property-list values (numbers, strings, arrays of them).
extension AVVideoCompositingUntypedAttributes where Self: AVVideoCompositing {
    public var sourcePixelBufferAttributes: [String: any Sendable]? {
        AttributeSpellingGuard.answer(nil) { () -> [String: any Sendable]? in
            let untyped: [String: Any]? = self.sourcePixelBufferAttributes
            return untyped.map(AttributeSpellingGuard.sendable)
        }
    }

    public var requiredPixelBufferAttributesForRenderContext: [String: any Sendable] {
        AttributeSpellingGuard.answer([:]) { () -> [String: any Sendable] in
            let untyped: [String: Any] = self.requiredPixelBufferAttributesForRenderContext
            return AttributeSpellingGuard.sendable(untyped)
        }
    }
}

/// Keeps the two default spellings from calling each other for ever when a compositor declares neither (the
/// compositor is then refused, for the missing pixel format, instead of overflowing the stack).
enum AttributeSpellingGuard {
    private static let key = "AVFoundation.AttributeSpellingGuard.depth"

    static func answer<Value>(_ fallback: Value, _ body: () -> Value) -> Value {
        let thread = Thread.current.threadDictionary
        let depth = thread[key] as? Int ?? 0
        guard depth == 0 else { return fallback }
        thread[key] = 1
        defer { thread[key] = nil }
        return body()
    }

    /// The same values typed `any Sendable`: both existentials have one layout, and attribute values are
    /// immutable property-list values.
    static func sendable(_ attributes: [String: Any]) -> [String: any Sendable] {
        attributes.mapValues { value in
            withUnsafePointer(to: value) { $0.withMemoryRebound(to: (any Sendable).self, capacity: 1) { $0.pointee } }
        }
    }
}
