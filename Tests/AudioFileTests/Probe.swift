import Foundation
import TestSupport

/// A probe that found nothing to compare.
enum ProbeError: Error { case noAudioStream(String) }

/// What the outside judges (ffprobe 5.1, mediainfo 23.04, ffmpeg) say about a file, in the units the tests compare.
enum Probe {
    /// ffprobe's view of the first audio stream.
    struct Stream {
        var codecName: String
        var sampleRate: Int
        var channels: Int
        var channelLayout: String?
        var bitsPerSample: Int
        var durationTicks: Int64?
        var timeBase: (numerator: Int64, denominator: Int64)
    }

    /// One ffprobe packet, its times converted to sample frames.
    struct Packet: Equatable {
        var pts: Int64?
        var duration: Int64?
        var size: Int
        var position: Int64?
    }

    static func stream(_ url: URL) throws -> Stream {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", "-select_streams", "a:0", url.path])
        guard let stream = (json["streams"] as? [[String: Any]])?.first else { throw ProbeError.noAudioStream(url.path) }
        let timeBase = (stream["time_base"] as? String ?? "1/1").split(separator: "/").compactMap { Int64($0) }
        return Stream(codecName: stream["codec_name"] as? String ?? "",
                      sampleRate: Int(stream["sample_rate"] as? String ?? "") ?? 0,
                      channels: stream["channels"] as? Int ?? 0,
                      channelLayout: stream["channel_layout"] as? String,
                      bitsPerSample: stream["bits_per_sample"] as? Int ?? 0,
                      durationTicks: (stream["duration_ts"] as? Int).map(Int64.init),
                      timeBase: (timeBase.first ?? 1, timeBase.last ?? 1))
    }

    /// ffprobe's packets, with pts and duration in sample frames at `sampleRate`.
    static func packets(_ url: URL, stream: Stream) throws -> [Packet] {
        let json = try ExternalTool.ffprobeJSON(["-show_packets", "-select_streams", "a:0", url.path])
        let packets = json["packets"] as? [[String: Any]] ?? []
        func frames(_ ticks: Int64?) -> Int64? {
            ticks.map { $0 * Int64(stream.sampleRate) * stream.timeBase.numerator / stream.timeBase.denominator }
        }
        return packets.map { packet in
            Packet(pts: frames((packet["pts"] as? Int).map(Int64.init)),
                   duration: frames((packet["duration"] as? Int).map(Int64.init)),
                   size: Int(packet["size"] as? String ?? "") ?? -1,
                   position: (packet["pos"] as? String).flatMap { Int64($0) })
        }
    }

    /// mediainfo's audio track fields (`SamplingRate`, `Channels`, `BitDepth`, `SamplingCount`, `FrameCount`…).
    static func mediainfo(_ url: URL) throws -> [String: String] {
        let result = try ExternalTool.check("mediainfo", ["--Output=JSON", url.path])
        let json = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        let tracks = (json?["media"] as? [String: Any])?["track"] as? [[String: Any]] ?? []
        let audio = tracks.first { $0["@type"] as? String == "Audio" } ?? [:]
        return audio.compactMapValues { $0 as? String }
    }

    /// The stream's samples as ffmpeg copies them into the raw format `format` (`s16le`, `f32be`, `mulaw`…):
    /// the sample bytes exactly as the file stores them, by a reader that is not ours.
    static func rawSamples(_ url: URL, format: String) throws -> [UInt8] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:a:0",
                                                       "-c:a", "copy", "-f", format, "pipe:1"])
        return Array(result.standardOutput)
    }
}
