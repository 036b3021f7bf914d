import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

/// A QuickTime movie or ISO base media file (MOV, MP4, M4A, M4V, 3GP, 3G2), fragmented or not, read natively.
///
/// Opening scans the top-level boxes (media data is located, never read), parses the movie box and every movie
/// fragment, and makes the tracks: their properties, edits, metadata and format descriptions. Per-sample tables are
/// built the first time a track's `samples` is used, so a file with a million samples opens in milliseconds.
///
/// Immutable after `init` and safe to share between threads: every stored property is a constant of a `Sendable`
/// type, and the lazy sample tables synchronise themselves.
package final class MovieFileReader: ContainerReader {
    /// QuickTime (`ftyp` major brand `qt  `, or no `ftyp`), or ISO base media (its brands are `fileType`'s).
    package let format: ContainerFormat
    /// The `mvhd` timescale.
    package let movieTimescale: CMTimeScale
    /// The `mvhd` duration; for a fragmented movie at least `mehd`'s and each unedited track's media duration.
    package let movieDuration: Int64
    /// The `mvhd` rate (1 is normal).
    package let preferredRate: Float
    /// The `mvhd` volume (1 is full).
    package let preferredVolume: Float
    /// The `mvhd` matrix.
    package let preferredTransform: TransformMatrix
    /// The `mvhd` creation time (seconds since 1904), or `nil` when it is 0.
    package let creationDate: Date?
    /// The tracks in `moov` order.
    package let tracks: [ContainerTrack]
    /// The movie's `udta` and `meta` items.
    package let metadata: [MetadataEntry]
    /// Whether the movie box has `mvex`: fragments may follow.
    package let canContainFragments: Bool
    /// Whether complete fragments with samples of a declared track follow.
    package let containsFragments: Bool
    /// The file, mapped: sample bytes are block buffers over it.
    package let file: MappedFile

    /// The file type box (`ftyp`), if the file has one. No other parsed box is kept once the tracks are made:
    /// fragments are indexed as the file is scanned, each track keeps only the tables its sample table is built
    /// from, so that memory follows the tables, not a tree of parsed boxes (`MovieFileLimits`).
    package let fileType: FileTypeBox?
    /// What was tolerated while opening: parser warnings, fragments left out of a cut file, a damaged box after
    /// the movie.
    package let warnings: [String]

    /// Opens the movie at `url`.
    package convenience init(url: URL) throws(MovieFileError) {
        let mapped: MappedFile
        do {
            mapped = try MappedFile(url: url)
        } catch {
            throw MovieFileError(.unreadable, "cannot open \(url.path): \(error)", underlying: error)
        }
        try self.init(url: url, file: mapped)
    }

    /// Opens the movie at `url`, whose mapping the caller made already (the asset layer's opener maps a file once
    /// to recognise it: a second mapping of a 2 GiB file failed under a 4 GiB address-space limit). The boxes are
    /// scanned with positioned reads; sample data comes from `file`.
    package convenience init(url: URL, file: MappedFile) throws(MovieFileError) {
        // Bytes that are only in memory (AudioFile's client callbacks) are scanned there.
        if file.isInMemory {
            try self.init(source: MappedFileSource(file), file: file)
            return
        }
        let source: FileSource
        do {
            source = try FileSource(url: url)
        } catch {
            throw MovieFileError(.unreadable, "cannot open \(url.path): \(error)", underlying: error)
        }
        try self.init(source: source, file: file)
    }

    /// Opens a movie held in memory (tests, fuzzing); the bytes are copied into an unlinked temporary file and mapped.
    package convenience init(bytes: [UInt8]) throws(MovieFileError) {
        try self.init(source: MemorySource(bytes), file: try MappedFile.mapping(bytes: bytes))
    }

    private init(source: some RandomAccessSource, file: MappedFile) throws(MovieFileError) {
        self.file = file
        var options = FileScanner.Options()
        // A damaged box after the movie (a fragment, trailing junk) ends the scan rather than the whole file: what
        // came before it still plays.
        options.stopsAtMalformedBox = true
        // Fragments are indexed as the scan reads them and not kept: once the movie box has given the defaults
        // (trex), each `moof`, and the media data after the movie box, is left out of the scan's result. Fragments before the
        // movie box (not valid, but read) wait for it.
        var fragmentIndex: FragmentIndex?
        var waitingFragments: [(header: BoxHeader, box: MovieFragmentBox)] = []
        // Each `trak` of the movie box is taken as it is parsed, and only the boxes its track is made from kept
        // (those of a second movie box, which is not read, are dropped).
        var trackBoxes: [TrackBoxes?] = []
        let takeTrack = { (node: BoxNode, parent: BoxPath) -> Bool in
            guard parent.depth == 1, parent.lastType == MovieBox.type, let trak = node.box as? TrackBox else { return false }
            if fragmentIndex == nil { trackBoxes.append(TrackBoxes(trak)) }
            return true
        }
        let scan: ScanResult
        do {
            scan = try FileScanner.scan(source, options: options, takingChildren: takeTrack) { top in
                switch top.node?.box {
                case let moof as MovieFragmentBox:
                    guard fragmentIndex != nil else {
                        waitingFragments.append((top.header, moof))
                        return true
                    }
                    fragmentIndex!.add(moof, offset: top.header.offset, fileSize: source.size)
                    return false
                case let moov as MovieBox where fragmentIndex == nil:
                    var index = FragmentIndex(trackExtends: Self.trackExtends(moov))
                    for (header, moof) in waitingFragments { index.add(moof, offset: header.offset, fileSize: source.size) }
                    waitingFragments = []
                    fragmentIndex = index
                    return true
                default:
                    return fragmentIndex == nil || top.header.type != MediaDataBox.type
                }
            }
        } catch let error as BoxParseError {
            throw MovieFileError(error)
        } catch {
            throw MovieFileError(.unreadable, "reading the file failed: \(error)", underlying: error)
        }
        fileType = scan.fileType
        var warnings = scan.warnings.map(\.description)
        try Self.checkRecognized(scan, fileSize: source.size)
        let moov = try Self.movieBox(scan)
        if case .malformed(let error) = scan.ending { warnings.append("the scan stopped at a damaged box: \(error)") }
        if let cut = scan.truncatedBox {
            warnings.append("the file is cut: '\(cut.type?.description ?? "?")' at byte \(cut.offset) declares "
                            + "\(cut.declaredSize.map(String.init) ?? "?") bytes, \(cut.availableSize) remain")
        }

        guard let mvhd = moov.header else {
            throw MovieFileError(.malformed, "the movie box has no movie header (mvhd)", path: "moov")
        }
        guard let timescale = timescale(mvhd.timescale) else {
            throw MovieFileError(.malformed, "movie timescale \(mvhd.timescale) is not a valid timescale (1…2³¹−1)",
                                 path: "moov/mvhd", offset: moov.children.first(ofType: "mvhd")?.header?.offset)
        }
        format = fileType.map { $0.isQuickTime ? .quickTime : .isoBaseMedia } ?? .quickTime
        movieTimescale = timescale
        preferredRate = Float(mvhd.rate.doubleValue)
        preferredVolume = Float(mvhd.volume.doubleValue)
        preferredTransform = TransformMatrix(mvhd.matrix)
        creationDate = dateFrom1904(mvhd.creationTime)

        // Fragments: located once for every track while scanning; per-sample tables are made from them lazily.
        guard var fragments = fragmentIndex else { preconditionFailure("the scan found a movie box but did not index") }
        try fragments.finish(fileIsTruncated: scan.truncatedBox != nil || scan.ending != .complete)
        if fragments.droppedIncompleteFragments > 0 {
            warnings.append("\(fragments.droppedIncompleteFragments) fragment(s) at the end of the cut file are "
                            + "incomplete and were left out")
        }
        canContainFragments = moov.movieExtends != nil
        containsFragments = fragments.fragmentCount > 0 && !fragments.fragmentsByTrack.isEmpty

        // Tracks.
        let isQuickTime = format == .quickTime
        let context = TrackParser.MovieContext(
            isQuickTime: isQuickTime, movieTimescale: mvhd.timescale, fileSize: source.size, fragments: fragments,
            file: file, perSampleBudget: max(Int(clamping: source.size), MovieFileLimits.perSampleAllowance))
        var parsedTracks: [ContainerTrack] = []
        parsedTracks.reserveCapacity(trackBoxes.count)
        var trackIDs = Set<CMPersistentTrackID>()
        for offset in trackBoxes.indices {
            // Taken out of the list, so that the boxes its track does not keep go as soon as it is made.
            guard let boxes = trackBoxes[offset].take() else { continue }
            let path = BoxPath.root.appending("moov").appending("trak", index: offset + 1)
            let track = try TrackParser(track: boxes, path: path, movie: context).parse()
            guard trackIDs.insert(track.trackID).inserted else {
                throw MovieFileError(.malformed, "two tracks have track ID \(track.trackID)",
                                     path: path.appending("tkhd"), trackID: track.trackID)
            }
            parsedTracks.append(track)
        }
        for trackID in fragments.fragmentsByTrack.keys where !trackIDs.contains(CMPersistentTrackID(truncatingIfNeeded: trackID)) {
            warnings.append("fragments for track \(trackID), which the movie box does not declare, were ignored")
        }

        // Movie metadata, then encoder delay (which may come from it).
        let movieMetadata = MetadataParser.entries(userData: moov.userData, meta: moov.metadata, isQuickTime: isQuickTime)
        metadata = movieMetadata
        var movieITunSMPB = EncoderDelay.iTunSMPB(in: movieMetadata)
        for index in parsedTracks.indices {
            if let delay = EncoderDelay.delay(of: parsedTracks[index], movieTimescale: mvhd.timescale,
                                              iTunSMPB: movieITunSMPB) {
                (parsedTracks[index].priming, parsedTracks[index].remainder) = delay
                if parsedTracks[index].mediaType == kCMMediaType_Audio { movieITunSMPB = nil }
            }
        }
        tracks = parsedTracks

        // The movie's duration: mvhd's, or for a fragmented movie the longest of mehd and the tracks' media.
        var duration = Int64(exactly: mvhd.duration) ?? 0
        if mvhd.version == 0 && mvhd.duration == UInt64(UInt32.max) { duration = 0 }
        if canContainFragments || containsFragments {
            if let mehd = moov.movieExtends?.header, let fragmentDuration = Int64(exactly: mehd.fragmentDuration) {
                duration = max(duration, fragmentDuration)
            }
            for track in parsedTracks where track.edits.isEmpty {
                let inMovieTicks = Double(track.mediaDuration) * Double(mvhd.timescale) / Double(track.mediaTimescale)
                if inMovieTicks < Double(Int64.max) { duration = max(duration, Int64(inMovieTicks.rounded(.up))) }
            }
        }
        movieDuration = duration
        self.warnings = warnings
    }

    // MARK: Opening

    /// Top-level box types that start QuickTime and ISO files (ISO/IEC 14496-12 §4.3, §8.16; QuickTime `pnot`,
    /// `wide`, `PICT`), so a first box of another type means another format.
    private static let leadingTypes: Set<FourCC> = [
        "ftyp", "moov", "mdat", "free", "skip", "wide", "pnot", "PICT", "uuid", "styp", "sidx", "moof", "mfra", "meta",
        "pdin", "prft", "emsg", "junk", "udta", "jP  ",
    ]

    /// Refuses bytes that are not a movie at all (another format, an empty file), as opposed to a damaged movie.
    private static func checkRecognized(_ scan: ScanResult, fileSize: Int64) throws(MovieFileError) {
        let firstType = scan.boxes.first?.header.type ?? scan.truncatedBox?.type
        guard fileSize >= 8 else {
            throw MovieFileError(.notAMovieFile, fileSize == 0 ? "the file is empty" : "the file has \(fileSize) bytes, "
                                 + "less than one box header")
        }
        guard let firstType, leadingTypes.contains(firstType) else {
            let what = firstType.map { "starts with '\($0)', which is not a QuickTime or ISO base media box" }
                ?? "does not start with a box header"
            throw MovieFileError(.notAMovieFile, "the file \(what)", offset: 0)
        }
    }

    /// The movie box, or the reason there is none.
    private static func movieBox(_ scan: ScanResult) throws(MovieFileError) -> MovieBox {
        if let moov = scan.movie { return moov }
        if let cut = scan.truncatedBox, cut.type == MovieBox.type {
            throw MovieFileError(.truncated, "the file ends inside the movie box: it declares "
                                 + "\(cut.declaredSize.map(String.init) ?? "?") bytes and \(cut.availableSize) remain",
                                 path: "moov", offset: cut.offset)
        }
        if case .malformed(let error) = scan.ending { throw MovieFileError(error) }
        if let cut = scan.truncatedBox {
            throw MovieFileError(.truncated, "the file ends inside a '\(cut.type?.description ?? "?")' box before any "
                                 + "movie box", path: .root, offset: cut.offset)
        }
        if let first = scan.fragments.first {
            throw MovieFileError(.malformed, "a media segment without its initialization segment: movie fragments "
                                 + "but no movie box (moov)", path: .root, offset: first.header.offset)
        }
        // Reported at the end of the file: the whole of it was searched.
        throw MovieFileError(.malformed, "the file has no movie box (moov)", path: .root, offset: scan.fileSize)
    }

    /// The movie's fragment defaults by track ID (`mvex/trex`; the first for a track that has several).
    private static func trackExtends(_ moov: MovieBox) -> [UInt32: TrackExtendsBox] {
        var trackExtends: [UInt32: TrackExtendsBox] = [:]
        for trex in moov.movieExtends?.trackExtends ?? [] where trackExtends[trex.trackID] == nil {
            trackExtends[trex.trackID] = trex
        }
        return trackExtends
    }

    // MARK: Tracks

    /// The track with `trackID`, if any.
    package func track(withID trackID: CMPersistentTrackID) -> ContainerTrack? {
        tracks.first { $0.trackID == trackID }
    }
}
