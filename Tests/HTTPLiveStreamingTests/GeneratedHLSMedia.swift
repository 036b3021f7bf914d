import Foundation
import Testing
import TestSupport

/// Media made by the ffmpeg command line for the outside-judge tests: small encodes, cached under
/// `.build-cache/test-media/hls`, named after what they exercise, and HLS packages ffmpeg segments itself.
enum GeneratedHLSMedia {
    /// 1 s of 160×120 test pattern at 30 fps, the picture every video recipe encodes.
    private static func pattern(seconds: Int = 1) -> [String] {
        ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=30:duration=\(seconds)"]
    }

    /// An H.264 file of x264 `profile` in `pixelFormat` (`h264-high-yuv420p.mp4`).
    static func h264(profile: String, pixelFormat: String) throws -> URL {
        try TestFiles.ffmpegMedia("h264-\(profile)-\(pixelFormat).mp4", folder: "hls",
                                  recipe: pattern() + ["-pix_fmt", pixelFormat, "-c:v", "libx264",
                                                       "-profile:v", profile])
    }

    /// An HEVC file of x265 `profile` in `pixelFormat`, sample entry `hvc1`.
    static func hevc(profile: String, pixelFormat: String) throws -> URL {
        try TestFiles.ffmpegMedia("hevc-\(profile)-\(pixelFormat).mp4", folder: "hls",
                                  recipe: pattern() + ["-pix_fmt", pixelFormat, "-c:v", "libx265",
                                                       "-profile:v", profile, "-x265-params", "log-level=error",
                                                       "-tag:v", "hvc1"])
    }

    /// An AAC file of ffmpeg's encoder `profile` (`aac_low`, `aac_main`, `aac_ltp`).
    static func aac(profile: String) throws -> URL {
        try TestFiles.ffmpegMedia("aac-\(profile).m4a", folder: "hls",
                                  recipe: ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=0.5",
                                           "-c:a", "aac", "-profile:a", profile, "-strict", "experimental"])
    }

    /// The payload of the first box of type `type` in `url`, found by scanning the bytes for the four-character
    /// code (the box's 32-bit size is the 4 bytes before it). Good enough for the small files ffmpeg writes here.
    static func boxPayload(_ type: String, in url: URL) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: url))
        let code = Array(type.utf8)
        try #require(bytes.count >= 8, "\(url.lastPathComponent) is too short to hold a box")
        let start = try #require((4...bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == code },
                                 "no '\(type)' box in \(url.lastPathComponent)")
        let size = bytes[start - 4..<start].reduce(0) { $0 << 8 | Int($1) }
        try #require(size >= 8 && start - 4 + size <= bytes.count, "the '\(type)' box's size \(size) does not fit")
        return Array(bytes[start + 4..<start - 4 + size])
    }

    /// The syntax elements of the first video frame's parameter sets, in order, as ffmpeg's `trace_headers`
    /// bitstream filter prints them: (name, bits as written). An outside reading of the same bits the record copies.
    static func traceHeaders(_ url: URL) throws -> [(name: String, bits: String)] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "info", "-i", url.path, "-map", "0:v:0",
                                                       "-c", "copy", "-bsf:v", "trace_headers", "-frames:v", "1",
                                                       "-f", "null", "-"])
        let line = /\[trace_headers @ [^\]]+\]\s+\d+\s+(\S+)\s+([01]+) = \d+/
        return result.standardError.split(separator: "\n").compactMap { text in
            guard let match = try? line.firstMatch(in: String(text)) else { return nil }
            return (String(match.1), String(match.2))
        }
    }

    /// `ffprobe -show_streams` of the first stream of `url`.
    static func firstStream(_ url: URL, extraArguments: [String] = []) throws -> [String: Any] {
        let probe = try ExternalTool.ffprobeJSON(["-show_streams"] + extraArguments + [url.path])
        let streams = try #require(probe["streams"] as? [[String: Any]])
        return try #require(streams.first)
    }

    /// The string `key` of an ffprobe JSON object.
    static func string(_ key: String, in object: [String: Any]) throws -> String {
        try #require(object[key] as? String, "ffprobe gave no string '\(key)'")
    }

    /// What ffmpeg's HLS muxer wrote: its init segment, segments (EXTINF, URI, byte range) as its playlist lists them.
    struct Package {
        /// The package's folder.
        let folder: URL
        /// `EXT-X-MAP`'s URI and byte range.
        var map: (uri: String, byteRange: (length: Int, offset: Int)?)
        /// Each segment's `EXTINF` seconds, URI and byte range.
        var segments: [(seconds: Double, uri: String, byteRange: (length: Int, offset: Int)?)] = []

        /// The size of each segment: its byte range's length, or its file's size.
        func segmentSizes() throws -> [Int] {
            try segments.map { segment in
                if let range = segment.byteRange { return range.length }
                let attributes = try FileManager.default.attributesOfItem(
                    atPath: folder.appendingPathComponent(segment.uri).path)
                return try #require((attributes[.size] as? NSNumber)?.intValue)
            }
        }
    }

    /// Segments `inputs` (ffmpeg input and codec arguments) into fMP4 HLS in `folder` with ffmpeg's own muxer, 1 s
    /// segments, and reads back what it wrote. `singleFile`: one file with byte ranges (`-hls_flags single_file`).
    static func ffmpegPackage(_ inputs: [String], in folder: URL, singleFile: Bool = false) throws -> Package {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let playlist = folder.appendingPathComponent("ffmpeg.m3u8")
        var arguments = ["-nostdin", "-v", "error", "-y"] + inputs
            + ["-f", "hls", "-hls_segment_type", "fmp4", "-hls_time", "1", "-hls_playlist_type", "vod"]
        if singleFile {
            arguments += ["-hls_flags", "single_file"]
        } else {
            arguments += ["-hls_fmp4_init_filename", "init.mp4",
                          "-hls_segment_filename", folder.appendingPathComponent("segment%d.m4s").path]
        }
        try ExternalTool.check("ffmpeg", arguments + [playlist.path])
        return try parse(String(contentsOf: playlist, encoding: .utf8), folder: folder)
    }

    /// Reads the few tags ffmpeg's HLS muxer writes (EXT-X-MAP, EXTINF, EXT-X-BYTERANGE with offsets, URI lines).
    private static func parse(_ text: String, folder: URL) throws -> Package {
        func range(_ text: Substring) throws -> (length: Int, offset: Int) {
            let parts = text.split(separator: "@")
            try #require(parts.count == 2, "ffmpeg wrote a byte range without an offset: \(text)")
            return (try #require(Int(parts[0])), try #require(Int(parts[1])))
        }
        var package = Package(folder: folder, map: ("", nil))
        var pending: (seconds: Double, range: (length: Int, offset: Int)?)?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#EXT-X-MAP:"), let uri = line.firstMatch(of: /URI="([^"]*)"/) {
                package.map = (String(uri.1), try line.firstMatch(of: /BYTERANGE="([^"]*)"/).map { try range($0.1) })
            } else if line.hasPrefix("#EXTINF:") {
                pending = (try #require(Double(line.dropFirst(8).prefix { $0 != "," })), nil)
            } else if line.hasPrefix("#EXT-X-BYTERANGE:") {
                pending?.range = try range(line.dropFirst(17))
            } else if !line.hasPrefix("#"), let segment = pending {
                package.segments.append((segment.seconds, String(line), segment.range))
                pending = nil
            }
        }
        try #require(!package.map.uri.isEmpty && !package.segments.isEmpty, "ffmpeg's playlist: \(text)")
        return package
    }
}
