import Foundation
import TestSupport

/// Small media files made by the `ffmpeg` command line (a tool that is not ours) for the reader's tests, each named
/// after what it exercises and cached under `TestFiles.generatedMediaCache`.
enum ReaderMedia {
    /// The moving test pattern: 320x240 at 30 fps.
    static func pattern(seconds: Double, size: String = "320x240", rate: Int = 30) -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)"]
    }
    /// A tone at `rate` Hz.
    static func tone(seconds: Double, rate: Int = 44_100, frequency: Int = 440) -> [String] {
        ["-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=\(rate):duration=\(seconds)"]
    }
    /// A stereo signal whose channels differ (a tone left, another right), so channel order is tested too.
    static func stereo(seconds: Double, rate: Int = 44_100) -> [String] {
        ["-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t)|0.3*sin(2*PI*660*t):s=\(rate):d=\(seconds)"]
    }

    static let recipes: [String: [String]] = [
        // Video with B-frames (reordering, negative decode times, an edit list) and AAC (priming in an edit).
        // Without perceptual noise substitution: PNS bands are filled from the decoder's running noise generator,
        // so audio decoded from the middle of the stream (a time range) could not equal a full decode bit for bit.
        "h264-bframes-aac-no-pns.mp4": pattern(seconds: 2) + stereo(seconds: 2) + [
            "-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-g", "15", "-pix_fmt", "yuv420p",
            "-c:a", "aac", "-b:a", "96k", "-aac_pns", "0"],
        // More video samples (400) than a passthrough output reads ahead (256).
        "h264-400-video-frames-aac.mp4": pattern(seconds: 13.34, size: "64x48") + stereo(seconds: 13.34) + [
            "-frames:v", "400", "-c:v", "libx264", "-preset", "veryfast", "-g", "30", "-pix_fmt", "yuv420p",
            "-c:a", "aac", "-b:a", "64k"],
        "h264-no-bframes.mp4": pattern(seconds: 1) + [
            "-c:v", "libx264", "-preset", "veryfast", "-bf", "0", "-g", "10", "-pix_fmt", "yuv420p"],
        "hevc-bframes.mp4": pattern(seconds: 1) + [
            "-c:v", "libx265", "-preset", "veryfast", "-x265-params", "log-level=error:bframes=2:keyint=15",
            "-tag:v", "hvc1", "-pix_fmt", "yuv420p"],
        // HEVC in QuickTime: FFmpeg writes an sdtp box (non-reference pictures are disposable).
        "hevc-bframes-sdtp.mov": pattern(seconds: 1) + [
            "-c:v", "libx265", "-preset", "veryfast", "-x265-params", "log-level=error:bframes=2:keyint=15",
            "-tag:v", "hvc1", "-pix_fmt", "yuv420p"],
        "prores-422.mov": pattern(seconds: 0.34) + ["-c:v", "prores_ks", "-profile:v", "2"],
        "mpeg4-part2.mp4": pattern(seconds: 0.5) + ["-c:v", "mpeg4", "-q:v", "3", "-bf", "1"],
        "mjpeg.mov": pattern(seconds: 0.34) + ["-c:v", "mjpeg", "-q:v", "3", "-pix_fmt", "yuvj420p"],
        "av1.mp4": pattern(seconds: 0.3, size: "64x64", rate: 10) + [
            "-c:v", "libaom-av1", "-cpu-used", "8", "-row-mt", "0", "-pix_fmt", "yuv420p"],
        "aac-stereo.m4a": stereo(seconds: 1) + ["-c:a", "aac", "-b:a", "128k"],
        "mp3-stereo.mp4": stereo(seconds: 1) + ["-c:a", "libmp3lame", "-b:a", "128k"],
        "opus-stereo.mp4": stereo(seconds: 1, rate: 48_000) + ["-c:a", "libopus", "-b:a", "96k"],
        "flac-stereo.mp4": stereo(seconds: 1) + ["-c:a", "flac", "-strict", "experimental"],
        "alac-stereo.m4a": stereo(seconds: 1) + ["-c:a", "alac"],
        "pcm-s16le.mov": stereo(seconds: 1) + ["-c:a", "pcm_s16le"],
        "pcm-s24be.mov": stereo(seconds: 1) + ["-c:a", "pcm_s24be"],
    ]

    /// The file for `name`, made now if it is not cached yet.
    static func file(_ name: String) throws -> URL {
        guard let recipe = recipes[name] else { throw ReaderTestFailure("no recipe for \(name)") }
        return try make(name) { output in
            try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-y"] + recipe + [output.path])
        }
    }

    /// A cached file made by `body` (which writes the file at the URL it is given) the first time it is asked for.
    static func make(_ name: String, _ body: (URL) throws -> Void) throws -> URL {
        try TestFiles.cachedMedia("reader-" + name, make: body)
    }
}

/// A failed expectation in helper code.
struct ReaderTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
