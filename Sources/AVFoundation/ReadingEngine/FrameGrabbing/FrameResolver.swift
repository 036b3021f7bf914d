import CoreMedia
import Foundation
import MediaContainer

/// Which frame answers one requested time: a sample of one source of the track, the span of the timeline that
/// presents it, and the time it appears at on the asset's timeline.
struct FrameTarget: Sendable {
    /// The track's source the sample is in (`TrackBacking.makeSource`).
    let source: Int
    /// The sample, in decode order.
    let sample: Int
    /// The part of the timeline that presents it (its edit or composition segment).
    let span: PresentationSpan
    /// When the frame appears on the asset's timeline (an edit that starts inside the frame starts it there).
    let actualTime: CMTime

    /// The cache key: the same sample gives the same picture whichever span shows it.
    var key: FrameKey { FrameKey(source: source, sample: sample) }
}

/// One decoded sample of one source.
struct FrameKey: Hashable, Sendable {
    let source: Int
    let sample: Int
}

/// The sources of a track a batch reads, opened on first use.
///
/// Used by one thread at a time.
final class FrameSources {
    private let backing: any TrackBacking
    private var open: [Int: TrackSource] = [:]

    init(backing: any TrackBacking) { self.backing = backing }

    /// Source `index`, opened now if it is not open.
    func source(_ index: Int) throws(ReadingFailure) -> TrackSource {
        if let source = open[index] { return source }
        let source = try backing.makeSource(index)
        open[index] = source
        return source
    }

    /// Closes every source but `kept` (a composition of many files keeps only the ones being read mapped);
    /// returns the ones closed.
    @discardableResult
    func close(allBut kept: Set<Int>) -> [Int] {
        let closed = open.keys.filter { !kept.contains($0) }
        for index in closed { open[index] = nil }
        return closed
    }
}

/// Resolves requested times to frames of one video track, as AVAssetImageGenerator.h describes the tolerances:
/// the frame on screen at the time when both are zero; otherwise the sync frame nearest the time among those within
/// `[time − before, time + after]`, or, when none is, the frame on screen at the time.
struct FrameResolver {
    let timeline: TrackTimeline
    /// The asset's duration: times from zero to it (inclusive: the last frame answers it) have images.
    let duration: CMTime
    let toleranceBefore: CMTime
    let toleranceAfter: CMTime
    let trackID: CMPersistentTrackID

    /// The frame for `time`, or the reason there is none.
    func resolve(_ time: CMTime, in sources: FrameSources) throws(AVError) -> FrameTarget {
        guard time.isNumeric, time >= .zero, time <= duration else {
            throw AVError(.noImageAtTime, "no image at \(Self.text(time)): the asset's video lasts \(Self.text(duration))",
                          extra: time.isNumeric ? [AVErrorTimeKey: time] : [:])
        }
        // The frame on screen at `time`: the first shown by the shortest span starting there (or, at the very end,
        // ending there).
        let probe = CMTime(value: 1, timescale: 1_000_000_000)
        let start = time < timeline.end ? time : max(.zero, timeline.end - probe)
        guard let span = timeline.spans(covering: [CMTimeRange(start: start, duration: probe)]).first else {
            throw AVError(.noImageAtTime, "no image at \(Self.text(time)): track \(trackID) presents no video then",
                          extra: [AVErrorTimeKey: time])
        }
        let source: TrackSource
        do {
            source = try sources.source(span.source)
        } catch {
            throw error.avError
        }
        guard let shown = source.shownPositions(in: span) else {
            throw AVError(.noImageAtTime, "no image at \(Self.text(time)): track \(trackID) has no frame there",
                          extra: [AVErrorTimeKey: time])
        }
        let exact = source.sample(atPresentationPosition: shown.lowerBound)
        var chosen = (sample: exact, time: appearance(of: exact, in: span, source: source))
        if !(toleranceBefore == .zero && toleranceAfter == .zero), !source.table.isSync(at: exact) {
            let earliest = toleranceBefore == .positiveInfinity ? CMTime.negativeInfinity : time - toleranceBefore
            let latest = toleranceAfter == .positiveInfinity ? CMTime.positiveInfinity : time + toleranceAfter
            var best: (sample: Int, time: CMTime, distance: CMTime)?
            for candidate in syncCandidates(around: exact, in: span, source: source) {
                let at = appearance(of: candidate, in: span, source: source)
                guard at >= earliest, at <= latest else { continue }
                let distance = at > time ? at - time : time - at
                if best == nil || distance < best!.distance || (distance == best!.distance && at < best!.time) {
                    best = (candidate, at, distance)
                }
            }
            if let best { chosen = (best.sample, best.time) }
        }
        return FrameTarget(source: span.source, sample: chosen.sample, span: span, actualTime: chosen.time)
    }

    /// The sync samples nearest `sample` that the span shows: the last at or before it in presentation order and
    /// the first after it.
    private func syncCandidates(around sample: Int, in span: PresentationSpan, source: TrackSource) -> [Int] {
        let table = source.table
        let scale = source.mediaTimescale
        let mediaStart = PresentationSpan.floorTicks(span.segment.media?.start ?? .zero, scale)
        let mediaEnd = PresentationSpan.ceilTicks(span.segment.mediaTime(ofTrackTime: span.segment.target.end), scale)
        let pts = table.presentationTime(at: sample)
        var result: [Int] = []
        // Sync samples are few and their presentation order follows their decode order, so walking the sync
        // table from the sample's own group outwards finds both neighbours in a step or two.
        var before = table.syncSample(atOrBefore: sample)
        while let candidate = before, table.presentationTime(at: candidate) > pts {
            before = candidate > 0 ? table.syncSample(atOrBefore: candidate - 1) : nil
        }
        if let before, table.presentationTime(at: before) + table.duration(at: before) > mediaStart || span.segment.isDwell {
            result.append(before)
        }
        var after = table.syncSample(atOrAfter: sample + 1)
        while let candidate = after, table.presentationTime(at: candidate) <= pts {
            after = table.syncSample(atOrAfter: candidate + 1)
        }
        if let after, table.presentationTime(at: after) < mediaEnd, !span.segment.isDwell {
            result.append(after)
        }
        return result
    }

    /// When `sample` appears on the asset's timeline through `span`'s segment: its presentation time mapped
    /// through the segment, no earlier than the segment's start (an edit starting inside a frame starts it there).
    private func appearance(of sample: Int, in span: PresentationSpan, source: TrackSource) -> CMTime {
        let segment = span.segment
        let at = segment.trackTime(ofMediaTicks: source.table.presentationTime(at: sample))
        return max(at, segment.target.start)
    }

    /// A time for messages.
    static func text(_ time: CMTime) -> String {
        time.isNumeric ? String(format: "%.6f s", time.seconds) : "an invalid time"
    }
}
