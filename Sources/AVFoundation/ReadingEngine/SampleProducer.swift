import CoreMedia
import MediaContainer

/// Makes an output's sample buffers, a few at a time, on the output's worker thread.
///
/// A producer is used by one thread at a time (its worker) and is then released; it may hold decoders and other
/// state without locks.
protocol SampleProducer: AnyObject {
    /// The next buffers in output order: an empty array when this step produced nothing yet (a decoder filling its
    /// pipeline), `nil` when there is nothing more.
    func next() throws(ReadingFailure) -> [CMSampleBuffer]?

    /// Asks a producer that may be waiting inside `next()` on something other than its own work (a custom video
    /// compositor, other outputs' workers) to stop waiting and return soon. Called from another thread, so an
    /// implementation must be thread-safe; most producers never wait and need none.
    func cancel()

    /// Whether `next()` only computes from what the producer holds and the mapped file, never waiting on another
    /// thread (a decoder's frame threads, a custom compositor, another output's worker, a test's gate), so that a
    /// worker step may call it again and hand over several calls' buffers at once (`ReadAheadWorker`'s batches).
    /// A producer that may wait must say false: a buffer it made would otherwise sit unpublished while its next call
    /// waits, perhaps for the very caller that wants that buffer.
    var makesBatchesWithoutWaiting: Bool { get }

    /// Called when the producer has made its last buffer: a check to run when the caller takes the end of the run,
    /// nil when there is nothing to check. Buffers that refer to the mapped file (zero-copy) may wait in the
    /// read-ahead queue long after they were made; if another process truncated the file meanwhile, their bytes
    /// read as zeros, and the check fails the read with the reason instead of letting it complete.
    func endCheck() -> (@Sendable () -> ReadingFailure?)?
}

extension SampleProducer {
    func cancel() {}
    var makesBatchesWithoutWaiting: Bool { false }
    func endCheck() -> (@Sendable () -> ReadingFailure?)? { nil }
}

/// Hands out the samples of a track as stored (`outputSettings` nil): video and other media one sample per buffer
/// in decode order, audio several packets per buffer; each span of the read (one segment inside one requested time
/// range) from the sync sample or pre-roll packet its first shown sample needs, read from the span's source.
///
/// With an `EditListRecorder` the samples are laid out for a passthrough copy instead (media layout): each span's
/// samples keep their durations and follow the previous span's on an output media timeline (moved later when the
/// span's decode or presentation times would not follow the samples before it, as at a join of two clips with
/// reordered frames: a clip's last reference frame may be presented after the edit that ends it), and the recorder
/// gets the edit that presents the span, and an empty edit for each gap before it.
final class PassthroughProducer: SampleProducer {
    private var walker: SpanWalker
    private let isAudio: Bool
    private let copiesData: Bool
    private let recorder: EditListRecorder?
    /// Media layout: the span being read and its shift onto the output media timeline.
    private var placed: (segmentIndex: Int, start: CMTime, shift: CMTime)?
    /// Media layout: where the samples handed out so far end on the output media timeline, in decode and in
    /// presentation order.
    private var decodeEnd = CMTime.invalid
    private var presentationEnd = CMTime.invalid
    /// Media layout: the end of the last edit recorded, on the track's timeline.
    private var editsEnd: CMTime
    /// The files zero-copy buffers were made from, with the track read from each (`endCheck`).
    private var filesRead: [(file: MappedFile, trackID: CMPersistentTrackID)] = []

    /// A producer of the samples of `backing`'s sources that `ranges` (track times, increasing) of `timeline`
    /// present; laid out for a passthrough copy when `recorder` is given.
    init(timeline: TrackTimeline, backing: any TrackBacking, isAudio: Bool, ranges: [CMTimeRange], copiesData: Bool,
         recorder: EditListRecorder? = nil) {
        if isAudio {
            walker = SpanWalker(timeline: timeline, ranges: ranges, backing: backing, grouping: .audioPackets,
                                select: SpanWalker.audioSelection)
        } else {
            walker = SpanWalker(timeline: timeline, ranges: ranges, backing: backing, grouping: .single,
                                select: SpanWalker.videoSelection)
        }
        self.isAudio = isAudio
        self.copiesData = copiesData
        self.recorder = recorder
        editsEnd = ranges.first?.start ?? .zero
    }

    /// Each call reads the mapped file and makes one buffer: nothing to wait for.
    var makesBatchesWithoutWaiting: Bool { true }

    /// Zero-copy buffers refer to the files they came from: each file read is checked once more, size included, when
    /// the caller takes the end (`SampleProducer.endCheck`).
    func endCheck() -> (@Sendable () -> ReadingFailure?)? {
        guard !copiesData, !filesRead.isEmpty else { return nil }
        let files = filesRead
        return {
            for (file, trackID) in files {
                if let truncation = file.truncation(checkingSize: true) {
                    return ReadingFailure(.mediaData, truncation, trackID: trackID)
                }
            }
            return nil
        }
    }

    func next() throws(ReadingFailure) -> [CMSampleBuffer]? {
        while let step = try walker.next() {
            guard case .samples(let samples, let span, let source, let selection) = step else { continue }
            if !copiesData, !filesRead.contains(where: { $0.file === source.file }) {
                filesRead.append((source.file, source.trackID))
            }
            var maker = PassthroughBufferMaker(source: source, copiesData: copiesData)
            if let recorder { maker.timing = .media(shift: place(span, samples: selection.decodeRange, of: source, recorder)) }
            let buffer: CMSampleBuffer
            if isAudio {
                buffer = try maker.audio(samples, in: span, trimmed: true)
            } else {
                let index = samples.lowerBound
                let shown = selection.shownPositions.contains(source.presentationPosition(of: index))
                buffer = try maker.sample(index, in: span, shown: shown)
            }
            if recorder != nil { noteEnds(of: buffer) }
            return [buffer]
        }
        return nil
    }

    /// Media layout: the shift of `span`'s samples (`samples`, decode order), placing the span (and recording its
    /// edits) at its first samples.
    private func place(_ span: PresentationSpan, samples: Range<Int>, of source: TrackSource,
                       _ recorder: EditListRecorder) -> CMTime {
        if let placed, placed.segmentIndex == span.segmentIndex, placed.start == span.trackRange.start {
            return placed.shift
        }
        // The span's first presented media time lands at its track time, unless its samples would then decode or
        // be presented before the end of what was handed out already.
        var shift = span.trackRange.start - span.mediaStart
        let scale = source.mediaTimescale
        let firstDecode = CMTime(value: source.table.decodeTime(at: samples.lowerBound), timescale: scale)
        let firstPresentation = CMTime(value: samples.map { source.table.presentationTime(at: $0) }.min() ?? 0,
                                       timescale: scale)
        if decodeEnd.isValid, firstDecode + shift < decodeEnd { shift = decodeEnd - firstDecode }
        if presentationEnd.isValid, firstPresentation + shift < presentationEnd { shift = presentationEnd - firstPresentation }
        if span.trackRange.start > editsEnd {
            recorder.append(.empty(duration: span.trackRange.start - editsEnd))
        }
        recorder.append(.media(duration: span.trackRange.duration, start: span.mediaStart + shift, rate: span.segment.rate))
        editsEnd = span.trackRange.end
        placed = (span.segmentIndex, span.trackRange.start, shift)
        return shift
    }

    /// Media layout: moves the decode and presentation ends past `buffer`'s samples.
    private func noteEnds(of buffer: CMSampleBuffer) {
        let duration = CMSampleBufferGetDuration(buffer)
        let presentation = CMSampleBufferGetPresentationTimeStamp(buffer)
        let decode = CMSampleBufferGetDecodeTimeStamp(buffer)
        func later(_ end: CMTime, than current: CMTime) -> CMTime {
            end.isNumeric && (!current.isValid || end > current) ? end : current
        }
        decodeEnd = later((decode.isValid ? decode : presentation) + duration, than: decodeEnd)
        presentationEnd = later(presentation + duration, than: presentationEnd)
    }
}
