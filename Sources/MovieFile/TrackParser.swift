import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer

/// The boxes of one `trak` that its track is made from, taken out of the `trak` as the movie box is parsed: the
/// containers (`mdia`, `minf`, `dinf`…), media headers and unknown boxes are let go at once, so the parsed trees of
/// all the tracks are never held together (20,000 tracks' trees were 70 MB, 9 times their bytes).
///
/// A class, so that the list of every track's boxes grows by pointers: a list of these 560-byte values, doubling as
/// it grew, held up to twice their size while the movie box was parsed.
final class TrackBoxes {
    let header: TrackHeaderBox?
    let headerOffset: Int64?
    let editList: EditListBox?
    let references: TrackReferenceBox?
    let userData: UserDataBox?
    let metadata: MetaBox?
    /// Whether the track has `mdia`, and of it what the track is made from.
    let hasMedia: Bool
    let mediaHeader: MediaHeaderBox?
    let mediaHeaderOffset: Int64?
    let handler: HandlerBox?
    let extendedLanguage: ExtendedLanguageBox?
    /// Whether `mdia` has `minf`, and its `stbl`.
    let hasInformation: Bool
    let sampleTable: SampleTableBox?

    init(_ trak: TrackBox) {
        header = trak.header
        headerOffset = trak.children.first(ofType: TrackHeaderBox.type)?.header?.offset
        editList = trak.editList
        references = trak.references
        userData = trak.userData
        metadata = trak.metadata
        let mdia = trak.media
        hasMedia = mdia != nil
        mediaHeader = mdia?.header
        mediaHeaderOffset = mdia?.children.first(ofType: MediaHeaderBox.type)?.header?.offset
        handler = mdia?.handler
        extendedLanguage = mdia?.children.first(ExtendedLanguageBox.self)
        hasInformation = mdia?.information != nil
        sampleTable = mdia?.information?.sampleTable
    }
}

/// Turns one `trak` into a `ContainerTrack`: identity and presentation (`tkhd`), media timing and language
/// (`mdhd`, `elng`), kind (`hdlr`), edits (`elst`), references (`tref`), metadata, a format description per sample
/// entry, encoder delay, and a sample table that is built on first use.
struct TrackParser {
    /// What the whole movie establishes for its tracks.
    struct MovieContext {
        var isQuickTime: Bool
        var movieTimescale: UInt32
        var fileSize: Int64
        var fragments: FragmentIndex
        var file: MappedFile
        /// Samples a track may hold in per-sample arrays.
        var perSampleBudget: Int
    }

    let track: TrackBoxes
    /// `moov/trak[n]`.
    let path: BoxPath
    let movie: MovieContext

    /// The track.
    func parse() throws(MovieFileError) -> ContainerTrack {
        guard let tkhd = track.header else { throw missing("tkhd", in: path) }
        guard tkhd.trackID != 0, let trackID = CMPersistentTrackID(exactly: tkhd.trackID) else {
            throw MovieFileError(.malformed, "track ID \(tkhd.trackID) is not a valid track ID (1…2³¹−1)",
                                 path: path.appending("tkhd"), offset: track.headerOffset)
        }
        let mdiaPath = path.appending("mdia")
        guard track.hasMedia else { throw missing("mdia", in: path, trackID: trackID) }
        guard let mdhd = track.mediaHeader else { throw missing("mdhd", in: mdiaPath, trackID: trackID) }
        guard let hdlr = track.handler else { throw missing("hdlr", in: mdiaPath, trackID: trackID) }
        let minfPath = mdiaPath.appending("minf")
        guard track.hasInformation else { throw missing("minf", in: mdiaPath, trackID: trackID) }
        let stblPath = minfPath.appending("stbl")
        guard let stbl = track.sampleTable else { throw missing("stbl", in: minfPath, trackID: trackID) }
        guard let stsd = stbl.sampleDescriptions else { throw missing("stsd", in: stblPath, trackID: trackID) }
        guard let mediaTimescale = timescale(mdhd.timescale) else {
            throw MovieFileError(.malformed, "media timescale \(mdhd.timescale) is not a valid timescale (1…2³¹−1)",
                                 path: mdiaPath.appending("mdhd"), offset: track.mediaHeaderOffset,
                                 trackID: trackID)
        }

        let fragments = movie.fragments.fragmentsByTrack[tkhd.trackID] ?? []
        let mediaDuration = try duration(mdhd: mdhd, fragments: fragments, trackID: trackID, path: mdiaPath)
        let descriptions = makeDescriptions(stsd: stsd, stbl: stbl, handler: hdlr.handlerType, mediaTimescale: mdhd.timescale)
        // The builder keeps the table boxes (and the stored sample entries, which are their bytes) until the table
        // is built, and nothing else of the track's boxes. A damaged table fails the track's reading, not the file.
        let builder = SampleTableBuilder(trackID: trackID, path: stblPath, sampleTable: stbl,
                                         descriptionCount: descriptions.count, fragments: fragments,
                                         perSampleBudget: movie.perSampleBudget, fileSize: movie.fileSize)
        let table = builder.isSmall ? LazySampleTable(built: Result { try builder.build() })
                                    : LazySampleTable { try builder.build() }

        var result = ContainerTrack(trackID: trackID, mediaType: FormatDescriptionFactory.mediaType(forHandler: hdlr.handlerType),
                                    mediaTimescale: mediaTimescale, mediaDuration: mediaDuration,
                                    formatDescriptions: descriptions, samples: table)
        let name = hdlr.name.text.trimmingCharacters(in: .controlCharacters)
        result.handlerName = name.isEmpty ? nil : name
        result.isEnabled = tkhd.flags.contains(.enabled)
        result.alternateGroup = tkhd.alternateGroup
        result.transform = TransformMatrix(tkhd.matrix)
        result.volume = Float(tkhd.volume.doubleValue)
        result.width = tkhd.width.doubleValue
        result.height = tkhd.height.doubleValue
        result.languageCode = mdhd.language.iso639Code.flatMap { $0 == "und" ? nil : $0 }
        if let elng = track.extendedLanguage {
            let tag = elng.languageTag.text
            result.extendedLanguageTag = tag.isEmpty ? nil : tag
        }
        result.edits = try edits(trackID: trackID)
        if let tref = track.references {
            for reference in tref.references {
                let ids = reference.trackIDs.compactMap { $0 == 0 ? nil : CMPersistentTrackID(exactly: $0) }
                result.references[reference.boxType.fourCharCode, default: []].append(contentsOf: ids)
            }
        }
        result.metadata = MetadataParser.entries(userData: track.userData, meta: track.metadata,
                                                 isQuickTime: movie.isQuickTime)
        result.isFragmented = !fragments.isEmpty
        result.rollDistance = Self.rollDistance(stbl.sampleGroupDescriptions)
        return result
    }

    // MARK: Pieces

    /// The media duration: `mdhd`'s, or, when fragments follow, the end of the last fragment's samples (an
    /// initialization segment's `mdhd` says 0).
    private func duration(mdhd: MediaHeaderBox, fragments: [TrackFragmentPlan], trackID: CMPersistentTrackID,
                          path: BoxPath) throws(MovieFileError) -> Int64 {
        guard var end = Int64(exactly: mdhd.duration) else {
            // QuickTime writes all ones for "unknown" in 32-bit fields; a 64-bit value past 2⁶³ is the same idea.
            return 0
        }
        if mdhd.version == 0 && mdhd.duration == UInt64(UInt32.max) { end = 0 }
        guard !fragments.isEmpty else { return end }
        var running = end
        for fragment in fragments {
            if let time = fragment.baseMediaDecodeTime, let start = Int64(exactly: time) { running = start }
            let (sum, overflow) = running.addingReportingOverflow(fragment.totalDuration)
            guard !overflow else {
                throw MovieFileError(.malformed, "fragment durations add up past 2⁶³ ticks", path: fragment.path,
                                     trackID: trackID)
            }
            running = sum
        }
        return max(end, running)
    }

    /// One format description per sample entry, each made from the stored entry on first use (`stsd` keeps its
    /// entries as the file's bytes; the list keeps the box, not the rest of the track's).
    private func makeDescriptions(stsd: SampleDescriptionBox, stbl: SampleTableBox, handler: FourCC,
                                  mediaTimescale: UInt32) -> FormatDescriptionList {
        var runs = 0, constantDuration: UInt32?
        for entry in stbl.timeToSample?.entries ?? [] where entry.sampleCount > 0 {
            runs += 1
            constantDuration = entry.sampleDelta
            if runs > 1 { break }
        }
        let context = SampleDescriptionContext(
            isQuickTime: movie.isQuickTime, handler: handler, mediaTimescale: mediaTimescale,
            constantSampleDuration: runs == 1 ? constantDuration : nil,
            firstSampleBytes: handler == "soun" ? firstSampleBytes(stbl) : nil)
        return FormatDescriptionList(codingNames: (0..<stsd.entryCount).map { stsd.entryType(at: $0).fourCharCode }) {
            FormatDescriptionFactory.makeDescription(for: stsd.entry(at: $0), context: context)
        }
    }

    /// The first 4 bytes of the track's first sample (the first chunk's start), when they are in the file.
    private func firstSampleBytes(_ stbl: SampleTableBox) -> [UInt8]? {
        guard let offset = stbl.chunkOffset(at: 0), offset < UInt64(movie.fileSize), let start = Int(exactly: offset),
              let buffer = try? movie.file.makeBlockBuffer(range: start..<min(start + 4, movie.file.length)) else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: CMBlockBufferGetDataLength(buffer))
        guard CMBlockBufferCopyDataBytes(buffer, atOffset: 0, dataLength: bytes.count, destination: &bytes) == noErr else {
            return nil
        }
        return bytes
    }

    /// The edit list (ISO/IEC 14496-12 §8.6.6): every entry, empty edits (media time −1) and rates included.
    private func edits(trackID: CMPersistentTrackID) throws(MovieFileError) -> [EditListEntry] {
        guard let elst = track.editList else { return [] }
        var result: [EditListEntry] = []
        result.reserveCapacity(elst.entries.count)
        for (index, entry) in elst.entries.enumerated() {
            guard let duration = Int64(exactly: entry.segmentDuration) else {
                throw MovieFileError(.malformed, "edit \(index + 1) lasts \(entry.segmentDuration) ticks, past 2⁶³",
                                     path: path.appending("edts").appending("elst"), trackID: trackID)
            }
            guard entry.mediaTime >= -1 else {
                throw MovieFileError(.malformed, "edit \(index + 1) starts at media time \(entry.mediaTime); only −1 "
                                     + "(an empty edit) may be negative", path: path.appending("edts").appending("elst"),
                                     trackID: trackID)
            }
            result.append(EditListEntry(segmentDuration: duration, mediaTime: entry.mediaTime,
                                        mediaRateFixed: entry.mediaRate.rawValue))
        }
        return result
    }

    /// The roll distance of the track's `roll` or `prol` sample group (its first entry: AAC and Opus tracks have
    /// one for every sample).
    static func rollDistance(_ groups: [SampleGroupDescriptionBox]) -> Int? {
        for group in groups where group.groupingType == "roll" || group.groupingType == "prol" {
            if case .rollRecovery(let distance)? = group.typedEntry(at: 0) { return Int(distance) }
        }
        return nil
    }

    private func missing(_ type: FourCC, in parent: BoxPath, trackID: CMPersistentTrackID? = nil) -> MovieFileError {
        MovieFileError(.malformed, "the track has no '\(type)' box", path: parent, trackID: trackID)
    }

}
