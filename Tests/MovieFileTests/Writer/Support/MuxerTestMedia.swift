import Foundation
import TestSupport

/// Inputs made by the `ffmpeg` command line in set-up, cached under `.build-cache/test-media/muxer`, each named
/// after what it exercises. Short and small so that the tests run fast on two cores.
enum MuxerTestMedia {
    /// 1 s (or `seconds`) of 64×48 test pattern at 25 fps.
    static func video(seconds: Double = 1) -> [String] {
        ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=\(seconds)"]
    }

    /// A tone at `rate` Hz, `channels` channels.
    static func audio(rate: Int = 48_000, channels: Int = 2, seconds: Double = 1) -> [String] {
        ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(rate):duration=\(seconds)",
         "-ac", String(channels)]
    }

    /// Name → ffmpeg arguments (inputs, codec, output format; the output path is appended).
    static let recipes: [String: [String]] = [
        // Annex B H.264 with B-frames in MPEG-TS (packets carry PTS and DTS).
        "h264-bframes-annexb.ts": video() + ["-c:v", "libx264", "-bf", "2", "-g", "12", "-f", "mpegts"],
        "hevc-annexb.ts": video() + ["-c:v", "libx265", "-x265-params", "log-level=error:bframes=0", "-g", "12",
                                     "-f", "mpegts"],
        "aac-lc-44100-stereo.adts": audio(rate: 44_100) + ["-c:a", "aac", "-b:a", "64k", "-f", "adts"],
        "aac-lc-48000-mono.adts": audio(rate: 48_000, channels: 1) + ["-c:a", "aac", "-b:a", "48k", "-f", "adts"],
        "prores-422-frames.prores": video(seconds: 0.4) + ["-c:v", "prores_ks", "-profile:v", "2", "-f", "rawvideo"],
        "mjpeg-frames.mjpeg": video(seconds: 0.4) + ["-c:v", "mjpeg", "-q:v", "5", "-f", "mjpeg"],
        "pcm-s16le-48000-stereo.raw": audio() + ["-c:a", "pcm_s16le", "-f", "s16le"],
        // Codecs taken from an ffmpeg MP4/MOV: packets by position, configuration boxes as cookies.
        "mpeg4-part2.mp4": video() + ["-c:v", "mpeg4", "-bf", "0", "-g", "12"],
        "av1.mp4": ["-f", "lavfi", "-i", "testsrc=size=64x64:rate=10:duration=0.3", "-c:v", "libaom-av1",
                    "-cpu-used", "8", "-row-mt", "0"],
        "alac-44100-stereo.m4a": audio(rate: 44_100) + ["-c:a", "alac"],
        "mp3-44100-stereo.mp4": audio(rate: 44_100) + ["-c:a", "libmp3lame", "-b:a", "64k"],
        "opus-48000-stereo.mp4": audio() + ["-c:a", "libopus", "-b:a", "48k"],
        "flac-48000-stereo.mp4": audio() + ["-c:a", "flac", "-strict", "experimental"],
        "ac3-48000-stereo.mp4": audio() + ["-c:a", "ac3", "-b:a", "96k"],
        "eac3-48000-stereo.mp4": audio() + ["-c:a", "eac3", "-b:a", "96k"],
        // Round-trip inputs: a QuickTime movie as ffmpeg writes one with a timecode track, and HEVC with PCM.
        "roundtrip-h264-aac-timecode.mov": video() + audio(rate: 44_100) + ["-c:v", "libx264", "-bf", "2", "-c:a", "aac",
                                                                          "-timecode", "01:00:00:00"],
        "roundtrip-hevc-pcm.mov": video() + audio() + ["-c:v", "libx265", "-x265-params", "log-level=error",
                                                      "-tag:v", "hvc1", "-c:a", "pcm_s16le"],
        "amr-nb-8000-mono.3gp": audio(rate: 8_000, channels: 1) + ["-c:a", "libopencore_amrnb", "-b:a", "12.2k"],
    ]

    /// The file for `name`, made by ffmpeg if it is not cached yet.
    static func url(_ name: String) throws -> URL {
        try TestFiles.ffmpegMedia(name, folder: "muxer", recipe: recipes[name])
    }

    /// True when ffmpeg has the encoder `name` (libopencore_amrnb is optional in some builds).
    static func hasEncoder(_ name: String) -> Bool {
        guard let result = try? ExternalTool.run("ffmpeg", ["-hide_banner", "-encoders"]) else { return false }
        return result.output.contains(" \(name) ")
    }
}
