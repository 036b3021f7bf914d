import CoreMedia
import CoreVideo
import Foundation
import Testing
import TestSupport
import UniformTypeIdentifiers
@testable import AVFoundation

/// Segment output (`AVAssetWriter(contentType:)` with a delegate), judged by ffprobe and ffmpeg on the
/// initialization segment followed by the media segments, as an HLS or CMAF player reads them.
@Suite("AVAssetWriter segment output", .serialized)
struct WriterSegmentTests {
    /// Collects what the delegate is handed.
    final class Collector: NSObject, AVAssetWriterDelegate, @unchecked Sendable {
        struct Segment {
            var data: Data
            var type: AVAssetSegmentType
            var report: AVAssetSegmentReport?
        }

        private let lock = NSLock()
        private var collected: [Segment] = []
        var segments: [Segment] { lock.withLock { collected } }

        func assetWriter(_ writer: AVAssetWriter, didOutputSegmentData segmentData: Data,
                         segmentType: AVAssetSegmentType, segmentReport: AVAssetSegmentReport?) {
            lock.withLock { collected.append(Segment(data: segmentData, type: segmentType, report: segmentReport)) }
        }

        /// The initialization segment and every media segment after it, as one fragmented file.
        func concatenated(in directory: TemporaryDirectory, name: String) throws -> URL {
            let url = directory.file(name)
            try segments.reduce(into: Data()) { $0.append($1.data) }.write(to: url)
            return url
        }
    }

    private static func fourCC(_ data: Data, at offset: Int) -> String {
        String(decoding: data[data.startIndex + offset..<data.startIndex + offset + 4], as: UTF8.self)
    }

    nonisolated(unsafe) private static let h264: [String: Any] = [
        AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 160, AVVideoHeightKey: 120,
        AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 400_000, AVVideoMaxKeyFrameIntervalKey: 300]]

    @Test("encoded video and AAC cut every 2 s: each segment starts with a sync frame, the whole decodes as one file")
    func encodedEveryTwoSeconds() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("segments-encoded")
        let collector = Collector()
        let writer = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        writer.outputFileTypeProfile = .mpeg4AppleHLS
        writer.preferredOutputSegmentInterval = CMTime(value: 2, timescale: 1)
        writer.initialSegmentStartTime = .zero
        writer.delegate = collector
        let video = AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264)
        let audio = AVAssetWriterInput(mediaType: .audio, outputSettings: [
            AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2,
            AVEncoderBitRateKey: 96_000])
        writer.add(video)
        writer.add(audio)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        // 7 s: 210 frames at 30 fps (a key frame only every 300 without the segment boundaries), 1 s tone buffers.
        var frame = 0, toneStart = 0
        WriterMedia.feed([video, audio]) { index in
            if index == 0 {
                guard frame < 210 else { return nil }
                defer { frame += 1 }
                return WriterMedia.imageSample(WriterMedia.pixelBuffer(frame: frame),
                                               at: CMTime(value: CMTimeValue(frame), timescale: 30))
            }
            guard toneStart < 7 * 44_100 else { return nil }
            defer { toneStart += 4_410 }
            return WriterMedia.tone(frames: 4_410, start: toneStart)
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")

        let segments = collector.segments
        #expect(segments.first?.type == .initialization)
        #expect(segments.first?.report == nil)
        #expect(segments.first.map { Self.fourCC($0.data, at: 4) } == "ftyp")
        let media = segments.dropFirst()
        #expect(media.count == 4, "2 + 2 + 2 + 1 s")
        #expect(media.allSatisfy { $0.type == .separable && Self.fourCC($0.data, at: 4) == "moof" })
        var expectedStart = CMTime.zero
        for (number, segment) in media.enumerated() {
            let report = try #require(segment.report)
            #expect(report.segmentType == .separable)
            let videoReport = try #require(report.trackReports.first { $0.mediaType == .video })
            #expect(report.trackReports.contains { $0.mediaType == .audio })
            let first = try #require(videoReport.firstVideoSampleInformation)
            #expect(first.isSyncSample, "segment \(number) starts with a sync frame")
            #expect(first.offset + first.length <= segment.data.count)
            #expect(videoReport.earliestPresentationTimeStamp == expectedStart, "segment \(number)")
            let expected = number < 3 ? 2.0 : 1.0
            #expect(abs(videoReport.duration.seconds - expected) < 1.0 / 30 + 1e-9, "segment \(number)")
            expectedStart = videoReport.earliestPresentationTimeStamp + videoReport.duration
        }
        let whole = try collector.concatenated(in: directory, name: "hls.mp4")
        let probe = WriterProbe(url: whole)
        #expect(try probe.decodeErrors() == "")
        #expect(try probe.frameCount(stream: 0) == 210)
        let duration = Double(try probe.format()["duration"] as? String ?? "") ?? 0
        #expect(abs(duration - 7) < 0.1, "\(duration)")
    }

    /// An H.264 file made by ffmpeg at `source`, its video track, and a started segment writer with one
    /// passthrough input for it: an indefinite interval (the caller flushes), or HLS segments every `interval`.
    private static func flushedPassthrough(_ source: URL, seconds: Int, gop: Int, bFrames: Int,
                                           interval: CMTime = .indefinite, realTime: Bool = false) throws
        -> (WriterMedia.SourceTrack, Collector, AVAssetWriter, AVAssetWriterInput) {
        _ = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i",
                                              "testsrc=size=160x120:rate=30", "-t", "\(seconds)", "-c:v", "libx264",
                                              "-g", "\(gop)", "-bf", "\(bFrames)", "-pix_fmt", "yuv420p", source.path])
        let track = try #require(try WriterMedia.sourceTracks(source).first { $0.mediaType == .video })
        let collector = Collector()
        let writer = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        writer.preferredOutputSegmentInterval = interval
        if interval.isNumeric {
            writer.outputFileTypeProfile = .mpeg4AppleHLS
            writer.initialSegmentStartTime = .zero
        }
        writer.delegate = collector
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: nil, sourceFormatHint: track.format)
        input.expectsMediaDataInRealTime = realTime
        writer.add(input)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        return (track, collector, writer, input)
    }

    @Test("passthrough H.264 with B-frames cut by flushSegment() before each sync sample")
    func passthroughFlushed() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("segments-flush")
        let source = directory.file("source.mp4")
        let (track, collector, writer, input) = try Self.flushedPassthrough(source, seconds: 4, gop: 15, bFrames: 2)
        var syncs = 0
        for (index, sample) in track.samples.enumerated() {
            let sync = sample.sampleAttachments.first?[.notSync] as? Bool != true
            if sync { syncs += 1 }
            if sync, index > 0 { writer.flushSegment() }
            while !input.isReadyForMoreMediaData { usleep(200) }
            #expect(input.append(sample))
        }
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let media = collector.segments.dropFirst()
        #expect(syncs == 8)
        #expect(media.count == syncs)
        #expect(media.allSatisfy { $0.report?.trackReports.first?.firstVideoSampleInformation?.isSyncSample == true })
        let whole = try collector.concatenated(in: directory, name: "flushed.mp4")
        let probe = WriterProbe(url: whole)
        #expect(try probe.decodeErrors() == "")
        #expect(try probe.frameCount(stream: 0) == 120)
        // The packets keep the source's order and their distances in time (the timeline may be shifted so that no
        // decode time is negative).
        func times(_ url: URL) throws -> [Double] {
            try WriterProbe(url: url).packets(stream: 0, ignoringEditList: true).compactMap {
                Double($0["pts_time"] as? String ?? "")
            }
        }
        let written = try times(whole), original = try times(source)
        #expect(written.count == 120)
        #expect(original.count == 120)
        if let a = written.first, let b = original.first {
            let shifted = zip(written, original).filter { abs(($0 - a) - ($1 - b)) > 1e-6 }
            #expect(shifted.isEmpty, "\(shifted.prefix(3))")
        }
    }

    /// Live-style writing (issue 25.3): frames keep arriving in real time while segments go out. Each segment must be
    /// handed out once the next one has started, not at `finishWriting()`, so what the writer holds stays within
    /// about a segment whatever the stream's length.
    @Test("live-style: real-time input; each segment goes out as the next starts, the writer holds about one segment")
    func liveSegmentsGoOutAsTheyComplete() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("segments-live")
        let (track, collector, writer, input) = try Self.flushedPassthrough(
            directory.file("live.mp4"), seconds: 20, gop: 30, bFrames: 0, interval: CMTime(value: 2, timescale: 1),
            realTime: true)
        func mediaSegments() -> [Collector.Segment] { Array(collector.segments.dropFirst()) }
        var appended = 0, largestHeld = 0, segmentBytes = 0
        for sample in track.samples {
            let time = CMSampleBufferGetPresentationTimeStamp(sample).seconds
            // Half a second into segment k + 1, segment k must be out (waiting for the delegate's thread only).
            let due = max(0, Int((time - 0.5) / 2))
            if time.truncatingRemainder(dividingBy: 2) >= 0.5, due > 0 {
                #expect(await eventually(timeout: 10) { mediaSegments().count >= due },
                        "at \(time) s, \(mediaSegments().count) segments out, \(due) due")
            }
            while !input.isReadyForMoreMediaData { usleep(200) }
            #expect(input.append(sample))
            appended += CMSampleBufferGetTotalSampleSize(sample)
            let out = mediaSegments().reduce(0) { $0 + $1.data.count }
            largestHeld = max(largestHeld, appended - out)
            segmentBytes = max(segmentBytes, mediaSegments().map(\.data.count).max() ?? 0)
        }
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(mediaSegments().count == 10)
        // Held: the segment being filled, and at most one more on its way out; never the whole 20 s stream.
        #expect(largestHeld <= 2 * segmentBytes, "held \(largestHeld) bytes; a segment is up to \(segmentBytes)")
        #expect(largestHeld < appended / 4, "held \(largestHeld) of \(appended) bytes")
        let whole = try collector.concatenated(in: directory, name: "live.mp4")
        #expect(try WriterProbe(url: whole).decodeErrors() == "")
        #expect(try WriterProbe(url: whole).frameCount(stream: 0) == 600)
    }

    @Test("a sample that is not a sync sample right after flushSegment() fails the writer with the reason")
    func flushBeforeNonSync() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("segments-nonsync")
        let (track, _, writer, input) = try Self.flushedPassthrough(directory.file("source.mp4"), seconds: 1, gop: 30,
                                                                    bFrames: 0)
        #expect(input.append(track.samples[0]))
        #expect(input.append(track.samples[1]))
        writer.flushSegment()
        _ = input.append(track.samples[2])
        #expect(writer.status == .failed)
        #expect("\(String(describing: writer.error))".contains("sync"))
    }

    @Test("CMAF: cmfc among the header's brands, every media segment opens with styp cmfs")
    func cmafBrands() async throws {
        let collector = Collector()
        let writer = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        writer.outputFileTypeProfile = .mpeg4CMAFCompliant
        writer.preferredOutputSegmentInterval = CMTime(value: 1, timescale: 1)
        writer.initialSegmentStartTime = .zero
        writer.delegate = collector
        let video = AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264)
        writer.add(video)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        var frame = 0
        WriterMedia.feed([video]) { _ in
            guard frame < 75 else { return nil }
            defer { frame += 1 }
            return WriterMedia.imageSample(WriterMedia.pixelBuffer(frame: frame),
                                           at: CMTime(value: CMTimeValue(frame), timescale: 30))
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let segments = collector.segments
        let header = try #require(segments.first?.data)
        let ftypSize = Int(header.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let brands = stride(from: 16, to: ftypSize, by: 4).map { Self.fourCC(header, at: $0) }
        #expect(brands.contains("cmfc"))
        #expect(segments.count == 4, "1 + 1 + 0.5 s after the header")
        for segment in segments.dropFirst() {
            #expect(Self.fourCC(segment.data, at: 4) == "styp")
            #expect(Self.fourCC(segment.data, at: 8) == "cmfs")
        }
    }

    @Test("wrong use fails startWriting with the reason: no delegate, a type without segments, CMAF with two tracks")
    func wrongUse() throws {
        let noDelegate = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        noDelegate.add(AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264))
        #expect(!noDelegate.startWriting())
        #expect("\(String(describing: noDelegate.error))".contains("delegate"))

        let collector = Collector()
        let movie = AVAssetWriter(contentType: UTType(AVFileType.mov.rawValue)!)
        movie.delegate = collector
        movie.add(AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264))
        #expect(!movie.startWriting())
        #expect((movie.error as? AVError)?.code == .formatUnsupported)

        let cmaf = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        cmaf.delegate = collector
        cmaf.outputFileTypeProfile = .mpeg4CMAFCompliant
        cmaf.add(AVAssetWriterInput(mediaType: .video, outputSettings: Self.h264))
        cmaf.add(AVAssetWriterInput(mediaType: .audio, outputSettings: [
            AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2]))
        #expect(!cmaf.startWriting())
        #expect("\(String(describing: cmaf.error))".contains("CMAF"))
        #expect(collector.segments.isEmpty)
    }
}
