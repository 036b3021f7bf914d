import Foundation
import Testing
import TestSupport

/// Short streams made by ffmpeg in set-up, cached under `.build-cache/test-media`, and the pieces tests take from
/// them: Annex B NAL units, and the boxes ffmpeg's own MP4 muxer writes.
enum MediaFixtures {
    /// The cached file `name`, made with `ffmpeg -nostdin -v error -y <arguments> <file>` when missing.
    static func generated(_ name: String, _ arguments: [String]) throws -> URL {
        try TestFiles.ffmpegMedia(name, recipe: arguments)
    }

    /// The NAL units of an Annex B byte stream, without start codes.
    static func nalUnits(annexB data: Data) -> [[UInt8]] {
        let bytes = [UInt8](data)
        var starts: [(start: Int, codeLength: Int)] = []
        var index = 0
        while index + 3 <= bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                let long = index > 0 && bytes[index - 1] == 0
                starts.append((index + 3, long ? 4 : 3))
                index += 3
            } else {
                index += 1
            }
        }
        return starts.enumerated().map { position, entry in
            let end = position + 1 < starts.count ? starts[position + 1].start - starts[position + 1].codeLength
                : bytes.count
            return Array(bytes[entry.start..<end])
        }
    }

    /// The payload of the first box of type `type` found by walking an ISO BMFF file's box tree through the
    /// containers on the way to a visual sample entry's children (a walk small enough to be obviously right).
    static func firstBox(_ type: String, in data: Data) -> [UInt8]? {
        let bytes = [UInt8](data)
        let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl"]
        func walk(_ range: Range<Int>) -> [UInt8]? {
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                let size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                    | Int(bytes[offset + 3])
                let name = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
                guard size >= 8, offset + size <= range.upperBound else { return nil }
                let body = offset + 8..<offset + size
                if name == type { return Array(bytes[body]) }
                if containers.contains(name), let found = walk(body) { return found }
                // stsd: version, flags and entry count (8 bytes), then sample entries.
                if name == "stsd", let found = walk(body.lowerBound + 8..<body.upperBound) { return found }
                // A visual sample entry (ISO/IEC 14496-12 §12.1.3) has 78 bytes of fields before its children.
                if ["avc1", "avc3", "hvc1", "hev1"].contains(name),
                   let found = walk(body.lowerBound + 78..<body.upperBound) { return found }
                offset += size
            }
            return nil
        }
        return walk(0..<bytes.count)
    }

    /// Width, height and sample aspect ratio of the first video stream, as ffprobe reports them.
    static func probeVideo(_ url: URL) throws -> (width: Int, height: Int, sampleAspectRatio: String?) {
        let json = try ExternalTool.ffprobeJSON(["-select_streams", "v:0", "-show_streams", url.path])
        let stream = try #require((json["streams"] as? [[String: Any]])?.first)
        return (try #require(stream["width"] as? Int), try #require(stream["height"] as? Int),
                stream["sample_aspect_ratio"] as? String)
    }
}
