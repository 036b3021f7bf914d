import CoreMedia
import Foundation
import MovieTestSupport
import Testing
import TestSupport
@testable import AVFoundation

/// A track's `timeRange` and `segments` and what its readers output come from one timeline model: for each way a
/// file can state what its track presents, the first and last output times of a reader of the track are the
/// track's time range, to the sample.
@Suite("Track time range = what a reader of the track outputs")
struct TimelineOutputTests {
    /// One way a file states what its track presents.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let mediaType: AVMediaType
        let make: @Sendable () throws -> URL
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "AAC in M4A, encoder delay in iTunSMPB, no edit list", mediaType: .audio, make: iTunSMPBMovie),
        Case(name: "MP3 with a LAME gapless header", mediaType: .audio) { try AssetMedia.url("mpeg-layer3.mp3") },
        Case(name: "AAC in CAF, priming in the packet table", mediaType: .audio, make: primedCAF),
        Case(name: "Opus in MP4, pre-skip in dOps, no edit list", mediaType: .audio) {
            try ReaderMedia.make("opus-no-edit-list.mp4") { url in
                try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + ReaderMedia.stereo(seconds: 1, rate: 48_000)
                                       + ["-c:a", "libopus", "-b:a", "96k", "-use_editlist", "0", url.path])
            }
        },
        Case(name: "AAC behind an edit at rate 3/2 of odd length", mediaType: .audio) {
            try rateEdited(trackIndex: 1, edits: [.init(duration: 333, mediaTime: 1024, rate: 0x18000)])
        },
        Case(name: "video behind an edit at rate 3/2 of odd length", mediaType: .video) {
            try rateEdited(trackIndex: 0, edits: [.init(duration: 333, mediaTime: 1024, rate: 0x18000)])
        },
        Case(name: "video behind an empty edit and an edit at rate 1/3", mediaType: .video) {
            try rateEdited(trackIndex: 0, edits: [.init(duration: 250, mediaTime: -1), .init(duration: 701, mediaTime: 1024, rate: 0x5555)])
        },
    ]

    @Test("decoded output starts and ends where the track's time range does", arguments: cases)
    func decoded(_ testCase: Case) throws {
        let asset = AVURLAsset(url: try testCase.make())
        let track = try #require(asset.tracks(withMediaType: testCase.mediaType).first)
        let range = track.timeRange
        #expect(range.duration > .zero)
        #expect(track.segments.last(where: { !$0.isEmpty })?.timeMapping.target.end == range.end)
        let settings: [String: Any] = testCase.mediaType == .audio
            ? [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true]
            : [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar]
        let output = try #require(try Self.outputRange(asset, track, settings))
        #expect(output.start == range.start, "first output at \(output.start), time range starts at \(range.start)")
        if testCase.mediaType == .audio, range.end.timescale != track.naturalTimeScale {
            // An end between two samples (333 ms at 44.1 kHz): the output ends at the nearest one.
            #expect(abs((output.end - range.end).seconds) <= 0.5 / Double(track.naturalTimeScale),
                    "output ends at \(output.end), time range ends at \(range.end)")
        } else {
            #expect(output.end == range.end, "output ends at \(output.end), time range ends at \(range.end)")
        }
    }

    /// Passthrough audio of a scaled edit is timed through its rate, with its trims in the buffer's own time: the
    /// cases at normal speed.
    @Test("passthrough audio, trims applied, starts and ends where the track's time range does",
          arguments: cases.filter { $0.mediaType == .audio && !$0.name.contains("rate") })
    func passthrough(_ testCase: Case) throws {
        let asset = AVURLAsset(url: try testCase.make())
        let track = try #require(asset.tracks(withMediaType: .audio).first)
        let output = try #require(try Self.outputRange(asset, track, nil))
        #expect(output.start == track.timeRange.start)
        #expect(output.end == track.timeRange.end)
    }

    // MARK: Reading

    /// From the first presented time to the end of the last buffer a reader of `track` outputs (audio trims
    /// honoured).
    static func outputRange(_ asset: AVAsset, _ track: AVAssetTrack, _ settings: [String: Any]?) throws -> CMTimeRange? {
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: settings)
        reader.add(output)
        #expect(reader.startReading(), "\(String(describing: reader.error))")
        var first: CMTime?
        var end = CMTime.negativeInfinity
        while let buffer = output.copyNextSampleBuffer() {
            guard CMSampleBufferGetNumSamples(buffer) > 0 else { continue }
            if let attachments = CMSampleBufferGetSampleAttachmentsArray(buffer, createIfNecessary: false) as? [[String: Any]],
               attachments.first?[kCMSampleAttachmentKey_DoNotDisplay as String] as? Bool == true { continue }
            let start = CMSampleBufferGetPresentationTimeStamp(buffer)
            let trimStart = trim(buffer, kCMSampleBufferAttachmentKey_TrimDurationAtStart as String)
            let trimEnd = trim(buffer, kCMSampleBufferAttachmentKey_TrimDurationAtEnd as String)
            let duration = Self.duration(of: buffer)
            guard trimStart + trimEnd < duration else { continue }
            if first == nil { first = start + trimStart }
            end = max(end, start + duration - trimEnd)
        }
        #expect(reader.status == .completed, "\(String(describing: reader.error))")
        return first.map { CMTimeRange(start: $0, end: end) }
    }

    /// A trim attachment's duration, zero when absent.
    static func trim(_ buffer: CMSampleBuffer, _ key: String) -> CMTime {
        guard let dictionary = CMGetAttachment(buffer, key: key as CFString, attachmentModeOut: nil) as? [String: Any] else { return .zero }
        return CMTimeMakeFromDictionary(dictionary as CFDictionary)
    }

    /// A buffer's duration: its frames at the sample rate for linear PCM, else its timing.
    static func duration(of buffer: CMSampleBuffer) -> CMTime {
        if let format = CMSampleBufferGetFormatDescription(buffer),
           let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee, asbd.mSampleRate > 0,
           asbd.mFormatID == kAudioFormatLinearPCM {
            return CMTime(value: Int64(CMSampleBufferGetNumSamples(buffer)), timescale: CMTimeScale(asbd.mSampleRate))
        }
        return CMSampleBufferGetDuration(buffer)
    }

    // MARK: Files

    /// ffmpeg's AAC M4A, its edit list replaced by an iTunSMPB tag stating the same delay (FFmpeg's encoder primes
    /// 1024 frames, which its edit list states) and a padding that ends the audio at exactly one second.
    @Sendable static func iTunSMPBMovie() throws -> URL {
        try ReaderMedia.make("aac-itunsmpb-no-edit-list.m4a") { url in
            let source = try ReaderMedia.file("aac-stereo.m4a")
            // The packets ffprobe counts: every one holds 1024 frames.
            let json = try ExternalTool.ffprobeJSON(["-select_streams", "a:0", "-count_packets",
                                                     "-show_entries", "stream=nb_read_packets", source.path])
            let packets = ((json["streams"] as? [[String: Any]])?.first?["nb_read_packets"] as? String).flatMap(Int.init) ?? 0
            let remainder = packets * 1024 - 1024 - 44_100
            guard packets > 0, remainder >= 0 else { throw ReaderTestFailure("\(packets) packets cannot hold 1 s") }
            let smpb = String(format: " 00000000 00000400 %08X %016X 00000000 00000000 00000000 00000000", remainder, 44_100)
            let bytes = try MovieRewrites.withITunSMPB(smpb, [UInt8](try Data(contentsOf: source)))
            try Data(bytes).write(to: url)
        }
    }

    /// AAC in CAF written by our writer, which states the encoder's priming in the packet table (`pakt`).
    @Sendable static func primedCAF() throws -> URL {
        try ReaderMedia.make("aac-primed.caf") { url in
            let writer = try AVAssetWriter(outputURL: url, fileType: .caf)
            let input = AVAssetWriterInput(mediaType: .audio, outputSettings: [
                AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2,
                AVEncoderBitRateKey: 96_000])
            writer.add(input)
            guard writer.startWriting() else { throw writer.error ?? ReaderTestFailure("the CAF writer did not start") }
            writer.startSession(atSourceTime: .zero)
            var start = 0
            WriterMedia.feed([input]) { _ in
                guard start < 30_000 else { return nil }
                defer { start += 3_000 }
                return WriterMedia.tone(frames: 3_000, start: start)
            }
            let done = DispatchSemaphore(value: 0)
            writer.finishWriting { done.signal() }
            done.wait()
            guard writer.status == .completed else { throw writer.error ?? ReaderTestFailure("the CAF writer failed") }
        }
    }

    /// The H.264 + AAC movie with track `trackIndex`'s edit list replaced by `edits` (movie ticks of 1/1000 s).
    static func rateEdited(trackIndex: Int, edits: [EditListWriter.Edit]) throws -> URL {
        let key = edits.map { "\($0.duration)_\($0.mediaTime)_\($0.rate)" }.joined(separator: "-")
        return try ReaderMedia.make("timeline-\(trackIndex)-\(key).mp4") { url in
            try EditListWriter.rewrite(try ReaderMedia.file("h264-bframes-aac-no-pns.mp4"), trackIndex: trackIndex,
                                       edits: edits, to: url)
        }
    }
}
