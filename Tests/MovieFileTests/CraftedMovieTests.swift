import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
@testable import MovieFile
import Testing

/// Small movies built with the box model, each with one table that lies: counts that cost no bytes (a constant
/// sample size, a run of default samples), tables that disagree, indices that point nowhere, fragments laid out
/// every way ISO/IEC 14496-12 §8.8 allows. Each is read right or refused with a located `MovieFileError` before
/// anything large is allocated.
@Suite("Crafted movies")
struct CraftedMovieTests {
    /// The pieces of a one-track audio movie (16-bit stereo `sowt` at 48 kHz: 4-byte samples).
    struct Movie {
        var stts: [TimeToSampleBox.Entry] = [.init(sampleCount: 8, sampleDelta: 1)]
        var stsc: [SampleToChunkBox.Entry] = [.init(firstChunk: 1, samplesPerChunk: 4, sampleDescriptionIndex: 1)]
        var sizes: SampleSizeBox.Sizes = .constant(size: 4, count: 8)
        var chunkOffsets: [UInt32]? = [0, 16]  // relative to the media data; fixed up when written
        var ctts: [CompositionOffsetBox.Entry]?
        var stss: [UInt32]?
        var stps: [UInt32]?
        var sdtp: [UInt8]?
        /// `stz2` instead of `stsz` when set.
        var compactSizes: CompactSampleSizeBox?
        /// Extra sample entries after the first.
        var extraEntries: [any Box] = []
        var trackHeader = TrackHeaderBox(trackID: 1, duration: 8)
        var language = PackedLanguageCode.undetermined
        var extendedLanguage: String?
        var edits: [EditListBox.Entry]?
        var trackExtends: TrackExtendsBox?
        var fragments: [[TrackFragmentBox]] = []
        var mediaBytes = 64

        func bytes() throws -> [UInt8] {
            let entry = AudioSampleEntry(type: "sowt", channelCount: 2, sampleSize: 16, sampleRate: 48000)
            var stbl: BoxList = [SampleDescriptionBox(entries: BoxList([entry] + extraEntries)),
                                 TimeToSampleBox(entries: stts), SampleToChunkBox(entries: stsc)]
            if let compactSizes { stbl.append(compactSizes) } else { stbl.append(SampleSizeBox(sizes: sizes)) }
            if let ctts { stbl.append(CompositionOffsetBox(entries: ctts)) }
            if let stss { stbl.append(SyncSampleBox(sampleNumbers: stss)) }
            if let stps { stbl.append(PartialSyncSampleBox(sampleNumbers: stps)) }
            if let sdtp { stbl.append(SampleDependencyTypeBox(samples: sdtp.map { .init(rawValue: $0) })) }
            // Layout: ftyp, mdat, moov, then fragments each followed by nothing (their data offsets point into mdat).
            let ftyp = try Self.framed(FileTypeBox(majorBrand: "isom", compatibleBrands: ["isom"]))
            let mdatStart = UInt32(ftyp.count + 8)
            if let chunkOffsets { stbl.append(ChunkOffsetBox(offsets: chunkOffsets.map { $0 + mdatStart })) }
            var media: BoxList = [
                MediaHeaderBox(timescale: 48000, duration: 8, language: language),
                HandlerBox(handlerType: "soun", name: .cString("Sound")),
                MediaInformationBox(children: [SampleTableBox(children: stbl)]),
            ]
            if let extendedLanguage { media.append(ExtendedLanguageBox(languageTag: CStringField(extendedLanguage))) }
            var trackChildren: BoxList = [trackHeader]
            if let edits { trackChildren.append(EditBox(children: [EditListBox(entries: edits)])) }
            trackChildren.append(MediaBox(children: media))
            let track = TrackBox(children: trackChildren)
            var movie: BoxList = [MovieHeaderBox(timescale: 1000, duration: 1, nextTrackID: 2), track]
            if let trackExtends { movie.append(MovieExtendsBox(children: [trackExtends])) }
            var bytes = ftyp + [0, 0, 0, UInt8(8 + mediaBytes)] + Array("mdat".utf8) + (0..<mediaBytes).map { UInt8($0) }
            bytes += try Self.framed(MovieBox(children: movie))
            for (number, trafs) in fragments.enumerated() {
                var children: BoxList = [MovieFragmentHeaderBox(sequenceNumber: UInt32(number + 1))]
                for traf in trafs { children.append(traf) }
                bytes += try Self.framed(MovieFragmentBox(children: children))
            }
            return bytes
        }

        static func framed(_ box: any Box) throws -> [UInt8] {
            var writer = BoxWriter()
            try writer.writeBox(box)
            return writer.bytes
        }
    }

    /// Opens `movie` and builds its track's table, returning the table or the error.
    static func table(_ movie: Movie) throws -> Result<SampleTable, MovieFileError> {
        let reader: MovieFileReader
        let bytes = try movie.bytes()
        do {
            reader = try MovieFileReader(bytes: bytes)
        } catch {
            return .failure(error)
        }
        do {
            return .success(try #require(reader.tracks.first).samples.table())
        } catch let error as MovieFileError {
            return .failure(error)
        }
    }

    static func failure(_ result: Result<SampleTable, MovieFileError>) -> MovieFileError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test("the plain crafted movie reads: 8 samples of 4 bytes in two chunks")
    func plain() throws {
        let table = try Self.table(Movie()).get()
        #expect(table.count == 8)
        #expect(table.offset(at: 4) == table.offset(at: 0) + 16)
        #expect(table.decodeTime(at: 7) == 7)
    }

    @Test("a constant-size track of 2²⁰ samples costs one offset run, not one entry per sample")
    func hugeConstantTrack() throws {
        var movie = Movie()
        let count = UInt32(MovieFileLimits.perSampleAllowance)
        movie.stts = [.init(sampleCount: count, sampleDelta: 1)]
        movie.stsc = [.init(firstChunk: 1, samplesPerChunk: count, sampleDescriptionIndex: 1)]
        movie.sizes = .constant(size: 4, count: count)
        movie.chunkOffsets = [0]
        let table = try Self.table(movie).get()
        #expect(table.count == Int(count))
        guard case .runs(let starts, _) = table.offsetStorage else {
            Issue.record("offsets stored per sample")
            return
        }
        #expect(starts.count == 1)
        #expect(table.offset(at: Int(count) - 1) == table.offset(at: 0) + UInt64(count - 1) * 4)
    }

    /// The 1.6 KB file of issue 15 (a constant `stsz` size with a count of 2³¹ − 1, one `stts` run, one chunk)
    /// took avinfo 143 s: the count is now checked against the bytes that could hold the samples before anything
    /// walks them.
    @Test("a constant-size count whose samples the file's bytes cannot hold is refused at the chunk table",
          .timeLimit(.minutes(10)),
          arguments: [UInt32(Int32.max), UInt32(1 << 30), UInt32(MovieFileLimits.perSampleAllowance + 1_000)])
    func countPastTheFile(count: UInt32) throws {
        var movie = Movie()
        movie.stts = [.init(sampleCount: count, sampleDelta: 1)]
        movie.stsc = [.init(firstChunk: 1, samplesPerChunk: count, sampleDescriptionIndex: 1)]
        movie.sizes = .constant(size: 4, count: count)
        movie.chunkOffsets = [0]
        // Refused at the chunk table (the error's path says so), before any walk of the samples: that is the work
        // this checks. The time limit is only a hang guard (a debug walk of 2³¹ − 1 takes far longer): one minute
        // ran out in a loaded clean-clone run, where the test waited for a thread among hundreds of others.
        let outcome = try Self.table(movie)
        let error = try #require(Self.failure(outcome))
        #expect(error.kind == .malformed && error.path?.description.hasSuffix("stbl/stco") == true, "\(error)")
        #expect(error.message.contains("past the end"), "\(error.message)")
    }

    /// The same shape in a `trun` of `tfhd` defaults took avinfo over 20 s.
    @Test("the same count in a trun of default samples is refused at the run")
    func defaultRunPastTheFile() throws {
        var movie = Movie()
        movie.trackExtends = TrackExtendsBox(trackID: 1, defaultSampleDuration: 1, defaultSampleSize: 4)
        movie.fragments = [[Self.fragment(runs: [TrackRunBox(sampleCount: 1 << 30, dataOffset: 0)])]]
        let error = try #require(Self.failure(try Self.table(movie)))
        #expect(error.kind == .malformed && error.message.contains("past the end"), "\(error)")
        #expect(error.path?.description.contains("trun") == true, "\(error)")
    }

    @Test("composition offsets for more samples than the file justifies are refused before the presentation order")
    func compositionOffsetsBeyondBudget() throws {
        var movie = Movie()
        // One-byte samples: the first few hundred are in the file, the rest (within the allowance) past its end.
        let count = UInt32(MovieFileLimits.perSampleAllowance + 40)
        movie.stts = [.init(sampleCount: count, sampleDelta: 1)]
        movie.stsc = [.init(firstChunk: 1, samplesPerChunk: count, sampleDescriptionIndex: 1)]
        movie.sizes = .constant(size: 1, count: count)
        movie.chunkOffsets = [0]
        movie.ctts = [.init(sampleCount: count, sampleOffset: 1)]
        let error = try #require(Self.failure(try Self.table(movie)))
        #expect(error.message.contains("per-sample") && error.path?.description.hasSuffix("stbl") == true, "\(error)")
    }

    @Test("tables that disagree or point nowhere are errors naming their box",
          arguments: ["stts", "stsc-count", "stsc-description", "stss", "no-stco", "stsc-order"])
    func inconsistentTables(_ kind: String) throws {
        var movie = Movie()
        var expectedBox = kind
        switch kind {
        case "stts": movie.stts = [.init(sampleCount: 7, sampleDelta: 1)]
        case "stsc-count":
            movie.stsc = [.init(firstChunk: 1, samplesPerChunk: 3, sampleDescriptionIndex: 1)]
            expectedBox = "stsc"
        case "stsc-description":
            movie.stsc = [.init(firstChunk: 1, samplesPerChunk: 4, sampleDescriptionIndex: 2)]
            expectedBox = "stsc"
        case "stsc-order":
            movie.stsc = [.init(firstChunk: 2, samplesPerChunk: 4, sampleDescriptionIndex: 1),
                          .init(firstChunk: 1, samplesPerChunk: 4, sampleDescriptionIndex: 1)]
            expectedBox = "stsc"
        case "stss": movie.stss = [1, 9]
        default:
            movie.chunkOffsets = nil
            expectedBox = "stsz"
        }
        let error = try #require(Self.failure(try Self.table(movie)), "\(kind) was accepted")
        #expect(error.kind == .malformed && error.trackID == 1)
        #expect(error.path?.description.hasSuffix(expectedBox) == true, "\(kind): \(error)")
    }

    @Test("a short ctts is padded with 0 and unsorted stss numbers are sorted, as QuickTime and FFmpeg read them")
    func tolerated() throws {
        var movie = Movie()
        movie.ctts = [.init(sampleCount: 2, sampleOffset: 3)]
        movie.stss = [5, 1]
        let table = try Self.table(movie).get()
        #expect(table.presentationTime(at: 1) == 4 && table.presentationTime(at: 2) == 2)
        #expect(table.isSync(at: 0) && table.isSync(at: 4) && !table.isSync(at: 1))
    }

    @Test("several sample descriptions: stsc switches them per chunk; stz2 sizes; stps and sdtp per sample")
    func descriptionsAndFlags() throws {
        var movie = Movie()
        movie.extraEntries = [AudioSampleEntry(type: "twos", channelCount: 2, sampleSize: 16, sampleRate: 48000)]
        movie.stsc = [.init(firstChunk: 1, samplesPerChunk: 4, sampleDescriptionIndex: 1),
                      .init(firstChunk: 2, samplesPerChunk: 4, sampleDescriptionIndex: 2)]
        movie.compactSizes = CompactSampleSizeBox(fieldSize: 4, sizes: [4, 4, 4, 4, 2, 2, 6, 6])
        movie.stss = [1, 5]
        movie.stps = [3]
        movie.sdtp = [0x20, 0x10, 0x18, 0x10, 0x20, 0x10, 0x10, 0x14]
        let reader = try MovieFileReader(bytes: try movie.bytes())
        let track = try #require(reader.tracks.first)
        #expect(track.formatDescriptions.count == 2)
        let table = try track.samples.table()
        #expect((0..<8).map { table.descriptionIndex(at: $0) } == [1, 1, 1, 1, 2, 2, 2, 2])
        #expect((0..<8).map { table.size(at: $0) } == [4, 4, 4, 4, 2, 2, 6, 6])
        #expect(table.offset(at: 6) == table.offset(at: 4) + 4)
        #expect(table.isPartialSync(at: 2) && !table.isPartialSync(at: 3))
        #expect(table.dependencyByte(at: 7) == 0x14)
        #expect(table.syncSample(atOrBefore: 7) == 4)
    }

    @Test("tkhd flags, alternate group and volume; a Macintosh language code; elng; every edit with its rate")
    func trackHeaderLanguageAndEdits() throws {
        var movie = Movie()
        movie.trackHeader = TrackHeaderBox(flags: [.inMovie], trackID: 1, duration: 8, alternateGroup: 3,
                                           volume: Fixed8x8(rawValue: 0x80))
        movie.language = PackedLanguageCode(macintoshCode: 2)
        movie.extendedLanguage = "de-CH"
        movie.edits = [.init(segmentDuration: 5, mediaTime: -1), .init(segmentDuration: 10, mediaTime: 2,
                                                                       mediaRate: Fixed16x16(rawValue: 0x8000))]
        let track = try #require(try MovieFileReader(bytes: try movie.bytes()).tracks.first)
        #expect(!track.isEnabled && track.alternateGroup == 3 && track.volume == 0.5)
        #expect(track.languageCode == "deu" && track.extendedLanguageTag == "de-CH")
        #expect(track.handlerName == "Sound")
        #expect(track.edits == [EditListEntry(segmentDuration: 5, mediaTime: -1),
                                EditListEntry(segmentDuration: 10, mediaTime: 2, mediaRateFixed: 0x8000)])
        #expect(track.edits.first?.isEmpty == true)
    }

    @Test("a media time below −1 is an error at the edit list")
    func badEdit() throws {
        var movie = Movie()
        movie.edits = [.init(segmentDuration: 5, mediaTime: -7)]
        let error = try #require(Self.failure(try Self.table(movie)))
        #expect(error.path?.description == "moov/trak[1]/edts/elst")
    }

    // MARK: Fragments

    static func fragment(trackID: UInt32 = 1, header: TrackFragmentHeaderBox? = nil, decodeTime: UInt64? = nil,
                         runs: [TrackRunBox]) -> TrackFragmentBox {
        var children: BoxList = [header ?? TrackFragmentHeaderBox(trackID: trackID, defaultBaseIsMoof: true)]
        if let decodeTime { children.append(TrackFragmentBaseMediaDecodeTimeBox(baseMediaDecodeTime: decodeTime)) }
        for run in runs { children.append(run) }
        return TrackFragmentBox(children: children)
    }

    @Test("fragment defaults come from trex, then tfhd, then trun; runs without a data offset follow the previous run")
    func fragmentDefaultsAndImplicitOffsets() throws {
        var movie = Movie()
        movie.trackExtends = TrackExtendsBox(trackID: 1, defaultSampleDuration: 2, defaultSampleSize: 4,
                                             defaultSampleFlags: SampleFlags(rawValue: 0))
        // An explicit base (the mdat payload start) and two runs: the second continues after the first.
        let base = UInt64(try Movie.framed(FileTypeBox(majorBrand: "isom", compatibleBrands: ["isom"])).count + 8)
        movie.fragments = [[Self.fragment(header: TrackFragmentHeaderBox(trackID: 1, baseDataOffset: base,
                                                                         defaultSampleSize: 2),
                                          decodeTime: 100,
                                          runs: [TrackRunBox(sampleCount: 2, dataOffset: 32),
                                                 TrackRunBox(sampleCount: 3, sampleDurations: [1, 1, 5],
                                                             sampleFlags: [0, 0x1_0000, 0])])]]
        let table = try Self.table(movie).get()
        #expect(table.count == 13)
        #expect(table.size(at: 8) == 2 && table.size(at: 12) == 2)
        #expect(table.offset(at: 8) == base + 32 && table.offset(at: 10) == base + 36)
        // tfdt 100 after 8 samples of 1 tick: the gap goes into the last movie-box sample.
        #expect(table.decodeTime(at: 8) == 100 && table.duration(at: 7) == 93)
        #expect(table.decodeTime(at: 12) == 100 + 2 + 2 + 1 + 1)
        #expect(!table.isSync(at: 11) && table.isSync(at: 10) && table.isSync(at: 0))
    }

    /// tfdt near 2⁶³ with a positive composition offset: the table built, and presenting its samples trapped
    /// (avinfo asked the time range). Times past the timeline's 2⁶² cap are refused where the table is made.
    @Test("sample times past 2⁶² ticks (a fragment decode time near 2⁶³) are an error, not a trap", arguments: [
        (UInt64(0x7FFF_FFFF_FFFF_FF00), Int32(0x1000)), (UInt64(1) << 62, Int32(0)), ((UInt64(1) << 62) - 16, 0x1000),
    ] as [(UInt64, Int32)])
    func decodeTimeNearInt64Max(decodeTime: UInt64, offset: Int32) throws {
        var movie = Movie()
        movie.trackExtends = TrackExtendsBox(trackID: 1, defaultSampleDuration: 16, defaultSampleSize: 1)
        movie.fragments = [[Self.fragment(decodeTime: decodeTime,
                                          runs: [TrackRunBox(sampleCount: 1, dataOffset: 0,
                                                             sampleCompositionTimeOffsets: [offset])])]]
        let error = try #require(Self.failure(try Self.table(movie)))
        #expect(error.kind == .malformed && error.description.contains("2⁶²"), "\(error)")
    }

    @Test("a fragment decode time well below 2⁶² still reads")
    func largeDecodeTimeReads() throws {
        var movie = Movie()
        movie.trackExtends = TrackExtendsBox(trackID: 1, defaultSampleDuration: 16, defaultSampleSize: 1)
        movie.fragments = [[Self.fragment(decodeTime: UInt64(1) << 61,
                                          runs: [TrackRunBox(sampleCount: 1, dataOffset: 0)])]]
        let table = try Self.table(movie).get()
        #expect(table.decodeTime(at: 8) == Int64(1) << 61)
        #expect(table.presentationSpan != nil)
    }

    @Test("an empty-duration track fragment is a gap: the next samples start after it")
    func emptyDurationFragment() throws {
        var movie = Movie()
        movie.trackExtends = TrackExtendsBox(trackID: 1, defaultSampleDuration: 1, defaultSampleSize: 1)
        movie.fragments = [
            [Self.fragment(header: TrackFragmentHeaderBox(trackID: 1, defaultSampleDuration: 50, durationIsEmpty: true,
                                                          defaultBaseIsMoof: true), runs: [])],
            [Self.fragment(runs: [TrackRunBox(sampleCount: 2, dataOffset: 0)])],
        ]
        let table = try Self.table(movie).get()
        #expect(table.count == 10)
        #expect(table.decodeTime(at: 8) == 8 + 50)
    }

    @Test("a run of 4 billion default samples is refused before anything is allocated")
    func hugeFragmentRun() throws {
        var movie = Movie()
        movie.trackExtends = TrackExtendsBox(trackID: 1, defaultSampleDuration: 1, defaultSampleSize: 1)
        movie.fragments = [[Self.fragment(runs: [TrackRunBox(sampleCount: .max, dataOffset: 0)])]]
        let error = try #require(Self.failure(try Self.table(movie)))
        #expect(error.kind == .malformed && error.path?.description.contains("trun") == true)
    }

    @Test("a fragment data offset before the file start is an error at the run")
    func negativeDataOffset() throws {
        var movie = Movie()
        movie.trackExtends = TrackExtendsBox(trackID: 1, defaultSampleDuration: 1, defaultSampleSize: 1)
        movie.fragments = [[Self.fragment(header: TrackFragmentHeaderBox(trackID: 1, baseDataOffset: 0),
                                          runs: [TrackRunBox(sampleCount: 1, dataOffset: -10)])]]
        let error = try #require(Self.failure(try Self.table(movie)))
        #expect(error.path?.description == "moof[1]/traf[1]/trun[1]")
    }

    @Test("without a base offset, the second track fragment starts where the first one's data ended (§8.8.7.1)")
    func implicitBaseOfLaterTrackFragments() throws {
        var movie = Movie()
        movie.trackExtends = TrackExtendsBox(trackID: 1, defaultSampleDuration: 1, defaultSampleSize: 3)
        movie.fragments = [[
            Self.fragment(header: TrackFragmentHeaderBox(trackID: 1), runs: [TrackRunBox(sampleCount: 2, dataOffset: 0)]),
            Self.fragment(header: TrackFragmentHeaderBox(trackID: 1), runs: [TrackRunBox(sampleCount: 1)]),
        ]]
        let bytes = try movie.bytes()
        let moofOffset = UInt64(bytes.count - (try Movie.framed(MovieFragmentBox(children: [
            MovieFragmentHeaderBox(sequenceNumber: 1), movie.fragments[0][0], movie.fragments[0][1],
        ])).count))
        let table = try Self.table(movie).get()
        #expect(table.offset(at: 8) == moofOffset && table.offset(at: 10) == moofOffset + 6)
    }

    @Test("fragments for an undeclared track are ignored with a warning; a sample description index past stsd fails")
    func strayFragments() throws {
        var movie = Movie()
        movie.trackExtends = TrackExtendsBox(trackID: 1, defaultSampleDuration: 1, defaultSampleSize: 1)
        movie.fragments = [[Self.fragment(trackID: 7, runs: [TrackRunBox(sampleCount: 1, dataOffset: 0)])]]
        let reader = try MovieFileReader(bytes: try movie.bytes())
        #expect(reader.warnings.contains { $0.contains("track 7") })
        #expect(try reader.tracks.first?.samples.table().count == 8)
        movie.fragments = [[Self.fragment(header: TrackFragmentHeaderBox(trackID: 1, sampleDescriptionIndex: 3,
                                                                         defaultBaseIsMoof: true),
                                          runs: [TrackRunBox(sampleCount: 1, dataOffset: 0)])]]
        let error = try #require(Self.failure(try Self.table(movie)))
        #expect(error.path?.description.hasPrefix("moof[1]/traf[1]") == true)
    }
}
