import CoreMedia
import Foundation
import MediaContainer

/// Movie-wide settings.
package struct MovieWriterOptions: Sendable {
    /// Movie timescale (`mvhd`; edit durations). Apple's writers use 600.
    package var movieTimescale: Int32 = 600
    /// Fast start (`AVAssetWriter.shouldOptimizeForNetworkUse`): `ftyp`, `moov`, then `mdat`.
    package var shouldOptimizeForNetworkUse = false
    /// Write a fragmented movie with a fragment every interval (`movieFragmentInterval`); `nil`: not fragmented.
    package var movieFragmentInterval: CMTime?
    /// The first fragment's interval when it differs (`initialMovieFragmentInterval`); `nil`: `movieFragmentInterval`.
    package var initialMovieFragmentInterval: CMTime?
    /// Sequence number of the first fragment (`initialMovieFragmentSequenceNumber`).
    package var initialFragmentSequenceNumber: UInt32 = 1
    /// Expected duration, written in `mehd` until the real one is patched in (`overallDurationHint`).
    package var overallDurationHint: CMTime?
    /// Where temporary files go (`directoryForTemporaryFiles`); `nil`: the output file's directory.
    package var temporaryDirectory: URL?
    /// `mvhd`/`tkhd`/`mdhd` creation and modification date.
    package var creationDate = Date()
    /// Preferred rate, volume and transform (`mvhd`).
    package var preferredRate: Float = 1
    package var preferredVolume: Float = 1
    package var preferredTransform: TransformMatrix = .identity
    /// Default chunk duration for tracks that do not set one.
    package var defaultChunkDuration = CMTime(value: 1, timescale: 2)
    /// Cap on sample bytes held in memory across tracks before chunks are written out of time order.
    package var maximumBufferedBytes = MovieWriterLimits.defaultMaximumBufferedBytes
    /// With fast start: the samples and chunks the caller expects to write, so that room for the movie box can be
    /// left before the media data (see `MovieBoxReservation`). `nil`: the media data moves up at the end instead.
    package var movieBoxReservation: MovieBoxReservation?

    /// Defaults.
    package init() {}
}
