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

    /// The frame count of every buffer a passthrough output gives for the movie's one track; `patch` may change the
    /// file's bytes first. A reading failure is left in `reader.status`, checked by `expectCompleted`.
    static func bufferFrames(kind: String, count: Int, expectCompleted: Bool = true,
                             patch: (inout Data) throws -> Void = { _ in }) async throws -> [Int] {
        let directory = try TestFiles.makeTemporaryDirectory("pcmgrouping")
        let url = directory.file("\(kind)-\(count).mov")
        try ExternalTool.check(try avbench.path, ["make-table", kind, String(count), url.path])
        var bytes = try Data(contentsOf: url)
        try patch(&bytes)
        try bytes.write(to: url)
        let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        reader.add(output)
        #expect(reader.startReading(), "\(String(describing: reader.error))")
        var frames: [Int] = []
        while let buffer = output.copyNextSampleBuffer() { frames.append(CMSampleBufferGetNumSamples(buffer)) }
        if expectCompleted {
            #expect(reader.status == .completed, "\(String(describing: reader.error))")
        } else {
            #expect(reader.status == .failed)
            let error = try #require(reader.error)
            #expect("\(error)".contains("sample 500"), "\(error)")
        }
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

    @Test("a chunk past the end of the file fails the read naming its sample, with no frame after it handed out")
    func failureAfterFrames() async throws {
        // Chunk 500's offset (in `stco`, after its size, type, version and flags, and entry count) moved past the
        // end. How many frames the caller gets before the failure depends on how far ahead the reader was: the
        // reader reports a failure as soon as it happens.
        let frames = try await Self.bufferFrames(kind: "stco", count: 1000, expectCompleted: false) { bytes in
            let stco = try #require(bytes.range(of: Data("stco".utf8), options: .backwards))
            let entry = stco.lowerBound - 4 + 16 + 500 * 4
            bytes.replaceSubrange(entry..<(entry + 4), with: [0x7F, 0xFF, 0xFF, 0x00])
        }
        #expect(frames.count <= 500 && frames.allSatisfy { $0 == 1 }, "\(frames.count) buffers")
    }
}
