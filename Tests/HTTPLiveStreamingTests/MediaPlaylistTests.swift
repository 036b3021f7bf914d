import HTTPLiveStreaming
import Testing

/// The media playlist's text, version, target duration and refusals, against texts written out by hand from
/// rfc8216bis §4.4.
@Suite("MediaPlaylist")
struct MediaPlaylistTests {
    /// A duration the test knows to be valid.
    private static func seconds(_ value: Double) throws -> PlaylistDuration { try PlaylistDuration(seconds: value) }

    @Test("a VOD fMP4 playlist renders exactly: version 6, ceiling target, map, discontinuity, end list")
    func smallPlaylistText() throws {
        let playlist = MediaPlaylist(
            playlistType: .vod, hasIndependentSegments: true,
            initializationSection: MediaInitializationSection(uri: "init.mp4"),
            segments: [
                MediaSegment(duration: try Self.seconds(2.002), uri: "segment0.m4s"),
                MediaSegment(duration: try Self.seconds(2), uri: "segment1.m4s"),
                MediaSegment(duration: try Self.seconds(1.0 / 30), uri: "segment2.m4s", isDiscontinuity: true),
            ],
            isEnded: true)
        #expect(try playlist.render() == """
            #EXTM3U
            #EXT-X-VERSION:6
            #EXT-X-TARGETDURATION:3
            #EXT-X-MEDIA-SEQUENCE:0
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-MAP:URI="init.mp4"
            #EXTINF:2.002,
            segment0.m4s
            #EXTINF:2.000,
            segment1.m4s
            #EXT-X-DISCONTINUITY
            #EXTINF:0.033333,
            segment2.m4s
            #EXT-X-ENDLIST

            """)
    }

    @Test("a live playlist has no type and no end list, and starts at its media sequence number")
    func livePlaylistText() throws {
        let playlist = MediaPlaylist(mediaSequenceNumber: 42,
                                     segments: [MediaSegment(duration: try Self.seconds(6), uri: "s42.m4s")])
        #expect(try playlist.render() == "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n"
            + "#EXT-X-MEDIA-SEQUENCE:42\n#EXTINF:6.000,\ns42.m4s\n")
    }

    @Test("byte ranges: the offset is left out only right after the previous segment's range in the same file")
    func byteRangeShorthand() throws {
        let second = try Self.seconds(1)
        let playlist = MediaPlaylist(
            playlistType: .vod,
            initializationSection: MediaInitializationSection(uri: "main.mp4",
                                                              byteRange: ByteRange(length: 800, offset: 0)),
            segments: [
                // First segment: the map is not a Media Segment, so the offset stays (rfc8216bis §4.4.4.2).
                MediaSegment(duration: second, uri: "main.mp4", byteRange: ByteRange(length: 1000, offset: 800)),
                // Continues at 1800: shorthand.
                MediaSegment(duration: second, uri: "main.mp4", byteRange: ByteRange(length: 1200, offset: 1800)),
                // A gap (3000 → 3500): the offset stays.
                MediaSegment(duration: second, uri: "main.mp4", byteRange: ByteRange(length: 500, offset: 3500)),
                // Another file, at the offset the previous range ended: it still needs its offset.
                MediaSegment(duration: second, uri: "other.mp4", byteRange: ByteRange(length: 100, offset: 4000)),
                // A whole resource, then a range of it: no previous sub-range, so the offset stays.
                MediaSegment(duration: second, uri: "other.mp4"),
                MediaSegment(duration: second, uri: "other.mp4", byteRange: ByteRange(length: 50, offset: 100)),
                MediaSegment(duration: second, uri: "other.mp4", byteRange: ByteRange(length: 60, offset: 150)),
            ],
            isEnded: true)
        let lines = try playlist.render().split(separator: "\n").map(String.init)
        #expect(lines.contains(#"#EXT-X-MAP:URI="main.mp4",BYTERANGE="800@0""#))
        #expect(lines.filter { $0.hasPrefix("#EXT-X-BYTERANGE:") } == [
            "#EXT-X-BYTERANGE:1000@800", "#EXT-X-BYTERANGE:1200", "#EXT-X-BYTERANGE:500@3500",
            "#EXT-X-BYTERANGE:100@4000", "#EXT-X-BYTERANGE:50@100", "#EXT-X-BYTERANGE:60",
        ])
        // The tag goes between EXTINF and the URI line it applies to.
        let index = try #require(lines.firstIndex(of: "#EXT-X-BYTERANGE:1200"))
        #expect(lines[index - 1] == "#EXTINF:1.000," && lines[index + 1] == "main.mp4")
    }

    /// (I-frames only, with EXT-X-MAP, with a byte range) → the lowest version rfc8216bis §8 allows.
    static let versionCases: [(iFramesOnly: Bool, map: Bool, byteRange: Bool, version: Int)] = [
        (false, false, false, 3),  // decimal-floating-point EXTINF needs 3
        (false, false, true, 4),   // EXT-X-BYTERANGE
        (true, false, false, 4),   // EXT-X-I-FRAMES-ONLY
        (true, true, true, 5),     // EXT-X-MAP with I-frames only
        (false, true, false, 6),   // EXT-X-MAP without: every fMP4 media playlist
        (false, true, true, 6),
    ]

    @Test("EXT-X-VERSION is the lowest rfc8216bis §8 allows", arguments: versionCases)
    func versionSelection(_ testCase: (iFramesOnly: Bool, map: Bool, byteRange: Bool, version: Int)) throws {
        let range = testCase.byteRange ? ByteRange(length: 10, offset: 0) : nil
        let playlist = MediaPlaylist(
            isIFramesOnly: testCase.iFramesOnly,
            initializationSection: testCase.map ? MediaInitializationSection(uri: "init.mp4") : nil,
            segments: [MediaSegment(duration: try Self.seconds(1), uri: "a.m4s", byteRange: range)])
        #expect(playlist.version == testCase.version)
        let text = try playlist.render()
        #expect(text.hasPrefix("#EXTM3U\n#EXT-X-VERSION:\(testCase.version)\n"))
        #expect(text.contains("#EXT-X-I-FRAMES-ONLY\n") == testCase.iFramesOnly)
    }

    @Test("target duration: the ceiling of the longest EXTINF as written, at least 1")
    func targetDuration() throws {
        func target(_ durations: [Double]) throws -> Int {
            MediaPlaylist(segments: try durations.map { MediaSegment(duration: try Self.seconds($0), uri: "s") })
                .targetDuration
        }
        #expect(try target([2.0, 1.5]) == 2)
        #expect(try target([2.002, 1.0]) == 3)
        #expect(try target([6.4]) == 7)  // rounding to nearest would give 6; the ceiling is valid in every version
        // A hair above 2 s in floating point is 2.000000 s as written, so the target stays 2.
        #expect(try target([0.1 + 0.2 + 1.7]) == 2)
        #expect(try target([2.0000004]) == 2)
        #expect(try target([2.0000006]) == 3)  // 2.000001 s as written
        #expect(try target([0.2]) == 1)
        #expect(try target([]) == 1)  // rfc8216bis §4.4.3.1: at least 1
    }

    @Test("EXTINF is decimal positional notation, 3 to 6 decimals, never an exponent")
    func durationText() throws {
        func extinf(_ duration: PlaylistDuration) throws -> String {
            let text = try MediaPlaylist(segments: [MediaSegment(duration: duration, uri: "s")]).render()
            return try #require(text.split(separator: "\n").first { $0.hasPrefix("#EXTINF:") }).description
        }
        #expect(try extinf(Self.seconds(0.00001)) == "#EXTINF:0.00001,")  // "1e-05" as Swift would print it
        #expect(try extinf(Self.seconds(12_345_678.5)) == "#EXTINF:12345678.500,")
        #expect(try extinf(Self.seconds(1.001)) == "#EXTINF:1.001,")
        #expect(try extinf(PlaylistDuration(value: 1001, timescale: 30000)) == "#EXTINF:0.033367,")
        #expect(try extinf(PlaylistDuration(value: 180_000, timescale: 90_000)) == "#EXTINF:2.000,")
    }

    @Test("durations that are not durations are refused", arguments: [-1.0, .nan, .infinity, 2e9])
    func invalidDurations(_ seconds: Double) {
        #expect(throws: HLSError.self) { try PlaylistDuration(seconds: seconds) }
    }

    @Test("a rational duration is exact: no floating point between CMTime and EXTINF")
    func rationalDurations() throws {
        #expect(try PlaylistDuration(value: 3_003, timescale: 1_000).microseconds == 3_003_000)
        #expect(try PlaylistDuration(value: 1, timescale: 3).microseconds == 333_333)
        #expect(try PlaylistDuration(value: 2, timescale: 3).microseconds == 666_667)
        #expect(throws: HLSError.self) { try PlaylistDuration(value: 1, timescale: 0) }
        #expect(throws: HLSError.self) { try PlaylistDuration(value: -1, timescale: 600) }
        #expect(throws: HLSError.self) { try PlaylistDuration(value: .max, timescale: 1) }
    }

    @Test("a double quote in the EXT-X-MAP URI is refused, naming the attribute")
    func quoteInMapURI() throws {
        let playlist = MediaPlaylist(initializationSection: MediaInitializationSection(uri: #"in"it.mp4"#),
                                     segments: [MediaSegment(duration: try Self.seconds(1), uri: "a.m4s")])
        let error = #expect(throws: HLSError.self) { try playlist.render() }
        #expect(error?.field == "EXT-X-MAP:URI")
        #expect(error?.code == .invalidValue)
        #expect(error?.message.contains("double quote") == true)
    }

    /// Segment URIs a playlist line cannot hold.
    static let unwritableURIs = [#"a"b.m4s"#, "a\nb.m4s", "a\rb.m4s", "a b.m4s", "a\tb.m4s", "#a.m4s", "", "a\u{7}.m4s",
                                 "a\u{85}.m4s"]

    @Test("a segment URI that would break its line is refused, naming the segment", arguments: unwritableURIs)
    func unwritableSegmentURI(_ uri: String) throws {
        let playlist = MediaPlaylist(segments: [MediaSegment(duration: try Self.seconds(1), uri: "ok.m4s"),
                                                MediaSegment(duration: try Self.seconds(1), uri: uri)])
        let error = #expect(throws: HLSError.self) { try playlist.render() }
        #expect(error?.field == "segment 1 URI")
    }

    @Test("segments of no duration, broken byte ranges and negative sequence numbers are refused")
    func otherRefusals() throws {
        let zero = MediaPlaylist(segments: [MediaSegment(duration: try Self.seconds(0), uri: "a.m4s")])
        #expect((#expect(throws: HLSError.self) { try zero.render() })?.field == "segment 0 EXTINF")
        for range in [ByteRange(length: 0, offset: 0), ByteRange(length: 1, offset: -1),
                      ByteRange(length: 2, offset: .max)] {
            let segment = MediaSegment(duration: try Self.seconds(1), uri: "a", byteRange: range)
            let playlist = MediaPlaylist(segments: [segment])
            #expect((#expect(throws: HLSError.self) { try playlist.render() })?.field == "segment 0 EXT-X-BYTERANGE")
        }
        let negative = MediaPlaylist(mediaSequenceNumber: -1)
        #expect((#expect(throws: HLSError.self) { try negative.render() })?.field == "EXT-X-MEDIA-SEQUENCE")
    }
}
