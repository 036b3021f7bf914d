import Foundation
import TestSupport

/// Small media files made by the `ffmpeg` command line (a tool that is not ours), each named after what it
/// exercises, cached under `TestFiles.generatedMediaCache` so they are made once.
enum TestMedia {
    /// The moving test pattern (testsrc2: colour bars, a moving gradient and a counter): 1 s at 30 fps, 320x240.
    static let pattern = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=1"]
    /// 1 s of a 1 kHz tone at 48 kHz.
    static let tone = ["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=1"]

    static let recipes: [String: [String]] = [
        "h264-high-bframes.mp4": pattern + ["-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-g", "12", "-pix_fmt", "yuv420p"],
        "h264-baseline-no-bframes.mp4": pattern + ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "baseline", "-pix_fmt", "yuv420p"],
        "h264-bt709-tagged.mp4": pattern + ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
                                            "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709"],
        "hevc-main-hvc1.mp4": pattern + ["-c:v", "libx265", "-preset", "veryfast", "-x265-params", "log-level=error", "-tag:v", "hvc1"],
        "hevc-main10-hvc1.mp4": pattern + ["-c:v", "libx265", "-preset", "veryfast", "-pix_fmt", "yuv420p10le",
                                          "-x265-params", "log-level=error", "-tag:v", "hvc1"],
        "prores-422-apcn.mov": pattern + ["-frames:v", "10", "-c:v", "prores_ks", "-profile:v", "2"],
        "prores-4444-ap4h.mov": pattern + ["-frames:v", "10", "-c:v", "prores_ks", "-profile:v", "4", "-pix_fmt", "yuva444p10le"],
        "mjpeg-jpeg.mov": pattern + ["-frames:v", "10", "-c:v", "mjpeg", "-q:v", "3", "-pix_fmt", "yuvj420p"],
        "mpeg4-part2-mp4v.mp4": pattern + ["-frames:v", "10", "-c:v", "mpeg4", "-q:v", "3"],
        "av1-av1c.mp4": ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=10:duration=0.3", "-c:v", "libaom-av1", "-cpu-used", "8",
                         "-row-mt", "0", "-pix_fmt", "yuv420p"],
        "aac-lc-stereo.m4a": tone + ["-ac", "2", "-c:a", "aac", "-b:a", "128k"],
        "alac-stereo.m4a": tone + ["-ac", "2", "-c:a", "alac"],
        "mp3-mono.mp4": tone + ["-c:a", "libmp3lame", "-b:a", "128k"],
        "opus-stereo.mp4": tone + ["-ac", "2", "-c:a", "libopus", "-b:a", "96k"],
        "flac-stereo.mp4": tone + ["-ac", "2", "-c:a", "flac", "-strict", "experimental"],
        "ac3-stereo.mp4": tone + ["-ac", "2", "-c:a", "ac3"],
        "eac3-stereo.mp4": tone + ["-ac", "2", "-c:a", "eac3"],
        "pcm-s24be-in24.mov": tone + ["-ac", "2", "-c:a", "pcm_s24be"],
    ]

    /// The file for `name`, made now if it is not cached yet.
    static func file(_ name: String) throws -> URL {
        guard let recipe = recipes[name] else { throw TestFailure("no recipe for \(name)") }
        return try TestFiles.ffmpegMedia("mediacodecs-" + name, recipe: recipe)
    }
}

/// A failed expectation in helper code.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
