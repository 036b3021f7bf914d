import CoreMedia
import Foundation
import MediaContainer
import Synchronization

/// An opened asset: its container reader and the tracks and metadata items made from it, once.
///
/// Immutable after `init`; the tracks refer to the asset weakly (Apple's `AVAssetTrack.asset` is weak) and to the
/// reader strongly, so a track outlives its asset and keeps working.
// Safe because immutable after `init`, and what it holds is thread-safe.
final class AssetContents: @unchecked Sendable {
    let reader: any ContainerReader
    let tracks: [AVAssetTrack]
    /// Movie-level metadata items, in file order.
    let metadata: [AVMetadataItem]
    let options: AssetOptions

    init(asset: AVAsset, reader: any ContainerReader, options: AssetOptions, url: URL?) {
        self.reader = reader
        self.options = options
        let fileURL = url ?? reader.file.url
        tracks = reader.tracks.enumerated().map { index, model in
            AVAssetTrack(asset: asset, trackID: model.trackID, mediaType: AVAssetTrack.mediaType(of: model.mediaType),
                         backing: ContainerTrackBacking(reader: reader, index: index, fileURL: fileURL),
                         options: options)
        }
        metadata = reader.metadata.map(AVMetadataItem.make(from:))
        hasProtectedContent = Self.anyProtected(tracks, counting: protectionCheckedTracks)
    }

    /// The loadable asset keys (the Objective-C property names). Kept: values that make objects or walk the tracks
    /// or metadata; the rest are read from the reader and computed again on each read.
    static let loadableKeys = LoadableKeyTable<AssetContents>(
        recomputed: [
            "preferredRate": { $0.reader.preferredRate },
            "preferredVolume": { $0.reader.preferredVolume },
            "preferredTransform": { CGAffineTransform($0.reader.preferredTransform) },
            "providesPreciseDurationAndTiming": { $0.providesPreciseDurationAndTiming },
            "tracks": { $0.tracks },
            "metadata": { $0.metadata },
            "hasProtectedContent": { $0.hasProtectedContent },
            "canContainFragments": { $0.reader.canContainFragments },
            "containsFragments": { $0.reader.containsFragments },
            "overallDurationHint": { _ in CMTime.invalid },
            "exportable": { !$0.hasProtectedContent },
            "readable": { !$0.hasProtectedContent },
            "composable": { _ in true },
            "compatibleWithAirPlayVideo": { _ in false },
            "minimumTimeOffsetFromLive": { _ in CMTime.invalid },
        ],
        kept: [
            "duration": { $0.duration },
            "trackGroups": { $0.trackGroups },
            "commonMetadata": { AVMetadataItem.commonItems(from: $0.metadata) },
            "availableMetadataFormats": { AVMetadataItem.formats(of: $0.metadata) },
            "creationDate": { $0.creationDate as Any },
            "lyrics": { $0.lyrics as Any },
            "playable": { $0.isPlayable },
        ])

    /// The movie duration (`mvhd`), or for a file whose header gives none (fragmented files, streams) the end of
    /// the latest track; a fragmented file's fragments can extend past the header's duration, so it takes the later.
    var duration: CMTime {
        let header = reader.movieTimescale > 0 && reader.movieDuration > 0
            ? CMTime(value: reader.movieDuration, timescale: reader.movieTimescale) : nil
        if let header, !reader.containsFragments { return header }
        let latestTrackEnd = tracks.map { $0.timeline.timeRange.end }.max() ?? .zero
        guard let header else { return latestTrackEnd }
        return max(header, latestTrackEnd)
    }

    /// QuickTime, ISO and the audio containers with complete headers (WAVE, AIFF, CAF) give exact timing from
    /// their tables; for MP3, ADTS and AMR Apple reports precise timing only when it was asked for, which makes it
    /// scan the file (our readers always index every frame, so the timing is exact either way).
    var providesPreciseDurationAndTiming: Bool {
        switch reader.format {
        case .mp3, .adts, .amr: options.prefersPreciseDurationAndTiming
        default: true
        }
    }

    /// Tracks sharing a non-zero alternate group (`tkhd` alternate_group), one group per value, in order of first
    /// appearance.
    var trackGroups: [AVAssetTrackGroup] {
        var order: [Int16] = []
        var members: [Int16: [CMPersistentTrackID]] = [:]
        for track in tracks where track.backing.alternateGroup != 0 {
            let group = track.backing.alternateGroup
            if members[group] == nil { order.append(group) }
            members[group, default: []].append(track.trackID)
        }
        return order.map { AVAssetTrackGroup(trackIDs: members[$0] ?? []) }
    }

    /// The first metadata item carrying the creation date, else the movie header's creation time (`mvhd`).
    var creationDate: AVMetadataItem? {
        if let item = AVMetadataItem.commonItems(from: metadata).first(where: { $0.commonKey == .commonKeyCreationDate }) {
            return item
        }
        guard let date = reader.creationDate else { return nil }
        return AVMetadataItem(state: AVMetadataItem.State(
            identifier: .commonIdentifierCreationDate, key: NSString(string: AVMetadataKey.commonKeyCreationDate.rawValue),
            keySpace: .common, value: NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)))
    }

    /// The lyrics: iTunes '©lyr', else ID3 unsynchronised lyrics (USLT).
    var lyrics: String? {
        for identifier in [AVMetadataIdentifier.iTunesMetadataLyrics, .id3MetadataUnsynchronizedLyric] {
            if let text = metadata.first(where: { $0.identifier == identifier })?.stringValue { return text }
        }
        return nil
    }

    /// Whether any track's samples are encrypted: protected sample entries ('encv', 'enca', 'enct', 'encs' of
    /// ISO/IEC 23001-7 §4.2; 'drmi', 'drms' of iTunes). Worked out once when the file opens: every track's
    /// `isPlayable` asks it, and asking all tracks each time made a file of 20,000 tracks take minutes (issue 15).
    let hasProtectedContent: Bool

    /// The tracks `anyProtected` has looked at: each once, when the file opens. Counted so that a test can check
    /// the work instead of timing many tracks.
    let protectionCheckedTracks = Atomic<Int>(0)

    /// By the sample descriptions' coding names, which cost nothing to ask: no description is made for this.
    private static func anyProtected(_ tracks: [AVAssetTrack], counting checked: borrowing Atomic<Int>) -> Bool {
        let protected = Set(["encv", "enca", "enct", "encs", "encm", "drmi", "drms"].compactMap(FourCharCodeText.code))
        return tracks.contains { track in
            checked.add(1, ordering: .relaxed)
            return track.backing.formatDescriptions.codingNames.contains(where: protected.contains)
        }
    }

    /// Whether an enabled audio or video track can be played.
    var isPlayable: Bool {
        !hasProtectedContent && tracks.contains { track in
            (track.mediaType == .video || track.mediaType == .audio || track.mediaType == .muxed)
                && track.backing.isEnabled && track.computedIsPlayable
        }
    }
}
