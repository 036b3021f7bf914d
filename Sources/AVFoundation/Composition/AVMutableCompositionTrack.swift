import CoreMedia
import Foundation

/// A composition track that can be edited: ranges of other tracks inserted, empty ranges inserted, ranges removed
/// and scaled, its segments set, its properties changed (AVMutableCompositionTrack.h). Edits follow
/// `CompositionSegmentList`'s rules.
///
/// Thread safety: every edit replaces the track's state under its lock; any thread may edit, one edit at a time.
// Safe because every edit replaces the immutable state under the track's lock.
open class AVMutableCompositionTrack: AVCompositionTrack, @unchecked Sendable {
    /// Why the last assignment to `segments` was refused, if it was: a reader or export of the composition then fails
    /// with it (Apple raises an exception for segments that break the timing rules).
    private let refusalLock = NSLock()
    private var refusedSegments: AVError?

    /// The refusal of an assignment to `segments`, which makes reading or exporting the composition fail.
    var segmentsRefusal: AVError? { refusalLock.withLock { refusedSegments } }

    // MARK: Properties

    /// Whether the track is enabled. Default true.
    public override var isEnabled: Bool {
        get { compositionState.properties.isEnabled }
        set { edit { $1.isEnabled = newValue } }
    }

    /// The timescale in which the track's times are exact: the value set, else the natural timescale of the first
    /// non-empty segment's source, else 600. Set 0 to return to that default.
    public override var naturalTimeScale: CMTimeScale {
        get { compositionState.naturalTimeScale }
        set { edit { $1.naturalTimeScale = max(0, newValue) } }
    }

    /// The ISO 639-2/T language code; default nil.
    public override var languageCode: String? {
        get { compositionState.properties.languageCode }
        set { edit { $1.languageCode = newValue } }
    }

    /// The BCP 47 language tag; default nil.
    public override var extendedLanguageTag: String? {
        get { compositionState.properties.extendedLanguageTag }
        set { edit { $1.extendedLanguageTag = newValue } }
    }

    /// The transform with which the track's visual media is presented; default identity. Merging clips keeps a
    /// portrait clip upright when this is set from its source track.
    public override var preferredTransform: CGAffineTransform {
        get { compositionState.properties.preferredTransform }
        set { edit { $1.preferredTransform = newValue } }
    }

    /// The track's volume; default 1.
    public override var preferredVolume: Float {
        get { compositionState.properties.preferredVolume }
        set { edit { $1.preferredVolume = newValue } }
    }

    // MARK: Editing

    /// Inserts `timeRange` of `track` (a range of its timeline, which is first cut to its asset's duration) at
    /// `startTime`, pushing what lies there later. The media is presented at its natural duration and rate; parts of
    /// the range where `track` presents nothing become empty. Throws an `AVError` naming the track and its file when
    /// the range holds nothing or the track cannot be read.
    public func insertTimeRange(_ timeRange: CMTimeRange, of track: AVAssetTrack, at startTime: CMTime) throws {
        try insertTimeRanges([NSValue(timeRange: timeRange)], of: [track], at: startTime)
    }

    /// Inserts each of `timeRanges` of the matching track of `tracks`, one after another, at `startTime`.
    public func insertTimeRanges(_ timeRanges: [NSValue], of tracks: [AVAssetTrack], at startTime: CMTime) throws {
        guard timeRanges.count == tracks.count else {
            throw AVError(.operationNotAllowed, "insertTimeRanges(_:of:at:) got \(timeRanges.count) time ranges for "
                          + "\(tracks.count) tracks; give one range per track")
        }
        guard startTime.isNumeric, startTime >= .zero else {
            throw AVError(.operationNotAllowed, "cannot insert at \(startTime.descriptionText): the start time must be a numeric time ≥ 0")
        }
        var inserted: [CompositionSegment] = []
        var offset = CMTime.zero
        for (value, track) in zip(timeRanges, tracks) {
            guard track.mediaType == mediaType else {
                throw AVError(.operationNotAllowed, "cannot insert \(track.mediaType.rawValue) track \(track.trackID) "
                              + "into a \(mediaType.rawValue) composition track")
            }
            let segments = try registry.segments(presenting: value.timeRangeValue, of: track)
            inserted += segments.map { $0.shifted(by: offset) }
            offset = offset + (segments.last?.target.end ?? .zero)
        }
        edit { segments, _ in
            var list = CompositionSegmentList(segments)
            list.insert(inserted, at: startTime)
            segments = list.segments
        }
        compositionDidChange()
    }

    /// Inserts an empty range: what lies at its start moves later by its duration.
    public func insertEmptyTimeRange(_ timeRange: CMTimeRange) {
        guard Self.isEditable(timeRange) else { return }
        editList { $0.insertEmpty(timeRange) }
    }

    /// Removes a range: what follows it moves earlier by its duration.
    public func removeTimeRange(_ timeRange: CMTimeRange) {
        guard Self.isEditable(timeRange) else { return }
        editList { $0.remove(timeRange) }
    }

    /// Makes `timeRange` last `duration`: its media plays faster or slower, and what follows moves by the change.
    public func scaleTimeRange(_ timeRange: CMTimeRange, toDuration duration: CMTime) {
        guard Self.isEditable(timeRange), duration.isNumeric, duration > .zero else { return }
        editList { $0.scale(timeRange, to: duration) }
    }

    /// Throws an `AVError` (-11824…-11827) naming the first segment of `trackSegments` that breaks the timing rules:
    /// targets must follow one another from zero without gaps or overlaps and last a positive time; sources must
    /// start at a numeric time and last a numeric time ≥ 0.
    public func validateSegments(_ trackSegments: [AVCompositionTrackSegment]) throws {
        if let problem = CompositionSegmentList.problem(with: trackSegments) { throw problem }
    }

    /// Makes this track refer to `compositionTrack` (another track of the composition) with `trackAssociationType`.
    public func addTrackAssociation(to compositionTrack: AVCompositionTrack,
                                    type trackAssociationType: AVAssetTrack.AssociationType) {
        guard let code = FourCharCodeText.code(trackAssociationType.rawValue) else { return }
        edit { _, properties in
            var ids = properties.associations[code] ?? []
            if !ids.contains(compositionTrack.trackID) { ids.append(compositionTrack.trackID) }
            properties.associations[code] = ids
        }
    }

    /// Removes an association added with `addTrackAssociation(to:type:)`.
    public func removeTrackAssociation(to compositionTrack: AVCompositionTrack,
                                       type trackAssociationType: AVAssetTrack.AssociationType) {
        guard let code = FourCharCodeText.code(trackAssociationType.rawValue) else { return }
        edit { _, properties in
            properties.associations[code]?.removeAll { $0 == compositionTrack.trackID }
        }
    }

    /// Presents `replacementFormatDescription` wherever the track's sources have `originalFormatDescription`; nil
    /// removes the replacement.
    public func replaceFormatDescription(_ originalFormatDescription: CMFormatDescription,
                                         with replacementFormatDescription: CMFormatDescription?) {
        edit { _, properties in
            properties.replacements.removeAll {
                CMFormatDescriptionEqual($0.original, otherFormatDescription: originalFormatDescription)
            }
            if let replacementFormatDescription {
                properties.replacements.append((originalFormatDescription, replacementFormatDescription))
            }
        }
    }

    // MARK: Segments

    /// Replaces the segments. Segments that break the timing rules (`validateSegments(_:)`) are refused: the track
    /// keeps its segments, and reading or exporting the composition fails with the error naming the problem.
    func assignSegments(_ trackSegments: [AVCompositionTrackSegment]) {
        if let problem = CompositionSegmentList.problem(with: trackSegments) {
            refusalLock.withLock { refusedSegments = problem }
            return
        }
        let segments = trackSegments.map { segment -> CompositionSegment in
            guard !segment.isEmpty else { return CompositionSegment(target: segment.timeMapping.target, media: nil) }
            let source = segment.source ?? segment.sourceURL.map {
                registry.source(url: $0, trackID: segment.sourceTrackID)
            }
            guard let source else { return CompositionSegment(target: segment.timeMapping.target, media: nil) }
            return CompositionSegment(target: segment.timeMapping.target,
                                      media: CompositionSegment.Media(source: source, range: segment.timeMapping.source))
        }
        refusalLock.withLock { refusedSegments = nil }
        edit { current, _ in current = segments }
        compositionDidChange()
    }

    /// Whether `range` is one an edit can apply to.
    private static func isEditable(_ range: CMTimeRange) -> Bool {
        range.isValid && range.start.isNumeric && range.duration.isNumeric && range.duration > .zero
    }

    /// Applies `change` to the segment list.
    private func editList(_ change: (inout CompositionSegmentList) -> Void) {
        edit { segments, _ in
            var list = CompositionSegmentList(segments)
            change(&list)
            segments = list.segments
        }
        compositionDidChange()
    }

    /// Tells the composition its duration and tracks may have changed.
    private func compositionDidChange() {
        asset?.keyValueLoader.invalidateFinishedValues()
    }
}

// The settable segments Apple's AVMutableCompositionTrack declares (see AVAsset+Tracks.swift).
extension AVAsynchronousKeyValueLoading where Self: AVMutableCompositionTrack {
    /// The track's segments. Setting segments that break the timing rules keeps the old ones (see
    /// `validateSegments(_:)`); reading or exporting the composition then fails naming the problem.
    public var segments: [AVCompositionTrackSegment]! {
        get { compositionState.segments.map(AVCompositionTrackSegment.init) }
        nonmutating set { assignSegments(newValue ?? []) }
    }
}
