import CoreMedia
import Foundation
import MediaContainer

/// What an asset track is made of: a track of a container file, or (for compositions) segments of other tracks.
///
/// The one seam between `AVAssetTrack` and the media behind it: the asset layer derives every track property from
/// it, and the reading engine and the export read the track's media through it (`makeSource`), never through a
/// container's model directly. Implementations are thread-safe; a mutable composition track's answers change as
/// it is edited.
protocol TrackBacking: AnyObject, Sendable {
    /// The format descriptions of the track's samples (a composition track: those of its segments' sources, each
    /// once, replacements applied), each made on first use.
    var formatDescriptions: FormatDescriptionList { get }
    /// What the track presents when: the one timeline behind `segments`, `timeRange` and every reader output.
    var timeline: TrackTimeline { get }
    /// Whether the track is enabled.
    var isEnabled: Bool { get }
    /// Whether every sample lies in the asset's own storage.
    var isSelfContained: Bool { get }
    /// The timescale in which the track's media times are exact.
    var naturalTimeScale: CMTimeScale { get }
    /// The ISO 639-2/T language code, nil when undetermined.
    var languageCode: String? { get }
    /// The BCP 47 language tag, if any.
    var extendedLanguageTag: String? { get }
    /// The display size the track declares (a movie's `tkhd` width and height), nil when it declares none: the
    /// natural size is then its first format's picture size corrected by the pixel aspect ratio.
    var declaredSize: CGSize? { get }
    /// The track's transform.
    var preferredTransform: CGAffineTransform { get }
    /// The track's volume.
    var preferredVolume: Float { get }
    /// The alternate group; 0 for none.
    var alternateGroup: Int16 { get }
    /// The track's associations to other tracks of its asset: four-character type → track IDs, in reference order.
    var associations: [FourCharCode: [CMPersistentTrackID]] { get }
    /// The track's own metadata, as the container stores it.
    var metadataEntries: [MetadataEntry] { get }
    /// Counts, sizes and durations of the samples the track presents.
    func sampleStatistics() throws -> SampleStatistics

    /// How many media sources the timeline's segments read (`TimelineSegment.Media.source` indexes them).
    var sourceCount: Int { get }
    /// The segments a composition track is edited from (its empty ones too); `nil` for a track of a file, whose
    /// samples already follow one another on its media timeline. A passthrough export copies an edited track
    /// segment by segment.
    var editedSegmentCount: Int? { get }
    /// Opens media source `index` for one reader output: its sample table, its mapped file and its formats. Each
    /// output opens its own and drops it after its last segment, so memory follows what is being read.
    func makeSource(_ index: Int) throws(ReadingFailure) -> TrackSource
}
