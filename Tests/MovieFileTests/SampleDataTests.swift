import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer
@testable import MovieFile
import Testing
import TestSupport

/// Sample bytes handed out as zero-copy block buffers: every sample's bytes against ffmpeg's per-packet checksums
/// (`ffmpeg -ignore_editlist 1 -i FILE -map 0:N -c copy -f framecrc -`, Adler-32 of each packet's data), runs of
/// samples in one buffer, and samples past the end of a cut file reported with their track, index and offset.
@Suite("Sample data")
struct SampleDataTests {
    /// FFmpeg's framecrc checksum: Adler-32 started from 0 (libavformat/framecrcenc.c).
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 0, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func bytes(_ buffer: CMBlockBuffer) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: CMBlockBufferGetDataLength(buffer))
        try #require(CMBlockBufferCopyDataBytes(buffer, atOffset: 0, dataLength: bytes.count, destination: &bytes) == noErr)
        return bytes
    }

    /// (size, checksum) of each packet of stream `index`, in decode order.
    static func frameChecksums(_ url: URL, stream index: Int) throws -> [(Int, UInt32)] {
        let output = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-ignore_editlist", "1", "-i", url.path,
                                                       "-map", "0:\(index)", "-c", "copy", "-f", "framecrc", "-"]).output
        return output.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 6, let size = Int(fields[4]), let crc = UInt32(fields[5].dropFirst(2), radix: 16) else { return nil }
            return (size, crc)
        }
    }

    static let checksummed = ["h264-bframes-aac-no-pns.mp4", "hevc-hvc1.mp4", "av1-libaom.mp4", "mp3-in-mp4.mp4", "alac.m4a",
                              "opus-in-mp4.mp4", "flac-in-mp4.mp4", "fragmented-cmaf-sidx.mp4", "fragmented-nonempty-moov.mp4",
                              "h264-aac-co64.mov", "subtitles-tx3g.mp4", "prores-422.mov"]

    @Test("every sample's bytes equal ffmpeg's packet checksums", arguments: checksummed)
    func bytesMatchFFmpeg(_ name: String) throws {
        let url = try MovieFiles.generated(name)
        let reader = try MovieFileReader(url: url)
        let streams = try FFprobe.streams(url)
        for track in reader.tracks {
            guard let (index, _) = FFprobe.stream(forTrack: track.trackID, in: streams) else { continue }
            let expected = try Self.frameChecksums(url, stream: index)
            let table = try track.samples.table()
            #expect(expected.count == table.count, "\(name) track \(track.trackID)")
            for (sample, (size, crc)) in expected.enumerated() where sample < table.count {
                let data = try Self.bytes(try reader.blockBuffer(forSample: sample, of: track))
                #expect(data.count == size && Self.adler32(data) == crc, "\(name) track \(track.trackID) sample \(sample)")
            }
        }
    }

    @Test("the co64 copy reads exactly the samples of the stco original")
    func chunkOffsets64() throws {
        let original = try MovieFileReader(url: try MovieFiles.generated("h264-aac-moov-at-end.mov"))
        let widenedURL = try MovieFiles.generated("h264-aac-co64.mov")
        let widened = try MovieFileReader(url: widenedURL)
        let stbl = try #require(try TrackBoxScan.scan(widenedURL).values.first?.media?.sampleTable)
        #expect(stbl.chunkLargeOffsets != nil && stbl.chunkOffsets == nil)
        for (a, b) in zip(original.tracks, widened.tracks) {
            let tableA = try a.samples.table(), tableB = try b.samples.table()
            #expect(tableA.count == tableB.count)
            for index in 0..<tableA.count {
                #expect(tableA.offset(at: index) == tableB.offset(at: index) && tableA.size(at: index) == tableB.size(at: index))
            }
        }
    }

    @Test("a run of samples comes back as one buffer holding their bytes in order")
    func runs() throws {
        for name in ["pcm-s16le-sowt.mov", "h264-bframes-aac-no-pns.mp4", "fragmented-two-seconds.mp4"] {
            let reader = try MovieFileReader(url: try MovieFiles.generated(name))
            for track in reader.tracks {
                let table = try track.samples.table()
                let count = min(table.count, 300)
                let run = try Self.bytes(try reader.blockBuffer(forSamples: 0..<count, of: track))
                var joined: [UInt8] = []
                for index in 0..<count { joined += try Self.bytes(try reader.blockBuffer(forSample: index, of: track)) }
                #expect(run == joined, "\(name) track \(track.trackID)")
            }
        }
    }

    @Test("linear PCM keeps one offset per chunk, not per frame")
    func pcmOffsetsByChunk() throws {
        let reader = try MovieFileReader(url: try MovieFiles.generated("pcm-s16le-sowt.mov"))
        let table = try #require(try reader.tracks.first?.samples.table())
        #expect(table.count == 44100)
        guard case .runs(let starts, _) = table.offsetStorage else {
            Issue.record("PCM offsets stored per sample")
            return
        }
        #expect(starts.count < 100)
        #expect(table.sizeStorage == .constant(4))
    }

    @Test("a truncated flat file opens; samples past the end fail with track, sample and offset (mg-truncated-64bit)")
    func truncatedFlatFile() throws {
        let reader = try MovieFileReader(url: MovieFiles.fixturesDirectory.appendingPathComponent("mg-truncated-64bit.mp4"))
        let track = try #require(reader.tracks.first)
        let table = try track.samples.table()
        #expect(table.count == 14)
        #expect(try reader.isSampleInFile(0, of: track))
        #expect(!(try reader.isSampleInFile(table.count - 1, of: track)))
        do {
            _ = try reader.blockBuffer(forSample: table.count - 1, of: track)
            Issue.record("reading a sample past the end succeeded")
        } catch let error as MovieFileError {
            #expect(error.kind == .sampleOutsideFile)
            #expect(error.trackID == track.trackID && error.sampleIndex == table.count - 1)
            #expect(error.offset == Int64(table.offset(at: table.count - 1)))
        }
    }
}
