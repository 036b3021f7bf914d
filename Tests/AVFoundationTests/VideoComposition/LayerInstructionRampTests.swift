@testable import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import Testing

/// Each rule AVVideoComposition.h states for layer instruction ramps, one test per rule.
@Suite("Layer instruction ramps")
struct LayerInstructionRampTests {
    static func t(_ seconds: Int64, _ timescale: Int32 = 1) -> CMTime { CMTime(value: seconds, timescale: timescale) }
    static func range(_ start: Int64, _ end: Int64) -> CMTimeRange { CMTimeRange(start: t(start), end: t(end)) }
    static let rotate = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 1080, ty: 0)
    static let shift = CGAffineTransform(translationX: 100, y: 50)

    static func transformRamp(_ layer: AVVideoCompositionLayerInstruction, at time: CMTime)
        -> (CGAffineTransform, CGAffineTransform, CMTimeRange)? {
        var start = CGAffineTransform.identity, end = CGAffineTransform.identity, range = CMTimeRange.invalid
        return layer.getTransformRamp(for: time, start: &start, end: &end, timeRange: &range) ? (start, end, range) : nil
    }

    static func opacityRamp(_ layer: AVVideoCompositionLayerInstruction, at time: CMTime) -> (Float, Float, CMTimeRange)? {
        var start: Float = -1, end: Float = -1, range = CMTimeRange.invalid
        return layer.getOpacityRamp(for: time, startOpacity: &start, endOpacity: &end, timeRange: &range)
            ? (start, end, range) : nil
    }

    @Test("before anything is set: identity, opacity 1, whole frame; no ramp to report")
    func defaults() {
        let layer = AVMutableVideoCompositionLayerInstruction()
        #expect(layer.trackID == kCMPersistentTrackID_Invalid)
        #expect(layer.transform(at: Self.t(3)) == .identity)
        #expect(layer.opacity(at: Self.t(3)) == 1)
        #expect(layer.cropRectangle(at: Self.t(3)) == nil)
        #expect(Self.transformRamp(layer, at: .zero) == nil)
        #expect(layer.transformRamp(at: .zero) == nil)
        #expect(layer.isPlainPassthrough && !layer.hasRamps)
    }

    @Test("setTransform(_:at:) is a flat ramp until the next time a transform is set, the last one for ever")
    func flatRampUntilNext() throws {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.setTransform(Self.rotate, at: Self.t(1))
        layer.setTransform(Self.shift, at: Self.t(3))
        let first = try #require(Self.transformRamp(layer, at: Self.t(2)))
        #expect(first.0 == Self.rotate && first.1 == Self.rotate && first.2 == Self.range(1, 3))
        let last = try #require(Self.transformRamp(layer, at: Self.t(100)))
        #expect(last.0 == Self.shift && last.2.start == Self.t(3) && last.2.duration == .positiveInfinity)
        #expect(layer.transform(at: Self.t(2)) == Self.rotate)
        #expect(layer.transform(at: Self.t(3)) == Self.shift)
        #expect(layer.transform(at: Self.t(1000)) == Self.shift)
    }

    @Test("before the first setting the default holds, and the ramp reported is the first that starts after")
    func beforeFirst() throws {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.setTransform(Self.rotate, at: Self.t(2))
        #expect(layer.transform(at: Self.t(1)) == .identity)
        let reported = try #require(Self.transformRamp(layer, at: Self.t(1)))
        #expect(reported.0 == Self.rotate && reported.2.start == Self.t(2))
    }

    @Test("a ramp is interpolated linearly over its range, its end value held after it")
    func linearThenHeld() throws {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: Self.range(2, 4))
        layer.setTransformRamp(fromStart: .identity, toEnd: Self.shift, timeRange: Self.range(0, 2))
        #expect(layer.opacity(at: Self.t(1)) == 1, "the default before the ramp")
        #expect(layer.opacity(at: Self.t(2)) == 1)
        #expect(layer.opacity(at: Self.t(3)) == 0.5)
        #expect(layer.opacity(at: Self.t(7, 2)) == 0.25)
        #expect(layer.opacity(at: Self.t(4)) == 0)
        #expect(layer.opacity(at: Self.t(60)) == 0)
        #expect(layer.transform(at: Self.t(1)) == CGAffineTransform(translationX: 50, y: 25))
        #expect(layer.transform(at: Self.t(5)) == Self.shift)
        #expect(layer.hasRamps && !layer.isPlainPassthrough)
    }

    @Test("get…Ramp: the ramp containing the time; else the next one; false at or after the last ramp's end")
    func reportedRamps() throws {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0.5, timeRange: Self.range(0, 1))
        layer.setOpacityRamp(fromStartOpacity: 0.5, toEndOpacity: 0, timeRange: Self.range(2, 3))
        let inFirst = try #require(Self.opacityRamp(layer, at: Self.t(1, 2)))
        #expect(inFirst == (1, 0.5, Self.range(0, 1)))
        let inGap = try #require(Self.opacityRamp(layer, at: Self.t(3, 2)))
        #expect(inGap == (0.5, 0, Self.range(2, 3)), "between ramps: the first that starts after")
        #expect(layer.opacity(at: Self.t(3, 2)) == 0.5, "between ramps the value holds the earlier ramp's end")
        #expect(Self.opacityRamp(layer, at: Self.t(3)) == nil, "at the end of the last ramp")
        #expect(Self.opacityRamp(layer, at: Self.t(10)) == nil, "beyond the last ramp")
        #expect(layer.opacityRamp(at: Self.t(5, 2)) == .init(timeRange: Self.range(2, 3), start: 0.5, end: 0))
    }

    @Test("crop rectangles: the whole frame before the first, interpolated by origin and size, held after")
    func cropRectangles() {
        let layer = AVMutableVideoCompositionLayerInstruction()
        let start = CGRect(x: 0, y: 0, width: 100, height: 100), end = CGRect(x: 50, y: 20, width: 0, height: 0)
        layer.setCropRectangleRamp(fromStartCropRectangle: start, toEndCropRectangle: end, timeRange: Self.range(1, 3))
        #expect(layer.cropRectangle(at: Self.t(0)) == nil)
        #expect(layer.cropRectangle(at: Self.t(2)) == CGRect(x: 25, y: 10, width: 50, height: 50))
        #expect(layer.cropRectangle(at: Self.t(9)) == end, "an empty end rectangle keeps its origin")
        #expect(layer.cropRectangleRamp(at: Self.t(2))?.end == end)
        #expect(!layer.isPlainPassthrough)
    }

    @Test("a setting at the start time of an earlier one replaces it; a non-numeric time is ignored")
    func replacingAndIgnoring() {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.setOpacity(0.2, at: Self.t(1))
        layer.setOpacity(0.7, at: Self.t(1))
        layer.setOpacity(0.1, at: .invalid)
        layer.setOpacityRamp(fromStartOpacity: 0, toEndOpacity: 1, timeRange: .invalid)
        #expect(layer.opacity(at: Self.t(5)) == Float(0.7))
        #expect(layer.opacityRamp(at: Self.t(5))?.timeRange.start == Self.t(1))
    }

    @Test("identity transforms and full opacity keep an instruction a plain passthrough")
    func passthrough() {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.setTransform(.identity, at: .zero)
        layer.setOpacity(1, at: .zero)
        #expect(layer.isPlainPassthrough)
        let instruction = AVMutableVideoCompositionInstruction()
        layer.trackID = 7
        instruction.layerInstructions = [layer]
        #expect(instruction.passthroughTrackID == 7)
        #expect(!instruction.containsTweening)
    }

    @Test("Configuration: the same rules, built into an immutable layer instruction; copies keep the ramps")
    func configuration() throws {
        var configuration = AVVideoCompositionLayerInstruction.Configuration()
        #expect(configuration.trackID == 0)
        configuration.trackID = 2
        configuration.setTransform(Self.rotate, at: .zero)
        configuration.addOpacityRamp(.init(timeRange: Self.range(1, 2), start: 1, end: 0))
        configuration.addTransformRamp(.init(timeRange: Self.range(4, 6), start: Self.rotate, end: Self.shift))
        configuration.setCropRectangle(CGRect(x: 0, y: 0, width: 10, height: 10), at: Self.t(1))
        configuration.addCropRectangleRamp(.init(timeRange: Self.range(3, 4), start: .zero, end: .zero))
        configuration.setOpacity(0.5, at: Self.t(3))
        #expect(configuration.transformRamp(at: Self.t(1)) == .init(timeRange: Self.range(0, 4), start: Self.rotate,
                                                                     end: Self.rotate))
        #expect(configuration.opacityRamp(at: .zero)?.timeRange == Self.range(1, 2))
        #expect(configuration.cropRectangleRamp(at: Self.t(2))?.timeRange == Self.range(1, 3))

        let layer = AVVideoCompositionLayerInstruction(configuration: configuration)
        #expect(layer.trackID == 2)
        #expect(layer.transform(at: Self.t(5)) == CGAffineTransform.interpolate(Self.rotate, Self.shift, fraction: 0.5))
        #expect(layer.opacity(at: Self.t(3, 2)) == 0.5)
        #expect(layer.transformRamp(at: Self.t(1)) == configuration.transformRamp(at: Self.t(1)))
        let copy = try #require(layer.mutableCopy() as? AVMutableVideoCompositionLayerInstruction)
        copy.setOpacity(0.1, at: Self.t(9))
        #expect(layer.opacity(at: Self.t(9)) == 0.5 && copy.opacity(at: Self.t(9)) == Float(0.1))
        #expect(AVMutableVideoCompositionLayerInstruction(configuration: configuration).trackID == 2)
    }
}
