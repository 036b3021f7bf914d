import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Passthrough: every sample of a file read and written again through passthrough inputs gives a file whose
/// packets (ffprobe: timestamps, durations, sizes, flags; ffmpeg framemd5: payload hashes) equal the source's.
/// Samples are read through the asset layer's track model until AVAssetReader lands on main.
@Suite("AVAssetWriter passthrough round trip")
struct WriterRoundTripTests {
    static let sources = ["h264-bframes-aac-eng-rotated-90.mov", "delayed-audio-empty-edit.mp4", "ntsc-23.976fps.mp4"]

    /// One packet as ffprobe shows it (edit lists ignored, so the media's own timing is compared).
    struct Packet: Equatable, CustomStringConvertible {
        var stream: Int, pts: String, dts: String, duration: String, size: String, flags: String
        var description: String { "#\(stream) pts \(pts) dts \(dts) dur \(duration) size \(size) \(flags)" }
    }

    static func packets(_ url: URL) throws -> [Packet] {
        let json = try ExternalTool.ffprobeJSON(["-ignore_editlist", "1", "-show_packets", url.path])
        return (json["packets"] as? [[String: Any]] ?? []).map { p in
            Packet(stream: p["stream_index"] as? Int ?? -1, pts: p["pts"] as? String ?? "", dts: p["dts"] as? String ?? "",
                   duration: p["duration"] as? String ?? "", size: p["size"] as? String ?? "",
                   flags: p["flags"] as? String ?? "")
        }
    }

    /// Per-packet MD5s from `ffmpeg -f framemd5 -c copy` (stream, dts, pts, duration, size, hash).
    static func framemd5(_ url: URL) throws -> [String] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-ignore_editlist", "1", "-i", url.path,
                                                       "-map", "0", "-c", "copy", "-f", "framemd5", "-"])
        return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    @Test("packets and payloads equal the source's", arguments: sources)
    func roundTrip(_ name: String) async throws {
        let source = try AssetMedia.url(name)
        let tracks = try WriterMedia.sourceTracks(source)
        let directory = try TestFiles.makeTemporaryDirectory("roundtrip")
        let fileType: AVFileType = name.hasSuffix(".mov") ? .mov : .mp4
        let url = directory.file("copy." + (fileType == .mov ? "mov" : "mp4"))
        let writer = try AVAssetWriter(outputURL: url, fileType: fileType)
        let inputs = tracks.map { AVAssetWriterInput(mediaType: $0.mediaType, outputSettings: nil, sourceFormatHint: $0.format) }
        for input in inputs { writer.add(input) }
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        var positions = Array(repeating: 0, count: tracks.count)
        WriterMedia.feed(inputs) { index in
            guard positions[index] < tracks[index].samples.count else { return nil }
            defer { positions[index] += 1 }
            return tracks[index].samples[positions[index]]
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")

        // Compare per stream (the interleaving of the two files may differ; each stream's packets may not).
        let original = try Self.packets(source), copy = try Self.packets(url)
        for stream in 0..<tracks.count {
            let a = original.filter { $0.stream == stream }, b = copy.filter { $0.stream == stream }
            #expect(a == b, "stream \(stream): first difference \(zip(a, b).first { $0 != $1 }.map { "\($0) vs \($1)" } ?? "count \(a.count) vs \(b.count)")")
        }
        let md5a = try Self.framemd5(source).sorted(), md5b = try Self.framemd5(url).sorted()
        #expect(md5a == md5b, "payload hashes differ")
        #expect(try WriterProbe(url: url).decodeErrors() == "")
    }
}
