import Foundation
import TestSupport

/// What ffprobe (5.1, not ours) says about a written file.
struct WriterProbe {
    let url: URL

    /// `ffprobe -show_streams -show_format` as JSON.
    func streams() throws -> [[String: Any]] {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", "-show_format", url.path])
        return json["streams"] as? [[String: Any]] ?? []
    }

    /// The format section.
    func format() throws -> [String: Any] {
        try ExternalTool.ffprobeJSON(["-show_format", url.path])["format"] as? [String: Any] ?? [:]
    }

    /// The packets of one stream (`-show_packets`), in file order.
    func packets(stream: Int, ignoringEditList: Bool = false) throws -> [[String: Any]] {
        let json = try ExternalTool.ffprobeJSON((ignoringEditList ? ["-ignore_editlist", "1"] : [])
                                                + ["-select_streams", "\(stream)", "-show_packets", url.path])
        return json["packets"] as? [[String: Any]] ?? []
    }

    /// Decoded frame count of a stream (`-count_frames`); `sequential` reads the file as a stream from a pipe, as a
    /// player reads a file still being written.
    func frameCount(stream: Int, sequential: Bool = false) throws -> Int {
        let arguments = ["-select_streams", "\(stream)", "-count_frames", "-show_entries", "stream=nb_read_frames"]
        let json: [String: Any]
        if sequential {
            let result = try ExternalTool.check("sh", ["-c", "ffprobe -v error -of json " + arguments.joined(separator: " ")
                                                       + " - < '\(url.path)'"])
            json = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any] ?? [:]
        } else {
            json = try ExternalTool.ffprobeJSON(arguments + [url.path])
        }
        let streams = json["streams"] as? [[String: Any]] ?? []
        return Int(streams.first?["nb_read_frames"] as? String ?? "") ?? -1
    }

    /// The edit lists as ffprobe's demuxer reads them (`-v trace` prints one "duration=… time=… rate=…" line per
    /// `elst` entry, per track in file order).
    func editLists() throws -> [[(duration: Int64, time: Int64)]] {
        let result = try ExternalTool.run("ffprobe", ["-v", "trace", url.path])
        var lists: [[(Int64, Int64)]] = []
        for line in result.standardError.split(separator: "\n") {
            if line.contains("type:'elst'") { lists.append([]) ; continue }
            guard line.contains("duration="), line.contains(" time="), line.contains("rate="), !lists.isEmpty else { continue }
            func value(_ key: String) -> Int64? {
                guard let range = line.range(of: key) else { return nil }
                let rest = line[range.upperBound...].prefix { $0 == "-" || $0.isNumber }
                return Int64(rest)
            }
            if let duration = value("duration="), let time = value(" time=") { lists[lists.count - 1].append((duration, time)) }
        }
        return lists
    }

    /// The sample entries of each track's `stsd`, by four-character code, as ffprobe's demuxer reads them (`-v trace`
    /// prints "type:'stsd'" for the box, then one "size=… 4CC=… codec_type=…" line per entry).
    func sampleEntries() throws -> [[String]] {
        let result = try ExternalTool.run("ffprobe", ["-v", "trace", url.path])
        var entries: [[String]] = []
        for line in result.standardError.split(separator: "\n") {
            if line.contains("type:'stsd'") { entries.append([]); continue }
            guard let range = line.range(of: " 4CC="), line.contains("codec_type="), !entries.isEmpty else { continue }
            entries[entries.count - 1].append(String(line[range.upperBound...].prefix { $0 != " " }))
        }
        return entries
    }

    /// ffmpeg's decode errors (empty for a clean decode).
    func decodeErrors() throws -> String { try ExternalTool.ffmpegDecodeErrors(url) }

    /// A mediainfo field of the first track of a kind ("General", "Video", "Audio").
    func mediainfo(_ kind: String, _ field: String) throws -> String {
        try ExternalTool.check("mediainfo", ["--Inform=\(kind);%\(field)%", url.path]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
