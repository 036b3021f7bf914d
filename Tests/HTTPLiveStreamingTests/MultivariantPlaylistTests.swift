import HTTPLiveStreaming
import Testing

/// The multivariant playlist's text and the rules between its tags (rfc8216bis §4.4.6).
@Suite("MultivariantPlaylist")
struct MultivariantPlaylistTests {
    private static let english = Rendition(type: .audio, groupID: "audio", name: "English", language: "en",
                                           isDefault: true, isAutoselect: true, channelCount: 2, uri: "audio/en.m3u8")
    private static let french = Rendition(type: .audio, groupID: "audio", name: "Français", language: "fr",
                                          isAutoselect: true, channelCount: 2, uri: "audio/fr.m3u8")

    private static func variant(uri: String = "video/720p.m3u8", audio: String? = "audio") -> VariantStream {
        VariantStream(uri: uri, bandwidth: 2_500_000, averageBandwidth: 2_000_000, codecs: ["avc1.64001F", "mp4a.40.2"],
                      resolution: VariantStream.Resolution(width: 1280, height: 720), frameRate: 30_000.0 / 1001,
                      audioGroupID: audio)
    }

    @Test("two variants sharing an audio group render exactly")
    func playlistText() throws {
        let playlist = MultivariantPlaylist(
            hasIndependentSegments: true, renditions: [Self.english, Self.french],
            variants: [Self.variant(),
                       VariantStream(uri: "video/360p.m3u8", bandwidth: 800_000, codecs: ["avc1.4D401E", "mp4a.40.2"],
                                     resolution: VariantStream.Resolution(width: 640, height: 360), frameRate: 30,
                                     audioGroupID: "audio")])
        let expected = """
            #EXTM3U
            #EXT-X-VERSION:4
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,\
            CHANNELS="2",URI="audio/en.m3u8"
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,\
            CHANNELS="2",URI="audio/fr.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=2500000,AVERAGE-BANDWIDTH=2000000,CODECS="avc1.64001F,mp4a.40.2",\
            RESOLUTION=1280x720,FRAME-RATE=29.970,AUDIO="audio"
            video/720p.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.4D401E,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=30.000,\
            AUDIO="audio"
            video/360p.m3u8

            """
        // Bytes, not String equality (which is canonical equivalence): NFC is part of the contract (§4.1).
        #expect(Array(try playlist.render().utf8) == Array(expected.utf8))
    }

    @Test("without renditions nothing needs more than version 1, so EXT-X-VERSION is left out")
    func noVersionWithoutRenditions() throws {
        let playlist = MultivariantPlaylist(variants: [VariantStream(uri: "index.m3u8", bandwidth: 100_000)])
        #expect(playlist.version == nil)
        #expect(try playlist.render() == "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000\nindex.m3u8\n")
    }

    @Test("names are written in NFC (rfc8216bis §4.1)")
    func namesAreNormalised() throws {
        var rendition = Self.french
        rendition.name = "Franc\u{327}ais"  // c + combining cedilla
        let text = try MultivariantPlaylist(renditions: [Self.english, rendition], variants: [Self.variant()]).render()
        #expect(Array(text.utf8).contains(0xC3))  // the first byte of U+00E7 in UTF-8
        #expect(!text.unicodeScalars.contains("\u{327}"))
    }

    /// Values that a quoted-string cannot hold, by the attribute they are put in.
    static let unwritableValues: [(field: String, change: @Sendable (inout MultivariantPlaylist) -> Void)] = [
        ("EXT-X-MEDIA[0]:URI", { $0.renditions[0].uri = #"audio/"en".m3u8"# }),
        ("EXT-X-MEDIA[0]:NAME", { $0.renditions[0].name = "Eng\nlish" }),
        ("EXT-X-MEDIA[0]:NAME", { $0.renditions[0].name = #"The "English""# }),
        ("EXT-X-MEDIA[0]:LANGUAGE", { $0.renditions[0].language = "e n" }),
        ("EXT-X-STREAM-INF[0]:CODECS", { $0.variants[0].codecs = ["avc1.64001F,mp4a.40.2"] }),
        ("EXT-X-STREAM-INF[0]:CODECS", { $0.variants[0].codecs = [#"avc1"#, #"mp4a""#] }),
        ("EXT-X-STREAM-INF[0] URI line", { $0.variants[0].uri = "video/720 p.m3u8" }),
    ]

    @Test("values a quoted-string or URI cannot hold are refused, naming the attribute",
          arguments: unwritableValues.indices)
    func unwritableValue(_ index: Int) throws {
        var playlist = MultivariantPlaylist(renditions: [Self.english], variants: [Self.variant()])
        Self.unwritableValues[index].change(&playlist)
        let error = #expect(throws: HLSError.self) { try playlist.render() }
        #expect(error?.field == Self.unwritableValues[index].field)
    }

    @Test("rules between tags: one default per group, distinct names, DEFAULT needs AUTOSELECT, groups exist")
    func groupRules() throws {
        var twoDefaults = Self.french
        twoDefaults.isDefault = true
        var sameName = Self.french
        sameName.name = "English"
        var notAutoselect = Self.english
        notAutoselect.isAutoselect = false
        var subtitlesWithoutURI = Rendition(type: .subtitles, groupID: "subs", name: "English", uri: nil)
        let cases: [(MultivariantPlaylist, String)] = [
            (MultivariantPlaylist(renditions: [Self.english, twoDefaults], variants: [Self.variant()]),
             "EXT-X-MEDIA[1]:DEFAULT"),
            (MultivariantPlaylist(renditions: [Self.english, sameName], variants: [Self.variant()]),
             "EXT-X-MEDIA[1]:NAME"),
            (MultivariantPlaylist(renditions: [notAutoselect], variants: [Self.variant()]),
             "EXT-X-MEDIA[0]:AUTOSELECT"),
            (MultivariantPlaylist(renditions: [Self.english], variants: [Self.variant(audio: "aac")]),
             "EXT-X-STREAM-INF[0]:AUDIO"),
            (MultivariantPlaylist(renditions: [Self.english, subtitlesWithoutURI], variants: [Self.variant()]),
             "EXT-X-MEDIA[1]:URI"),
            (MultivariantPlaylist(renditions: [Self.english], variants: []), "EXT-X-STREAM-INF"),
        ]
        for (playlist, field) in cases {
            let error = #expect(throws: HLSError.self) { try playlist.render() }
            #expect(error?.field == field)
        }
        // The same name in another group, and a subtitles group that the variant names, are fine.
        subtitlesWithoutURI.uri = "subs/en.m3u8"
        var variant = Self.variant()
        variant.subtitlesGroupID = "subs"
        var otherGroup = Self.english
        otherGroup.groupID = "audio-ac3"
        let valid = MultivariantPlaylist(renditions: [Self.english, otherGroup, subtitlesWithoutURI],
                                         variants: [variant])
        #expect(try valid.render().contains(#"AUDIO="audio",SUBTITLES="subs""#))
    }

    @Test("numbers: BANDWIDTH must be positive, FRAME-RATE has three decimals, RESOLUTION is positive")
    func numbers() throws {
        func render(_ change: (inout VariantStream) -> Void) throws -> String {
            var variant = VariantStream(uri: "v.m3u8", bandwidth: 1)
            change(&variant)
            return try MultivariantPlaylist(variants: [variant]).render()
        }
        #expect(try render { $0.frameRate = 23.976 }.contains("FRAME-RATE=23.976\n"))
        #expect(try render { $0.frameRate = 59.94005994 }.contains("FRAME-RATE=59.940\n"))
        #expect(try render { $0.frameRate = 120 }.contains("FRAME-RATE=120.000\n"))
        #expect(try render { $0.frameRate = 0.25 }.contains("FRAME-RATE=0.250\n"))
        let invalid: [(inout VariantStream) -> Void] = [
            { $0.bandwidth = 0 }, { $0.averageBandwidth = -5 }, { $0.frameRate = 0 }, { $0.frameRate = .nan },
            { $0.resolution = VariantStream.Resolution(width: 0, height: 1) },
        ]
        for change in invalid {
            #expect(throws: HLSError.self) { try render(change) }
        }
    }
}
