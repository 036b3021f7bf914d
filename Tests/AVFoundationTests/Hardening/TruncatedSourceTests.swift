import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// A source truncated by another process while it is read (issue 15): pages past its new end used to raise SIGBUS
/// through the mapping and kill the process. Now they read as zeros and the read fails with an error saying why.
@Suite("Sources truncated while read")
struct TruncatedSourceTests {
    /// A copy of a 6 s H.264 + AAC movie that the test may truncate.
    static func scratchCopy(in folder: TemporaryDirectory) throws -> URL {
        let source = try TestFiles.ffmpegMedia("truncatable-6s.mov", folder: "hardening", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=6", "-f", "lavfi", "-i", "sine=duration=6",
            "-c:v", "libx264", "-preset", "veryfast", "-g", "25", "-c:a", "aac",
        ])
        let copy = folder.file("source.mov")
        try FileManager.default.copyItem(at: source, to: copy)
        return copy
    }

    /// A zero-copy passthrough read of a scratch copy's video, started.
    static func startedZeroCopyRead(in folder: TemporaryDirectory) async throws
        -> (url: URL, reader: AVAssetReader, output: AVAssetReaderTrackOutput) {
        let url = try scratchCopy(in: folder)
        let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        output.alwaysCopiesSampleData = false
        reader.add(output)
        #expect(reader.startReading())
        return (url, reader, output)
    }

    @Test("truncating the file between two reads fails the read with the reason; bytes already handed out read as zeros")
    func truncatedBetweenReads() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let (url, reader, output) = try await Self.startedZeroCopyRead(in: folder)
        let first = try #require(output.copyNextSampleBuffer())
        // Another process's truncate(2) and ours act the same on the mapping: every page vanishes.
        #expect(truncate(url.path, 0) == 0)
        // The bytes of the first sample lie past the new end: reading them no longer kills the process.
        let block = try #require(CMSampleBufferGetDataBuffer(first))
        var bytes = [UInt8](repeating: 0xFF, count: CMBlockBufferGetDataLength(block))
        #expect(CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: bytes.count, destination: &bytes) == noErr)
        #expect(bytes.allSatisfy { $0 == 0 }, "vanished pages read as zeros")
        var buffers = 0
        while output.copyNextSampleBuffer() != nil { buffers += 1 }
        #expect(reader.status == .failed)
        let error = try #require(reader.error as? AVError)
        #expect("\(error)".contains("truncated"), "\(error)")
        #expect(buffers < 150, "the read stopped early (\(buffers) buffers)")
    }

    /// A passthrough output reads up to 256 small samples ahead: here every sample of the movie, well before the
    /// caller takes them. Its zero-copy buffers still refer to the file, so a truncation after the read-ahead ended
    /// must still fail the read (when the caller takes the end), not let it complete with zeros for bytes.
    @Test("truncating the file after the read-ahead reached its end still fails the read with the reason")
    func truncatedAfterReadAheadEnded() async throws {
        let folder = try TestFiles.makeTemporaryDirectory()
        let (url, reader, output) = try await Self.startedZeroCopyRead(in: folder)
        #expect(output.copyNextSampleBuffer() != nil)
        // Time for the read-ahead to make the other 149 buffers (a fraction of a millisecond each); not a bound on
        // speed: on a slow machine the read simply ends before the truncation is seen, as the test above checks.
        try await Task.sleep(for: .milliseconds(300))
        #expect(truncate(url.path, 0) == 0)
        var buffers = 1
        while output.copyNextSampleBuffer() != nil { buffers += 1 }
        #expect(reader.status == .failed, "\(buffers) buffers, then \(reader.status.rawValue)")
        let error = try #require(reader.error as? AVError)
        #expect("\(error)".contains("truncated"), "\(error)")
    }
}
