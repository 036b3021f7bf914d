import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Sessions map the source timeline onto the movie's as Apple documents `startSession(atSourceTime:)` and
/// `endSession(atSourceTime:)`; the edit lists are judged by ffprobe's demuxer (its `-v trace` elst lines) and by
/// our AVAssetTrack.segments. Video is Motion JPEG at 10 fps (media timescale 600, decode = presentation times),
/// audio 16-bit PCM at 44.1 kHz (timescale 44100), movie timescale 600.
@Suite("AVAssetWriter sessions → edit lists")
struct WriterSessionTests {
    /// Writes video frames at the given source times (0.1 s each) and audio from `audioStart` for `audioSeconds`,
    /// driving sessions with `sessions` (called after startWriting, between appends by time).
    static func write(videoTimes: [Double], audioStart: Double? = nil, audioSeconds: Double = 0,
                      sessions: (AVAssetWriter, Double) -> Void, finish: (AVAssetWriter) -> Void = { _ in })
        async throws -> (URL, TemporaryDirectory) {
        let directory = try TestFiles.makeTemporaryDirectory("sessions")
        let url = directory.file("sessions.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let video = AVAssetWriterInput(mediaType: .video, outputSettings: [AVVideoCodecKey: AVVideoCodecType.jpeg,
                                                                          AVVideoWidthKey: 64, AVVideoHeightKey: 48])
        writer.add(video)
        var inputs = [video]
        if audioStart != nil {
            let audio = AVAssetWriterInput(mediaType: .audio, outputSettings: [
                AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 1,
                AVLinearPCMBitDepthKey: 16, AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false,
                AVLinearPCMIsNonInterleaved: false])
            writer.add(audio)
            inputs.append(audio)
        }
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        sessions(writer, -.infinity)
        var frame = 0
        var audioFrame = 0
        let audioTotal = Int(audioSeconds * 44_100)
        WriterMedia.feed(inputs) { index in
            if index == 0 {
                guard frame < videoTimes.count else { return nil }
                let time = videoTimes[frame]
                sessions(writer, time)
                defer { frame += 1 }
                return WriterMedia.imageSample(WriterMedia.pixelBuffer(width: 64, height: 48, frame: frame),
                                               at: CMTime(value: CMTimeValue((time * 10).rounded()), timescale: 10),
                                               duration: CMTime(value: 1, timescale: 10))
            }
            guard audioFrame < audioTotal, let start = audioStart else { return nil }
            let count = min(4410, audioTotal - audioFrame)
            defer { audioFrame += count }
            return WriterMedia.tone(frames: count, start: audioFrame, channels: 1,
                                    offset: CMTime(value: CMTimeValue((start * 10).rounded()), timescale: 10))
        }
        finish(writer)
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        return (url, directory)
    }

    /// ffprobe's edit lists and ours, as (duration in the movie timescale, media time).
    static func edits(_ url: URL) async throws -> (ffprobe: [[(duration: Int64, time: Int64)]], segments: [[AVAssetTrackSegment]]) {
        let asset = AVURLAsset(url: url)
        var segments: [[AVAssetTrackSegment]] = []
        for track in try await asset.load(.tracks) { segments.append(try await track.load(.segments)) }
        return (try WriterProbe(url: url).editLists(), segments)
    }

    @Test("a track starting after the session start gets an empty edit first")
    func delayedTrack() async throws {
        let times = (0..<10).map { Double($0) / 10 }
        let (url, directory) = try await Self.write(videoTimes: times, audioStart: 0.5, audioSeconds: 0.5,
                                                    sessions: { writer, time in if time == -.infinity { writer.startSession(atSourceTime: .zero) } })
        _ = directory
        let (probe, segments) = try await Self.edits(url)
        try #require(probe.count == 2)
        #expect(probe[0].map(\.duration) == [600] && probe[0].map(\.time) == [0], "video: \(probe[0])")
        #expect(probe[1].map(\.duration) == [300, 300] && probe[1].map(\.time) == [-1, 0], "audio: \(probe[1])")
        #expect(segments[1].count == 2 && segments[1][0].isEmpty && !segments[1][1].isEmpty)
        #expect(segments[1][1].timeMapping.target.start == CMTime(value: 300, timescale: 600))
        #expect(try WriterProbe(url: url).decodeErrors() == "")
    }

    @Test("samples before the session start stay in the media but are edited out")
    func samplesBeforeStart() async throws {
        let times = (0..<15).map { Double($0) / 10 }
        let (url, directory) = try await Self.write(videoTimes: times, sessions: { writer, time in
            if time == -.infinity { writer.startSession(atSourceTime: CMTime(value: 1, timescale: 2)) }
        })
        _ = directory
        let (probe, segments) = try await Self.edits(url)
        #expect(probe.first?.map(\.duration) == [600] && probe.first?.map(\.time) == [300], "\(probe)")
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == 10, "ffmpeg presents only the frames inside the session")
        #expect(segments[0].count == 1 && segments[0][0].timeMapping.source.start == CMTime(value: 300, timescale: 600))
        #expect(try WriterProbe(url: url).packets(stream: 0, ignoringEditList: true).count == 15, "all 15 samples are in the media")
    }

    @Test("two sessions are laid out back to back in movie time; samples between them are edited out")
    func twoSessions() async throws {
        let times = (0..<30).map { Double($0) / 10 }
        let (url, directory) = try await Self.write(videoTimes: times, sessions: { writer, time in
            if time == -.infinity { writer.startSession(atSourceTime: .zero) }
            if time == 1.0 { writer.endSession(atSourceTime: CMTime(value: 1, timescale: 1)) }
            if time == 2.0 { writer.startSession(atSourceTime: CMTime(value: 2, timescale: 1)) }
        }, finish: { $0.endSession(atSourceTime: CMTime(value: 3, timescale: 1)) })
        _ = directory
        let (probe, segments) = try await Self.edits(url)
        #expect(probe.first?.map(\.duration) == [600, 600] && probe.first?.map(\.time) == [0, 1200], "\(probe)")
        #expect(segments[0].count == 2)
        #expect(segments[0][1].timeMapping.target == CMTimeRange(start: CMTime(value: 600, timescale: 600), duration: CMTime(value: 600, timescale: 600)))
        #expect(segments[0][1].timeMapping.source.start == CMTime(value: 1200, timescale: 600))
        let asset = AVURLAsset(url: url)
        #expect(try await asset.load(.duration) == CMTime(value: 1200, timescale: 600))
    }

    @Test("an empty session makes an empty edit of its duration")
    func emptySession() async throws {
        let times = (0..<10).map { Double($0) / 10 }
        let (url, directory) = try await Self.write(videoTimes: times, sessions: { writer, time in
            if time == -.infinity { writer.startSession(atSourceTime: .zero) }
        }, finish: { writer in
            writer.endSession(atSourceTime: CMTime(value: 1, timescale: 1))
            writer.startSession(atSourceTime: CMTime(value: 5, timescale: 1))
            writer.endSession(atSourceTime: CMTime(value: 7, timescale: 1))
        })
        _ = directory
        let (probe, segments) = try await Self.edits(url)
        #expect(probe.first?.map(\.duration) == [600, 1200] && probe.first?.map(\.time) == [0, -1], "\(probe)")
        #expect(segments[0].count == 2 && segments[0][1].isEmpty)
        #expect(try await AVURLAsset(url: url).load(.duration) == CMTime(value: 1800, timescale: 600))
    }
}
