@testable import AVFoundation
import CoreMedia
import CoreVideo
import Foundation
import Testing

// The shapes of compositor classes real code declares, all made from their class as AV Foundation makes them.

/// Current SDK spelling, `override init()`, stored properties with initial values.
private class OverridingCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    var made = "default"
    let sourcePixelBufferAttributes: [String: any Sendable]? = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]

    override init() {
        made = "override init"
        super.init()
    }

    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ asyncVideoCompositionRequest: AVAsynchronousVideoCompositionRequest) {}
}

/// Computed attribute properties, no initializer at all. (The older SDKs' `[String: Any]` spelling compiles only in
/// the Swift 5 language mode, with a warning, as on a Mac: Tests/Compat/AppleStyle/Compositing.swift declares it.)
private class ImplicitInitCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    var counter = [1, 2, 3]
    var sourcePixelBufferAttributes: [String: any Sendable]? {
        [kCVPixelBufferPixelFormatTypeKey as String: [kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange]]
    }
    var requiredPixelBufferAttributesForRenderContext: [String: any Sendable] {
        [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]
    }
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ asyncVideoCompositionRequest: AVAsynchronousVideoCompositionRequest) {}
}

/// A subclass that adds state of its own and keeps its parent's init.
private final class SubclassedCompositor: OverridingCompositor, @unchecked Sendable {
    var extra = "subclass property"
}

private final class Deinits: @unchecked Sendable {
    let lock = NSLock()
    var count = 0
}

private let deinits = Deinits()

private final class CountingCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
    let sourcePixelBufferAttributes: [String: any Sendable]? = nil
    let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [:]
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ asyncVideoCompositionRequest: AVAsynchronousVideoCompositionRequest) {}
    deinit { deinits.lock.withLock { deinits.count += 1 } }
}

@Suite("Custom compositors are made from their class")
struct CompositorInstantiationTests {
    @Test("a class with override init() runs it")
    func overridingInit() throws {
        let compositor = try CompositorInstantiation.make(OverridingCompositor.self)
        let made = try #require(compositor as? OverridingCompositor)
        #expect(made.made == "override init")
    }

    @Test("a class with no initializer gets its property defaults")
    func implicitInit() throws {
        let made = try #require(try CompositorInstantiation.make(ImplicitInitCompositor.self) as? ImplicitInitCompositor)
        #expect(made.counter == [1, 2, 3])
    }

    @Test("a subclass runs its parent's init and its own property defaults")
    func subclass() throws {
        let made = try #require(try CompositorInstantiation.make(SubclassedCompositor.self) as? SubclassedCompositor)
        #expect(made.made == "override init")
        #expect(made.extra == "subclass property")
    }

    @Test("made compositors are released like any object")
    func released() throws {
        let before = deinits.lock.withLock { deinits.count }
        for _ in 0..<3 { _ = try CompositorInstantiation.make(CountingCompositor.self) }
        #expect(deinits.lock.withLock { deinits.count } == before + 3)
    }

    @Test("the attribute properties are read through the protocol, stored or computed")
    func attributes() throws {
        let stored: any AVVideoCompositing = OverridingCompositor()
        let computed: any AVVideoCompositing = ImplicitInitCompositor()
        let storedSource: [String: Any]? = stored.sourcePixelBufferAttributes
        let computedSource: [String: Any]? = computed.sourcePixelBufferAttributes
        #expect(storedSource?[kCVPixelBufferPixelFormatTypeKey as String] as? OSType == kCVPixelFormatType_32BGRA)
        #expect((computedSource?[kCVPixelBufferPixelFormatTypeKey as String] as? [OSType])
                == [kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange])
        let required = computed.requiredPixelBufferAttributesForRenderContext
        #expect(required[kCVPixelBufferPixelFormatTypeKey as String] as? OSType == kCVPixelFormatType_32BGRA)
    }
}
