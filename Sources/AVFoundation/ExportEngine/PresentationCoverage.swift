import CoreMedia

/// How far a track's appended samples present the timeline without a gap, in presentation order, whatever order
/// they arrive in (decode order with B-frames presents later frames first). When `fileLengthLimit` stops an export
/// mid-stream, the session ends where every track is still complete.
struct PresentationCoverage {
    /// The end of the gap-free presentation from the start.
    private(set) var end: CMTime
    /// Appended ranges that start after `end`.
    private var pending: [CMTimeRange] = []

    /// Coverage starting at `start`.
    init(start: CMTime) { end = start }

    /// Records that `range` is presented; a range starting within `tolerance` of the end joins it (timestamps
    /// rounded to a coarser timescale leave hair-line gaps).
    mutating func add(_ range: CMTimeRange, tolerance: CMTime) {
        guard range.isValid, range.start.isNumeric, range.duration.isNumeric, range.duration > .zero else { return }
        pending.append(range)
        var advanced = true
        while advanced {
            advanced = false
            for (index, candidate) in pending.enumerated() where candidate.start <= end + tolerance {
                end = max(end, candidate.end)
                pending.remove(at: index)
                advanced = true
                break
            }
        }
    }

    /// The range a sample buffer presents: its samples' span minus the parts trimmed at either end; nil for samples
    /// shown to nobody (`DoNotDisplay`, decoded only because others depend on them).
    static func presentedRange(of buffer: CMSampleBuffer) -> CMTimeRange? {
        let pts = CMSampleBufferGetPresentationTimeStamp(buffer)
        let duration = CMSampleBufferGetDuration(buffer)
        guard pts.isNumeric, duration.isNumeric else { return nil }
        // The flags as the buffer holds them: Apple's attachments array would make a mutable dictionary per sample
        // (kept by the buffer, so the muxer then reads those too) and bridge it back, a fifth of a stitch's CPU.
        if let flags = buffer.existingSampleFlags, flags.count == 1, flags[0].doesNotDisplay { return nil }
        // Most buffers carry no attachment: asked once, not per key (each `CMGetAttachment` bridged its key to a
        // String; an export of 3,000,000 one-sample edits asks for every buffer twice).
        let attached = !buffer.attachmentStorage.isEmpty
        let start = pts + (attached ? trim(buffer, trimAtStartKey) : .zero)
        let end = pts + duration - (attached ? trim(buffer, trimAtEndKey) : .zero)
        return end > start ? CMTimeRange(start: start, end: end) : nil
    }

    private static let trimAtStartKey = kCMSampleBufferAttachmentKey_TrimDurationAtStart as String
    private static let trimAtEndKey = kCMSampleBufferAttachmentKey_TrimDurationAtEnd as String

    /// A trim attachment's duration (a CMTime dictionary), zero when absent.
    static func trim(_ buffer: CMSampleBuffer, _ key: String) -> CMTime {
        guard let value = buffer.attachmentStorage.entry(forKey: key)?.value else { return .zero }
        let time = CMTimeMakeFromDictionary(value as? CFDictionary)
        return time.isNumeric ? time : .zero
    }
}
