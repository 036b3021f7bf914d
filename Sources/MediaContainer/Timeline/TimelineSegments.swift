import CoreMedia

/// A timeline's segments in track-time order, each made as it is read.
///
/// An edit list's segments are kept packed: a file can hold millions of 12-byte edits, and a `TimelineSegment`
/// (two times, a range and a rate: 96 bytes) per edit made the timeline cost eight times the table (issue 15:
/// 3 million edits took 288 MB for the segments alone). Its edits share the movie and media timescales and follow
/// one another, so a packed edit keeps only its start, its media time and its rate (24 bytes); the next edit's start
/// is its end. Other timelines (compositions, a track without an edit list) are short and keep their segments.
package struct TimelineSegments: RandomAccessCollection, Sendable {
    /// One edit of an edit list, packed: its target runs from `trackStart` to the next edit's (movie ticks).
    package struct PackedEdit: Sendable {
        /// Where the edit starts on the track's timeline, in movie ticks.
        package let trackStart: Int64
        /// The first media time presented, in media ticks; negative for an empty edit.
        package let mediaStart: Int64
        package let rate: MediaRate

        package init(trackStart: Int64, mediaStart: Int64, rate: MediaRate) {
            self.trackStart = trackStart
            self.mediaStart = mediaStart
            self.rate = rate
        }
    }

    private enum Storage: Sendable {
        case segments([TimelineSegment])
        /// Consecutive edits; `end` is where the last one ends (movie ticks).
        case edits([PackedEdit], end: Int64, movieTimescale: CMTimeScale, mediaTimescale: CMTimeScale)
    }

    private let storage: Storage

    package init(_ segments: [TimelineSegment]) { storage = .segments(segments) }

    /// Edits that follow one another from the first one's start to `end`, none of them lasting zero ticks.
    package init(edits: [PackedEdit], end: Int64, movieTimescale: CMTimeScale, mediaTimescale: CMTimeScale) {
        storage = .edits(edits, end: end, movieTimescale: movieTimescale, mediaTimescale: mediaTimescale)
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .segments(let segments): segments.count
        case .edits(let edits, _, _, _): edits.count
        }
    }

    package subscript(index: Int) -> TimelineSegment {
        switch storage {
        case .segments(let segments):
            return segments[index]
        case .edits(let edits, let end, let movieTimescale, let mediaTimescale):
            let edit = edits[index]
            let editEnd = Self.endTicks(of: edits, at: index, end: end)
            let target = CMTimeRange(start: CMTime(value: edit.trackStart, timescale: movieTimescale),
                                     duration: CMTime(value: editEnd - edit.trackStart, timescale: movieTimescale))
            guard edit.mediaStart >= 0 else { return TimelineSegment(target: target, media: nil) }
            return TimelineSegment(target: target, media: TimelineSegment.Media(
                source: 0, start: CMTime(value: edit.mediaStart, timescale: mediaTimescale), rate: edit.rate,
                timescale: mediaTimescale))
        }
    }

    /// The index of the first segment that ends after `time` (`endIndex` when none does). O(log n): segments
    /// follow one another in track time. Each probe reads only a segment's end, not the whole segment: this runs
    /// for every segment `avinfo` walks and every block an audio mix reads.
    package func firstIndex(endingAfter time: CMTime) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if targetEnd(at: middle) <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where segment `index` ends on the track's timeline.
    private func targetEnd(at index: Int) -> CMTime {
        switch storage {
        case .segments(let segments):
            return segments[index].target.end
        case .edits(let edits, let end, let movieTimescale, _):
            return CMTime(value: Self.endTicks(of: edits, at: index, end: end), timescale: movieTimescale)
        }
    }

    /// Where packed edit `index` ends, in movie ticks: where the next one starts, or `end` for the last.
    private static func endTicks(of edits: [PackedEdit], at index: Int, end: Int64) -> Int64 {
        index + 1 < edits.count ? edits[index + 1].trackStart : end
    }
}
