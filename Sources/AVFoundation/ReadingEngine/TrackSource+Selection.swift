import CoreMedia
import MediaContainer

/// The samples one presentation span needs: those to read (decode order) and those it shows.
struct SpanSamples: Sendable, Equatable {
    /// The samples to read, in decode order: from the sync sample (or the pre-roll packet) that decoding must start
    /// at, to the last sample a shown one needs.
    var decodeRange: Range<Int>
    /// The positions in presentation order of the samples the span shows (each overlaps the span), inclusive.
    var shownPositions: ClosedRange<Int>
}

extension TrackSource {
    /// Sample `index`'s position in presentation order.
    func presentationPosition(of index: Int) -> Int {
        table.compositionOffsets == nil ? index : table.presentationPosition(of: index)
    }

    /// The sample at position `position` in presentation order.
    func sample(atPresentationPosition position: Int) -> Int {
        table.compositionOffsets == nil ? position : Int(table.presentationOrderIndices()[position])
    }

    /// The positions in presentation order of the samples shown in `span`: from the sample on screen at its start
    /// (the latest presented at or before it, which overlaps it) to the last one presented before its end. `nil`
    /// when no sample is presented in the span.
    func shownPositions(in span: PresentationSpan) -> ClosedRange<Int>? {
        guard table.count > 0 else { return nil }
        let scale = mediaTimescale
        let first = PresentationSpan.floorTicks(span.mediaStart, scale)
        // Samples presented before the end: pts < mediaEnd, that is pts ≤ ⌈mediaEnd⌉ − 1. A dwell edit shows the
        // one sample on screen at its media time.
        let last = span.segment.isDwell ? first : PresentationSpan.ceilTicks(span.mediaEnd, scale) - 1
        let firstSample = table.sampleIndex(presentedAt: first) ?? sample(atPresentationPosition: 0)
        guard let lastSample = table.sampleIndex(presentedAt: last) else { return nil }
        let from = presentationPosition(of: firstSample), to = presentationPosition(of: lastSample)
        return from <= to ? from...to : nil
    }

    /// What a span of a video (or other reordered) track needs: the shown samples, and every sample from the sync
    /// sample at or before the first of them in decode order to the last of them in decode order.
    func videoSamples(in span: PresentationSpan) -> SpanSamples? {
        guard let shown = shownPositions(in: span) else { return nil }
        var lowest = Int.max, highest = Int.min
        if table.compositionOffsets == nil {
            (lowest, highest) = (shown.lowerBound, shown.upperBound)
        } else {
            let order = table.presentationOrderIndices()
            for position in shown {
                let index = Int(order[position])
                lowest = min(lowest, index)
                highest = max(highest, index)
            }
        }
        // A stream that does not start with a sync sample is decoded from its start (FFmpeg conceals what it cannot
        // reconstruct), as players do.
        let start = table.syncSample(atOrBefore: lowest) ?? 0
        return SpanSamples(decodeRange: start..<(highest + 1), shownPositions: shown)
    }

    /// What a span of an audio track needs: the packets it presents and `preroll` packets before them, which the
    /// decoder needs to produce the first presented sample correctly. A span that starts within the encoder's
    /// priming starts at the first packet, so the priming is handed out whole (trimmed), as Apple's readers hand
    /// out the first packets of an AAC track and as a writer copying the track needs them.
    func audioSamples(in span: PresentationSpan, preroll: Int) -> SpanSamples? {
        guard let shown = shownPositions(in: span) else { return nil }
        let first = sample(atPresentationPosition: shown.lowerBound)
        let last = sample(atPresentationPosition: shown.upperBound)
        var start = max(0, min(first, last) - max(0, preroll))
        if track.priming > 0, table.count > 0 {
            // Overflow (a first time near 2^63 plus a hostile priming) means the span starts inside the priming.
            let (primed, overflow) = table.presentationTime(at: 0).addingReportingOverflow(track.priming)
            if overflow || PresentationSpan.floorTicks(span.mediaStart, mediaTimescale) <= primed { start = 0 }
        }
        return SpanSamples(decodeRange: start..<(max(first, last) + 1), shownPositions: shown)
    }

    /// Packets an audio decoder needs before the first presented one: the file's roll distance when it gives one
    /// (ISO/IEC 14496-12 §10.1: −1 for AAC), else the codec's usual pre-roll.
    func audioPreroll(for description: CMFormatDescription) -> Int {
        if let roll = track.rollDistance, roll < 0 { return -roll }
        guard let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee else { return 0 }
        return ReadingLimits.defaultAudioPrerollPackets[asbd.mFormatID] ?? 0
    }

    /// Whether sample `index`'s bytes follow sample `index − 1`'s in the file.
    func followsPrevious(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        let previousEnd = table.offset(at: index - 1).addingReportingOverflow(UInt64(table.size(at: index - 1)))
        return !previousEnd.overflow && previousEnd.partialValue == table.offset(at: index)
    }

    /// The packets of the passthrough (or decoder input) audio buffer that starts at `start` and may reach `end`:
    /// stored back to back, of one sample description, presented back to back, at most
    /// `ReadingLimits.passthroughAudioSeconds` of audio and, for compressed audio, `ReadingLimits.passthroughAudioPackets`
    /// packets.
    func audioGroup(from start: Int, before end: Int, isPCM: Bool) -> Range<Int> {
        guard start < end else { return start..<start }
        let description = table.descriptionIndex(at: start)
        let maximumTicks = Int64(mediaTimescale) * Int64(ReadingLimits.passthroughAudioSeconds)
        let startTime = table.decodeTime(at: start)
        if isPCM, case .constant(let size) = table.sizeStorage {
            // One sample per frame: find the longest run by binary search instead of visiting every frame.
            let frames = max(1, maximumTicks / max(1, table.duration(at: start)))
            let limit = min(end, start + Int(clamping: frames))
            // Each offset is a search of the chunk runs (a file of one-frame chunks has a run per frame), so the
            // first frame's is looked up once.
            let first = table.offset(at: start)
            func fits(_ stop: Int) -> Bool {
                let last = stop - 1
                guard table.descriptionIndex(at: last) == description else { return false }
                let (expected, overflow) = first.addingReportingOverflow(UInt64(last - start) * UInt64(size))
                return !overflow && expected == table.offset(at: last)
            }
            // A frame not followed by the next in the file is a group of its own: one look, not a binary search.
            guard limit > start + 1, fits(start + 2) else { return start..<(start + 1) }
            var low = start + 2, high = limit
            while low < high {
                let middle = (low + high + 1) / 2
                if fits(middle) { low = middle } else { high = middle - 1 }
            }
            return start..<low
        }
        // A buffer of packets is timed by its first packet: with composition offsets (an AAC muxer's ctts giving
        // the first packet a later presentation than the second) the group ends where presentation stops running
        // on from decoding, so that every buffer's packets keep their own times.
        let hasOffsets = table.compositionOffsets != nil
        var stop = start + 1
        while stop < end, stop - start < ReadingLimits.passthroughAudioPackets,
              table.descriptionIndex(at: stop) == description, followsPrevious(stop),
              table.decodeTime(at: stop) - startTime < maximumTicks,
              !hasOffsets || table.presentationTime(at: stop) == table.presentationTime(at: stop - 1) + table.duration(at: stop - 1) {
            stop += 1
        }
        return start..<stop
    }
}
