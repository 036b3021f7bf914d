import Foundation
import TestSupport

/// One packet as ffprobe 5.1 reports it (`-show_packets`).
struct ProbedPacket: Equatable {
    var streamIndex: Int
    var pts: Int64?
    var dts: Int64?
    var duration: Int64?
    var size: Int
    var position: Int64?
    var isKey: Bool
    /// The payload, when asked for with `-show_data`.
    var data: [UInt8]?
}

/// ffprobe as the judge of written files.
enum PacketProbe {
    /// Every packet of `url` (optionally of one stream), with payloads when `withData`.
    static func packets(_ url: URL, stream: String? = nil, withData: Bool = false,
                        extraArguments: [String] = []) throws -> [ProbedPacket] {
        var arguments = extraArguments + ["-show_packets"]
        if withData { arguments.append("-show_data") }
        if let stream { arguments += ["-select_streams", stream] }
        let json = try ExternalTool.ffprobeJSON(arguments + [url.path])
        let list = json["packets"] as? [[String: Any]] ?? []
        return list.map { packet in
            ProbedPacket(streamIndex: packet["stream_index"] as? Int ?? -1, pts: int64(packet["pts"]),
                         dts: int64(packet["dts"]), duration: int64(packet["duration"]),
                         size: Int(int64(packet["size"]) ?? -1), position: int64(packet["pos"]),
                         isKey: (packet["flags"] as? String ?? "").hasPrefix("K"),
                         data: (packet["data"] as? String).map(hexDump))
        }
    }

    /// The streams of `url` (`-show_streams`), each a dictionary as ffprobe gives it.
    static func streams(_ url: URL) throws -> [[String: Any]] {
        try ExternalTool.ffprobeJSON(["-show_streams", url.path])["streams"] as? [[String: Any]] ?? []
    }

    /// The format section (`-show_format`): brands, duration, tags.
    static func format(_ url: URL) throws -> [String: Any] {
        try ExternalTool.ffprobeJSON(["-show_format", url.path])["format"] as? [String: Any] ?? [:]
    }

    /// ffprobe's numbers arrive as numbers or strings.
    static func int64(_ value: Any?) -> Int64? {
        if let number = value as? Int { return Int64(number) }
        if let number = value as? Int64 { return number }
        if let number = value as? NSNumber { return number.int64Value }
        if let text = value as? String { return Int64(text) }
        return nil
    }

    /// The bytes of ffprobe's `-show_data` hex dump ("00000000: 0000 0001 09f0  ascii").
    static func hexDump(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let rest = line[line.index(after: colon)...].dropFirst()
            // The hex groups end at the double space before the ASCII column.
            let hexPart = rest.components(separatedBy: "  ").first ?? ""
            for group in hexPart.split(separator: " ") {
                var index = group.startIndex
                while index < group.endIndex, let next = group.index(index, offsetBy: 2, limitedBy: group.endIndex) {
                    if let byte = UInt8(group[index..<next], radix: 16) { bytes.append(byte) }
                    index = next
                }
            }
        }
        return bytes
    }

    /// `ffmpeg -f framemd5` hashes of the decoded frames of the first stream of `type` ("v" or "a").
    static func decodedHashes(_ url: URL, stream: String, extraArguments: [String] = []) throws -> [String] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error"] + extraArguments
                                            + ["-i", url.path, "-map", "0:\(stream)", "-f", "framemd5", "-"])
        return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            line.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// `ffmpeg -c copy -f framemd5` hashes of the packets of `stream` (payload identity: the sixth field; side data
    /// such as skip samples follows it on some lines).
    static func packetHashes(_ url: URL, stream: String) throws -> [String] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map",
                                                       "0:\(stream)", "-c", "copy", "-f", "framemd5", "-"])
        return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: ",")
            return fields.count >= 6 ? fields[5].trimmingCharacters(in: .whitespaces) : nil
        }
    }
}
