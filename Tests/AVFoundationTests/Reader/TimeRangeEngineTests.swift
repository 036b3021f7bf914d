import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import Testing
@testable import AVFoundation

/// Reading parts of the asset timeline (AVAssetReader.timeRange, reset(forReadingTimeRanges:)) on H.264 with
/// B-frames and AAC with priming, judged against ffprobe's frame list and ffmpeg's decode.
@Suite("Time ranges")
struct TimeRangeEngineTests {
    static let file = "h264-bframes-aac-no-pns.mp4"

    /// Ranges in 1/600 s: on frame boundaries, inside frames, tiny, to the end.
    static let ranges: [(Int64, Int64)] = [(300, 120), (619, 301), (0, 7), (1185, 10_000), (20, 20)]

    static func range(_ value: (Int64, Int64)) -> CMTimeRange {
        CMTimeRange(start: CMTime(value: value.0, timescale: 600), duration: CMTime(value: value.1, timescale: 600))
    }

    @Test("decoded video is exactly the frames overlapping the range", arguments: ranges.indices)
    func decodedVideo(_ which: Int) throws {
        let range = Self.range(Self.ranges[which])
        let url = try ReaderMedia.file(Self.file)
        let source = try EngineHarness.source(url, kCMMediaType_Video)
        let settings = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar])
        let sessions = try source.sessions(.video(settings, VideoDecoderSession.Options()))
        let buffers = try EngineHarness.drain(VideoDecodeProducer(timeline: source.timeline, sessions: sessions, ranges: [range]))
        let scale = try Oracles.timescale(url, stream: "v:0")
        let frames = try Oracles.frames(url, stream: "v:0")
        let start = BufferBytes.ticks(range.start, scale), end = BufferBytes.ticks(range.end, scale)
        let expected = frames.filter { $0.pts < end && $0.pts + $0.duration > start }.map(\.pts)
        #expect(!expected.isEmpty)
        #expect(buffers.map { BufferBytes.ticks(CMSampleBufferGetPresentationTimeStamp($0), scale) } == expected)
        // The pictures are ffmpeg's pictures at those times.
        let raw = try Oracles.rawPictures(url, pixelFormat: "yuv420p")
        let pictureBytes = 320 * 240 * 3 / 2
        for buffer in buffers {
            let pts = BufferBytes.ticks(CMSampleBufferGetPresentationTimeStamp(buffer), scale)
            let index = try #require(frames.firstIndex { $0.pts == pts })
            let image = try #require(CMSampleBufferGetImageBuffer(buffer))
            #expect(BufferBytes.same(BufferBytes.picture(image, bytesPerPixel: [1]),
                                     raw[(index * pictureBytes)..<((index + 1) * pictureBytes)]))
        }
    }

    @Test("decoded audio is exactly duration × rate samples, starting at the range's first sample", arguments: ranges.indices)
    func decodedAudio(_ which: Int) throws {
        let range = Self.range(Self.ranges[which])
        let url = try ReaderMedia.file(Self.file)
        let source = try EngineHarness.source(url, kCMMediaType_Audio)
        let settings = try AudioDecoderOutputSettings(outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM])
        let sessions = try source.sessions(.audio(settings))
        let buffers = try EngineHarness.drain(AudioDecodeProducer(timeline: source.timeline, sessions: sessions, ranges: [range]))
        let presented = try Oracles.durationTicks(url, stream: "a:0")
        let first = Int(BufferBytes.ticks(range.start, 44_100))
        let last = min(presented, Int(BufferBytes.ticks(range.end, 44_100)))
        var ours: [Int16] = []
        for buffer in buffers { ours += BufferBytes.data(buffer).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) } }
        #expect(ours.count == 2 * (last - first), "\(ours.count / 2) frames for \(last - first)")
        #expect(buffers.first.map { CMSampleBufferGetPresentationTimeStamp($0) } == CMTime(value: Int64(first), timescale: 44_100))
        let decoded = try Oracles.decodedAudio(url, format: "s16le").withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let theirs = decoded[(2 * first)..<(2 * last)]
        var worst = 0
        for (a, b) in zip(ours, theirs) { worst = max(worst, abs(Int(a) - Int(b))) }
        // The range starts mid-stream: the pre-roll packet makes the first sample decode as in a full decode (the
        // same FFmpeg decoder; only float→integer rounding may differ).
        #expect(worst <= 1, "largest difference \(worst)")
    }

    @Test("passthrough starts at the sync sample before the range and marks what lies outside", arguments: ranges.indices)
    func passthrough(_ which: Int) throws {
        let range = Self.range(Self.ranges[which])
        let url = try ReaderMedia.file(Self.file)
        let video = try EngineHarness.source(url, kCMMediaType_Video)
        let videoBuffers = try EngineHarness.drain(video.passthrough(ranges: [range], copiesData: false))
        let first = try #require(videoBuffers.first)
        #expect(first.sampleAttachments[0][.notSync] == nil, "the first sample is a sync sample")
        // Shown samples (not DoNotDisplay) are exactly the frames overlapping the range.
        let scale = try Oracles.timescale(url, stream: "v:0")
        let frames = try Oracles.frames(url, stream: "v:0")
        let start = BufferBytes.ticks(range.start, scale), end = BufferBytes.ticks(range.end, scale)
        let expected = frames.filter { $0.pts < end && $0.pts + $0.duration > start }.map(\.pts)
        let shown = videoBuffers.filter { $0.sampleAttachments[0][.doNotDisplay] == nil }
            .map { BufferBytes.ticks(CMSampleBufferGetPresentationTimeStamp($0), scale) }.sorted()
        #expect(shown == expected)

        let audio = try EngineHarness.source(url, kCMMediaType_Audio)
        let audioBuffers = try EngineHarness.drain(audio.passthrough(ranges: [range], copiesData: false))
        var kept = CMTime.zero
        var firstOutput: CMTime?
        for buffer in audioBuffers {
            func trim(_ key: String) -> CMTime {
                let value = CMGetAttachment(buffer, key: key as CFString, attachmentModeOut: nil) as? CFDictionary
                return value.map { CMTimeMakeFromDictionary($0) } ?? .zero
            }
            let duration = CMSampleBufferGetDuration(buffer)
            let start = trim(kCMSampleBufferAttachmentKey_TrimDurationAtStart as String)
            let keptHere = duration - start - trim(kCMSampleBufferAttachmentKey_TrimDurationAtEnd as String)
            if keptHere > .zero, firstOutput == nil { firstOutput = CMSampleBufferGetOutputPresentationTimeStamp(buffer) }
            kept = kept + keptHere
        }
        let presentedEnd = CMTime(value: Int64(try Oracles.durationTicks(url, stream: "a:0")), timescale: 44_100)
        let expectedKept = min(range.end, presentedEnd) - range.start
        #expect(kept == expectedKept, "untrimmed audio \(kept.seconds) s for \(expectedKept.seconds) s")
        #expect(firstOutput == range.start)
    }
}
