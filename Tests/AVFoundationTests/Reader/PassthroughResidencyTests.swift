import AVFoundation
import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// A passthrough output's read-ahead must stay inside the window of the source's pages that the mapped file keeps
/// resident behind its reader (`MappedFileResidency`): a zero-copy buffer queued further back has its pages given
/// back, faulted in again when its bytes are used, and kept for good, so resident memory grows with the file.
/// Judged by the kernel's count of the file mapping's resident pages (`Rss` in /proc/self/smaps), not by ours.
@Suite("Passthrough read-ahead and the source's resident pages")
struct PassthroughResidencyTests {
    /// About 50 MB of large samples: 200 Motion JPEG pictures of 1280x720 with noise, at the best quality.
    static func movie() throws -> URL {
        try ReaderMedia.make("mjpeg-720p-200-noisy-frames.mov") { output in
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"]
                + ReaderMedia.pattern(seconds: 200.0 / 30, size: "1280x720")
                + ["-vf", "noise=alls=30:allf=t", "-frames:v", "200", "-c:v", "mjpeg", "-q:v", "1",
                   "-pix_fmt", "yuvj420p", output.path])
        }
    }

    /// The resident bytes of every mapping of the file at `path`, as the kernel counts them.
    static func residentBytes(ofMappingsOf path: String) throws -> Int {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps") else { throw CocoaError(.fileReadUnknown) }
        defer { try? handle.close() }
        let smaps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var inMapping = false
        var total = 0
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), !line.hasPrefix(" "), line[..<dash].allSatisfy(\.isHexDigit) {
                inMapping = line.hasSuffix(" " + path)
            } else if inMapping, line.hasPrefix("Rss:") {
                total += (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0)
                    * 1024
            }
        }
        return total
    }

    @Test("reading every sample zero-copy, touching each as a muxer does, keeps the source's resident pages bounded")
    func boundedResidency() async throws {
        let url = try Self.movie()
        let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(fileSize > 40 << 20, "the movie is large enough to show growth (\(fileSize >> 20) MiB)")
        let asset = AVURLAsset(url: url)
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: video, outputSettings: nil)
        output.alwaysCopiesSampleData = false
        reader.add(output)
        #expect(reader.startReading())
        let before = try Self.residentBytes(ofMappingsOf: url.path)
        var growth = 0, samples = 0, checksum = 0
        while let buffer = output.copyNextSampleBuffer() {
            // Touch a byte of every page of the sample, as a muxer's write does, after the read-ahead moved on.
            let data = try #require(CMSampleBufferGetDataBuffer(buffer))
            let length = CMBlockBufferGetDataLength(data)
            var byte: UInt8 = 0
            for offset in stride(from: 0, to: length, by: 4096) {
                CMBlockBufferCopyDataBytes(data, atOffset: offset, dataLength: 1, destination: &byte)
                checksum &+= Int(byte)
            }
            samples += 1
            if samples % 10 == 0 { growth = max(growth, try Self.residentBytes(ofMappingsOf: url.path) - before) }
        }
        #expect(samples == 200)
        #expect(reader.status == .completed)
        #expect(checksum != 0)
        #expect(growth < 16 << 20, "the source's resident pages grew by \(growth >> 20) MiB over \(fileSize >> 20) MiB")
    }
}
