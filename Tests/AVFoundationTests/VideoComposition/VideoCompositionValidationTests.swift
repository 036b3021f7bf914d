@testable import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import Testing
import TestSupport

/// Records what validation reports; answers `shouldContinue` each time.
private final class RecordingDelegate: NSObject, AVVideoCompositionValidationHandling, @unchecked Sendable {
    var shouldContinue = true
    var keys: [String] = []
    var emptyRanges: [CMTimeRange] = []
    var invalidRanges: [CMTimeRange] = []
    var invalidTrackIDs: [CMPersistentTrackID] = []
    var assets: [AVAsset] = []

    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidValueForKey key: String) -> Bool {
        keys.append(key)
        return shouldContinue
    }

    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingEmptyTimeRange timeRange: CMTimeRange) -> Bool {
        emptyRanges.append(timeRange)
        return shouldContinue
    }

    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidTimeRangeIn videoCompositionInstruction: any AVVideoCompositionInstructionProtocol) -> Bool {
        invalidRanges.append(videoCompositionInstruction.timeRange)
        return shouldContinue
    }

    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidTrackIDIn videoCompositionInstruction: any AVVideoCompositionInstructionProtocol,
                          layerInstruction: AVVideoCompositionLayerInstruction, asset: AVAsset) -> Bool {
        invalidTrackIDs.append(layerInstruction.trackID)
        assets.append(asset)
        return shouldContinue
    }

    var reportCount: Int { keys.count + emptyRanges.count + invalidRanges.count + invalidTrackIDs.count }
}

/// Implements only one member: the others answer true, as Apple's optional members do.
private final class KeysOnlyDelegate: NSObject, AVVideoCompositionValidationHandling, @unchecked Sendable {
    var keys: [String] = []
    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidValueForKey key: String) -> Bool {
        keys.append(key)
        return true
    }
}

/// A compositor class that is not an NSObject subclass (it implements NSObjectProtocol by hand).
private final class PlainCompositor: AVVideoCompositing, @unchecked Sendable {
    var sourcePixelBufferAttributes: [String: any Sendable]? { nil }
    var requiredPixelBufferAttributesForRenderContext: [String: any Sendable] { [:] }
    func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
    func startRequest(_ asyncVideoCompositionRequest: AVAsynchronousVideoCompositionRequest) {}
    func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
    var hash: Int { ObjectIdentifier(self).hashValue }
    func `self`() -> Self { self }
    func isProxy() -> Bool { false }
    var description: String { "PlainCompositor" }
    var debugDescription: String { description }
}

@Suite("Video composition validation")
struct VideoCompositionValidationTests {
    static let everything = CMTimeRange(start: .zero, duration: .positiveInfinity)
    static func seconds(_ value: Int64) -> CMTime { CMTime(value: value, timescale: 1) }

    static func instruction(_ start: Int64, _ end: Int64, tracks: [CMPersistentTrackID] = [1]) -> AVMutableVideoCompositionInstruction {
        let instruction = AVMutableVideoCompositionInstruction()
        instruction.timeRange = CMTimeRange(start: seconds(start), end: seconds(end))
        instruction.layerInstructions = tracks.map { id in
            let layer = AVMutableVideoCompositionLayerInstruction()
            layer.trackID = id
            return layer
        }
        return instruction
    }

    static func composition(_ instructions: [AVMutableVideoCompositionInstruction]) -> AVMutableVideoComposition {
        let composition = AVMutableVideoComposition()
        composition.frameDuration = CMTime(value: 1, timescale: 30)
        composition.renderSize = CGSize(width: 160, height: 120)
        composition.instructions = instructions
        return composition
    }

    @Test("a composition whose instructions cover the duration without gaps is valid; nothing is reported")
    func valid() {
        let delegate = RecordingDelegate()
        let composition = Self.composition([Self.instruction(0, 1), Self.instruction(1, 3)])
        #expect(composition.isValid(for: [], assetDuration: Self.seconds(3), timeRange: Self.everything,
                                    validationDelegate: delegate))
        #expect(delegate.reportCount == 0)
    }

    @Test("a zero frame duration or render size is an invalid value for its key")
    func invalidValues() {
        let delegate = RecordingDelegate()
        let composition = Self.composition([Self.instruction(0, 1)])
        composition.frameDuration = .zero
        composition.renderSize = .zero
        #expect(!composition.isValid(for: [], assetDuration: .invalid, timeRange: Self.everything, validationDelegate: delegate))
        #expect(delegate.keys == ["frameDuration", "renderSize"])
        composition.frameDuration = .invalid
        #expect(!composition.isValid(for: [], assetDuration: .invalid, timeRange: Self.everything, validationDelegate: nil))
    }

    @Test("a custom compositor class that is not an NSObject subclass is an invalid value")
    func compositorClass() {
        let delegate = RecordingDelegate()
        let composition = Self.composition([Self.instruction(0, 1)])
        composition.customVideoCompositorClass = PlainCompositor.self
        #expect(!composition.isValid(for: [], assetDuration: .invalid, timeRange: Self.everything, validationDelegate: delegate))
        #expect(delegate.keys == ["customVideoCompositorClass"])
    }

    @Test("invalid, overlapping and out-of-order instruction time ranges")
    func invalidTimeRanges() {
        let delegate = RecordingDelegate()
        let broken = Self.instruction(0, 1)
        broken.timeRange = .invalid
        let composition = Self.composition([Self.instruction(0, 2), Self.instruction(1, 3), broken, Self.instruction(2, 4)])
        #expect(!composition.isValid(for: [], assetDuration: Self.seconds(4), timeRange: Self.everything,
                                     validationDelegate: delegate))
        #expect(delegate.invalidRanges.count == 2, "the overlapping one and the invalid one")
        #expect(delegate.invalidRanges.first == CMTimeRange(start: Self.seconds(1), end: Self.seconds(3)))
        #expect(delegate.emptyRanges.isEmpty, "[2, 4) follows [0, 2)")
    }

    @Test("gaps between instructions, before the first and after the last are empty time ranges")
    func gaps() {
        let delegate = RecordingDelegate()
        let composition = Self.composition([Self.instruction(1, 2), Self.instruction(3, 4)])
        #expect(!composition.isValid(for: [], assetDuration: Self.seconds(5), timeRange: Self.everything,
                                     validationDelegate: delegate))
        #expect(delegate.emptyRanges == [CMTimeRange(start: .zero, end: Self.seconds(1)),
                                         CMTimeRange(start: Self.seconds(2), end: Self.seconds(3)),
                                         CMTimeRange(start: Self.seconds(4), end: Self.seconds(5))])
        let none = RecordingDelegate()
        #expect(!Self.composition([]).isValid(for: [], assetDuration: Self.seconds(2), timeRange: Self.everything,
                                              validationDelegate: none))
        #expect(none.emptyRanges == [CMTimeRange(start: .zero, end: Self.seconds(2))])
    }

    @Test("only instructions overlapping the time range are validated")
    func limitedRange() {
        let delegate = RecordingDelegate()
        let composition = Self.composition([Self.instruction(0, 2), Self.instruction(1, 3), Self.instruction(3, 4)])
        #expect(composition.isValid(for: [], assetDuration: Self.seconds(4),
                                    timeRange: CMTimeRange(start: Self.seconds(3), end: Self.seconds(4)),
                                    validationDelegate: delegate))
        #expect(delegate.reportCount == 0)
    }

    @Test("layer instructions naming tracks the asset does not have; the animation tool's track is allowed")
    func trackIDs() async throws {
        let asset = AVURLAsset(url: TestFiles.fixture("b4-video-h264-001.mp4"))
        let tracks = try await asset.load(.tracks)
        let duration = try await asset.load(.duration)
        let video = try #require(tracks.first { $0.mediaType == .video })
        let delegate = RecordingDelegate()
        let instruction = Self.instruction(0, 0, tracks: [video.trackID, 42, 99])
        instruction.timeRange = CMTimeRange(start: .zero, duration: duration)
        let composition = Self.composition([instruction])
        composition.animationTool = AVVideoCompositionCoreAnimationTool(additionalLayer: CALayer(), asTrackID: 99)
        #expect(!composition.isValid(for: tracks, assetDuration: duration, timeRange: Self.everything,
                                     validationDelegate: delegate))
        #expect(delegate.invalidTrackIDs == [42])
        #expect(delegate.assets.first === asset)
        #expect(composition.isValid(for: [], assetDuration: duration, timeRange: Self.everything, validationDelegate: nil),
                "no tracks: the track check is skipped")

        // The asset forms: the deprecated synchronous one, the asynchronous one and the completion handler.
        #expect(!composition.isValid(for: asset, timeRange: Self.everything, validationDelegate: nil))
        #expect(try await composition.isValid(for: asset, timeRange: Self.everything, validationDelegate: nil) == false)
        instruction.layerInstructions = [instruction.layerInstructions[0]]
        #expect(try await composition.isValid(for: asset, timeRange: Self.everything, validationDelegate: nil))
        #expect(composition.isValid(for: nil, timeRange: Self.everything, validationDelegate: nil))
        let answer = await withCheckedContinuation { continuation in
            composition.determineValidity(for: asset, timeRange: Self.everything, validationDelegate: nil) { valid, error in
                continuation.resume(returning: valid && error == nil)
            }
        }
        #expect(answer)
    }

    @Test("a delegate answering false stops the validation at the first problem")
    func stopsEarly() {
        let delegate = RecordingDelegate()
        delegate.shouldContinue = false
        let composition = Self.composition([Self.instruction(1, 2), Self.instruction(3, 4)])
        composition.frameDuration = .zero
        #expect(!composition.isValid(for: [], assetDuration: Self.seconds(5), timeRange: Self.everything,
                                     validationDelegate: delegate))
        #expect(delegate.reportCount == 1 && delegate.keys == ["frameDuration"])
    }

    @Test("a delegate implementing one member: the others answer true and validation goes on")
    func optionalMembers() {
        let delegate = KeysOnlyDelegate()
        let composition = Self.composition([Self.instruction(1, 2)])
        composition.renderSize = .zero
        #expect(!composition.isValid(for: [], assetDuration: Self.seconds(3), timeRange: Self.everything,
                                     validationDelegate: delegate))
        #expect(delegate.keys == ["renderSize"])
    }
}
