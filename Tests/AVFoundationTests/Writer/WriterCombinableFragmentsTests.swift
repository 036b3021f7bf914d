import CoreMedia
import Foundation
import Testing
import TestSupport
import UniformTypeIdentifiers
@testable import AVFoundation

/// `AVAssetWriter.producesCombinableFragments`: two segment writers each write a piece of one H.264 stream with
/// B-frames (passthrough), and the first writer's initialization segment followed by both writers' media segments
/// must be one fragment stream, judged by ffmpeg (clean decode, every frame) and ffprobe (packet times).
@Suite("AVAssetWriter combinable fragments", .serialized)
struct WriterCombinableFragmentsTests {
    typealias Collector = WriterSegmentTests.Collector

    /// A 4 s H.264 file (GOPs of 30 frames, 2 B-frames) made by ffmpeg, and its video track.
    private static func source(in directory: TemporaryDirectory) throws -> (URL, WriterMedia.SourceTrack) {
        let url = directory.file("source.mp4")
        _ = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i",
                                              "testsrc=size=160x120:rate=30", "-t", "4", "-c:v", "libx264",
                                              "-g", "30", "-bf", "2", "-sc_threshold", "0", "-pix_fmt", "yuv420p",
                                              url.path])
        return (url, try #require(try WriterMedia.sourceTracks(url).first { $0.mediaType == .video }))
    }

    private static func isSync(_ sample: CMSampleBuffer) -> Bool {
        sample.sampleAttachments.first?[.notSync] as? Bool != true
    }

    /// Writes `samples` through a passthrough segment writer, one segment per GOP (`flushSegment()` before each
    /// sync sample but the first); returns the initialization segment and the media segments.
    private static func write(_ samples: ArraySlice<CMSampleBuffer>, format: CMFormatDescription, combinable: Bool,
                              firstSequenceNumber: Int) async throws -> (initialization: Data, media: [Data]) {
        let collector = Collector()
        let writer = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        writer.preferredOutputSegmentInterval = .indefinite
        writer.producesCombinableFragments = combinable
        writer.initialMovieFragmentSequenceNumber = firstSequenceNumber
        writer.delegate = collector
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: nil, sourceFormatHint: format)
        writer.add(input)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        let first = try #require(samples.first)
        writer.startSession(atSourceTime: CMSampleBufferGetPresentationTimeStamp(first))
        for (index, sample) in zip(samples.indices, samples) {
            if isSync(sample), index > samples.startIndex { writer.flushSegment() }
            while !input.isReadyForMoreMediaData { usleep(200) }
            #expect(input.append(sample))
        }
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let segments = collector.segments
        let initialization = try #require(segments.first { $0.type == .initialization })
        return (initialization.data, segments.filter { $0.type == .separable }.map(\.data))
    }

    /// The samples moved so that the first is presented at `start`: decoding starts before it, two frames early, as
    /// an encoder with a two-frame delay hands them out (the reader gives the file's media times, from zero).
    private static func presented(from start: CMTime, _ samples: [CMSampleBuffer]) throws -> [CMSampleBuffer] {
        let offset = start - CMSampleBufferGetPresentationTimeStamp(try #require(samples.first))
        return try samples.map { sample in
            let presentation = CMSampleBufferGetPresentationTimeStamp(sample) + offset
            var timing = CMSampleTimingInfo(duration: CMSampleBufferGetDuration(sample),
                                            presentationTimeStamp: presentation,
                                            decodeTimeStamp: CMSampleBufferGetDecodeTimeStamp(sample) + offset)
            var copy: CMSampleBuffer?
            let status = CMSampleBufferCreateCopyWithNewTiming(allocator: nil, sampleBuffer: sample,
                                                               sampleTimingEntryCount: 1, sampleTimingArray: &timing,
                                                               sampleBufferOut: &copy)
            #expect(status == noErr)
            return try #require(copy)
        }
    }

    /// The first writer's stream up to the third sync sample (2 s), the second writer's from there.
    private static func combined(combinable: Bool, in directory: TemporaryDirectory, name: String) async throws
        -> (whole: URL, media: [Data], source: URL) {
        let (source, track) = try Self.source(in: directory)
        let samples = try presented(from: .zero, track.samples)
        #expect(CMSampleBufferGetDecodeTimeStamp(samples[0]) < .zero, "B-frames: decoding starts before zero")
        let syncs = samples.indices.filter { isSync(samples[$0]) }
        #expect(syncs.count == 4)
        let split = try #require(syncs.dropFirst(2).first)
        let first = try await write(samples[..<split], format: track.format, combinable: combinable,
                                    firstSequenceNumber: 1)
        let second = try await write(samples[split...], format: track.format, combinable: combinable,
                                     firstSequenceNumber: first.media.count + 1)
        let url = directory.file(name)
        var data = first.initialization
        for segment in first.media + second.media { data.append(segment) }
        try data.write(to: url)
        return (url, first.media + second.media, source)
    }

    private static func times(_ url: URL, _ key: String) throws -> [Double] {
        try WriterProbe(url: url).packets(stream: 0, ignoringEditList: true).compactMap {
            Double($0[key] as? String ?? "")
        }
    }

    @Test("two writers' fragments of one stream decode as one file, with increasing decode times throughout")
    func twoWritersCombine() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("combinable")
        let (whole, media, source) = try await Self.combined(combinable: true, in: directory, name: "combined.mp4")
        let probe = WriterProbe(url: whole)
        #expect(try probe.decodeErrors() == "")
        #expect(try probe.frameCount(stream: 0) == 120)
        // Decode times increase across the join (ffprobe's packets, in file order).
        let decode = try Self.times(whole, "dts_time")
        #expect(decode.count == 120)
        let backwards = zip(decode, decode.dropFirst()).filter { $0.1 <= $0.0 }
        #expect(backwards.isEmpty, "\(backwards.prefix(3))")
        // Presentation times are the source's, moved by one constant at most.
        let written = try Self.times(whole, "pts_time"), original = try Self.times(source, "pts_time")
        #expect(written.count == original.count)
        if let a = written.first, let b = original.first {
            // ffprobe prints times to the microsecond, so a difference of two may be off by two.
            let moved = zip(written, original).filter { abs(($0 - a) - ($1 - b)) > 1e-5 }
            #expect(moved.isEmpty, "\(moved.prefix(3))")
        }
        // The boxes: sequence numbers run on across the writers, and every tfhd names its sample description.
        #expect(media.map { Self.sequenceNumber(in: $0) } == Array(1...4).map(Optional.init))
        for (number, segment) in media.enumerated() {
            let flags = Self.trackFragmentHeaderFlags(in: segment)
            #expect(flags.count == 1 && flags.allSatisfy { $0 & 0x2 != 0 }, "segment \(number): \(flags)")
        }
    }

    @Test("without the property the second writer's fragments decode before the first writer's last ones")
    func withoutThePropertyTheJoinGoesBack() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("not-combinable")
        let (whole, _, _) = try await Self.combined(combinable: false, in: directory, name: "joined.mp4")
        let decode = try Self.times(whole, "dts_time")
        #expect(decode.count == 120)
        #expect(zip(decode, decode.dropFirst()).contains { $0.1 <= $0.0 },
                "the first writer moves its decode times (decoding starts before zero), the second does not")
    }

    @Test("a first sample presented before zero fails the writer: its fragment's decode time would be negative")
    func presentedBeforeZero() async throws {
        let directory = try TestFiles.makeTemporaryDirectory("combinable-negative")
        let (_, track) = try Self.source(in: directory)
        let samples = try Self.presented(from: CMTime(value: -1, timescale: 30), track.samples)
        let writer = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        let collector = Collector()
        writer.preferredOutputSegmentInterval = .indefinite
        writer.producesCombinableFragments = true
        writer.delegate = collector
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: nil, sourceFormatHint: track.format)
        writer.add(input)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: CMSampleBufferGetPresentationTimeStamp(samples[0]))
        for sample in samples.prefix(30) where writer.status == .writing {
            while !input.isReadyForMoreMediaData, writer.status == .writing { usleep(200) }
            _ = input.append(sample)
        }
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .failed)
        let error = String(describing: writer.error)
        #expect(error.contains("cannot be negative"), "\(error)")
        #expect(!collector.segments.contains { $0.type == .separable }, "no media segment was handed out")
    }

    @Test("a file writer refuses producesCombinableFragments; it cannot be changed once writing has started")
    func misuse() throws {
        let directory = try TestFiles.makeTemporaryDirectory("combinable-file")
        let writer = try AVAssetWriter(outputURL: directory.file("out.mp4"), fileType: .mp4)
        #expect(writer.producesCombinableFragments == false, "Apple's default")
        writer.movieFragmentInterval = CMTime(value: 1, timescale: 1)
        writer.producesCombinableFragments = true
        writer.add(AVAssetWriterInput(mediaType: .video, outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 160, AVVideoHeightKey: 120]))
        #expect(!writer.startWriting())
        #expect(writer.status == .failed)
        #expect("\(String(describing: writer.error))".contains("producesCombinableFragments"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("out.mp4").path))

        let segments = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        let collector = Collector()
        segments.delegate = collector
        segments.preferredOutputSegmentInterval = CMTime(value: 1, timescale: 1)
        segments.initialSegmentStartTime = .zero
        segments.add(AVAssetWriterInput(mediaType: .video, outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 160, AVVideoHeightKey: 120]))
        #expect(segments.startWriting(), "\(String(describing: segments.error))")
        segments.producesCombinableFragments = true
        #expect(segments.producesCombinableFragments == false)
        segments.cancelWriting()
    }

    // MARK: Boxes (beside ffmpeg's judgement, to show what changed)

    /// The top-level boxes of `data`, and the children of `moof` and `traf`, as (type, payload range) pairs.
    private static func boxes(in data: Data, range: Range<Int>? = nil) -> [(String, Range<Int>)] {
        var result: [(String, Range<Int>)] = []
        var offset = range?.lowerBound ?? data.startIndex
        let end = range?.upperBound ?? data.endIndex
        while offset + 8 <= end {
            let size = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            guard size >= 8, offset + size <= end else { break }
            result.append((type, offset + 8..<offset + size))
            if type == "moof" || type == "traf" { result += boxes(in: data, range: offset + 8..<offset + size) }
            offset += size
        }
        return result
    }

    /// The `mfhd` sequence number of a media segment.
    private static func sequenceNumber(in segment: Data) -> Int? {
        guard let (_, payload) = boxes(in: segment).first(where: { $0.0 == "mfhd" }) else { return nil }
        return segment[payload.lowerBound + 4..<payload.lowerBound + 8].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The flags of every `tfhd` of a media segment.
    private static func trackFragmentHeaderFlags(in segment: Data) -> [Int] {
        boxes(in: segment).filter { $0.0 == "tfhd" }.map { _, payload in
            segment[payload.lowerBound + 1..<payload.lowerBound + 4].reduce(0) { $0 << 8 | Int($1) }
        }
    }
}
