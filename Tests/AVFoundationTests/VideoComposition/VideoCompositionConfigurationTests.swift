@testable import AVFoundation
import CoreGraphics
import CoreMedia
import Foundation
import Testing

@Suite("Video composition configurations and defaults")
struct VideoCompositionConfigurationTests {
    @Test("instructions: Apple's defaults for the mutable class and for the iOS 26 configuration")
    func instructionDefaults() {
        let mutable = AVMutableVideoCompositionInstruction()
        #expect(!mutable.timeRange.isValid, "kCMTimeRangeInvalid, as AVVideoComposition.h documents")
        #expect(mutable.backgroundColor == nil && mutable.layerInstructions.isEmpty && mutable.enablePostProcessing)
        let configuration = AVVideoCompositionInstruction.Configuration()
        #expect(configuration.timeRange == .zero && configuration.enablePostProcessing)
        #expect(configuration.backgroundColor == nil && configuration.layerInstructions.isEmpty)
        #expect(configuration.requiredSourceSampleDataTrackIDs.isEmpty)
    }

    @Test("AVVideoCompositionInstruction(configuration:) takes every property")
    func instructionFromConfiguration() throws {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.trackID = 3
        let range = CMTimeRange(start: .zero, duration: CMTime(value: 2, timescale: 1))
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let instruction = AVVideoCompositionInstruction(configuration: .init(
            backgroundColor: red, enablePostProcessing: false, layerInstructions: [layer],
            requiredSourceSampleDataTrackIDs: [9], timeRange: range))
        #expect(instruction.timeRange == range && instruction.backgroundColor == red)
        #expect(!instruction.enablePostProcessing && instruction.layerInstructions.map(\.trackID) == [3])
        #expect(instruction.requiredSourceSampleDataTrackIDs == [NSNumber(value: 9)])
        #expect(instruction.requiredSampleDataTrackIDs == [9])
        #expect(instruction.requiredVideoTrackIDs == [3])
        let mutable = try #require(instruction.mutableCopy() as? AVMutableVideoCompositionInstruction)
        mutable.enablePostProcessing = true
        #expect(!instruction.enablePostProcessing)
    }

    @Test("AVVideoComposition.Configuration: Apple's defaults, and every property reaches the composition")
    func compositionConfiguration() throws {
        let empty = AVVideoComposition.Configuration()
        #expect(empty.frameDuration == .zero && empty.renderSize == .zero && empty.renderScale == 1)
        #expect(empty.instructions.isEmpty && empty.animationTool == nil && empty.customVideoCompositorClass == nil)
        #expect(empty.sourceTrackIDForFrameTiming == kCMPersistentTrackID_Invalid && empty.sourceSampleDataTrackIDs.isEmpty)
        #expect(empty.colorPrimaries == nil && empty.perFrameHDRDisplayMetadataPolicy == .propagate)

        let instruction = AVVideoCompositionInstruction(configuration: .init(timeRange: CMTimeRange(
            start: .zero, duration: CMTime(value: 1, timescale: 1))))
        let tool = AVVideoCompositionCoreAnimationTool(additionalLayer: CALayer(), asTrackID: 99)
        var configuration = AVVideoComposition.Configuration(
            animationTool: tool, colorPrimaries: AVVideoColorPrimaries_ITU_R_709_2,
            colorTransferFunction: AVVideoTransferFunction_ITU_R_709_2, colorYCbCrMatrix: AVVideoYCbCrMatrix_ITU_R_709_2,
            frameDuration: CMTime(value: 1, timescale: 30), instructions: [instruction],
            perFrameHDRDisplayMetadataPolicy: .generate, renderScale: 1, renderSize: CGSize(width: 640, height: 480),
            sourceSampleDataTrackIDs: [5], sourceTrackIDForFrameTiming: 1)
        configuration.renderScale = 0.5
        let composition = AVVideoComposition(configuration: configuration)
        #expect(composition.frameDuration == CMTime(value: 1, timescale: 30))
        #expect(composition.renderSize == CGSize(width: 640, height: 480) && composition.renderScale == 0.5)
        #expect(composition.instructions.count == 1 && composition.animationTool === tool)
        #expect(composition.colorPrimaries == AVVideoColorPrimaries_ITU_R_709_2)
        #expect(composition.colorTransferFunction == AVVideoTransferFunction_ITU_R_709_2)
        #expect(composition.colorYCbCrMatrix == AVVideoYCbCrMatrix_ITU_R_709_2)
        #expect(composition.perFrameHDRDisplayMetadataPolicy == .generate)
        #expect(composition.sourceSampleDataTrackIDs == [5] && composition.sourceTrackIDForFrameTiming == 1)
        let mutable = try #require(composition.mutableCopy() as? AVMutableVideoComposition)
        #expect(mutable.renderSize == composition.renderSize)
        #expect(AVMutableVideoComposition(configuration: configuration).renderScale == 0.5)
    }

    @Test("frame durations from nominal rates: exact for whole and NTSC rates")
    func frameDurations() {
        #expect(AssetVideoLayout.frameDuration(forRate: 30) == CMTime(value: 1, timescale: 30))
        #expect(AssetVideoLayout.frameDuration(forRate: 24) == CMTime(value: 1, timescale: 24))
        #expect(AssetVideoLayout.frameDuration(forRate: 29.97003) == CMTime(value: 1001, timescale: 30000))
        #expect(AssetVideoLayout.frameDuration(forRate: 23.976025) == CMTime(value: 1001, timescale: 24000))
        #expect(AssetVideoLayout.frameDuration(forRate: 12.5) == CMTime(value: 1000, timescale: 12500))
    }
}
