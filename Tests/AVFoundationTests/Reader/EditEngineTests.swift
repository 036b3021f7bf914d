import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import Testing
import TestSupport
@testable import AVFoundation

/// Edit lists (ISO/IEC 14496-12 §8.6.6) as the reader plays them. The files are ffmpeg's, with edit lists written
/// by `EditListWriter`; the pictures and samples expected are ffmpeg's full decode, and the times the arithmetic of
/// the edits (Apple's semantics: a segment shows the media overlapping it; see docs/reader.md for where FFmpeg's
/// edit handling differs).
@Suite("Edit lists")
struct EditEngineTests {
    typealias Edit = EditListWriter.Edit

    /// A frame shown on the track: its number in the file, its start and duration in 1/15360 s.
    struct Shown: Sendable {
        var frame: Int
        var start: Int64
        var duration: Int64
    }

    /// An edit: duration in movie ticks (1/1000 s), media time in media ticks (−1: empty), rate as 16.16.
    typealias EditEntry = (duration: UInt32, mediaTime: Int32, rate: Int32)

    /// One scenario: the edits, and the frames shown.
    struct VideoCase: CustomStringConvertible, Sendable {
        var name: String
        var edits: [EditEntry]
        var shown: [Shown]
        var description: String { name }
    }

    static let frame: Int64 = 512 // one frame at 30 fps in the 15360 timescale

    /// Frames `frames`, one after another from `start`, each `duration` long.
    static func run(_ frames: ClosedRange<Int>, from start: Int64, duration: Int64 = frame) -> [Shown] {
        frames.map { Shown(frame: $0, start: start + Int64($0 - frames.lowerBound) * duration, duration: duration) }
    }

    static let videoCases: [VideoCase] = [
        VideoCase(name: "two segments", edits: [(300, 3072, 0x10000), (200, 10752, 0x10000)],
                  shown: run(6...14, from: 0) + run(21...26, from: 4608)),
        VideoCase(name: "empty edit first", edits: [(500, -1, 0x10000), (1000, 0, 0x10000)],
                  shown: run(0...29, from: 7680)),
        VideoCase(name: "edit starting and ending inside frames", edits: [(400, 3328, 0x10000)],
                  shown: [Shown(frame: 6, start: 0, duration: 256)] + run(7...17, from: 256)
                      + [Shown(frame: 18, start: 5888, duration: 256)]),
        VideoCase(name: "edit at rate 2", edits: [(500, 0, 0x20000)], shown: run(0...29, from: 0, duration: frame / 2)),
        VideoCase(name: "dwell edit (rate 0)", edits: [(300, 7680, 0)], shown: [Shown(frame: 15, start: 0, duration: 4608)]),
    ]

    static func file(_ base: String, _ name: String, edits: [EditEntry]) throws -> URL {
        let source = try ReaderMedia.file(base)
        let key = edits.map { "\($0.duration)_\($0.mediaTime)_\($0.rate)" }.joined(separator: "-")
        return try ReaderMedia.make("edits-\(key)-\(base)") { output in
            try EditListWriter.rewrite(source, trackIndex: 0,
                                       edits: edits.map { Edit(duration: $0.duration, mediaTime: $0.mediaTime, rate: $0.rate) },
                                       to: output)
        }
    }

    @Test("ffprobe reads the rewritten edit lists back (the test files are judged by a tool that is not ours)")
    func writerJudgedByFFprobe() throws {
        let expected: [(start: String, duration: String)] = [("0.000000", "0.500000"), ("0.500000", "1.000000"),
                                                             ("0.000000", "0.400000"), ("0.000000", "0.500000"),
                                                             ("0.000000", "0.300000")]
        for (test, (start, duration)) in zip(Self.videoCases, expected) {
            let url = try Self.file("h264-no-bframes.mp4", test.name, edits: test.edits)
            let probed = try ExternalTool.ffprobeJSON(["-show_streams", url.path])
            let stream = try #require((probed["streams"] as? [[String: Any]])?.first)
            #expect(stream["start_time"] as? String == start, "\(test.name)")
            #expect(stream["duration"] as? String == duration, "\(test.name)")
        }
    }

    @Test("decoded video shows the frames each segment overlaps, at their times on the track", arguments: videoCases)
    func video(_ test: VideoCase) throws {
        let url = try Self.file("h264-no-bframes.mp4", test.name, edits: test.edits)
        let source = try EngineHarness.source(url, kCMMediaType_Video)
        let settings = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar])
        let sessions = try source.sessions(.video(settings, VideoDecoderSession.Options()))
        let buffers = try EngineHarness.drain(VideoDecodeProducer(timeline: source.timeline, sessions: sessions, ranges: EngineHarness.everything))
        #expect(buffers.count == test.shown.count)
        let raw = try Oracles.rawPictures(try ReaderMedia.file("h264-no-bframes.mp4"), pixelFormat: "yuv420p")
        let size = 320 * 240 * 3 / 2
        for (buffer, expected) in zip(buffers, test.shown) {
            #expect(CMSampleBufferGetPresentationTimeStamp(buffer) == CMTime(value: expected.start, timescale: 15_360))
            #expect(CMSampleBufferGetDuration(buffer) == CMTime(value: expected.duration, timescale: 15_360))
            let image = try #require(CMSampleBufferGetImageBuffer(buffer))
            #expect(BufferBytes.same(BufferBytes.picture(image, bytesPerPixel: [1]),
                                     raw[(expected.frame * size)..<((expected.frame + 1) * size)]),
                    "frame \(expected.frame)")
        }
    }

    @Test("passthrough video is timed through the edits; samples only decoded are marked DoNotDisplay")
    func passthroughVideo() throws {
        let test = Self.videoCases[0]
        let url = try Self.file("h264-no-bframes.mp4", test.name, edits: test.edits)
        let source = try EngineHarness.source(url, kCMMediaType_Video)
        let buffers = try EngineHarness.drain(source.passthrough(ranges: EngineHarness.everything, copiesData: false))
        // Segment 1 decodes from sync sample 0 (frames 0…14, 0…5 hidden); segment 2 from sync sample 20 (20…26, 20 hidden).
        let times = buffers.map { BufferBytes.ticks(CMSampleBufferGetPresentationTimeStamp($0), 15_360) }
        let hidden = buffers.map { $0.sampleAttachments[0][.doNotDisplay] as? Bool ?? false }
        let first: [Int64] = (0...14).map { Int64($0 - 6) * Self.frame }
        let second: [Int64] = (20...26).map { 4608 + Int64($0 - 21) * Self.frame }
        #expect(times == first + second)
        let hiddenFirst: [Bool] = (0...14).map { $0 < 6 }
        let hiddenSecond: [Bool] = (20...26).map { $0 < 21 }
        #expect(hidden == hiddenFirst + hiddenSecond)
    }

    @Test("decoded audio is the samples each segment presents, cut exactly, an empty edit leaving a gap")
    func audio() throws {
        let full = try Oracles.decodedAudio(try ReaderMedia.file("pcm-s16le.mov"), format: "s16le")
            .withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        // Contiguous runs on the track: (track start frame, [(file frame, frame count)]).
        let scenarios: [([EditEntry], [(Int, [(Int, Int)])])] = [
            ([(300, 8820, 0x10000), (200, 30870, 0x10000)], [(0, [(8820, 13_230), (30870, 8820)])]),
            ([(500, -1, 0x10000), (1000, 0, 0x10000)], [(22_050, [(0, 44_100)])]),
        ]
        for (edits, pieces) in scenarios {
            let url = try Self.file("pcm-s16le.mov", "audio", edits: edits)
            let source = try EngineHarness.source(url, kCMMediaType_Audio)
            let settings = try AudioDecoderOutputSettings(outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM])
            let sessions = try source.sessions(.audio(settings))
            let buffers = try EngineHarness.drain(AudioDecodeProducer(timeline: source.timeline, sessions: sessions, ranges: EngineHarness.everything))
            // Regroup the output into contiguous runs: (start frame on the track, samples).
            var runs: [(start: Int64, samples: [Int16])] = []
            for buffer in buffers {
                let start = BufferBytes.ticks(CMSampleBufferGetPresentationTimeStamp(buffer), 44_100)
                let samples = BufferBytes.data(buffer).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
                if let last = runs.last, last.start + Int64(last.samples.count / 2) == start {
                    runs[runs.count - 1].samples += samples
                } else {
                    runs.append((start, samples))
                }
            }
            #expect(runs.count == pieces.count)
            for (run, piece) in zip(runs, pieces) {
                #expect(run.start == Int64(piece.0))
                let expected = piece.1.flatMap { full[(2 * $0.0)..<(2 * ($0.0 + $0.1))] }
                #expect(run.samples == expected)
            }
        }
    }
}
