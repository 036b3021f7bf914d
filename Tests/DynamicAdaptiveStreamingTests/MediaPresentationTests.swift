@testable import DynamicAdaptiveStreaming
import Testing

/// The MPD text for hand-made presentations, and the values it refuses.
@Suite("MediaPresentation")
struct MediaPresentationTests {
    private static func template(_ name: String, timescale: Int64, _ segments: [(Int64, Int64)]) -> SegmentTemplate {
        SegmentTemplate(timescale: timescale, initialization: "\(name)/init.mp4", media: "\(name)/seg$Number$.m4s",
                        startNumber: 0, segments: segments.map { SegmentTemplate.Segment(start: $0.0, duration: $0.1) })
    }

    /// Two video representations cut at the same instants in different timescales (2 + 2 + 1 s), and AAC audio.
    private static var ladder: MediaPresentation {
        var tall = Representation(id: "720p", codecs: "avc1.64001f", bandwidth: 1_000_000,
                                  segmentTemplate: template("720p", timescale: 15360,
                                                            [(0, 30720), (30720, 30720), (61440, 15360)]))
        tall.width = 1280
        tall.height = 720
        tall.frameRate = FrameRate(frames: 30)
        var short = Representation(id: "360p", codecs: "avc1.64001e", bandwidth: 400_000,
                                   segmentTemplate: template("360p", timescale: 30, [(0, 60), (60, 60), (120, 30)]))
        short.width = 640
        short.height = 360
        short.frameRate = FrameRate(frames: 30000, perSeconds: 1001)
        var audio = Representation(id: "audio", codecs: "mp4a.40.2", bandwidth: 130_000,
                                   segmentTemplate: template("audio", timescale: 48000,
                                                             [(0, 96256), (96256, 96256), (192512, 47104)]))
        audio.audioSamplingRate = 48000
        audio.audioChannelCount = 2
        return MediaPresentation(minBufferTime: MediaTime(value: 2, timescale: 1), adaptationSets: [
            AdaptationSet(contentType: .video, representations: [tall, short]),
            AdaptationSet(contentType: .audio, language: "en", representations: [audio]),
        ])
    }

    @Test("a ladder and its audio: the whole text")
    func ladderText() throws {
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" \
            profiles="urn:mpeg:dash:profile:isoff-live:2011,urn:mpeg:dash:profile:cmaf:2019" type="static" \
            mediaPresentationDuration="PT5S" minBufferTime="PT2S">
              <Period id="0" start="PT0S">
                <AdaptationSet id="0" contentType="video" mimeType="video/mp4" segmentAlignment="true">
                  <Representation id="720p" bandwidth="1000000" codecs="avc1.64001f" width="1280" height="720" \
            frameRate="30">
                    <SegmentTemplate timescale="15360" initialization="720p/init.mp4" media="720p/seg$Number$.m4s" \
            startNumber="0">
                      <SegmentTimeline>
                        <S t="0" d="30720" r="1"/>
                        <S d="15360"/>
                      </SegmentTimeline>
                    </SegmentTemplate>
                  </Representation>
                  <Representation id="360p" bandwidth="400000" codecs="avc1.64001e" width="640" height="360" \
            frameRate="30000/1001">
                    <SegmentTemplate timescale="30" initialization="360p/init.mp4" media="360p/seg$Number$.m4s" \
            startNumber="0">
                      <SegmentTimeline>
                        <S t="0" d="60" r="1"/>
                        <S d="30"/>
                      </SegmentTimeline>
                    </SegmentTemplate>
                  </Representation>
                </AdaptationSet>
                <AdaptationSet id="1" contentType="audio" mimeType="audio/mp4" lang="en" segmentAlignment="true">
                  <Representation id="audio" bandwidth="130000" codecs="mp4a.40.2" audioSamplingRate="48000">
                    <AudioChannelConfiguration \
            schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="2"/>
                    <SegmentTemplate timescale="48000" initialization="audio/init.mp4" media="audio/seg$Number$.m4s" \
            startNumber="0">
                      <SegmentTimeline>
                        <S t="0" d="96256" r="1"/>
                        <S d="47104"/>
                      </SegmentTimeline>
                    </SegmentTemplate>
                  </Representation>
                </AdaptationSet>
              </Period>
            </MPD>

            """
        #expect(try Self.ladder.render() == expected)
    }

    @Test("segmentAlignment is written only when the representations' boundaries are the same instants")
    func alignmentIsComputed() throws {
        var presentation = Self.ladder
        // 360p's second boundary one tick (1/30 s) later: no longer aligned.
        presentation.adaptationSets[0].representations[1].segmentTemplate = Self.template(
            "360p", timescale: 30, [(0, 61), (61, 59), (120, 30)])
        let text = try presentation.render()
        #expect(!text.contains("contentType=\"video\" mimeType=\"video/mp4\" segmentAlignment"))
        #expect(text.contains("<S t=\"0\" d=\"61\"/>\n            <S d=\"59\"/>\n            <S d=\"30\"/>"))
    }

    @Test("a gap in the timeline restates the start; mediaPresentationDuration is the latest end, to the microsecond")
    func gapAndDuration() throws {
        var presentation = Self.ladder
        presentation.adaptationSets[1].representations[0].segmentTemplate = Self.template(
            "audio", timescale: 3, [(0, 6), (9, 7)])
        let text = try presentation.render()
        #expect(text.contains("<S t=\"0\" d=\"6\"/>\n            <S t=\"9\" d=\"7\"/>"))
        // The audio now ends at 16/3 s, after the video's 5 s: 5.333333 s to the nearest microsecond.
        #expect(text.contains("mediaPresentationDuration=\"PT5.333333S\""))
    }

    @Test("durations: the nearest microsecond, or the next one up for a buffer time")
    func durationText() throws {
        #expect(try MediaTime(value: 1, timescale: 3).durationText(field: "", roundingUp: false) == "PT0.333333S")
        #expect(try MediaTime(value: 1, timescale: 3).durationText(field: "", roundingUp: true) == "PT0.333334S")
        #expect(try MediaTime(value: 1001, timescale: 30000).durationText(field: "", roundingUp: false)
                == "PT0.033367S")
        #expect(try MediaTime(value: 7200 * 90000, timescale: 90000).durationText(field: "", roundingUp: true)
                == "PT7200S")
        #expect(throws: DASHError.self) {
            try MediaTime(value: -1, timescale: 1).durationText(field: "", roundingUp: false)
        }
    }

    @Test("XML's special characters are escaped, a $ in a name is doubled")
    func escaping() throws {
        var presentation = Self.ladder
        var template = Self.template("a&b", timescale: 30, [(0, 60), (60, 60), (120, 30)])
        template.media = SegmentTemplate.escaped("a&b/it's$") + "$Number%05d$.m4s"
        presentation.adaptationSets[0].representations[1].segmentTemplate = template
        let text = try presentation.render()
        #expect(text.contains("initialization=\"a&amp;b/init.mp4\" media=\"a&amp;b/it&apos;s$$$Number%05d$.m4s\""))
    }

    @Test("values an MPD cannot carry or that contradict each other are refused, naming where", arguments: [
        ("two ids", "Representation[720p]@id"),
        ("overlap", "Representation[720p]/SegmentTemplate/SegmentTimeline[1]@t"),
        ("no number", "Representation[720p]/SegmentTemplate@media"),
        ("unknown identifier", "Representation[720p]/SegmentTemplate@media"),
        ("lone dollar", "Representation[720p]/SegmentTemplate@media"),
        ("numbered initialization", "Representation[720p]/SegmentTemplate@initialization"),
        ("empty codecs", "Representation[audio]@codecs"),
        ("no segments", "Representation[audio]/SegmentTemplate/SegmentTimeline"),
        ("zero duration", "Representation[audio]/SegmentTemplate/SegmentTimeline[2]@d"),
        ("no channels", "Representation[audio]/AudioChannelConfiguration@value"),
    ])
    func refused(_ name: String, _ field: String) throws {
        var presentation = Self.ladder
        switch name {
        case "two ids": presentation.adaptationSets[0].representations[1].id = "720p"
        case "overlap": presentation.adaptationSets[0].representations[0].segmentTemplate.segments[1].start = 30000
        case "no number": presentation.adaptationSets[0].representations[0].segmentTemplate.media = "720p/seg.m4s"
        case "unknown identifier":
            presentation.adaptationSets[0].representations[0].segmentTemplate.media = "seg$Nmber$.m4s"
        case "lone dollar": presentation.adaptationSets[0].representations[0].segmentTemplate.media = "$Number$$.m4s"
        case "numbered initialization":
            presentation.adaptationSets[0].representations[0].segmentTemplate.initialization = "init$Number$.mp4"
        case "empty codecs": presentation.adaptationSets[1].representations[0].codecs = ""
        case "no segments": presentation.adaptationSets[1].representations[0].segmentTemplate.segments = []
        case "zero duration": presentation.adaptationSets[1].representations[0].segmentTemplate.segments[2].duration = 0
        case "no channels": presentation.adaptationSets[1].representations[0].audioChannelCount = 0
        default: Issue.record("no change named \(name)")
        }
        do {
            let text = try presentation.render()
            Issue.record("\(name): rendered \(text.count) characters instead of refusing")
        } catch {
            #expect(error.field == field, "\(name): \(error)")
        }
    }
}

/// `@bandwidth` as ISO/IEC 23009-1 §5.3.5.2 defines it; expected values worked out by hand.
@Suite("RepresentationBandwidth")
struct RepresentationBandwidthTests {
    @Test("even segments: every window needs the segments' own rate")
    func even() throws {
        // 8,000 bits every 2 s with a 2 s buffer: 8,000 / 2 = 16,000 / 4 = 24,000 / 6 = 4,000 bit/s.
        #expect(try RepresentationBandwidth.bitsPerSecond(byteCounts: [1000, 1000, 1000], starts: [0, 2, 4],
                                                          timescale: 1, minBufferTicks: 2) == 4000)
    }

    @Test("a large segment sets the rate, less so the longer the buffer")
    func largeSegment() throws {
        // Starting at the 4,000-byte segment with a 2 s buffer: 32,000 bits in 2 s.
        #expect(try RepresentationBandwidth.bitsPerSecond(byteCounts: [1000, 4000, 1000], starts: [0, 2, 4],
                                                          timescale: 1, minBufferTicks: 2) == 16_000)
        // With 4 s: 32,000 / 4 = 8,000 beats 40,000 / 6 and 48,000 / 8.
        #expect(try RepresentationBandwidth.bitsPerSecond(byteCounts: [1000, 4000, 1000], starts: [0, 2, 4],
                                                          timescale: 1, minBufferTicks: 4) == 8000)
    }

    @Test("rounded up to a whole bit per second")
    func roundedUp() throws {
        // 8,000 bits in 7/3 s = 3,428.57… bit/s.
        #expect(try RepresentationBandwidth.bitsPerSecond(byteCounts: [1000], starts: [0], timescale: 3,
                                                          minBufferTicks: 7) == 3429)
    }

    @Test("mismatched lists, starts out of order and an empty buffer are refused")
    func refused() {
        #expect(throws: DASHError.self) {
            try RepresentationBandwidth.bitsPerSecond(byteCounts: [1], starts: [], timescale: 1, minBufferTicks: 1)
        }
        #expect(throws: DASHError.self) {
            try RepresentationBandwidth.bitsPerSecond(byteCounts: [1, 1], starts: [2, 1], timescale: 1,
                                                      minBufferTicks: 1)
        }
        #expect(throws: DASHError.self) {
            try RepresentationBandwidth.bitsPerSecond(byteCounts: [1], starts: [0], timescale: 1, minBufferTicks: 0)
        }
    }
}
