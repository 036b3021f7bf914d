import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Synchronization

/// Writes a QuickTime movie or an MPEG-4 family file (MP4, M4A, M4V, 3GP, 3G2) from encoded samples: the native
/// muxer `AVAssetWriter` drives.
///
/// Use: `init` creates the output (never over an existing file); `addTrack` for every track; `append` samples per
/// track in decode order (writing starts with the first append, or `start()`); optionally `setTimeline`,
/// `setEncoderDelay`, `addTrackReference`, `setMetadata`; `markFinished` per track when its samples end; then
/// `finish()`. `cancel()` removes everything. Any file-system failure removes the partial output and temporaries and
/// is rethrown by every later call.
///
/// Timelines: a sample's times are integers in its track's media timescale on the caller's timeline, which all
/// tracks share (an asset writer's source times, e.g. `CMTimeConvertScale(pts, timescale:)`). The file stores each
/// track from its first decode time, so edit media times are given on the caller's timeline too and converted.
/// Without a caller edit list a track gets Apple's default: an empty edit for the time before it starts (relative
/// to the earliest track), then its presentation from the first presented sample after the encoder delay to the
/// last before the padding. A session (`startSession(atSourceTime:)`…`endSession`) maps onto `setTimeline`.
///
/// Media data goes to the file as it arrives, in chunks of about half a second per track, interleaved so that
/// chunks appear in order of their start times (see `MovieWriter+Interleaving.swift`); `isReadyForMoreMediaData`
/// is the back-pressure that keeps tracks together. Memory held: at most about one pending and one waiting chunk per
/// track (0.5 s each, 8 MiB at most each), a 1 MiB write buffer and the sample tables (about 4 bytes per sample
/// while sizes vary), capped overall by `maximumBufferedBytes` (64 MiB by default). A fragmented movie holds one
/// fragment interval of samples instead.
///
/// Errors map onto `AVError`: `.outputExists` → `fileAlreadyExists`, `.diskFull` → `diskFull`,
/// `.unsupportedFormat` → `incompatibleAsset`-like refusals at `canAdd`, `.metadataNotRepresentable` → the
/// metadata refusal, `.fileSystem` → `unknown` with the errno text as the underlying error.
///
/// Thread safety: every method may be called from any thread; `lock` serialises them (it guards every `var` below).
// Safe because `lock` serialises every method and guards every `var`.
package final class MovieWriter: @unchecked Sendable {
    /// Where the movie is written; `nil` when the writer created no file (client storage, a pipe, segments).
    package let url: URL?
    /// The file type.
    package let fileType: MovieFileType
    /// Movie-wide settings.
    package let options: MovieWriterOptions
    /// Whether what was written can be revisited: not for segments, handed out as they are made, nor on an
    /// append-only output (a pipe).
    let outputIsPatchable: Bool

    enum State {
        case configuring
        case writing
        case finished
        case failed(ContainerWriterError)
        case cancelled
    }

    let lock = Mutex(())
    var state = State.configuring
    var file: OutputFile?
    /// Media data of tracks placed before the main media data, gathered while writing.
    var spool: OutputFile?
    var tracks: [WriterTrack] = []
    var movieMetadata: [MetadataEntry] = []
    /// Offset of the 16 bytes reserved for the `mdat` header (`wide` + `mdat`, or a 64-bit `mdat`).
    var mediaDataHeaderOffset: UInt64 = 0
    /// Room left for the movie box before the `mdat` header (`MovieBoxReservation`), from the end of `ftyp`; zero
    /// without a reservation.
    var movieBoxReserve: UInt64 = 0
    /// Sample bytes held in memory across tracks.
    var bufferedBytes = 0
    /// State of a fragmented movie.
    var fragments: FragmentWriterState?

    /// Creates the output file at `url` (failing with `.outputExists` if anything is there) for `fileType`.
    package convenience init(url: URL, fileType: MovieFileType, options: MovieWriterOptions = MovieWriterOptions())
        throws(ContainerWriterError) {
        try self.init(output: url, fileType: fileType, options: options, segmentation: nil)
    }

    /// A writer into `storage` (named `name` in messages) for `fileType`: the file laid out as on disk. Nothing that
    /// needs a second file (media data placed before the rest, which is spooled) can be written.
    package convenience init(storage: any OutputFileStorage, name: URL, fileType: MovieFileType,
                             options: MovieWriterOptions = MovieWriterOptions()) throws(ContainerWriterError) {
        let sink = OutputFile(storage: storage, name: name.path)
        try self.init(output: nil, sink: sink, fileType: fileType, options: options, segmentation: nil)
    }

    /// A writer to `descriptor`, which only appends (a pipe, a FIFO, a socket; named `name` in messages): only a
    /// fragmented movie (`movieFragmentInterval`) can be written to it, each fragment handed to the descriptor as it
    /// is made, so that a reader at the other end can play it while it is written. The writer owns the descriptor
    /// from this call on (also when creation fails) and closes it when it finishes, fails or is cancelled.
    ///
    /// What a file would get at the end cannot follow: the movie box keeps the `mehd` duration of
    /// `overallDurationHint` and the edit lists known when it was written (its capabilities say neither edit lists
    /// nor the encoder delay can be set later).
    package convenience init(appendingTo descriptor: Int32, name: String, fileType: MovieFileType,
                             options: MovieWriterOptions) throws(ContainerWriterError) {
        let sink = OutputFile(appendingTo: descriptor, name: name)
        try self.init(output: nil, sink: sink, fileType: fileType, options: options, segmentation: nil)
    }

    /// A writer to the file at `output` or to `sink`, or, without either, of segments for `segmentation`.
    init(output url: URL?, sink: OutputFile? = nil, fileType: MovieFileType, options: MovieWriterOptions,
         segmentation: MovieSegmentation?) throws(ContainerWriterError) {
        guard options.movieTimescale > 0 else {
            throw ContainerWriterError(.invalidArgument, "the movie timescale must be positive, not \(options.movieTimescale)")
        }
        if let interval = options.movieFragmentInterval {
            guard interval.isNumeric, interval > .zero else {
                throw ContainerWriterError(.invalidArgument, "movieFragmentInterval must be a positive time")
            }
        }
        if let interval = options.initialMovieFragmentInterval {
            guard interval.isNumeric, interval > .zero else {
                throw ContainerWriterError(.invalidArgument, "initialMovieFragmentInterval must be a positive time")
            }
        }
        guard options.defaultChunkDuration.isNumeric, options.defaultChunkDuration > .zero else {
            throw ContainerWriterError(.invalidArgument, "the default chunk duration must be a positive time")
        }
        let layout = MovieLayout(options: options, segmentation: segmentation)
        if let sink { try layout.check(sink, name: sink.path) }
        self.url = url
        self.fileType = fileType
        self.options = options
        outputIsPatchable = segmentation == nil && sink?.isPatchable != false
        if let segmentation {
            // Segment output ignores movieFragmentInterval, as Apple's writer does in this mode.
            fragments = FragmentWriterState(options: options, segmentation: segmentation)
            return
        }
        if let sink {
            file = sink
        } else if let url {
            file = try OutputFile(creating: url)
        }
        if layout == .fragmented { fragments = FragmentWriterState(options: options) }
    }

    deinit {
        // A writer dropped without finish or cancel leaves nothing behind.
        switch state {
        case .configuring, .writing:
            file?.discard()
            spool?.discard()
        default:
            break
        }
    }

    // MARK: Tracks

    /// Adds a track; allowed until writing starts. Refuses a codec the file type cannot hold, naming both.
    @discardableResult
    package func addTrack(_ configuration: OutputTrackConfiguration) throws(ContainerWriterError) -> OutputTrack {
        try withLock { () throws(ContainerWriterError) in
            guard case .configuring = state else {
                throw ContainerWriterError(.invalidState, "tracks can only be added before writing starts")
            }
            guard let kind = TrackKind(mediaType: configuration.mediaType) else {
                throw ContainerWriterError(.unsupportedFormat, "media type '\(FourCC(rawValue: configuration.mediaType))' "
                                       + "cannot be written to a \(fileType) file")
            }
            guard configuration.mediaTimescale > 0 else {
                throw ContainerWriterError(.invalidArgument, "a track's media timescale must be positive, not "
                                       + "\(configuration.mediaTimescale)")
            }
            for description in configuration.formatDescriptions {
                try CodecSupport.check(description, kind: kind, fileType: fileType)
            }
            if let language = configuration.languageCode, PackedLanguageCode(iso639: language.lowercased()) == nil {
                throw ContainerWriterError(.invalidArgument, "language code '\(language)' is not an ISO 639-2/T code")
            }
            if let duration = configuration.preferredChunkDuration, !(duration.isNumeric && duration > .zero) {
                throw ContainerWriterError(.invalidArgument, "preferredChunkDuration must be a positive time")
            }
            guard configuration.preferredChunkAlignment >= 0, (configuration.preferredChunkSize ?? 1) > 0 else {
                throw ContainerWriterError(.invalidArgument, "chunk alignment must be ≥ 0 and chunk size > 0")
            }
            switch configuration.mediaDataLocation {
            case .interleavedWithMainMediaData:
                break
            case .beforeMainMediaDataNotInterleaved:
                guard fragments == nil else {
                    throw ContainerWriterError(.unsupportedFormat, "a fragmented movie has no main media data to place "
                                           + "a track's data before")
                }
            case .referenced(let reference, _):
                guard fileType.isQuickTime, fragments == nil else {
                    throw ContainerWriterError(.unsupportedFormat, "sample references (data in '\(reference.path)') are "
                                           + "a QuickTime movie feature, not available in a \(fileType)"
                                           + (fragments == nil ? " file" : " fragmented movie"))
                }
            }
            _ = try MetadataBoxBuilder(fileType: fileType).boxes(for: configuration.metadata)
            let trackID: UInt32
            if let requested = configuration.trackID {
                guard requested > 0, !tracks.contains(where: { $0.trackID == UInt32(requested) }) else {
                    throw ContainerWriterError(.invalidArgument, "track ID \(requested) is not positive or already used")
                }
                trackID = UInt32(requested)
            } else {
                trackID = (tracks.map(\.trackID).max() ?? 0) + 1
            }
            let track = WriterTrack(index: tracks.count, trackID: trackID, configuration: configuration, kind: kind,
                                    defaultChunkDuration: options.defaultChunkDuration)
            tracks.append(track)
            return OutputTrack(index: track.index, trackID: Int32(trackID))
        }
    }

    /// Adds a sample description to a track and returns its 1-based index (for `OutputSample.descriptionIndex`).
    @discardableResult
    package func addSampleDescription(_ description: CMFormatDescription, to handle: OutputTrack)
        throws(ContainerWriterError) -> Int {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            let track = try self.track(handle)
            try CodecSupport.check(description, kind: track.kind, fileType: fileType)
            if let fragments, fragments.movieBoxWritten {
                throw ContainerWriterError(.invalidState, "a fragmented movie's sample descriptions are written with its "
                                       + "movie box; add them before the first fragment")
            }
            if let index = track.descriptions.firstIndex(where: { $0 === description }) { return index + 1 }
            track.descriptions.append(description)
            return track.descriptions.count
        }
    }

    // MARK: Settings that may change until finish

    /// Sets what a track presents when (see `ContainerWriter.setTimeline`): media times on the caller's timeline
    /// (the same as the samples'). `nil` restores the default edit; a timeline without segments writes no edit list
    /// at all (a remux of a track that had none). It is converted to the track's edit list here, once.
    package func setTimeline(_ timeline: TrackTimeline?, for handle: OutputTrack) throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            let track = try self.track(handle)
            let edits = timeline?.editList(movieTimescale: options.movieTimescale, mediaTimescale: track.timescale)
            for edit in edits ?? [] where edit.mediaTime < -1 {
                throw ContainerWriterError(.invalidArgument, "track \(track.trackID): edit \(edit) presents media "
                                           + "before time zero of the samples' timeline")
            }
            let previous = track.edits
            track.edits = edits
            do throws(ContainerWriterError) {
                try checkFragmentedMovieBoxFits()
            } catch {
                track.edits = previous
                throw error
            }
        }
    }

    /// Sets a track's encoder delay (priming) and padding (remainder) in media ticks; the default edit leaves them
    /// out and AAC tracks in M4A files get `iTunSMPB` (TN2258).
    package func setEncoderDelay(_ delay: Int64, padding: Int64, for handle: OutputTrack) throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            guard delay >= 0, padding >= 0 else {
                throw ContainerWriterError(.invalidArgument, "encoder delay and padding cannot be negative")
            }
            let track = try self.track(handle)
            let previous = (track.configuration.encoderDelay, track.configuration.encoderPadding)
            track.configuration.encoderDelay = delay
            track.configuration.encoderPadding = padding
            do throws(ContainerWriterError) {
                try checkFragmentedMovieBoxFits()
            } catch {
                (track.configuration.encoderDelay, track.configuration.encoderPadding) = previous
                throw error
            }
        }
    }

    /// Adds a track reference (`tref`) of `type` ('chap', 'tmcd', 'cdsc', 'sync', 'fall', 'forc'…) from one track
    /// to another.
    package func addTrackReference(type: FourCharCode, from source: OutputTrack, to target: OutputTrack)
        throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            let from = try track(source), to = try track(target)
            if let fragments, fragments.movieBoxWritten {
                throw ContainerWriterError(.invalidState, "track references of a fragmented movie must be set before its "
                                       + "first fragment")
            }
            let code = FourCC(rawValue: type)
            if !(from.references[code]?.contains(to.trackID) ?? false) { from.references[code, default: []].append(to.trackID) }
        }
    }

    /// Sets the movie-level metadata; refuses items the file type cannot represent.
    package func setMetadata(_ entries: [MetadataEntry]) throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            _ = try MetadataBoxBuilder(fileType: fileType).boxes(for: entries)
            let previous = movieMetadata
            movieMetadata = entries
            do throws(ContainerWriterError) {
                try checkFragmentedMovieBoxFits()
            } catch {
                movieMetadata = previous
                throw error
            }
        }
    }

    /// Sets a track's metadata; refuses items the file type cannot represent.
    package func setMetadata(_ entries: [MetadataEntry], for handle: OutputTrack) throws(ContainerWriterError) {
        try withLock { () throws(ContainerWriterError) in
            try checkWritable()
            _ = try MetadataBoxBuilder(fileType: fileType).boxes(for: entries)
            let track = try self.track(handle)
            let previous = track.configuration.metadata
            track.configuration.metadata = entries
            do throws(ContainerWriterError) {
                try checkFragmentedMovieBoxFits()
            } catch {
                track.configuration.metadata = previous
                throw error
            }
        }
    }

    // MARK: Cancelling

    /// Stops writing and removes the output and every temporary file. Safe to call in any state.
    package func cancel() {
        withLock {
            // Segments still queued for the handler are dropped in any state: a writer cancelled after its last
            // segment was made (while the handler works through the queue) hands out nothing further.
            fragments?.segments?.delivery.close()
            switch state {
            case .configuring, .writing, .failed:
                file?.discard()
                spool?.discard()
                file = nil
                spool = nil
                fragments?.segments?.delivery.close()
                state = .cancelled
                for track in tracks { track.pending = nil; track.waiting = [] }
            case .finished, .cancelled:
                break
            }
        }
    }

    // MARK: Helpers (called with the lock held)

    /// Runs `body` holding the writer's lock, keeping its typed error.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { (_: inout Void) throws(Failure) -> Result in try body() }
    }

    /// Throws unless the writer is configuring or writing.
    func checkWritable() throws(ContainerWriterError) {
        switch state {
        case .configuring, .writing: return
        case .finished: throw ContainerWriterError(.invalidState, "the movie is already finished")
        case .failed(let error): throw error
        case .cancelled: throw ContainerWriterError(.cancelled, "the writer was cancelled")
        }
    }

    /// The track for `handle`.
    func track(_ handle: OutputTrack) throws(ContainerWriterError) -> WriterTrack {
        guard tracks.indices.contains(handle.index), tracks[handle.index].trackID == UInt32(handle.trackID) else {
            throw ContainerWriterError(.invalidArgument, "track \(handle.trackID) does not belong to this writer")
        }
        return tracks[handle.index]
    }

    /// Runs `body`; a failure removes the output and temporaries and puts the writer in the failed state.
    func failing<Result>(_ body: () throws(ContainerWriterError) -> Result) throws(ContainerWriterError) -> Result {
        do {
            return try body()
        } catch {
            fail(error)
            throw error
        }
    }

    /// Enters the failed state, removing the partial output and temporaries.
    func fail(_ error: ContainerWriterError) {
        fragments?.segments?.delivery.close()
        file?.discard()
        spool?.discard()
        file = nil
        spool = nil
        for track in tracks { track.pending = nil; track.waiting = [] }
        bufferedBytes = 0
        state = .failed(error)
    }
}
