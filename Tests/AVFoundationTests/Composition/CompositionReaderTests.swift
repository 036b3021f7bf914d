import CoreMedia
import CoreVideo
import Foundation
import MediaCodecs
import Testing
import TestSupport
@testable import AVFoundation

/// An asset reader reads a composition as it reads a file: times continue across the joins, audio is exact to the
/// sample (each clip's priming and padding cut), gaps present nothing (video) or silence (the audio mix), and the
/// decoders of a clip are opened when its first segment is reached and closed after its last. Judged by ffmpeg's
/// decodes of each clip alone.
@Suite("Reading compositions")
struct CompositionReaderTests {
    static let tones = ["tone-440hz-0.5s.m4a", "tone-660hz-0.7s.m4a", "tone-880hz-1s.m4a"]
    static let clips = ["clip-a-testsrc2-1s.mp4", "clip-b-testsrc-0.5s.mp4"]

    @Test("three tone clips concatenated decode to exactly their samples, as ffmpeg decodes each, timed end to end")
    func audioSampleExact() throws {
        let composition = try CompositionMedia.concatenation(Self.tones)
        #expect(composition.tracks.count == 1, "each clip went into the one compatible audio track")
        let track = try #require(composition.tracks(withMediaType: .audio).first)
        #expect(track.segments.count == 3)
        #expect(composition.duration == CMTime(value: 22_050 + 30_870 + 44_100, timescale: 44_100))
        let buffers = try CompositionMedia.read(composition, AVAssetReaderTrackOutput(track: track,
                                                                                      outputSettings: CompositionMedia.float32))
        var expectedStart = CMTime.zero
        for buffer in buffers {
            #expect(CMSampleBufferGetPresentationTimeStamp(buffer) == expectedStart, "no gap and no overlap")
            expectedStart = expectedStart + CMTime(value: Int64(CMSampleBufferGetNumSamples(buffer)), timescale: 44_100)
        }
        let ours = CompositionMedia.floats(buffers)
        var theirs: [Float] = []
        for name in Self.tones {
            // FFmpeg 5.1 applies the edit list's start (the priming) but outputs the last packet whole: its samples
            // are cut to the stream's duration as ffprobe reads it from the edit list.
            let url = try CompositionMedia.url(name)
            let data = try Oracles.decodedAudio(url, format: "f32le")
            let length = try Oracles.durationTicks(url, stream: "a:0")
            theirs += data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)).prefix(length) }
        }
        #expect(ours.count == 22_050 + 30_870 + 44_100, "the sum of the clips' sample counts")
        #expect(ours.count == theirs.count)
        let worst = zip(ours, theirs).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-6, "largest difference from ffmpeg's decode of each clip: \(worst)")
    }

    @Test("two movies concatenated: decoded pictures are each clip's, in order, timed without gap or overlap")
    func videoConcatenation() throws {
        let composition = try CompositionMedia.concatenation(Self.clips)
        let video = try #require(composition.tracks(withMediaType: .video).first)
        #expect(composition.tracks(withMediaType: .audio).count == 1)
        let output = AVAssetReaderTrackOutput(track: video, outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar])
        let buffers = try CompositionMedia.read(composition, output)
        #expect(buffers.count == 30 + 15)
        var expectedStart = CMTime.zero
        for buffer in buffers {
            #expect(CMSampleBufferGetPresentationTimeStamp(buffer) == expectedStart)
            expectedStart = CMSampleBufferGetPresentationTimeStamp(buffer) + CMSampleBufferGetDuration(buffer)
        }
        #expect(expectedStart == CMTime(value: 3, timescale: 2))
        var expected = Data()
        for name in Self.clips { expected += try Oracles.rawPictures(try CompositionMedia.url(name), pixelFormat: "yuv420p") }
        var offset = 0
        for (index, buffer) in buffers.enumerated() {
            let image = try #require(CMSampleBufferGetImageBuffer(buffer))
            let ours = BufferBytes.picture(image, bytesPerPixel: [1])
            let theirs = expected.count >= offset + ours.count ? expected[offset..<(offset + ours.count)] : Data()
            #expect(BufferBytes.same(ours, theirs), "picture \(index) is not ffmpeg's picture of its clip")
            offset += ours.count
        }
        #expect(offset == expected.count)
    }

    @Test("passthrough: the shown samples' presentation times continue across the join; each clip starts at a sync sample")
    func passthroughAcrossJoins() throws {
        let composition = try CompositionMedia.concatenation(Self.clips)
        let video = try #require(composition.tracks(withMediaType: .video).first)
        let buffers = try CompositionMedia.read(composition, AVAssetReaderTrackOutput(track: video, outputSettings: nil))
        let shown = buffers.filter { $0.sampleAttachments[0][.doNotDisplay] == nil }
        let times = shown.map { CMSampleBufferGetPresentationTimeStamp($0) }.sorted()
        #expect(times.count == 45)
        for (index, time) in times.enumerated() {
            #expect(time == CMTime(value: Int64(index), timescale: 30), "shown sample \(index) at \(time.seconds) s")
        }
        // The second clip's first sample in decode order is a sync sample.
        let firstOfB = try #require(buffers.firstIndex { CMSampleBufferGetPresentationTimeStamp($0) >= CMTime(value: 1, timescale: 1) })
        let start = buffers[..<firstOfB].lastIndex { $0.sampleAttachments[0][.notSync] == nil } ?? 0
        #expect(start > 0, "clip B starts from its own sync sample")
    }

    @Test("an empty range between clips: no pictures there, and silence in the audio mix, contiguous")
    func emptyRange() throws {
        let composition = try CompositionMedia.concatenation([Self.clips[0]])
        composition.insertEmptyTimeRange(CMTimeRange(start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 1, timescale: 2)))
        let b = AVURLAsset(url: try CompositionMedia.url(Self.clips[1]))
        try composition.insertTimeRange(CMTimeRange(start: .zero, duration: b.duration), of: b, at: CMTime(value: 3, timescale: 2))
        #expect(composition.duration == CMTime(value: 2, timescale: 1))
        let video = try #require(composition.tracks(withMediaType: .video).first)
        #expect(video.segments.map(\.isEmpty) == [false, true, false])
        let pictures = try CompositionMedia.read(composition, AVAssetReaderTrackOutput(track: video, outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar]))
        let times = pictures.map { CMSampleBufferGetPresentationTimeStamp($0).seconds }
        #expect(pictures.count == 45)
        #expect(!times.contains { $0 >= 1 && $0 < 1.5 })
        let mix = AVAssetReaderAudioMixOutput(audioTracks: composition.tracks(withMediaType: .audio),
                                              audioSettings: CompositionMedia.float32)
        let audio = try CompositionMedia.read(composition, mix)
        let samples = CompositionMedia.floats(audio)
        #expect(samples.count == 2 * 44_100, "two seconds of mix, the gap included")
        let gap = samples[(44_100 + 441)..<(44_100 + 22_050 - 441)]
        #expect(gap.allSatisfy { $0 == 0 }, "silence where no track presents audio")
        #expect(samples[1000..<2000].contains { abs($0) > 0.1 }, "the tone before the gap")
        #expect(samples[(3 * 22_050 + 1000)..<(3 * 22_050 + 2000)].contains { abs($0) > 0.1 }, "the tone after it")
    }

    @Test("decoders open when a clip's first segment is reached and close after its last: 12 clips, at most 2 at once")
    func decodersFollowTheRead() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        for index in 0..<12 {
            // Twelve files, so twelve sources: copies of one clip under different names.
            let copy = directory.file("clip-\(index).mp4")
            try FileManager.default.copyItem(at: try CompositionMedia.url(Self.clips[1]), to: copy)
            let asset = AVURLAsset(url: copy)
            let source = try #require(asset.tracks(withMediaType: .video).first)
            try track.insertTimeRange(source.timeRange, of: source, at: track.timeRange.end)
        }
        #expect(track.compositionState.sources.count == 12)
        let settings = try VideoDecoderOutputSettings(outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar])
        let sessions = DecoderSessions(backing: track.backing, trackID: track.trackID,
                                       kind: .video(settings, VideoDecoderSession.Options()))
        try sessions.validate()
        #expect(sessions.openCount == 0, "validation opens no decoder of a composition")
        let producer = VideoDecodeProducer(timeline: track.timeline, sessions: sessions, ranges: EngineHarness.everything)
        var pictures = 0, most = 0
        while let batch = try producer.next() {
            pictures += batch.count
            most = max(most, sessions.openCount)
        }
        #expect(pictures == 12 * 15)
        #expect(most >= 1 && most <= 2, "\(most) decoders open at once")
        #expect(sessions.openCount == 0, "every decoder closed after the last segment")
    }

    @Test("a source file removed before reading fails the read with an error naming the file and the time")
    func missingSource() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let copy = directory.file("vanishing.mp4")
        try FileManager.default.copyItem(at: try CompositionMedia.url(Self.clips[1]), to: copy)
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 1))
        let range = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2))
        track.segments = [
            AVCompositionTrackSegment(timeRange: range),
            AVCompositionTrackSegment(url: copy, trackID: 1, sourceTimeRange: range,
                                      targetTimeRange: CMTimeRange(start: range.end, duration: range.duration)),
        ]
        try FileManager.default.removeItem(at: copy)
        let reader = try AVAssetReader(asset: composition)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        reader.add(output)
        #expect(reader.startReading())
        while output.copyNextSampleBuffer() != nil {}
        #expect(reader.status == .failed)
        let message = reader.error.map { ($0 as NSError).localizedDescription } ?? ""
        #expect(message.contains("vanishing.mp4"), "\(message)")
        #expect(message.contains("0.500000"), "the time of the segment: \(message)")
    }
}
