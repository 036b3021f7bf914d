import Foundation
import Testing
@testable import ISOBMFF
import TestSupport

/// Small files made by the `ffmpeg` command line in set-up, each named after the quirk it exercises, cached under
/// `TestFiles.generatedMediaCache` so they are made once.
enum GeneratedMedia {
    /// 1 s of 64×48 test pattern at 10 fps.
    private static let video = ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1"]
    /// 1 s of a 440 Hz tone at 48 kHz.
    private static let audio = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1"]
    private static let h264 = ["-c:v", "libx264", "-g", "5"]
    private static let aac = ["-c:a", "aac", "-b:a", "32k"]

    /// Name → ffmpeg arguments (inputs, codecs, options; the output path is appended). `{srt}` and `{chapters}`
    /// stand for side files written first.
    static let recipes: [String: [String]] = [
        "h264-aac-faststart.mp4": video + audio + h264 + aac + ["-movflags", "+faststart"],
        "h264-aac-moov-at-end.mov": video + audio + h264 + aac,
        "fragmented-empty-moov.mp4": video + audio + h264 + aac + ["-movflags", "frag_keyframe+empty_moov"],
        "fragmented-default-base-moof-global-sidx.mp4": video + audio + h264 + aac
            + ["-movflags", "frag_keyframe+empty_moov+default_base_moof+global_sidx"],
        "fragmented-cmaf.mp4": video + audio + h264 + aac + ["-movflags", "cmaf"],
        "negative-cts-ctts-v1.mp4": video + ["-c:v", "libx264", "-bf", "2", "-movflags", "negative_cts_offsets",
                                             "-use_editlist", "0"],
        "hevc-hvc1.mp4": video + ["-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hvc1"],
        "av1-av1c.mp4": ["-f", "lavfi", "-i", "testsrc=size=64x64:rate=10:duration=0.3", "-c:v", "libaom-av1",
                         "-cpu-used", "8", "-row-mt", "0"],
        "vp9-vpcc.mp4": video + ["-c:v", "libvpx-vp9", "-b:v", "50k"],
        "mpeg4-esds-video.mp4": video + ["-c:v", "mpeg4"],
        "prores-image-description.mov": video + ["-c:v", "prores_ks", "-profile:v", "0"],
        "rotate-90-matrix.mp4": video + ["-c:v", "libx264", "-metadata:s:v:0", "rotate=90"],
        "opus-dops.mp4": audio + ["-c:a", "libopus"],
        "flac-dfla.mp4": audio + ["-c:a", "flac", "-strict", "experimental"],
        "ac3-dac3.mp4": audio + ["-c:a", "ac3"],
        "eac3-dec3.mp4": audio + ["-c:a", "eac3"],
        "alac.m4a": audio + ["-c:a", "alac"],
        "alac-in-wave.mov": audio + ["-c:a", "alac"],
        "pcm-s24le-in24.mov": audio + ["-c:a", "pcm_s24le"],
        "pcm-s24le-96khz-lpcm-sound-v2.mov": ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=96000:duration=0.5",
                                              "-c:a", "pcm_s24le"],
        "pcm-s16le-sowt.mov": audio + ["-c:a", "pcm_s16le"],
        "timecode-tmcd-track.mov": video + ["-c:v", "libx264", "-timecode", "01:00:00:00"],
        "itunes-tags.m4a": audio + aac + ["-metadata", "title=Title é", "-metadata", "artist=Artist",
                                          "-metadata", "album=Album", "-metadata", "track=3/12"],
        "quicktime-mdta-keys.mov": video + ["-c:v", "libx264", "-movflags", "use_metadata_tags",
                                            "-metadata", "com.apple.quicktime.make=Apple",
                                            "-metadata", "com.apple.quicktime.model=Test"],
        "quicktime-udta-text.mov": video + ["-c:v", "libx264", "-metadata", "title=Movie",
                                            "-metadata", "location=+48.8577+002.2950/"],
        "mov-text-subtitles-tx3g.mp4": video + ["-i", "{srt}", "-c:v", "libx264", "-c:s", "mov_text"],
        "chapters-text-track.mp4": video + ["-i", "{chapters}", "-map", "0", "-map_chapters", "1", "-c:v", "libx264"],
        "chapters-text-track.mov": video + ["-i", "{chapters}", "-map", "0", "-map_chapters", "1", "-c:v", "libx264"],
    ]

    /// The names, sorted.
    static let names: [String] = recipes.keys.sorted()

    /// The file for `name`, made by ffmpeg if it is not cached yet.
    static func url(_ name: String) throws -> URL {
        guard let recipe = recipes[name] else { throw CocoaError(.fileNoSuchFile) }
        let arguments = try recipe.map { argument -> String in
            switch argument {
            case "{srt}": try TestFiles.twoCuesSubtitles().path
            case "{chapters}": try twoChapters().path
            default: argument
            }
        }
        return try TestFiles.ffmpegMedia(name, folder: "isobmff", recipe: arguments)
    }

    /// Two chapters ("One" for 0–0.5 s, "Two" for 0.5–1 s) in ffmpeg's metadata format.
    private static func twoChapters() throws -> URL {
        try TestFiles.cachedMedia("two-chapters.ffmetadata", folder: "isobmff") { partial in
            try Data((";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=500\ntitle=One\n"
                      + "[CHAPTER]\nTIMEBASE=1/1000\nSTART=500\nEND=1000\ntitle=Two\n").utf8).write(to: partial)
        }
    }
}

/// A file the real-file tests read: a shared fixture or a generated one.
struct MediaFile: Sendable, CustomTestStringConvertible {
    enum Origin: Sendable { case fixture, generated }
    let name: String
    let origin: Origin

    var testDescription: String { name }

    var url: URL {
        get throws {
            switch origin {
            case .fixture: return Helpers.fixture(name)
            case .generated: return try GeneratedMedia.url(name)
            }
        }
    }

    var bytes: [UInt8] { get throws { Array(try Data(contentsOf: try url)) } }

    /// Every fixture and every generated file.
    static let all: [MediaFile] = Helpers.fixtureNames.map { MediaFile(name: $0, origin: .fixture) }
        + GeneratedMedia.names.map { MediaFile(name: $0, origin: .generated) }
}
