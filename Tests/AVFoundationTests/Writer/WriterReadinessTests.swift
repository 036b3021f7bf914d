import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Readiness: back-pressure without deadlock, real-time mode, callers that ignore readiness, and what a loop sees
/// after a failure.
@Suite("AVAssetWriterInput readiness")
struct WriterReadinessTests {
    static let jpeg: @Sendable () -> [String: Any] = { [AVVideoCodecKey: AVVideoCodecType.jpeg, AVVideoWidthKey: 64, AVVideoHeightKey: 48] }
    static let pcm: @Sendable () -> [String: Any] = {
        [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2, AVLinearPCMBitDepthKey: 16,
         AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false, AVLinearPCMIsNonInterleaved: false]
    }

    @Test("a caller that appends without looking at readiness still gets a complete, interleaved file")
    func ignoringReadiness() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("ignore")
        let url = directory.file("ignore.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let video = AVAssetWriterInput(mediaType: .video, outputSettings: Self.jpeg())
        let audio = AVAssetWriterInput(mediaType: .audio, outputSettings: Self.pcm())
        writer.add(video)
        writer.add(audio)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        // All video first, then all audio: the worst order for interleaving, and never a readiness check.
        for frame in 0..<150 {
            #expect(video.append(WriterMedia.imageSample(WriterMedia.pixelBuffer(width: 64, height: 48, frame: frame),
                                                         at: CMTime(value: CMTimeValue(frame), timescale: 30),
                                                         duration: CMTime(value: 1, timescale: 30))))
        }
        video.markAsFinished()
        for block in 0..<50 { #expect(audio.append(WriterMedia.tone(frames: 4410, start: block * 4410))) }
        audio.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == 150)
        #expect(try WriterProbe(url: url).decodeErrors() == "")
    }

    @Test("before every input has a sample, an input stops being ready after about a second of samples")
    func stagingBoundBySeconds() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("staging")
        let url = directory.file("staging.mov")
        let (writer, first, second) = try WriterMedia.twoAudioInputs(writingTo: url)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        // Passthrough PCM of 0.1 s a buffer (17.6 KB): far below the 4 MiB byte bound, so only the time bound can
        // turn the input not ready. The output's tracks are made once the second input has a sample too.
        var appended = 0
        while first.isReadyForMoreMediaData, appended < 100 {
            #expect(first.append(WriterMedia.tone(frames: 4410, start: appended * 4410)))
            appended += 1
        }
        #expect((10...12).contains(appended), "staged \(appended) buffers of 0.1 s before reporting not ready")
        // Once the second input has samples the tracks exist, and the muxer's interleaving takes over: the first
        // track, ahead, waits until the second has caught up with it.
        var secondAppended = 0
        while !first.isReadyForMoreMediaData, secondAppended < 30 {
            #expect(second.isReadyForMoreMediaData)
            #expect(second.append(WriterMedia.tone(frames: 4410, start: secondAppended * 4410)))
            secondAppended += 1
        }
        #expect(first.isReadyForMoreMediaData)
        #expect((1...appended).contains(secondAppended), "\(secondAppended) buffers to catch up with \(appended)")
        first.markAsFinished()
        second.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let durations = try WriterProbe(url: url).streams().map { $0["duration"] as? String }
        #expect(durations == [String(format: "%.6f", Double(appended) / 10),
                              String(format: "%.6f", Double(secondAppended) / 10)])
    }

    @Test("in real-time mode an input stays ready while its encoder keeps up")
    func realTime() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("realtime")
        let writer = try AVAssetWriter(outputURL: directory.file("live.mov"), fileType: .mov)
        let video = AVAssetWriterInput(mediaType: .video, outputSettings: Self.jpeg())
        video.expectsMediaDataInRealTime = true
        let audio = AVAssetWriterInput(mediaType: .audio, outputSettings: Self.pcm())
        audio.expectsMediaDataInRealTime = true
        writer.add(video)
        writer.add(audio)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        var notReady = 0
        for frame in 0..<30 {
            // A capture callback: one frame and its audio every 10 ms (a third of real time).
            if !video.isReadyForMoreMediaData { notReady += 1 }
            _ = video.append(WriterMedia.imageSample(WriterMedia.pixelBuffer(width: 64, height: 48, frame: frame),
                                                     at: CMTime(value: CMTimeValue(frame), timescale: 30), duration: CMTime(value: 1, timescale: 30)))
            if !audio.isReadyForMoreMediaData { notReady += 1 }
            _ = audio.append(WriterMedia.tone(frames: 1470, start: frame * 1470))
            usleep(10_000)
        }
        #expect(notReady == 0, "real-time inputs reported not ready \(notReady) times")
        await writer.finishWriting()
        #expect(writer.status == .completed)
    }

    @Test("after the writer fails, a request block runs once more and sees append fail")
    func failureReachesRequestBlocks() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("failblock")
        let url = directory.file("fail.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let video = AVAssetWriterInput(mediaType: .video, outputSettings: Self.jpeg())
        writer.add(video)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        final class State: @unchecked Sendable { var frame = 0; var sawFailure = false }
        let state = State()
        let done = DispatchSemaphore(value: 0)
        video.requestMediaDataWhenReady(on: DispatchQueue(label: "fail")) {
            while video.isReadyForMoreMediaData {
                // Frame 5 goes back in time: the writer fails; the loop must find out from append.
                let time = state.frame == 5 ? 0 : state.frame
                let ok = video.append(WriterMedia.imageSample(WriterMedia.pixelBuffer(width: 64, height: 48, frame: state.frame),
                                                              at: CMTime(value: CMTimeValue(time), timescale: 30)))
                state.frame += 1
                if !ok {
                    state.sawFailure = true
                    video.markAsFinished()
                    done.signal()
                    return
                }
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "the block learned of the failure instead of waiting forever")
        #expect(state.sawFailure)
        await writer.finishWriting()
        #expect(writer.status == .failed)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
