import CoreMedia
import Foundation
import Testing
import TestSupport
@testable import AVFoundation

/// Passthrough: every sample of a file read and written again through passthrough inputs gives a file whose
/// packets (ffprobe: presentation and decode times, sizes, flags; ffmpeg framemd5: payload hashes) equal the
/// source's. Times are compared in seconds from each stream's first decode time (edit lists ignored): the reader
/// gives them on the asset timeline and the writer picks its own media timescale (600 for 25 fps video, as
/// Apple's), so ticks differ while times do not. (Packet durations are left out: FFmpeg 5.1's demuxer reports 1
/// tick for B-frame video at timescale 600, its own `-video_track_timescale 600` output too; the decode times
/// compared carry the durations.)
/// Samples are read with AVAssetReader passthrough outputs (`outputSettings: nil`), as an app remuxes.
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
        let raw = json["packets"] as? [[String: Any]] ?? []
        var firstDecode: [Int: Double] = [:]
        for packet in raw {
            let stream = packet["stream_index"] as? Int ?? -1
            if firstDecode[stream] == nil { firstDecode[stream] = Double(packet["dts_time"] as? String ?? "") ?? 0 }
        }
        return raw.map { p in
            let stream = p["stream_index"] as? Int ?? -1
            func time(_ key: String) -> String {
                String(format: "%.5f", (Double(p[key] as? String ?? "") ?? .nan) - (firstDecode[stream] ?? 0))
            }
            return Packet(stream: stream, pts: time("pts_time"), dts: time("dts_time"), duration: "",
                          size: p["size"] as? String ?? "", flags: p["flags"] as? String ?? "")
        }
    }

    /// Per-packet MD5s from `ffmpeg -f framemd5 -c copy` (stream, dts, pts, duration, size, hash).
    static func framemd5(_ url: URL) throws -> [String] {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-ignore_editlist", "1", "-i", url.path,
                                                       "-map", "0", "-c", "copy", "-f", "framemd5", "-"])
        // Keep the stream, size and hash (the timestamps are in each file's own time base).
        return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return [fields.first ?? "", fields.dropLast().last ?? "", fields.last ?? ""].joined(separator: ",")
        }
    }

    @Test("packets and payloads equal the source's", arguments: sources)
    func roundTrip(_ name: String) async throws {
        let source = try AssetMedia.url(name)
        let asset = AVURLAsset(url: source)
        let tracks = try await asset.load(.tracks)
        let reader = try AVAssetReader(asset: asset)
        let outputs = tracks.map { AVAssetReaderTrackOutput(track: $0, outputSettings: nil) }
        for output in outputs { reader.add(output) }
        #expect(reader.startReading(), "\(String(describing: reader.error))")
        let directory = try TestFiles.makeTemporaryDirectory("roundtrip")
        let fileType: AVFileType = name.hasSuffix(".mov") ? .mov : .mp4
        let url = directory.file("copy." + (fileType == .mov ? "mov" : "mp4"))
        let writer = try AVAssetWriter(outputURL: url, fileType: fileType)
        var inputs: [AVAssetWriterInput] = []
        for track in tracks {
            let hint = try await track.load(.formatDescriptions).first
            inputs.append(AVAssetWriterInput(mediaType: track.mediaType, outputSettings: nil, sourceFormatHint: hint))
        }
        for input in inputs { writer.add(input) }
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        WriterMedia.feed(inputs) { index in outputs[index].copyNextSampleBuffer() }
        #expect(reader.status == .completed, "\(String(describing: reader.error))")
        await writer.finishWriting()
        if let keep = ProcessInfo.processInfo.environment["LAVF_KEEP_OUTPUT"] { try? FileManager.default.copyItem(at: url, to: URL(fileURLWithPath: keep).appendingPathComponent(url.lastPathComponent + "-" + name)) }
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
