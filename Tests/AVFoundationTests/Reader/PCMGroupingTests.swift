import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// A passthrough read of linear PCM groups frames stored back to back into one buffer, and gives a frame whose
/// successor lies elsewhere in the file a buffer of its own (`TrackSource.audioGroup`, which looks at the next
/// frame once before searching for the end of a run). The movies are `avbench make-table`'s: 16-bit stereo PCM,
/// "samples" holding its frames in one chunk, "stco" one frame per chunk, every chunk at the same offset.
@Suite("Passthrough PCM grouping")
struct PCMGroupingTests {
    /// The debug build's `avbench`, beside the test bundle.
    static var avbench: URL {
        get throws {
            var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            while folder.path != "/" {
                let candidate = folder.appendingPathComponent("avbench")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "avbench"])
        }
    }

    /// The frame count of every buffer a passthrough output gives for the movie's one track.
    static func bufferFrames(kind: String, count: Int) async throws -> [Int] {
        let directory = try TestFiles.makeTemporaryDirectory("pcmgrouping")
        let url = directory.file("\(kind)-\(count).mov")
        try ExternalTool.check(try avbench.path, ["make-table", kind, String(count), url.path])
        let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        reader.add(output)
        #expect(reader.startReading(), "\(String(describing: reader.error))")
        var frames: [Int] = []
        while let buffer = output.copyNextSampleBuffer() { frames.append(CMSampleBufferGetNumSamples(buffer)) }
        #expect(reader.status == .completed, "\(String(describing: reader.error))")
        return frames
    }

    @Test("200 frames back to back in one chunk come out in one buffer")
    func contiguousFrames() async throws {
        #expect(try await Self.bufferFrames(kind: "samples", count: 200) == [200])
    }

    @Test("1,000 one-frame chunks all at one offset come out a buffer a frame")
    func scatteredFrames() async throws {
        #expect(try await Self.bufferFrames(kind: "stco", count: 1000) == Array(repeating: 1, count: 1000))
    }
}
