import Foundation
import MediaContainer
import TestSupport
@testable import AVFoundation

/// Small media files made by the `ffmpeg` command line in set-up, named after what they exercise and cached under
/// `TestFiles.generatedMediaCache/asset`, so they are made once; and what ffprobe says about them.
enum AssetMedia {
    private static func video(_ size: String = "640x360", rate: Int = 30, seconds: String = "1") -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)"]
    }

    private static func tone(rate: Int = 44100, seconds: String = "1") -> [String] {
        ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(rate):duration=\(seconds)"]
    }

    private static let h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-bf", "2", "-g", "30", "-pix_fmt", "yuv420p"]
    private static let aac = ["-c:a", "aac", "-b:a", "64k", "-ac", "2"]

    /// Name → ffmpeg arguments (the output path is appended).
    static let recipes: [String: [String]] = [
        // The compat sample's movie: 640x360 H.264 with B-frames, rotated 90°, English AAC, a title.
        "h264-bframes-aac-eng-rotated-90.mov": video() + tone() + h264 + aac
            + ["-metadata:s:v:0", "rotate=90", "-metadata:s:a:0", "language=eng", "-metadata", "title=Compat sample"],
        // Anamorphic: 2:1 pixels, so the track header is twice as wide as the picture.
        "anamorphic-sar-2x1.mp4": video("320x180", rate: 25) + h264 + ["-vf", "setsar=2/1"],
        // Audio starting half a second late: an empty edit before the media.
        "delayed-audio-empty-edit.mp4": video("160x90", rate: 25) + ["-itsoffset", "0.5"] + tone() + h264 + aac
            + ["-map", "0:v", "-map", "1:a"],
        // 23.976 fps NTSC timing.
        "ntsc-23.976fps.mp4": video("160x90", rate: 24) + h264 + ["-r", "24000/1001"],
        // Audio-only formats for the audio file readers.
        "pcm-s16le.wav": tone() + ["-c:a", "pcm_s16le"],
        // RIFF INFO tags (INAM, IART), which Apple reports in the audio-file key space.
        "pcm-info-tags.wav": tone(seconds: "0.2") + ["-c:a", "pcm_s16le", "-metadata", "title=Tone",
                                                     "-metadata", "artist=Generator"],
        "pcm-s16be.aiff": tone() + ["-c:a", "pcm_s16be"],
        "alac.caf": tone() + ["-c:a", "alac"],
        "adts.aac": tone() + aac + ["-f", "adts"],
        // (Debian's ffmpeg has no AMR encoder, so AMR is left to the audio reader's own tests.)
        "mpeg-layer3.mp3": tone() + ["-c:a", "libmp3lame", "-b:a", "64k"],
    ]

    /// The file for `name`, made by ffmpeg if it is not cached yet.
    static func url(_ name: String) throws -> URL {
        try TestFiles.ffmpegMedia(name, folder: "asset", recipe: recipes[name])
    }

    /// What ffprobe reports about one stream.
    struct ProbedStream {
        let index: Int
        let codecType: String
        let width: Int?
        let height: Int?
        let sampleAspectRatio: (Int, Int)?
        let averageFrameRate: Double?
        let language: String?
        let rotation: Double?
        let bitRate: Double?
        let frameCount: Int?
    }

    /// ffprobe's streams and format duration for a file.
    static func probe(_ url: URL) throws -> (streams: [ProbedStream], duration: Double) {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", "-show_format", url.path])
        let streams = (json["streams"] as? [[String: Any]] ?? []).map { stream -> ProbedStream in
            func ratio(_ key: String) -> (Int, Int)? {
                guard let text = stream[key] as? String else { return nil }
                let parts = text.split(separator: ":").count == 2 ? text.split(separator: ":") : text.split(separator: "/")
                guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), b != 0 else { return nil }
                return (a, b)
            }
            let tags = stream["tags"] as? [String: Any]
            let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
            let rotation = sideData.compactMap { ($0["rotation"] as? NSNumber)?.doubleValue }.first
            return ProbedStream(
                index: stream["index"] as? Int ?? -1, codecType: stream["codec_type"] as? String ?? "",
                width: stream["width"] as? Int, height: stream["height"] as? Int,
                sampleAspectRatio: ratio("sample_aspect_ratio"),
                averageFrameRate: ratio("avg_frame_rate").map { Double($0.0) / Double($0.1) },
                language: tags?["language"] as? String, rotation: rotation,
                bitRate: (stream["bit_rate"] as? String).flatMap(Double.init),
                frameCount: (stream["nb_frames"] as? String).flatMap(Int.init))
        }
        let format = json["format"] as? [String: Any]
        let duration = (format?["duration"] as? String).flatMap(Double.init) ?? 0
        return (streams, duration)
    }

    /// One packet as ffprobe lists it, in file (decode) order per stream.
    struct ProbedPacket: Equatable {
        let pts: Int64
        let dts: Int64
        let duration: Int64
        let size: Int64
        let position: Int64
        let isKey: Bool
    }

    /// ffprobe's packets of stream `index`, in decode order, times in the stream's time base.
    static func packets(_ url: URL, stream index: Int) throws -> [ProbedPacket] {
        let json = try ExternalTool.ffprobeJSON(["-select_streams", "\(index)", "-show_packets", url.path])
        return (json["packets"] as? [[String: Any]] ?? []).map { packet in
            func integer(_ key: String) -> Int64 {
                if let text = packet[key] as? String { return Int64(text) ?? -1 }
                return (packet[key] as? NSNumber)?.int64Value ?? -1
            }
            return ProbedPacket(pts: integer("pts"), dts: integer("dts"), duration: integer("duration"),
                                size: integer("size"), position: integer("pos"),
                                isKey: (packet["flags"] as? String)?.hasPrefix("K") ?? false)
        }
    }

    /// Whether the package has a reader for QuickTime/ISO files (MovieFile), which the real-file tests need.
    static var movieReaderAvailable: Bool { ContainerOpener.standard.readers[.isoBaseMedia] != nil }

    /// Whether the package has a reader for the audio-file format of `format`.
    static func audioReaderAvailable(_ format: ContainerFormat) -> Bool { ContainerOpener.standard.readers[format] != nil }
}
