import AVFoundation
import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// AVAssetReader's life cycle, as AVAssetReader.h and AVAssetReaderOutput.h describe it.
@Suite("AVAssetReader behaviour")
struct ReaderBehaviourTests {
    static func asset(_ name: String = "h264-bframes-aac-no-pns.mp4") throws -> AVURLAsset {
        AVURLAsset(url: try ReaderMedia.file(name))
    }

    static var bgra: [String: Any] { [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA] }
    static var pcm: [String: Any] { [AVFormatIDKey: kAudioFormatLinearPCM] }

    /// Reads `output` to its end; returns the buffers' count.
    static func drain(_ output: AVAssetReaderOutput) -> Int {
        var count = 0
        while output.copyNextSampleBuffer() != nil { count += 1 }
        return count
    }

    @Test("status goes unknown → reading → completed once every output has handed out its last buffer")
    func completes() async throws {
        let asset = try Self.asset()
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let audio = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let videoOutput = AVAssetReaderTrackOutput(track: video, outputSettings: nil)
        let audioOutput = AVAssetReaderTrackOutput(track: audio, outputSettings: Self.pcm)
        #expect(reader.status == .unknown)
        #expect(reader.timeRange == CMTimeRange(start: .zero, duration: .positiveInfinity))
        reader.add(videoOutput)
        reader.add(audioOutput)
        #expect(reader.outputs.count == 2)
        #expect(videoOutput.mediaType == .video && audioOutput.mediaType == .audio)
        #expect(videoOutput.alwaysCopiesSampleData && !videoOutput.supportsRandomAccess)
        #expect(reader.startReading())
        #expect(reader.status == .reading)
        #expect(Self.drain(videoOutput) == 60)
        #expect(reader.status == .reading, "the audio output has not handed out its end yet")
        #expect(Self.drain(audioOutput) > 0)
        #expect(reader.status == .completed)
        #expect(reader.error == nil)
        #expect(videoOutput.copyNextSampleBuffer() == nil)
        #expect(!reader.startReading(), "a reader is used once")
    }

    @Test("outputs read concurrently from different threads each get all their buffers")
    func concurrentOutputs() async throws {
        let asset = try Self.asset()
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let audio = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let outputs = [AVAssetReaderTrackOutput(track: video, outputSettings: Self.bgra),
                       AVAssetReaderTrackOutput(track: video, outputSettings: nil),
                       AVAssetReaderTrackOutput(track: audio, outputSettings: Self.pcm),
                       AVAssetReaderTrackOutput(track: audio, outputSettings: nil)]
        for output in outputs { reader.add(output) }
        #expect(reader.startReading())
        let counts = await withTaskGroup(of: (Int, Int).self) { group in
            for (index, output) in outputs.enumerated() {
                group.addTask { (index, Self.drain(output)) }
            }
            var counts = [Int](repeating: 0, count: outputs.count)
            for await (index, count) in group { counts[index] = count }
            return counts
        }
        #expect(counts[0] == 60 && counts[1] == 60)
        #expect(counts[2] > 0 && counts[3] > 0)
        #expect(reader.status == .completed)
    }

    @Test("an output of stored samples nobody reads stops at its own, looser bound: 256 buffers, not 16")
    func storedSampleBound() async throws {
        let asset = try Self.asset("h264-400-video-frames-aac.mp4")
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let audio = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let videoOutput = AVAssetReaderTrackOutput(track: video, outputSettings: nil)
        let audioOutput = AVAssetReaderTrackOutput(track: audio, outputSettings: Self.pcm)
        reader.add(videoOutput)
        reader.add(audioOutput)
        #expect(reader.startReading())
        #expect(Self.drain(audioOutput) > 0)
        // The video worker runs on its own until its queue is full; wait for that as long as a loaded machine needs,
        // then a little longer: it must have parked at the bound, not gone on.
        let videoWorker = try #require(reader.core.worker(slot: 0))
        let bound = ReadingLimits.storedSampleReadAheadBuffers
        let deadline = Date(timeIntervalSinceNow: 60)
        while videoWorker.readAhead.buffers < bound && Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(bound > ReadingLimits.readAheadBuffers)
        #expect(videoWorker.readAhead.buffers == bound)
        #expect(videoWorker.readAhead.bytes <= ReadingLimits.storedSampleReadAheadBytes)
        // Everything read ahead is still handed out, in order, and then the rest.
        #expect(Self.drain(videoOutput) == 400)
        #expect(reader.status == .completed)
    }

    @Test("an output nobody reads does not stall the others; cancelReading stops every worker")
    func unreadOutput() async throws {
        let asset = try Self.asset()
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let audio = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let videoOutput = AVAssetReaderTrackOutput(track: video, outputSettings: Self.bgra)
        let audioOutput = AVAssetReaderTrackOutput(track: audio, outputSettings: Self.pcm)
        reader.add(videoOutput)
        reader.add(audioOutput)
        #expect(reader.startReading())
        // Only the audio is read, to its end; the video output is never read.
        var frames = 0
        while let buffer = audioOutput.copyNextSampleBuffer() { frames += CMSampleBufferGetNumSamples(buffer) }
        #expect(frames == 88_200)
        #expect(reader.status == .reading, "the unread video output has not handed out its last buffer")
        // The video worker stopped at its bound, holding no more than it allows.
        let videoWorker = try #require(reader.core.worker(slot: 0))
        #expect(videoWorker.readAhead.buffers <= ReadingLimits.readAheadBuffers + 1)
        reader.cancelReading()
        #expect(reader.status == .cancelled)
        #expect(videoOutput.copyNextSampleBuffer() == nil)
        #expect(videoWorker.waitUntilStopped(timeout: 60), "the worker thread exits after cancelReading")
        #expect(videoWorker.readAhead.buffers == 0, "what was read ahead is released")
    }

    @Test("cancelReading while decoding stops at once: no more buffers, workers exit")
    func cancelWhileReading() async throws {
        let asset = try Self.asset()
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: video, outputSettings: Self.bgra)
        reader.add(output)
        #expect(reader.startReading())
        #expect(output.copyNextSampleBuffer() != nil)
        reader.cancelReading()
        #expect(output.copyNextSampleBuffer() == nil)
        #expect(reader.status == .cancelled && reader.error == nil)
        let worker = try #require(reader.core.worker(slot: 0))
        #expect(worker.waitUntilStopped(timeout: 60))
    }

    @Test("timeRange is cut to the asset's duration; an empty range completes at once")
    func timeRange() async throws {
        let asset = try Self.asset()
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        reader.timeRange = CMTimeRange(start: CMTime(value: 1, timescale: 1), duration: .positiveInfinity)
        let output = AVAssetReaderTrackOutput(track: video, outputSettings: Self.bgra)
        reader.add(output)
        #expect(reader.startReading())
        var times: [CMTime] = []
        while let buffer = output.copyNextSampleBuffer() { times.append(CMSampleBufferGetPresentationTimeStamp(buffer)) }
        #expect(times.count == 30)
        #expect(times.first == CMTime(value: 1, timescale: 1))
        #expect(reader.status == .completed)

        let late = try AVAssetReader(asset: asset)
        late.timeRange = CMTimeRange(start: CMTime(value: 10, timescale: 1), duration: CMTime(value: 1, timescale: 1))
        let lateOutput = AVAssetReaderTrackOutput(track: video, outputSettings: nil)
        late.add(lateOutput)
        #expect(late.startReading())
        #expect(lateOutput.copyNextSampleBuffer() == nil)
        #expect(late.status == .completed)
    }

    @Test("reset(forReadingTimeRanges:) reads new ranges; the reader completes after markConfigurationAsFinal")
    func randomAccess() async throws {
        let asset = try Self.asset()
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        reader.timeRange = CMTimeRange(start: .zero, duration: CMTime(value: 10, timescale: 30))
        let output = AVAssetReaderTrackOutput(track: video, outputSettings: Self.bgra)
        output.supportsRandomAccess = true
        reader.add(output)
        #expect(reader.startReading())
        #expect(Self.drain(output) == 10)
        #expect(reader.status == .reading, "a random-access output keeps the reader reading until marked final")
        let ranges = [CMTimeRange(start: CMTime(value: 20, timescale: 30), duration: CMTime(value: 3, timescale: 30)),
                      CMTimeRange(start: CMTime(value: 40, timescale: 30), duration: CMTime(value: 2, timescale: 30))]
        output.reset(forReadingTimeRanges: ranges.map { NSValue(timeRange: $0) })
        var times: [CMTime] = []
        while let buffer = output.copyNextSampleBuffer() { times.append(CMSampleBufferGetPresentationTimeStamp(buffer)) }
        #expect(times == [20, 21, 22, 40, 41].map { CMTime(value: $0, timescale: 30) })
        #expect(reader.status == .reading)
        output.markConfigurationAsFinal()
        #expect(reader.status == .completed)
    }

    @Test("reset(forReadingTimeRanges:) with overlapping ranges, or before the end, fails the reader instead of trapping")
    func randomAccessMisuse() async throws {
        let asset = try Self.asset()
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        for overlapping in [true, false] {
            let reader = try AVAssetReader(asset: asset)
            let output = AVAssetReaderTrackOutput(track: video, outputSettings: nil)
            output.supportsRandomAccess = true
            reader.add(output)
            #expect(reader.startReading())
            let ranges: [CMTimeRange]
            if overlapping {
                _ = Self.drain(output)
                ranges = [CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)),
                          CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 1))]
            } else {
                ranges = [CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1))]
            }
            output.reset(forReadingTimeRanges: ranges.map { NSValue(timeRange: $0) })
            #expect(reader.status == .failed)
            #expect((reader.error as? AVError)?.code == .operationNotAllowed)
            #expect(output.copyNextSampleBuffer() == nil)
        }
    }

    @Test("misuse answers as Apple does, without trapping: adding after start, another asset's track, a reused output")
    func misuse() async throws {
        let asset = try Self.asset()
        let other = try Self.asset("h264-no-bframes.mp4")
        let video = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let otherVideo = try #require(try await other.loadTracks(withMediaType: .video).first)

        let reader = try AVAssetReader(asset: asset)
        let foreign = AVAssetReaderTrackOutput(track: otherVideo, outputSettings: nil)
        #expect(!reader.canAdd(foreign))
        reader.add(foreign)
        #expect(reader.outputs.isEmpty)
        #expect(!reader.startReading())
        #expect(reader.status == .failed)
        #expect((reader.error as? AVError)?.code == .operationNotAllowed)

        let second = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: video, outputSettings: nil)
        second.add(output)
        let third = try AVAssetReader(asset: asset)
        #expect(!third.canAdd(output), "an output belongs to one reader")
        #expect(second.startReading())
        let late = AVAssetReaderTrackOutput(track: video, outputSettings: nil)
        #expect(!second.canAdd(late))
        second.add(late)
        #expect(second.status == .failed, "adding after reading started fails the reader")
        #expect(second.outputs.count == 1)

        let mix = AVAssetReaderAudioMixOutput(audioTracks: [video], audioSettings: nil)
        #expect(!(try AVAssetReader(asset: asset)).canAdd(mix), "a mix of a video track cannot be added")
    }

    @Test("bad output settings fail startReading with unsupportedOutputSettings naming the key", arguments: [
        ("video", [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA, AVVideoScalingModeKey: AVVideoScalingModeFit],
         AVVideoScalingModeKey),
        ("video", [kCVPixelBufferPixelFormatTypeKey as String: 0x7878_7878], kCVPixelBufferPixelFormatTypeKey as String),
        ("video", [kCVPixelBufferWidthKey as String: 320], kCVPixelBufferHeightKey as String),
        ("audio", [AVFormatIDKey: kAudioFormatMPEG4AAC], AVFormatIDKey),
        ("audio", [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 12], AVLinearPCMBitDepthKey),
        ("audio", [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateConverterAudioQualityKey: AVAudioQuality.max.rawValue],
         AVSampleRateConverterAudioQualityKey),
        ("audio", [AVFormatIDKey: kAudioFormatLinearPCM, "NotAKey": 1], "NotAKey"),
    ] as [(String, [String: any Sendable], String)])
    func badSettings(_ kind: String, _ settings: [String: any Sendable], _ key: String) async throws {
        let asset = try Self.asset()
        let track = try #require(try await asset.loadTracks(withMediaType: kind == "video" ? .video : .audio).first)
        let reader = try AVAssetReader(asset: asset)
        reader.add(AVAssetReaderTrackOutput(track: track, outputSettings: settings))
        #expect(!reader.startReading())
        #expect(reader.status == .failed)
        let error = try #require(reader.error as? AVError)
        #expect(error.code == .unsupportedOutputSettings)
        #expect(error.localizedDescription.contains(key), "\(error.localizedDescription)")
    }

    @Test("a codec without a decoder fails startReading with decoderNotFound naming it; its samples still read as stored")
    func decoderNotFound() async throws {
        let source = try ReaderMedia.file("h264-no-bframes.mp4")
        let url = try ReaderMedia.make("unknown-codec-zzzz.mp4") { output in
            var bytes = [UInt8](try Data(contentsOf: source))
            let avc1 = Array("avc1".utf8), zzzz = Array("zzzz".utf8)
            for index in 0..<(bytes.count - 4) where Array(bytes[index..<(index + 4)]) == avc1 {
                bytes.replaceSubrange(index..<(index + 4), with: zzzz)
            }
            try Data(bytes).write(to: output)
        }
        let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        reader.add(AVAssetReaderTrackOutput(track: track, outputSettings: Self.bgra))
        #expect(!reader.startReading())
        let error = try #require(reader.error as? AVError)
        #expect(error.code == .decoderNotFound)
        #expect(error.localizedDescription.contains("zzzz"), "\(error.localizedDescription)")

        let passthrough = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        passthrough.add(output)
        #expect(passthrough.startReading())
        #expect(Self.drain(output) == 30)
        #expect(passthrough.status == .completed)
    }

    @Test("a file cut short fails reading with an AVError whose underlying error names the sample and offset")
    func truncatedFile() async throws {
        let whole = try ReaderMedia.make("h264-faststart.mp4") { output in
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + ReaderMedia.pattern(seconds: 1)
                                   + ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
                                      "-movflags", "+faststart", output.path])
        }
        let url = try ReaderMedia.make("h264-faststart-cut-in-mdat.mp4") { output in
            let bytes = try Data(contentsOf: whole)
            try bytes.prefix(bytes.count * 6 / 10).write(to: output)
        }
        for settings in [nil, Self.bgra] as [[String: Any]?] {
            let asset = AVURLAsset(url: url)
            let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
            let reader = try AVAssetReader(asset: asset)
            let output = AVAssetReaderTrackOutput(track: track, outputSettings: settings)
            reader.add(output)
            #expect(reader.startReading())
            let count = Self.drain(output)
            #expect(count < 30)
            #expect(reader.status == .failed)
            let error = try #require(reader.error as? AVError)
            #expect(error.code == .fileFailedToParse)
            let reason = error.userInfo[NSLocalizedFailureReasonErrorKey] as? String ?? ""
            #expect(reason.contains("sample") && reason.contains("offset"), "\(reason)")
            #expect(error.userInfo[NSUnderlyingErrorKey] != nil)
        }
    }

    @Test("NSValue boxes CMTime and CMTimeRange as Apple's AVFoundation does")
    func values() {
        let range = CMTimeRange(start: CMTime(value: 3, timescale: 600), duration: CMTime(value: 1, timescale: 7))
        #expect(NSValue(timeRange: range).timeRangeValue == range)
        #expect(NSValue(time: CMTime(value: 5, timescale: 9)).timeValue == CMTime(value: 5, timescale: 9))
        #expect(NSValue(timeRange: range) == NSValue(timeRange: range))
        #expect(NSValue(time: .positiveInfinity).timeValue == .positiveInfinity)
        #expect(NSValue(time: .zero).timeRangeValue.isValid == false, "a time is not a range")
        let mapping = CMTimeMapping(source: range, target: range)
        #expect(NSValue(timeMapping: mapping).timeMappingValue.isEqual(to: mapping))
    }
}
