import Foundation
import Testing
import TestSupport

/// What tools that are not ours (ffprobe 5.1, ffmpeg 5.1, mediainfo 23.04) say about an exported file.
struct ExportProbe {
    let url: URL
    let streams: [[String: Any]]
    let format: [String: Any]

    init(_ url: URL) throws {
        self.url = url
        let json = try ExternalTool.ffprobeJSON(["-show_streams", "-show_format", url.path])
        streams = json["streams"] as? [[String: Any]] ?? []
        format = json["format"] as? [String: Any] ?? [:]
    }

    func streams(_ type: String) -> [[String: Any]] { streams.filter { $0["codec_type"] as? String == type } }
    var video: [String: Any]? { streams("video").first }
    var audio: [String: Any]? { streams("audio").first }

    /// The container's duration in seconds.
    var duration: Double { Double(format["duration"] as? String ?? "") ?? -1 }
    /// A stream's duration in seconds.
    static func duration(_ stream: [String: Any]?) -> Double { Double(stream?["duration"] as? String ?? "") ?? -1 }
    /// A rational such as "25/1" as a number.
    static func rational(_ text: Any?) -> Double {
        let parts = (text as? String ?? "").split(separator: "/").compactMap { Double($0) }
        guard parts.count == 2, parts[1] != 0 else { return parts.first ?? 0 }
        return parts[0] / parts[1]
    }
    /// A movie-level tag.
    func tag(_ name: String) -> String? { (format["tags"] as? [String: Any])?[name] as? String }
    /// The file's size in bytes.
    var size: Int64 { Int64(format["size"] as? String ?? "") ?? -1 }

    /// Decoded frames of the first video stream (`-count_frames`).
    func videoFrameCount() throws -> Int {
        let json = try ExternalTool.ffprobeJSON(["-select_streams", "v:0", "-count_frames", "-show_entries",
                                                 "stream=nb_read_frames", url.path])
        return Int((json["streams"] as? [[String: Any]])?.first?["nb_read_frames"] as? String ?? "") ?? -1
    }

    /// mediainfo's tracks (`--Output=JSON`): General, Video, Audio…
    func mediainfo() throws -> [[String: Any]] {
        let result = try ExternalTool.check("mediainfo", ["--Output=JSON", url.path])
        let json = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        return (json?["media"] as? [String: Any])?["track"] as? [[String: Any]] ?? []
    }

    /// The average PSNR (dB) of the output's video against `source` over `start`…`start + duration`, the source
    /// scaled (by ffmpeg's scaler `scaler`, bicubic unless said) to the output's size, both as 8-bit 4:2:0
    /// (`ffmpeg -lavfi psnr`).
    func psnr(against source: URL, start: Double = 0, duration: Double, width: Int, height: Int,
              scaler: String = "bicubic") throws -> Double {
        let graph = "[1:v]scale=\(width):\(height):flags=\(scaler),format=yuv420p,setsar=1[ref];"
            + "[0:v]format=yuv420p,setsar=1[out];[out][ref]psnr"
        // Pictures as stored: the track's rotation is compared by the callers, not applied here.
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-hide_banner", "-noautorotate", "-i", url.path,
                                                       "-noautorotate", "-ss", String(start), "-t", String(duration),
                                                       "-i", source.path,
                                                       "-lavfi", graph, "-f", "null", "-"])
        guard let line = result.standardError.split(separator: "\n").last(where: { $0.contains("PSNR") }),
              let range = line.range(of: "average:") else { return -1 }
        let value = line[range.upperBound...].prefix { $0 == "." || $0.isNumber || $0 == "i" || $0 == "n" || $0 == "f" }
        return value == "inf" ? .infinity : Double(value) ?? -1
    }

    /// `ffmpeg -f framemd5` of one stream's decoded frames (video frames or audio samples), as (pts, md5) pairs in
    /// the stream's time base; `extra` goes before the input (a seek) and `filters` after it.
    static func framemd5(_ url: URL, stream: String, inputOptions: [String] = [], outputOptions: [String] = [])
        throws -> [(pts: Int64, hash: String)] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error"] + inputOptions + ["-i", url.path,
                                                       "-map", "0:\(stream)"] + outputOptions + ["-f", "framemd5", "-"])
        return result.output.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 6, let pts = Int64(fields[2]) else { return nil }
            return (pts, fields[5])
        }
    }
}
