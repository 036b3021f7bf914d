import Foundation
import TestSupport

/// What ffprobe and ffmpeg (tools that are not ours) say a file holds: the judges of the reader's tests.
enum Oracles {
    /// One packet as `ffprobe -show_packets` lists it (edit lists applied to its timestamps, as FFmpeg applies them).
    struct Packet: Equatable {
        var pts: Int64?
        var dts: Int64?
        var duration: Int64
        var size: Int
        var isKey: Bool
        var isDiscarded: Bool
    }

    /// The stream's time base as a timescale (ffprobe's `1/N`).
    static func timescale(_ url: URL, stream: String) throws -> Int32 {
        let probed = try ExternalTool.ffprobeJSON(["-show_streams", "-select_streams", stream, url.path])
        guard let base = (probed["streams"] as? [[String: Any]])?.first?["time_base"] as? String,
              base.hasPrefix("1/"), let scale = Int32(base.dropFirst(2)) else {
            throw ReaderTestFailure("no time base for \(stream) of \(url.lastPathComponent)")
        }
        return scale
    }

    /// The stream's duration in its time base, as ffprobe gives it (from the edit list when there is one).
    static func durationTicks(_ url: URL, stream: String) throws -> Int {
        let probed = try ExternalTool.ffprobeJSON(["-show_streams", "-select_streams", stream, url.path])
        guard let ticks = (probed["streams"] as? [[String: Any]])?.first?["duration_ts"] as? Int else {
            throw ReaderTestFailure("no duration for \(stream) of \(url.lastPathComponent)")
        }
        return ticks
    }

    /// The packets of `stream` ("v:0", "a:0"); `extra` goes before the input (`-ignore_editlist 1`).
    static func packets(_ url: URL, stream: String, extra: [String] = []) throws -> [Packet] {
        let probed = try ExternalTool.ffprobeJSON(extra + ["-show_packets", "-select_streams", stream, url.path])
        return (probed["packets"] as? [[String: Any]] ?? []).map { packet in
            let flags = packet["flags"] as? String ?? ""
            return Packet(pts: integer(packet["pts"]), dts: integer(packet["dts"]),
                          duration: integer(packet["duration"]) ?? 0, size: Int(integer(packet["size"]) ?? -1),
                          isKey: flags.hasPrefix("K"), isDiscarded: flags.contains("D"))
        }
    }

    /// One frame as `ffprobe -show_frames` lists it: its presentation time and duration in the stream's time base.
    struct Frame: Equatable {
        var pts: Int64
        var duration: Int64
    }

    /// The frames of `stream` that FFmpeg presents (edit lists applied, unless `extra` says
    /// `-ignore_editlist 1`).
    static func frames(_ url: URL, stream: String, extra: [String] = []) throws -> [Frame] {
        let probed = try ExternalTool.ffprobeJSON(extra + ["-show_frames", "-select_streams", stream, url.path])
        return (probed["frames"] as? [[String: Any]] ?? []).compactMap { frame in
            guard let pts = integer(frame["pts"]) ?? integer(frame["best_effort_timestamp"]) else { return nil }
            return Frame(pts: pts, duration: integer(frame["duration"]) ?? integer(frame["pkt_duration"]) ?? 0)
        }
    }

    /// The MD5 of every packet of `stream` as stored (`ffmpeg -c copy -f framemd5`).
    static func packetMD5s(_ url: URL, stream: String) throws -> [String] {
        try framemd5(["-i", url.path, "-map", "0:\(stream)", "-c", "copy"])
    }

    /// Every decoded picture of the first video stream in `pixelFormat` (FFmpeg's name), as the raw bytes ffmpeg
    /// writes (planes one after another, rows unpadded), concatenated; `extra` goes before the output options.
    static func rawPictures(_ url: URL, pixelFormat: String, extra: [String] = []) throws -> Data {
        try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:v:0"] + extra
                               + ["-pix_fmt", pixelFormat, "-f", "rawvideo", "-"]).standardOutput
    }

    private static func framemd5(_ arguments: [String]) throws -> [String] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error"] + arguments + ["-f", "framemd5", "-"])
        // stream, dts, pts, duration, size, hash[, side data count, size, hash]
        return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: ",")
            return fields.count > 5 ? fields[5].trimmingCharacters(in: .whitespaces) : nil
        }
    }

    /// The decoded audio of the first audio stream as raw samples in FFmpeg's sample format `format`
    /// (`s16le`, `f32le`, `s32le`), FFmpeg's priming skip and edit list applied (unless `inputOptions` says
    /// `-ignore_editlist 1`).
    static func decodedAudio(_ url: URL, format: String, inputOptions: [String] = [], extra: [String] = []) throws -> Data {
        try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error"] + inputOptions + ["-i", url.path, "-map", "0:a:0"] + extra
                               + ["-f", format, "-"]).standardOutput
    }

    private static func integer(_ value: Any?) -> Int64? {
        if let number = value as? Int64 { return number }
        if let number = value as? Int { return Int64(number) }
        if let number = value as? NSNumber { return number.int64Value }
        if let text = value as? String { return Int64(text) }
        return nil
    }
}
