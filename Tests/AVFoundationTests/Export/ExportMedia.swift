import Foundation
import TestSupport
@testable import AVFoundation

/// Small sources for export tests, made by the `ffmpeg` command line in set-up, named after what they exercise and
/// cached under `TestFiles.generatedMediaCache/export` (so they are made once).
enum ExportMedia {
    private static func video(_ size: String, rate: String = "25", seconds: String = "2") -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)"]
    }

    private static func tone(rate: Int = 44100, seconds: String = "2", frequency: Int = 440) -> [String] {
        ["-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=\(rate):duration=\(seconds)"]
    }

    private static let h264 = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-bf", "2", "-g", "25",
                               "-pix_fmt", "yuv420p"]
    private static let aac = ["-c:a", "aac", "-b:a", "128k", "-ac", "2"]

    /// Name → ffmpeg arguments (the output path is appended).
    static let recipes: [String: [String]] = [
        // The plain case: 320x240 H.264 (B-frames, key frame every second) + stereo AAC, a title, English audio.
        "h264-bframes-aac-320x240-25fps.mov": video("320x240") + tone() + h264 + aac
            + ["-metadata", "title=Export source", "-metadata:s:a:0", "language=eng"],
        // B-frames stored with negative composition offsets (ctts version 1), as ffmpeg writes for CMAF and with
        // -movflags negative_cts_offsets: without an edit list, frames are presented before they decode.
        "h264-bframes-negative-cts.mp4": video("320x240", seconds: "1") + h264
            + ["-movflags", "negative_cts_offsets", "-use_editlist", "0"],
        // The same as MP4.
        "h264-bframes-aac-320x240-25fps.mp4": video("320x240") + tone() + h264 + aac
            + ["-metadata", "title=Export source", "-metadata:s:a:0", "language=eng"],
        // Wide 16:9 at 30 fps with 48 kHz audio, to check the box fitting of 4:3 and 16:9 presets.
        "h264-aac-640x360-30fps-48k.mp4": video("640x360", rate: "30") + tone(rate: 48000) + h264 + aac,
        // HEVC (10-bit) source.
        "hevc-main10-aac-320x240.mov": video("320x240") + tone() + ["-c:v", "libx265", "-preset", "ultrafast",
                                                                    "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le",
                                                                    "-tag:v", "hvc1"] + aac,
        // ProRes 4444 with an alpha channel (a moving square over a transparent background).
        "prores4444-alpha-320x240.mov": ["-f", "lavfi", "-i",
                                         "color=c=red@0.5:size=320x240:rate=25:duration=1,format=yuva444p10le"]
            + ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-alpha_bits", "16"],
        // Audio only.
        "aac-stereo-44100.m4a": tone(seconds: "2") + aac,
        "pcm-s16le-48000.wav": tone(rate: 48000, seconds: "1") + ["-c:a", "pcm_s16le", "-ac", "2"],
        // Two audio tracks in one alternate group: English (enabled) and French (disabled).
        "h264-aac-eng-fra-alternate.mov": video("320x240") + tone() + tone(frequency: 880)
            + ["-map", "0:v", "-map", "1:a", "-map", "2:a"] + h264 + aac
            + ["-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra", "-disposition:a:0", "default",
               "-disposition:a:1", "0"],
        // A title and a location (QuickTime '©xyz'), which the sharing filter removes.
        "h264-aac-title-location.mov": video("320x240", seconds: "1") + tone(seconds: "1") + h264 + aac
            + ["-metadata", "title=Eiffel", "-metadata", "location=+48.8577+002.2950/"],
        // Rotated 90° (the track matrix, patched by the shared tool after ffmpeg writes the file).
        "h264-aac-640x360-rotated-90.mov": video("640x360", rate: "30", seconds: "1") + tone(seconds: "1") + h264 + aac,
        // A high bit rate (about 8 Mb/s): room for the movie box is worth reserving in a fast-start passthrough.
        "h264-aac-1280x720-crf8.mp4": video("1280x720", rate: "30", seconds: "1") + tone(rate: 48000, seconds: "1")
            + ["-c:v", "libx264", "-preset", "veryfast", "-crf", "8", "-bf", "2", "-g", "30", "-pix_fmt", "yuv420p"] + aac,
        // Sharp-edged, nearly still pictures (ffmpeg's testsrc) that x264 keeps almost exactly at a preset's bit rate,
        // so what a scaled export's picture is nearest to shows which scaler made it.
        "h264-testsrc-1280x720-sharp-edges.mp4": ["-f", "lavfi", "-i", "testsrc=size=1280x720:rate=30:duration=1",
                                                  "-c:v", "libx264", "-preset", "veryfast", "-crf", "8", "-pix_fmt", "yuv420p"],
        // Video only, no audio.
        "h264-video-only-320x240.mp4": video("320x240") + h264,
    ]

    /// The file for `name`, made by ffmpeg if it is not cached yet.
    static func url(_ name: String) throws -> URL {
        try TestFiles.ffmpegMedia(name, folder: "export", recipe: recipes[name]) { partial in
            // Rotated 90°: the track matrix, which ffmpeg 5.1 cannot set, is patched by the shared tool.
            guard name.contains("rotated-90") else { return }
            let tool = TestFiles.sharedDirectory.appendingPathComponent("tools/set-rotation.py")
            try ExternalTool.check("python3", [tool.path, partial.path])
        }
    }
}
