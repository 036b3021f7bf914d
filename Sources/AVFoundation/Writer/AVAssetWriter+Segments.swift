import CoreMedia
import Foundation
import MediaContainer
import MovieFile
import UniformTypeIdentifiers

// Segment output (AVAssetWriter.h, "AVAssetWriterSegmentation"): a writer made with `init(contentType:)` writes no
// file; it hands its delegate an initialization segment, then media segments, each starting with a sync sample.
extension AVAssetWriter {
    /// A writer that hands its output to `delegate` as segments of `outputContentType` (MPEG-4, `UTType.mpeg4Movie`)
    /// instead of writing a file. `outputURL` names no file for such a writer (it is `/dev/null`).
    public convenience init(contentType outputContentType: UTType) {
        let fileType = AVFileType(rawValue: outputContentType.identifier)
        // The designated initializer refuses only an existing file or an unwritable type; /dev/null exists, so go
        // through the shared setup and mark the writer as a segment writer.
        self.init(segmentsOf: fileType)
    }

    /// The preferred duration of a segment (default `.invalid`: the writer chooses, 6 s). Positive: segments are
    /// cut at the first sync sample at or past `initialSegmentStartTime` + N × the interval. `.indefinite`: a
    /// segment is cut at each `flushSegment()`. Cannot be changed after writing starts.
    public var preferredOutputSegmentInterval: CMTime {
        get { lock.withLock { configuration.preferredOutputSegmentInterval } }
        set { configure("preferredOutputSegmentInterval") { $0.preferredOutputSegmentInterval = newValue } }
    }

    /// Where the first segment's interval starts; must be numeric when the interval is positive.
    public var initialSegmentStartTime: CMTime {
        get { lock.withLock { configuration.initialSegmentStartTime } }
        set { configure("initialSegmentStartTime") { $0.initialSegmentStartTime = newValue } }
    }

    /// The profile the segments follow (default `nil`: Apple HLS for MPEG-4).
    public var outputFileTypeProfile: AVFileTypeProfile? {
        get { lock.withLock { configuration.outputFileTypeProfile } }
        set { configure("outputFileTypeProfile") { $0.outputFileTypeProfile = newValue } }
    }

    /// Receives the segments (held weakly). Cannot be changed after writing starts.
    public var delegate: (any AVAssetWriterDelegate)? {
        get { lock.withLock { configuration.delegate.value } }
        set { configure("delegate") { $0.delegate = WeakDelegate(value: newValue) } }
    }

    /// Closes the current segment and hands it to the delegate: for an indefinite `preferredOutputSegmentInterval`
    /// only. The next sample must then be a sync sample. Where Apple raises an exception (no segment output, another
    /// interval), the writer fails with the reason.
    public func flushSegment() {
        guard let engine = runningEngine else {
            failConfiguration(WriterFailure.misuse("flushSegment() needs a writer that is writing"), "flushSegment()")
            return
        }
        guard isSegmentWriter, configuration(\.preferredOutputSegmentInterval) == .indefinite else {
            engine.fail(WriterFailure.misuse("flushSegment() needs a writer made with init(contentType:) whose "
                                             + "preferredOutputSegmentInterval is .indefinite"))
            return
        }
        engine.flushSegment()
    }

    private func configuration<Value>(_ key: KeyPath<Configuration, Value>) -> Value {
        lock.withLock { configuration[keyPath: key] }
    }

    /// The segment layout for the movie writer, checked against Apple's rules for segment output, or `nil` for a
    /// file writer.
    func segmentation(_ configuration: Configuration, specs: inout [InputSpec]) throws(AVError) -> MovieSegmentation? {
        guard isSegmentWriter else { return nil }
        guard outputFileType == .mp4 else {
            throw AVError(.formatUnsupported, "segment output is MPEG-4 (UTType.mpeg4Movie); \(outputFileType.rawValue) "
                          + "cannot carry it", extra: [AVErrorFileTypeKey: outputFileType.rawValue])
        }
        guard let delegate = configuration.delegate.value else {
            throw WriterFailure.misuse("a writer made with init(contentType:) hands its output to its delegate; set "
                                       + "delegate before startWriting()")
        }
        let profile: MovieSegmentation.Profile
        switch configuration.outputFileTypeProfile {
        case nil, .mpeg4AppleHLS?: profile = .appleHLS
        case .mpeg4CMAFCompliant?: profile = .cmaf
        case let other?: throw AVError(.formatUnsupported, "outputFileTypeProfile \(other.rawValue) is not a profile "
                                       + "of \(outputFileType.rawValue)")
        }
        for spec in specs where spec.mediaType != .video && spec.mediaType != .audio {
            throw WriterFailure.misuse("segment output takes video and audio inputs, not \(spec.mediaType.rawValue)")
        }
        if profile == .cmaf, specs.count > 1 {
            throw WriterFailure.misuse("a CMAF track file holds one track (ISO/IEC 23000-19 §7.3.1): write each of "
                                       + "the \(specs.count) inputs with its own writer")
        }
        for type in [AVMediaType.video, .audio] where specs.filter({ $0.mediaType == type }).count > 1 {
            throw WriterFailure.misuse("segment output takes one \(type.rawValue) input")
        }
        if specs.contains(where: \.multiPass) {
            throw WriterFailure.misuse("segment output hands each segment out as it is made, so it cannot encode in "
                                       + "several passes")
        }
        let passthrough = specs.contains { if case .passthrough = $0.encoding { true } else { false } }
        let interval = configuration.preferredOutputSegmentInterval
        let cut: MovieSegmentation.Cut
        if interval == .indefinite {
            guard !specs.contains(where: { if case .passthrough = $0.encoding { false } else { true } }) else {
                throw WriterFailure.misuse("with an indefinite preferredOutputSegmentInterval segment output takes "
                                           + "passthrough inputs only (nil output settings)")
            }
            cut = .onFlush
        } else {
            var start = configuration.initialSegmentStartTime
            var every = interval
            if !interval.isValid {
                // Apple leaves the default to the writer: 6 s, Apple's HLS authoring target, from time zero.
                every = CMTime(value: 6, timescale: 1)
                if !start.isNumeric { start = .zero }
            }
            guard every.isNumeric, every > .zero else {
                throw WriterFailure.misuse("preferredOutputSegmentInterval must be positive, .indefinite or .invalid, "
                                           + "not \(every.messageSeconds) s")
            }
            guard start.isNumeric else {
                throw WriterFailure.misuse("a positive preferredOutputSegmentInterval needs a numeric "
                                           + "initialSegmentStartTime")
            }
            if passthrough, specs.count > 1 {
                throw WriterFailure.misuse("segment output with an interval takes one passthrough input (AVAssetWriter.h)")
            }
            for index in specs.indices where specs[index].mediaType == .video {
                if case .video = specs[index].encoding { specs[index].segmentKeyFrames = (every, start) }
            }
            cut = .every(every, from: start)
        }
        let handler = SegmentHandoff(writer: self, delegate: delegate)
        // After each delivery the inputs may be ready again (the writer holds back while segments queue up).
        var segmentation = MovieSegmentation(cut: cut, profile: profile, handler: { handler.deliver($0) },
                                             delivered: { [weak self] in self?.notifyInputs() })
        segmentation.producesCombinableFragments = configuration.producesCombinableFragments
        return segmentation
    }
}

/// Hands a movie segment to the writer's delegate in Apple's types.
private struct SegmentHandoff: Sendable {
    weak var writer: AVAssetWriter?
    weak var delegate: (any AVAssetWriterDelegate)?

    func deliver(_ segment: MovieSegment) {
        guard let writer, let delegate else { return }
        switch segment.kind {
        case .initialization:
            delegate.assetWriter(writer, didOutputSegmentData: segment.data, segmentType: .initialization,
                                 segmentReport: nil)
        case .media:
            let tracks = segment.tracks.map { track in
                AVAssetSegmentTrackReport(
                    trackID: track.trackID,
                    mediaType: track.mediaType == kCMMediaType_Video ? .video : .audio,
                    earliestPresentationTimeStamp: track.earliestPresentationTime, duration: track.duration,
                    firstVideoSampleInformation: track.firstVideoSample.map {
                        AVAssetSegmentReportSampleInformation(presentationTimeStamp: $0.presentationTime,
                                                              offset: $0.offset, length: $0.length,
                                                              isSyncSample: $0.isSync)
                    })
            }
            delegate.assetWriter(writer, didOutputSegmentData: segment.data, segmentType: .separable,
                                 segmentReport: AVAssetSegmentReport(segmentType: .separable, trackReports: tracks))
        }
    }
}

/// A weak reference to a delegate, kept in the writer's configuration.
struct WeakDelegate {
    weak var value: (any AVAssetWriterDelegate)?
}
