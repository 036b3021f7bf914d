import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
@testable import MovieFile
import MovieTestSupport
import Testing
import TestSupport

/// Movie and track metadata in its four forms, the movie header, and encoder delay (priming and remainder) from
/// edit lists, `iTunSMPB` and Opus pre-skip. Expected tag values are what ffmpeg was told to write (and what
/// ffprobe reads back), fixture values what their MANIFEST and mutagen's tests say.
@Suite("Metadata, movie header and encoder delay")
struct MetadataTests {
    static func value(_ entries: [MetadataEntry], _ keySpace: MetadataEntry.KeySpace, _ key: MetadataEntry.Key)
        -> MetadataEntry.Value? {
        entries.first { $0.keySpace == keySpace && $0.key == key }?.value
    }

    static func code(_ text: String) -> MetadataEntry.Key { .fourCC(FourCC(text)!.rawValue) }

    @Test("iTunes tags (meta/ilst with mdir): text, track number, and ffprobe agrees on the text")
    func iTunes() throws {
        let url = try MovieFiles.generated("itunes-tags.m4a")
        let reader = try MovieFileReader(url: url)
        #expect(Self.value(reader.metadata, .iTunes, Self.code("©nam")) == .string("Title é"))
        #expect(Self.value(reader.metadata, .iTunes, Self.code("©ART")) == .string("Artist"))
        #expect(Self.value(reader.metadata, .iTunes, Self.code("©alb")) == .string("Album"))
        // trkn: implicit type, 0, track 3, of 12, 0.
        #expect(Self.value(reader.metadata, .iTunes, Self.code("trkn")) == .data(Data([0, 0, 0, 3, 0, 12, 0, 0])))
        let tags = try FFprobe.format(url)["tags"] as? [String: Any]
        #expect(tags?["title"] as? String == "Title é" && tags?["artist"] as? String == "Artist")
        #expect(reader.format == .isoBaseMedia)
        #expect(reader.fileType?.majorBrand == "M4A ")
        #expect(reader.fileType?.compatibleBrands == ["M4A ", "isom", "iso2"])
    }

    @Test("Cover art is an image with its well-known type (fixture mg-has-tags: one PNG, one JPEG)")
    func coverArt() throws {
        let reader = try MovieFileReader(url: MovieFiles.fixturesDirectory.appendingPathComponent("mg-has-tags.m4a"))
        let covers = reader.metadata.filter { $0.key == Self.code("covr") }
        let formats = covers.compactMap { entry -> Int? in
            if case .image(let data, let format) = entry.value, !data.isEmpty { return format }
            return nil
        }
        #expect(formats.sorted() == [13, 14])
        #expect(covers.allSatisfy { $0.dataType == "public.png" || $0.dataType == "public.jpeg" })
        #expect(Self.value(reader.metadata, .iTunes, .string("----:com.apple.iTunes:iTunNORM")) != nil)
    }

    @Test("QuickTime metadata (meta with mdta keys) keyed by reverse-DNS strings")
    func quickTimeMetadata() throws {
        let reader = try MovieFileReader(url: try MovieFiles.generated("quicktime-mdta-keys.mov"))
        #expect(reader.format == .quickTime)
        #expect(Self.value(reader.metadata, .quickTimeMetadata, .string("com.apple.quicktime.make")) == .string("Apple"))
        #expect(Self.value(reader.metadata, .quickTimeMetadata, .string("com.apple.quicktime.model")) == .string("Test"))
        #expect(reader.metadata.first { $0.key == .string("com.apple.quicktime.make") }?.dataType
                == "com.apple.metadata.datatype.UTF-8")
    }

    @Test("QuickTime user data text items, the ©xyz location included")
    func quickTimeUserData() throws {
        let reader = try MovieFileReader(url: try MovieFiles.generated("quicktime-udta-location.mov"))
        #expect(Self.value(reader.metadata, .quickTimeUserData, Self.code("©nam")) == .string("Movie"))
        #expect(Self.value(reader.metadata, .quickTimeUserData, Self.code("©xyz")) == .string("+48.8577+002.2950/"))
    }

    @Test("Movie header: timescale, duration, rate, volume, identity matrix, creation date from the 1904 epoch")
    func movieHeader() throws {
        let reader = try MovieFileReader(url: try MovieFiles.generated("h264-bframes-aac-no-pns.mp4"))
        // From ffprobe: format duration 1.000000 s; ffmpeg writes a 1000 timescale.
        #expect(reader.movieTimescale == 1000 && reader.movieDuration == 1000)
        #expect(reader.preferredRate == 1 && reader.preferredVolume == 1)
        #expect(reader.preferredTransform == .identity)
        // ffmpeg writes no creation time unless asked (0 = not recorded).
        #expect(reader.creationDate == nil)
        #expect(!reader.canContainFragments && !reader.containsFragments)
        #expect(dateFrom1904(secondsFrom1904To1970) == Date(timeIntervalSince1970: 0))
        #expect(dateFrom1904(0) == nil)
    }

    @Test("Fragmented movies: mvex says fragments may follow, moofs say they do; durations cover every fragment")
    func fragmentedMovie() throws {
        let reader = try MovieFileReader(url: try MovieFiles.generated("fragmented-two-seconds.mp4"))
        #expect(reader.canContainFragments && reader.containsFragments)
        #expect(reader.tracks.allSatisfy { $0.isFragmented })
        let video = try #require(reader.tracks.first { $0.mediaType == kCMMediaType_Video })
        #expect(video.mediaDuration == 20480, "2 s at timescale 10240 (ffprobe: duration 2.000000)")
        #expect(reader.movieDuration >= 2000)
        let initOnly = try MovieFileReader(url: MovieFiles.fixturesDirectory.appendingPathComponent("mr-minimal-init.mp4"))
        #expect(initOnly.canContainFragments && !initOnly.containsFragments)
    }

    @Test("Track languages, the rotation matrix, alternate groups and handler names")
    func trackProperties() throws {
        let languages = try MovieFileReader(url: try MovieFiles.generated("two-audio-tracks-languages.mp4"))
        #expect(languages.tracks.filter { $0.mediaType == kCMMediaType_Audio }.map(\.languageCode) == ["eng", "fra"])
        let rotated = try MovieFileReader(url: try MovieFiles.generated("h264-rotated-90.mp4"))
        let matrix = try #require(rotated.tracks.first).transform
        // set-rotation.py: a=0 b=1 c=-1 d=0 tx=height (48).
        #expect(matrix == TransformMatrix(a: 0, b: 1, c: -1, d: 0, x: 48, y: 0))
        let apple = try MovieFileReader(url: MovieFiles.fixturesDirectory.appendingPathComponent("mb-edts.mp4"))
        #expect(apple.tracks.compactMap(\.handlerName).contains { $0.hasPrefix("Core Media") })
        let aac = try MovieFileReader(url: MovieFiles.fixturesDirectory.appendingPathComponent("mb-multiple-aac-tracks.mp4"))
        #expect(aac.tracks.count == 2)
    }

    @Test("QuickTime Macintosh language codes map to ISO 639-2/T; 'und' and 0x7FFF mean none")
    func macintoshLanguages() {
        #expect(PackedLanguageCode(macintoshCode: 0).iso639Code == "eng")
        #expect(PackedLanguageCode(macintoshCode: 2).iso639Code == "deu")
        #expect(PackedLanguageCode(macintoshCode: 11).iso639Code == "jpn")
        #expect(PackedLanguageCode.unspecified.iso639Code == nil)
    }

    // MARK: Encoder delay

    @Test("Priming from the edit list (FFmpeg's AAC: 1024; Apple's: 2112) and none for a trimmed copy")
    func primingFromEditList() throws {
        let ffmpeg = try MovieFileReader(url: try MovieFiles.generated("aac-lc.m4a"))
        #expect(ffmpeg.tracks.first?.priming == 1024)
        #expect(ffmpeg.tracks.first?.rollDistance == -1)
        let apple = try MovieFileReader(url: MovieFiles.fixturesDirectory.appendingPathComponent("mb-edts.mp4"))
        let audio = try #require(apple.tracks.first { $0.mediaType == kCMMediaType_Audio })
        #expect(audio.priming == 2112 && audio.remainder == 0)
        // ffmpeg -ss 0.65 -c copy: the edit starts 16864 ticks in, a cut and not an encoder delay.
        let trimmed = try MovieFileReader(url: try MovieFiles.generated("edit-trimmed-by-copy.mp4"))
        let trimmedAudio = try #require(trimmed.tracks.first { $0.mediaType == kCMMediaType_Audio })
        #expect(trimmedAudio.edits.first.map { $0.mediaTime > 3 * 1024 } == true)
        #expect(trimmedAudio.priming == 0)
        // Video has no priming.
        #expect(trimmed.tracks.first { $0.mediaType == kCMMediaType_Video }?.priming == 0)
    }

    @Test("Priming and remainder from iTunSMPB when there is no edit list (iTunes' form)")
    func primingFromITunSMPB() throws {
        let smpb = " 00000000 00000840 000001CA 000000000000AC44 00000000 00000000 00000000 00000000"
        let bytes = try MovieRewrites.withITunSMPB(smpb, try Array(Data(contentsOf: try MovieFiles.generated("aac-lc.m4a"))))
        let reader = try MovieFileReader(bytes: bytes)
        let track = try #require(reader.tracks.first)
        #expect(track.edits.isEmpty)
        #expect(track.priming == 0x840 && track.remainder == 0x1CA)
        #expect(MetadataParser.iTunesEncoderDelay(smpb)! == (2112, 458, 44100))
        #expect(MetadataParser.iTunesEncoderDelay("garbage") == nil)
        // ffprobe reads the same tag.
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("smpb.m4a")
        try Data(bytes).write(to: url)
        let tags = try FFprobe.format(url)["tags"] as? [String: Any]
        #expect(tags?["iTunSMPB"] as? String == smpb)
    }

    @Test("Opus pre-skip is the priming when nothing else says (a bare dOps)")
    func opusPreSkip() throws {
        let reader = try MovieFileReader(url: try MovieFiles.generated("opus-in-mp4.mp4"))
        let track = try #require(reader.tracks.first)
        var bare = track
        bare.edits = []
        let delay = EncoderDelay.delay(of: bare, movieTimescale: 1000, iTunSMPB: nil)
        #expect(delay?.priming == 312)
    }

    @Test("Linear PCM has no priming even behind an edit")
    func pcmHasNoPriming() throws {
        let reader = try MovieFileReader(url: try MovieFiles.generated("pcm-s16le-sowt.mov"))
        var track = try #require(reader.tracks.first)
        track.edits = [EditListEntry(segmentDuration: 500, mediaTime: 100)]
        #expect(EncoderDelay.delay(of: track, movieTimescale: 1000, iTunSMPB: nil) == nil)
    }
}
