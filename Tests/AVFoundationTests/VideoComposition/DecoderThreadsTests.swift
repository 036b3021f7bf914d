import Foundation
import Testing
@testable import AVFoundation

/// How many threads each source's decoder gets when a composition is read (`CompositionRender.decoderThreads`).
@Suite("Composition decoder threads")
struct DecoderThreadsTests {
    func instruction(_ start: Double, _ end: Double, tracks: [CMPersistentTrackID]) -> AVMutableVideoCompositionInstruction {
        let instruction = AVMutableVideoCompositionInstruction()
        instruction.timeRange = CMTimeRange(start: CMTime(seconds: start, preferredTimescale: 600),
                                            end: CMTime(seconds: end, preferredTimescale: 600))
        instruction.layerInstructions = tracks.map { trackID in
            let layer = AVMutableVideoCompositionLayerInstruction()
            layer.trackID = trackID
            return layer
        }
        return instruction
    }

    @Test("sources drawn together share the cores; mostly one at a time, each decoder takes every core")
    func threads() {
        // Picture in picture for the whole time: two sources, so one thread each on two cores, four on eight.
        let pip = [instruction(0, 10, tracks: [1, 2])]
        #expect(CompositionRender.decoderThreads(pip, trackCount: 2, cores: 2) == 1)
        #expect(CompositionRender.decoderThreads(pip, trackCount: 2, cores: 8) == 4)
        // An A/B roll with a one-second cross-fade in ten seconds: mostly one source.
        let roll = [instruction(0, 4.5, tracks: [1]), instruction(4.5, 5.5, tracks: [1, 2]), instruction(5.5, 10, tracks: [2])]
        #expect(CompositionRender.decoderThreads(roll, trackCount: 2, cores: 2) == nil)
        // Three sources together on two cores: still at least one thread each.
        #expect(CompositionRender.decoderThreads([instruction(0, 5, tracks: [1, 2, 3])], trackCount: 3, cores: 2) == 1)
        #expect(CompositionRender.decoderThreads([], trackCount: 2, cores: 2) == nil)
    }
}
