import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Apple's iOS 26 / macOS 26 reading and writing API: output providers and input receivers over the same engines as
/// the classic calls. Every file written is judged by ffprobe/ffmpeg.
@Suite("Output providers and input receivers")
struct ProviderReceiverTests {
    /// 2 s of 160x120 H.264 at 30 fps with AAC audio (a stream copy's packets are compared against this file's).
    static func source() throws -> URL {
        try TestFiles.ffmpegMedia("provider-source-2s.mov", folder: "providers", recipe: [
            "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=2",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "15", "-pix_fmt", "yuv420p",
            "-c:a", "aac", "-b:a", "64k", "-shortest",
        ])
    }

    nonisolated(unsafe) static let h264Settings: [String: Any] = [AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 160,
                                              AVVideoHeightKey: 120]

    /// The video packets' sizes and MD5s ffmpeg computes for a stream copy of `url` (`-f framemd5`; the times are in
    /// each file's own time base, so they are compared apart).
    static func videoPacketHashes(_ url: URL) throws -> [String] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:v",
                                                       "-c", "copy", "-f", "framemd5", "-"])
        return String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .map { "\($0[4]) \($0.last ?? "")" }
    }

    // MARK: Reading and writing

    @Test("a transcode loop, provider to receiver, writes every frame, and ffmpeg decodes it without error")
    func transcode() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("provider-transcode")
        let asset = AVURLAsset(url: try Self.source())
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let provider = reader.outputProvider(for: AVAssetReaderTrackOutput(track: track, outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange]))
        let url = directory.file("transcoded.mp4")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
        let receiver = writer.inputReceiver(for: AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264Settings))
        try reader.start()
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        var count = 0
        while let buffer = try await provider.next() {
            #expect(buffer.withUnsafeSampleBuffer { CMSampleBufferGetImageBuffer($0) } != nil, "decoded frames")
            try await receiver.append(buffer)
            count += 1
        }
        receiver.finish()
        #expect(reader.status == .completed)
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(count == 60)
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == 60)
        #expect(try WriterProbe(url: url).decodeErrors() == "")
    }

    @Test("a passthrough copy through a provider and a receiver keeps every video packet byte for byte")
    func passthroughCopy() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("provider-passthrough")
        let source = try Self.source()
        let asset = AVURLAsset(url: source)
        let tracks = try await asset.load(.tracks)
        let reader = try AVAssetReader(asset: asset)
        let url = directory.file("copy.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        var pairs: [(AVAssetReaderOutput.Provider<CMReadySampleBuffer<CMSampleBuffer.DynamicContent>>,
                     AVAssetWriterInput.SampleBufferReceiver)] = []
        for track in tracks {
            let provider = reader.outputProvider(for: AVAssetReaderTrackOutput(track: track, outputSettings: nil))
            let hint = try await track.load(.formatDescriptions).first
            let receiver = writer.inputReceiver(for: AVAssetWriterInput(mediaType: track.mediaType, outputSettings: nil,
                                                                        sourceFormatHint: hint))
            pairs.append((provider, receiver))
        }
        try reader.start()
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        // Each track in its own task: a receiver ahead of the others in the file suspends until they catch up.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (provider, receiver) in pairs {
                nonisolated(unsafe) let provider = provider
                nonisolated(unsafe) let receiver = receiver
                group.addTask {
                    while let buffer = try await provider.next() { try await receiver.append(buffer) }
                    receiver.finish()
                }
            }
            try await group.waitForAll()
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let copied = try Self.videoPacketHashes(url)
        let original = try Self.videoPacketHashes(source)
        #expect(copied.count == 60)
        let mismatch = zip(copied, original).first { $0 != $1 }.map { "\($0.0) against the source's \($0.1)" }
        #expect(copied == original, "packets as the source's; first difference: \(mismatch ?? "count")")
        let times = { (url: URL) in try WriterProbe(url: url).packets(stream: 0).compactMap { $0["pts_time"] as? String } }
        #expect(try times(url) == (try times(source)), "presentation times as the source's")
        #expect(try WriterProbe(url: url).streams().count == 2)
    }

    @Test("random access: the provider re-reads the time ranges it is reset to, and the reader completes only when final")
    func randomAccess() async throws {
        let asset = AVURLAsset(url: try Self.source())
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let (provider, controller) = reader.outputProviderWithRandomAccess(for: AVAssetReaderTrackOutput(track: track, outputSettings: nil))
        try reader.start()
        var all = 0
        while try await provider.next() != nil { all += 1 }
        #expect(all == 60)
        #expect(reader.status == .reading, "not complete before markConfigurationAsFinal()")
        let range = CMTimeRange(start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 1, timescale: 2))
        controller.resetForReading(timeRanges: [range])
        var times: [CMTime] = []
        while let buffer = try await provider.next() {
            times.append(buffer.withUnsafeSampleBuffer { CMSampleBufferGetPresentationTimeStamp($0) })
        }
        // Passthrough hands out whole GOPs around the range: every frame in it is there.
        let inRange = times.filter { range.containsTime($0) }
        #expect(inRange.count == 15, "\(times.map(\.seconds))")
        controller.markConfigurationAsFinal()
        #expect(reader.status == .completed)
    }

    @Test("the pixel buffer receiver writes frames made from its pool")
    func pixelBufferReceiver() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("pixel-receiver")
        let url = directory.file("frames.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let attributes = try #require(CVPixelBufferCreationAttributes(dictionary: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
            kCVPixelBufferWidthKey as String: 160, kCVPixelBufferHeightKey as String: 120]))
        let receiver = writer.inputPixelBufferReceiver(for: AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264Settings),
                                                       pixelBufferAttributes: attributes)
        #expect(receiver.pixelBufferPool == nil, "no pool before start()")
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        let pool = try #require(receiver.pixelBufferPool)
        #expect(receiver.sourcePixelBufferAttributes != nil)
        for frame in 0..<30 {
            var made: CVPixelBuffer?
            #expect(CVPixelBufferPoolCreatePixelBuffer(nil, pool.unsafePool, &made) == kCVReturnSuccess)
            let pixels = try #require(made)
            #expect(CVPixelBufferGetWidth(pixels) == 160 && CVPixelBufferGetPixelFormatType(pixels) == kCVPixelFormatType_32BGRA)
            CVPixelBufferLockBaseAddress(pixels, [])
            memset(try #require(CVPixelBufferGetBaseAddress(pixels)), Int32(frame * 8), CVPixelBufferGetDataSize(pixels))
            CVPixelBufferUnlockBaseAddress(pixels, [])
            try await receiver.append(CVReadOnlyPixelBuffer(unsafeBuffer: pixels), with: CMTime(value: CMTimeValue(frame), timescale: 30))
        }
        receiver.finish()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == 30)
        #expect(try WriterProbe(url: url).decodeErrors() == "")
    }

    @Test("the metadata receiver writes a timed metadata track that ffprobe sees and a metadata provider reads back")
    func metadataRoundTrip() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("metadata-receiver")
        let url = directory.file("timed.mov")
        func group(_ index: Int) -> AVTimedMetadataGroup {
            let item = AVMutableMetadataItem()
            item.identifier = AVMetadataIdentifier(rawValue: "mdta/com.example.caption")
            item.dataType = kCMMetadataBaseDataType_UTF8
            item.value = NSString(string: "caption \(index)")
            return AVTimedMetadataGroup(items: [item], timeRange: CMTimeRange(start: CMTime(value: CMTimeValue(index), timescale: 2),
                                                                              duration: CMTime(value: 1, timescale: 2)))
        }
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let hint = try #require(group(0).copyFormatDescription())
        let receiver = writer.inputMetadataReceiver(for: AVAssetWriterInput(mediaType: .metadata, outputSettings: nil, sourceFormatHint: hint))
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        for index in 0..<4 { try await receiver.append(group(index)) }
        #expect(try receiver.appendImmediately(group(4)))
        receiver.finish()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let data = try #require(try WriterProbe(url: url).streams().first { $0["codec_type"] as? String == "data" })
        #expect(data["codec_tag_string"] as? String == "mebx")
        #expect(try WriterProbe(url: url).packets(stream: data["index"] as! Int).count == 5)

        let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .metadata).first)
        let reader = try AVAssetReader(asset: asset)
        let provider = reader.outputMetadataProvider(for: AVAssetReaderTrackOutput(track: track, outputSettings: nil))
        try reader.start()
        var values: [String] = []
        while let read = try await provider.next() {
            values += read.items.compactMap { $0.stringValue }
        }
        #expect(values == (0..<5).map { "caption \($0)" })
    }

    @Test("multi-pass through the controller: two pass descriptions, then the end, and every frame written")
    func multiPass() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("receiver-multipass")
        let url = directory.file("two-pass.mp4")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
        var settings = Self.h264Settings
        settings[AVVideoCompressionPropertiesKey] = [AVVideoAverageBitRateKey: 200_000]
        let (receiver, controller) = writer.inputPixelBufferReceiverRequestingMultiPass(
            for: AVAssetWriterInput(mediaType: .video, outputSettings: settings), pixelBufferAttributes: nil)
        let passes = try #require(controller.passDescriptions)
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        var described: [[CMTimeRange]] = []
        for await pass in passes {
            described.append(pass.sourceTimeRanges.map(\.timeRangeValue))
            for frame in 0..<30 {
                try await receiver.append(CVReadOnlyPixelBuffer(unsafeBuffer: WriterMedia.pixelBuffer(width: 160, height: 120, frame: frame)),
                                          with: CMTime(value: CMTimeValue(frame), timescale: 30))
            }
        }
        receiver.finish()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(described.count == 2)
        #expect(described.allSatisfy { $0 == [CMTimeRange(start: .zero, duration: .positiveInfinity)] })
        #expect(try WriterProbe(url: url).frameCount(stream: 0) == 30)

        let single = try AVAssetWriter(outputURL: directory.file("one-pass.mp4"), fileType: .mp4)
        let jpeg = single.inputReceiverRequestingMultiPass(for: AVAssetWriterInput(mediaType: .video, outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.jpeg, AVVideoWidthKey: 64, AVVideoHeightKey: 48]))
        #expect(jpeg.1.passDescriptions == nil, "JPEG has no multi-pass encoder")
        let quality = single.inputReceiverRequestingMultiPass(for: AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264Settings))
        #expect(quality.1.passDescriptions == nil, "H.264 without a bit rate to aim at encodes in one pass")
    }

    // MARK: Back-pressure

    @Test("append suspends while the input cannot take more, and resumes without anyone polling")
    func backPressure() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("receiver-back-pressure")
        let writer = try AVAssetWriter(outputURL: directory.file("burst.mp4"), fileType: .mp4)
        let receiver = writer.inputReceiver(for: AVAssetWriterInput(mediaType: .video, outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 640, AVVideoHeightKey: 480]))
        // The frames are made before appending starts, so that the loop below hands them over far faster than the
        // encoder can take 640×480 frames (an append is a lock and an enqueue; each frame is converted and encoded).
        // Making each frame between appends let the encoder keep up on a slow machine, and the queue never filled.
        let samples = (0..<48).map { frame in
            CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(bridging: WriterMedia.imageSample(
                WriterMedia.pixelBuffer(width: 640, height: 480, frame: frame), at: CMTime(value: CMTimeValue(frame), timescale: 30)))
        }
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        var refusedImmediately = 0
        for sample in samples {
            if try !receiver.appendImmediately(sample) {
                refusedImmediately += 1
                try await receiver.append(sample)
            }
        }
        receiver.finish()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(refusedImmediately > 0, "the encoder's queue filled at least once, and append waited for it")
        #expect(try WriterProbe(url: directory.file("burst.mp4")).frameCount(stream: 0) == 48)
    }

    // MARK: Bad use

    @Test("appending after finish() throws and leaves the writer writing; appending before start() throws")
    func appendAfterFinish() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("receiver-after-finish")
        let writer = try AVAssetWriter(outputURL: directory.file("a.mov"), fileType: .mov)
        let receiver = writer.inputReceiver(for: AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264Settings))
        let sample = CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(bridging: WriterMedia.imageSample(
            WriterMedia.pixelBuffer(width: 160, height: 120, frame: 0), at: .zero))
        await #expect(throws: AVError.self) { try await receiver.append(sample) }
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        try await receiver.append(sample)
        receiver.finish()
        let error = await #expect(throws: AVError.self) { try await receiver.append(sample) }
        #expect(error?.code == .operationNotAllowed)
        #expect(writer.status == .writing)
        await writer.finishWriting()
        #expect(writer.status == .completed)
    }

    @Test("a refused sample (out of decode order, wrong media type) throws the writer's error, and so does every later append")
    func refusedSamples() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("receiver-refused")
        let writer = try AVAssetWriter(outputURL: directory.file("wrong.mov"), fileType: .mov)
        let audio = writer.inputReceiver(for: AVAssetWriterInput(mediaType: .audio, outputSettings: nil))
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        let video = CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(bridging: WriterMedia.imageSample(
            WriterMedia.pixelBuffer(width: 160, height: 120, frame: 0), at: .zero))
        let error = await #expect(throws: AVError.self) { try await audio.append(video) }
        #expect(error?.code == .operationNotAllowed)
        #expect(writer.status == .failed)
        #expect(!FileManager.default.fileExists(atPath: directory.file("wrong.mov").path))
        await #expect(throws: AVError.self) { try await audio.append(video) }

        // A pixel-buffer receiver for an input that does not encode video.
        let passthrough = try AVAssetWriter(outputURL: directory.file("pixels.mov"), fileType: .mov)
        let pixels = passthrough.inputPixelBufferReceiver(for: AVAssetWriterInput(mediaType: .video, outputSettings: nil),
                                                          pixelBufferAttributes: nil)
        try passthrough.start()
        passthrough.startSession(atSourceTime: .zero)
        let refused = await #expect(throws: AVError.self) {
            try await pixels.append(CVReadOnlyPixelBuffer(unsafeBuffer: WriterMedia.pixelBuffer(width: 160, height: 120, frame: 0)),
                                    with: .zero)
        }
        #expect(refused?.localizedDescription.contains("output settings") == true, "\(String(describing: refused))")
        #expect(passthrough.status == .failed)

        let ordered = try AVAssetWriter(outputURL: directory.file("order.mov"), fileType: .mov)
        let receiver = ordered.inputReceiver(for: AVAssetWriterInput(mediaType: .video, outputSettings: nil))
        try ordered.start()
        ordered.startSession(atSourceTime: .zero)
        let asset = AVURLAsset(url: try Self.source())
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let provider = reader.outputProvider(for: AVAssetReaderTrackOutput(track: track, outputSettings: nil))
        try reader.start()
        let first = try #require(try await provider.next())
        let second = try #require(try await provider.next())
        try await receiver.append(second)
        // The engine checks decode order on the input's worker: the refusal reaches a later call at the latest.
        await #expect(throws: AVError.self) {
            try await receiver.append(first)
            await ordered.finishWriting()
            try await receiver.append(first)
        }
        #expect(ordered.status == .failed)
        #expect((ordered.error as? AVError)?.localizedDescription.contains("decode") == true, "\(String(describing: ordered.error))")
        reader.cancelReading()
    }

    @Test("a cancelled task cancels the writer: its append throws CancellationError and no file is left")
    func cancelledTaskRemovesTheFile() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("receiver-cancel")
        let url = directory.file("cancelled.mp4")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
        nonisolated(unsafe) let receiver = writer.inputReceiver(for: AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264Settings))
        try writer.start()
        writer.startSession(atSourceTime: .zero)
        let appended = Counter()
        let task = Task {
            var frame = 0
            while true {
                try await receiver.append(CMReadySampleBuffer<CMSampleBuffer.DynamicContent>(bridging: WriterMedia.imageSample(
                    WriterMedia.pixelBuffer(width: 160, height: 120, frame: frame % 90), at: CMTime(value: CMTimeValue(frame), timescale: 30))))
                frame += 1
                appended.add()
            }
        }
        while appended.value < 10 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(writer.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("a provider throws before start() and after the reader failed, and a cancelled task cancels reading")
    func providerBadUse() async throws {
        let asset = AVURLAsset(url: try Self.source())
        let track = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let provider = reader.outputProvider(for: AVAssetReaderTrackOutput(track: track, outputSettings: nil))
        await #expect(throws: AVError.self) { _ = try await provider.next() }
        try reader.start()
        #expect(try await provider.next() != nil)
        reader.core.fail(AVError(.decodeFailed, "injected"))
        let error = await #expect(throws: AVError.self) { _ = try await provider.next() }
        #expect(error?.code == .decodeFailed)

        let second = try AVAssetReader(asset: asset)
        nonisolated(unsafe) let decoded = second.outputProvider(for: AVAssetReaderTrackOutput(track: track, outputSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]))
        try second.start()
        let task = Task {
            while try await decoded.next() != nil {}
        }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(second.status == .cancelled)

        // A metadata provider for a video track: start() throws the reason.
        let third = try AVAssetReader(asset: asset)
        _ = third.outputMetadataProvider(for: AVAssetReaderTrackOutput(track: track, outputSettings: nil))
        #expect(throws: AVError.self) { try third.start() }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }
}
