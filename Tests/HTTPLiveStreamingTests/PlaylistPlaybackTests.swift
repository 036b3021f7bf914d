import Foundation
import HTTPLiveStreaming
import Testing
import TestSupport

/// Our playlists over segments ffmpeg's own HLS muxer made, judged by ffprobe and ffmpeg's HLS demuxer: they must
/// open, last as long as the segments do, and decode every frame without an error.
@Suite("Playlists played by ffmpeg")
struct PlaylistPlaybackTests {
    /// 3 s of 160×120 H.264 at 30 fps with a key frame every second, so ffmpeg cuts three 1 s segments.
    private static let video = ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=30:duration=3", "-pix_fmt", "yuv420p",
                                "-c:v", "libx264", "-g", "30", "-sc_threshold", "0"]
    /// 3 s of a 48 kHz tone in AAC.
    private static let audio = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=3",
                                "-c:a", "aac", "-b:a", "32k"]

    /// Our media playlist for ffmpeg's package: VOD, ended, independent segments, ffmpeg's EXTINF durations.
    private static func mediaPlaylist(_ package: GeneratedHLSMedia.Package) throws -> MediaPlaylist {
        func range(_ range: (length: Int, offset: Int)?) -> ByteRange? {
            range.map { ByteRange(length: $0.length, offset: $0.offset) }
        }
        return MediaPlaylist(
            playlistType: .vod, hasIndependentSegments: true,
            initializationSection: MediaInitializationSection(uri: package.map.uri,
                                                              byteRange: range(package.map.byteRange)),
            segments: try package.segments.map { segment in
                MediaSegment(duration: try PlaylistDuration(seconds: segment.seconds), uri: segment.uri,
                             byteRange: range(segment.byteRange))
            },
            isEnded: true)
    }

    /// ffprobe's duration of `url` and the number of frames it decodes from its first video stream.
    private static func probe(_ url: URL) throws -> (duration: Double, frames: Int) {
        let probe = try ExternalTool.ffprobeJSON(["-count_frames", "-select_streams", "v:0",
                                                  "-show_entries", "stream=nb_read_frames:format=duration", url.path])
        let format = try #require(probe["format"] as? [String: Any])
        let duration = try #require(Double(try GeneratedHLSMedia.string("duration", in: format)))
        let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
        let frames = try #require(Int(try GeneratedHLSMedia.string("nb_read_frames", in: stream)))
        return (duration, frames)
    }

    /// Writes `text` as a playlist in `directory` and has ffmpeg play it: 3 s, 90 frames, no decode error.
    private static func expectThreeSecondsOfVideo(_ text: String, in directory: TemporaryDirectory) throws {
        let url = directory.file("ours.m3u8")
        try Data(text.utf8).write(to: url)
        let (duration, frames) = try probe(url)
        #expect(abs(duration - 3) < 0.05)
        #expect(frames == 90)
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
    }

    @Test("a VOD fMP4 media playlist over ffmpeg's segments opens, lasts 3 s and decodes 90 frames cleanly")
    func mediaPlaylistPlays() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let package = try GeneratedHLSMedia.ffmpegPackage(Self.video, in: directory.url)
        #expect(package.segments.count == 3)
        let text = try Self.mediaPlaylist(package).render()
        #expect(text.contains("#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:1\n"))
        try Self.expectThreeSecondsOfVideo(text, in: directory)
    }

    @Test("byte ranges into one file, with the offset shorthand, read back every frame")
    func byteRangePlaylistPlays() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let package = try GeneratedHLSMedia.ffmpegPackage(Self.video, in: directory.url, singleFile: true)
        let text = try Self.mediaPlaylist(package).render()
        // ffmpeg's single-file segments are contiguous after the init section: only the first keeps its offset.
        let ranges = text.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-BYTERANGE:") }
        #expect(ranges.count == 3)
        #expect(ranges.first?.contains("@") == true)
        #expect(ranges.dropFirst().allSatisfy { !$0.contains("@") })
        #expect(text.contains("#EXT-X-VERSION:6\n"))
        try Self.expectThreeSecondsOfVideo(text, in: directory)
    }

    @Test("a multivariant playlist with an audio group gives ffmpeg both streams, decoded cleanly")
    func multivariantPlaylistPlays() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let videoPackage = try GeneratedHLSMedia.ffmpegPackage(Self.video, in: directory.file("video"))
        let audioPackage = try GeneratedHLSMedia.ffmpegPackage(Self.audio, in: directory.file("audio"))
        var rates: [SegmentBitRates] = []
        for (package, folder) in [(videoPackage, "video"), (audioPackage, "audio")] {
            let playlist = try Self.mediaPlaylist(package)
            try Data(try playlist.render().utf8).write(to: directory.file(folder).appendingPathComponent("index.m3u8"))
            rates.append(try SegmentBitRates(byteCounts: package.segmentSizes(),
                                             durations: playlist.segments.map(\.duration),
                                             targetDuration: playlist.targetDuration))
        }
        let videoCodec = try CodecString.avc(
            configurationRecord: GeneratedHLSMedia.boxPayload("avcC", in: directory.file("video/init.mp4")))
        let multivariant = MultivariantPlaylist(
            hasIndependentSegments: true,
            renditions: [Rendition(type: .audio, groupID: "audio", name: "Tone", language: "en", isDefault: true,
                                   isAutoselect: true, channelCount: 1, uri: "audio/index.m3u8")],
            variants: [VariantStream(uri: "video/index.m3u8", bandwidth: rates[0].peak + rates[1].peak,
                                     averageBandwidth: rates[0].average + rates[1].average,
                                     codecs: [videoCodec, "mp4a.40.2"],
                                     resolution: VariantStream.Resolution(width: 160, height: 120), frameRate: 30,
                                     audioGroupID: "audio")])
        let url = directory.file("main.m3u8")
        try Data(try multivariant.render().utf8).write(to: url)

        // ffmpeg's HLS demuxer makes one program per variant, holding the renditions of the group it names.
        let probe = try ExternalTool.ffprobeJSON(["-show_programs", url.path])
        let program = try #require((probe["programs"] as? [[String: Any]])?.first)
        let streams = try #require(program["streams"] as? [[String: Any]])
        #expect(Set(streams.compactMap { $0["codec_name"] as? String }) == ["h264", "aac"])
        let tags = try #require(program["tags"] as? [String: Any])
        #expect(try GeneratedHLSMedia.string("variant_bitrate", in: tags) == String(multivariant.variants[0].bandwidth))
        let decode = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0",
                                                     "-f", "null", "-"])
        #expect(decode.status == 0)
        #expect(decode.standardError == "")
    }
}
