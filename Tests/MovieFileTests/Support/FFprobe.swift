import Foundation
import TestSupport

/// What ffprobe (FFmpeg 5.1, not ours) says about a file: the judge of the demuxer's tables and track properties.
enum FFprobe {
    /// One packet of `-show_packets`, times in the stream's time base.
    struct Packet: Equatable, CustomStringConvertible {
        var pts: Int64?
        var dts: Int64?
        var duration: Int64?
        var size: Int
        var pos: Int64?
        var isKey: Bool

        var description: String {
            "pts \(pts.map(String.init) ?? "-") dts \(dts.map(String.init) ?? "-") dur \(duration.map(String.init) ?? "-") "
                + "size \(size) pos \(pos.map(String.init) ?? "-")\(isKey ? " K" : "")"
        }
    }

    /// The raw sample table of stream `index` as ffprobe reads it with edit lists ignored:
    /// `ffprobe -v error -ignore_editlist 1 -select_streams N -show_packets -show_entries
    /// packet=pts,dts,duration,size,pos,flags -of json`.
    static func packets(_ url: URL, stream index: Int) throws -> [Packet] {
        let json = try ExternalTool.ffprobeJSON(["-ignore_editlist", "1", "-select_streams", "\(index)", "-show_packets",
                                                 "-show_entries", "packet=pts,dts,duration,size,pos,flags", url.path])
        let packets = json["packets"] as? [[String: Any]] ?? []
        return packets.map { packet in
            Packet(pts: int64(packet["pts"]), dts: int64(packet["dts"]), duration: int64(packet["duration"]),
                   size: Int(int64(packet["size"]) ?? -1), pos: int64(packet["pos"]),
                   isKey: (packet["flags"] as? String)?.hasPrefix("K") ?? false)
        }
    }

    /// `-show_streams -show_data` (extradata included as a hex dump), one dictionary per stream.
    static func streams(_ url: URL) throws -> [[String: Any]] {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", "-show_data", url.path])
        return json["streams"] as? [[String: Any]] ?? []
    }

    /// `-show_format`.
    static func format(_ url: URL) throws -> [String: Any] {
        try ExternalTool.ffprobeJSON(["-show_format", url.path])["format"] as? [String: Any] ?? [:]
    }

    /// The stream whose container ID (`id`, "0x1") is `trackID`, with its index.
    static func stream(forTrack trackID: Int32, in streams: [[String: Any]]) -> (index: Int, stream: [String: Any])? {
        for (position, stream) in streams.enumerated() {
            guard let id = stream["id"] as? String, id.hasPrefix("0x"), Int32(id.dropFirst(2), radix: 16) == trackID
            else { continue }
            return ((stream["index"] as? Int) ?? position, stream)
        }
        return nil
    }

    /// The bytes of ffprobe's extradata hex dump ("00000000: 01f4 000a ffe1  ........").
    static func extradata(_ stream: [String: Any]) -> [UInt8]? {
        guard let dump = stream["extradata"] as? String else { return nil }
        var bytes: [UInt8] = []
        for line in dump.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            // The hex part is 8 groups of 4 digits (40 characters with spaces); the ASCII column follows.
            let hexPart = line[line.index(after: colon)...].prefix(41)
            let digits = hexPart.filter(\.isHexDigit)
            var index = digits.startIndex
            while index < digits.endIndex, let next = digits.index(index, offsetBy: 2, limitedBy: digits.endIndex) {
                if let byte = UInt8(digits[index..<next], radix: 16) { bytes.append(byte) }
                index = next
            }
        }
        return bytes
    }

    /// An integer from a JSON value (numbers, or strings as ffprobe gives some fields).
    static func int64(_ value: Any?) -> Int64? {
        switch value {
        case let number as Int: Int64(number)
        case let number as Int64: number
        case let number as Double: Int64(exactly: number)
        case let number as NSNumber: number.int64Value
        case let text as String: Int64(text)
        default: nil
        }
    }

    /// A number from a JSON value.
    static func double(_ value: Any?) -> Double? {
        switch value {
        case let number as Double: number
        case let number as Int: Double(number)
        case let number as NSNumber: number.doubleValue
        case let text as String: Double(text)
        default: nil
        }
    }
}
