import AVFoundation
import Foundation
import UniformTypeIdentifiers

/// What one segmenting run produced: the initialization segment's file, and each media segment's file, duration
/// and size, in order.
struct SegmentedRendition: Sendable {
    struct Segment: Sendable {
        var file: String
        /// The earliest presentation time of the segment's samples, as the writer reported it (the DASH timeline's
        /// `S@t`).
        var start: CMTime
        /// The segment's duration as the writer reported it (exact, for the playlist's `EXTINF`).
        var duration: CMTime
        var bytes: Int
    }

    var initializationFile: String
    var segments: [Segment]
    /// The formats of the tracks written (for the playlist's CODECS, RESOLUTION and FRAME-RATE).
    var videoFormat: CMFormatDescription?
    var audioFormat: CMFormatDescription?
    var frameRate: Double?
}

/// Writes each segment the asset writer hands out to its own file as it arrives (so memory holds one segment), and
/// records what the playlist needs.
// Safe because `lock` guards every `var`; the directory and base name are immutable.
final class SegmentFileWriter: NSObject, AVAssetWriterDelegate, @unchecked Sendable {
    // Safe to share: every `var` is guarded by `lock`; the writer calls the delegate from one thread at a time.
    private let directory: URL
    private let baseName: String
    private let lock = NSLock()
    private var segments: [SegmentedRendition.Segment] = []
    private var created: [URL] = []
    private var failure: (any Error)?
    static let initializationFile = "init.mp4"

    init(directory: URL, baseName: String) {
        self.directory = directory
        self.baseName = baseName
    }

    func assetWriter(_ writer: AVAssetWriter, didOutputSegmentData segmentData: Data,
                     segmentType: AVAssetSegmentType, segmentReport: AVAssetSegmentReport?) {
        let name = segmentType == .initialization
            ? Self.initializationFile : "\(baseName)\(lock.withLock { segments.count }).m4s"
        // After a failure nothing more is written: the run fails and removes what it wrote.
        guard lock.withLock({ failure == nil }) else { return }
        let url = directory.appendingPathComponent(name)
        do {
            try segmentData.write(to: url, options: .withoutOverwriting)
            lock.withLock { created.append(url) }
        } catch {
            lock.withLock { if failure == nil { failure = error } }
            return
        }
        guard segmentType == .separable else { return }
        // The segment's duration is its first track's (video when there is video: the cutting track).
        let reports = segmentReport?.trackReports ?? []
        let timed = reports.first { $0.mediaType == .video } ?? reports.first
        let duration = timed?.duration ?? .zero
        let start = timed?.earliestPresentationTimeStamp ?? .zero
        lock.withLock {
            segments.append(.init(file: name, start: start, duration: duration, bytes: segmentData.count))
        }
    }

    /// Removes every file this writer created (after a failure, so that nothing partial is left).
    func removeCreated() {
        for url in lock.withLock({ created }) { try? FileManager.default.removeItem(at: url) }
    }

    /// The segments written, or the first file-system failure.
    func result() throws -> [SegmentedRendition.Segment] {
        try lock.withLock {
            if let failure { throw failure }
            return segments
        }
    }
}

/// Segments a movie without re-encoding: its first video and first audio track, muxed, in segments of about
/// `targetDuration` seconds, each starting with a video sync sample (audio-only: every `targetDuration`). Apple's
/// writer takes one passthrough input per writer when it cuts by interval, so the cuts are made here, with an
/// `.indefinite` interval and `flushSegment()` before each sync sample at or past a boundary.
enum Segmenter {
    struct Options {
        var targetDuration = 6.0
        var includeVideo = true
        var includeAudio = true
        var cmaf = false
    }

    static func segment(_ input: URL, into directory: URL, baseName: String,
                        options: Options) async throws -> SegmentedRendition {
        let asset = AVURLAsset(url: input)
        let video = options.includeVideo ? try await asset.loadTracks(withMediaType: .video).first : nil
        let audio = options.includeAudio ? try await asset.loadTracks(withMediaType: .audio).first : nil
        guard video != nil || audio != nil else {
            throw SegmenterError("\(input.lastPathComponent) has no video or audio track to segment")
        }
        if options.cmaf, video != nil, audio != nil {
            throw SegmenterError("a CMAF track holds one track: segment with --video-only and --audio-only apart")
        }
        let reader = try AVAssetReader(asset: asset)
        let writer = AVAssetWriter(contentType: UTType(AVFileType.mp4.rawValue)!)
        writer.outputFileTypeProfile = options.cmaf ? .mpeg4CMAFCompliant : .mpeg4AppleHLS
        writer.preferredOutputSegmentInterval = .indefinite
        let files = SegmentFileWriter(directory: directory, baseName: baseName)
        writer.delegate = files

        var lanes: [Lane] = []
        var rendition = SegmentedRendition(initializationFile: SegmentFileWriter.initializationFile, segments: [])
        for track in [video, audio].compactMap({ $0 }) {
            let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
            output.alwaysCopiesSampleData = false
            reader.add(output)
            let formats = try await track.load(.formatDescriptions)
            let input = AVAssetWriterInput(mediaType: track.mediaType, outputSettings: nil,
                                           sourceFormatHint: formats.first)
            writer.add(input)
            lanes.append(Lane(output: output, input: input, cuts: track === video || video == nil))
            if track === video {
                rendition.videoFormat = formats.first
                rendition.frameRate = Double(try await track.load(.nominalFrameRate))
            } else {
                rendition.audioFormat = formats.first
            }
        }
        guard reader.startReading() else { throw reader.error ?? SegmenterError("the reader did not start") }
        guard writer.startWriting() else { throw writer.error ?? SegmenterError("the writer did not start") }
        writer.startSession(atSourceTime: .zero)

        do {
            try feed(lanes, writer: writer, targetDuration: options.targetDuration)
        } catch {
            writer.cancelWriting()
            files.removeCreated()
            throw writer.error ?? reader.error ?? error
        }
        await writer.finishWriting()
        do {
            if reader.status == .failed { throw reader.error ?? SegmenterError("reading failed") }
            guard writer.status == .completed else { throw writer.error ?? SegmenterError("writing did not complete") }
            rendition.segments = try files.result()
        } catch {
            files.removeCreated()
            throw error
        }
        return rendition
    }

    /// Appends every lane's samples, cutting a segment before each sync sample of the cutting lane at or past a
    /// boundary (every `targetDuration` seconds).
    private static func feed(_ lanes: [Lane], writer: AVAssetWriter, targetDuration: Double) throws {
        let cutter = lanes.firstIndex { $0.cuts } ?? 0
        var boundary = targetDuration
        var appendedSinceCut = false
        // The cutting track leads; the other is appended up to each of its samples' times, so a cut falls after
        // everything that belongs before it.
        while let sample = lanes[cutter].next() {
            let time = CMSampleBufferGetPresentationTimeStamp(sample).seconds
            let sync = (sample.sampleAttachments.first?[.notSync] as? Bool) != true
            for index in lanes.indices where index != cutter { try lanes[index].append(until: time) }
            if sync, time >= boundary, appendedSinceCut {
                writer.flushSegment()
                appendedSinceCut = false
                while boundary <= time { boundary += targetDuration }
            }
            try lanes[cutter].append(sample)
            appendedSinceCut = true
        }
        for index in lanes.indices where index != cutter { try lanes[index].append(until: .infinity) }
        for lane in lanes { lane.input.markAsFinished() }
    }

    /// One track: its reader output and writer input, and the sample read but not yet appended.
    final class Lane {
        let output: AVAssetReaderTrackOutput
        let input: AVAssetWriterInput
        let cuts: Bool
        private var held: CMSampleBuffer?
        private var ended = false

        init(output: AVAssetReaderTrackOutput, input: AVAssetWriterInput, cuts: Bool) {
            self.output = output
            self.input = input
            self.cuts = cuts
        }

        /// The next sample of the track, or nil at its end.
        func next() -> CMSampleBuffer? {
            if let held {
                self.held = nil
                return held
            }
            guard !ended else { return nil }
            let sample = output.copyNextSampleBuffer()
            if sample == nil { ended = true }
            return sample
        }

        /// Appends the track's samples that start before `time` seconds.
        func append(until time: Double) throws {
            while let sample = next() {
                guard CMSampleBufferGetPresentationTimeStamp(sample).seconds < time else {
                    held = sample
                    return
                }
                try append(sample)
            }
        }

        /// Appends `sample`, waiting while the input is not ready.
        func append(_ sample: CMSampleBuffer) throws {
            while !input.isReadyForMoreMediaData { usleep(500) }
            guard input.append(sample) else { throw SegmenterError("a sample was refused") }
        }
    }
}

/// Why segmenting stopped.
struct SegmenterError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
