import CoreMedia
import Foundation
import ISOBMFF
import Testing
@testable import MovieFile
import TestSupport

@Suite("Writer: fast start and data placed before the main media data")
struct WriterFastStartTests {
    /// A two-sample tx3g track: chapter-style text, to place before the main media data.
    static func textSource() throws -> TrackSource {
        var description: CMFormatDescription?
        CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_Text, mediaSubType: kCMTextFormatType_3GText,
                                  extensions: nil, formatDescriptionOut: &description)
        func sample(_ text: String, at time: Int64) -> TrackSource.Sample {
            let bytes = Array(text.utf8)
            return .init(data: [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes, decodeTime: time,
                         presentationTime: time, duration: 500, isSync: true)
        }
        return TrackSource(name: "text", mediaType: kCMMediaType_Text, timescale: 1000, description: description!,
                           samples: [sample("One", at: 0), sample("Two", at: 500)])
    }

    static func sources() throws -> [TrackSource] {
        [try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false),
         try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts"))]
    }

    @Test("moov before mdat, mediainfo calls it streamable, and ffprobe's packets equal the normal file's",
          arguments: [MovieFileType.mpeg4, .quickTimeMovie, .appleM4V])
    func fastStart(_ fileType: MovieFileType) throws {
        let sources = try Self.sources()
        let directory = try TestFiles.makeTemporaryDirectory("faststart")
        let normal = directory.file("normal" + fileType.description)
        let fast = directory.file("fast" + fileType.description)
        try MuxerHarness.write(sources, to: normal, fileType: fileType)
        var options = MovieWriterOptions()
        options.shouldOptimizeForNetworkUse = true
        try MuxerHarness.write(sources, to: fast, fileType: fileType, options: options)

        let order = try FileScanner.scan(FileSource(url: fast)).boxes.map(\.header.type).filter { $0 != "wide" && $0 != "free" }
        #expect(order == ["ftyp", "moov", "mdat"])
        #expect(try isStreamable(fast) == true, "mediainfo: IsStreamable")
        #expect(try isStreamable(normal) == false)
        try expectSamePackets(normal, fast)
        #expect(try ExternalTool.ffmpegDecodeErrors(fast).isEmpty)
    }

    @Test("a track placed before the main media data, with and without fast start", arguments: [false, true])
    func beforeMainMediaData(_ fastStart: Bool) throws {
        let sources = try Self.sources() + [try Self.textSource()]
        let directory = try TestFiles.makeTemporaryDirectory("beforemain")
        let output = directory.file("chapters.mp4")
        let reference = directory.file("reference.mp4")
        var options = MovieWriterOptions()
        options.shouldOptimizeForNetworkUse = fastStart
        options.temporaryDirectory = directory.url
        try MuxerHarness.write(sources, to: reference, fileType: .mpeg4)
        try MuxerHarness.write(sources, to: output, fileType: .mpeg4, options: options) { configuration, index in
            if index == 2 { configuration.mediaDataLocation = .beforeMainMediaDataNotInterleaved }
        }
        // The text samples come first in the media data, and nothing else from the text track is interleaved.
        let packets = try PacketProbe.packets(output).sorted { ($0.position ?? 0) < ($1.position ?? 0) }
        #expect(packets.prefix(2).allSatisfy { $0.streamIndex == 2 }, "text first: \(packets.prefix(3).map(\.streamIndex))")
        try expectSamePackets(reference, output)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            .filter { $0.hasSuffix(".mediadata") }
        #expect(leftovers.isEmpty, "the spool file is removed: \(leftovers)")
    }

    /// mediainfo's `IsStreamable` (moov before mdat).
    func isStreamable(_ url: URL) throws -> Bool? {
        let result = try ExternalTool.check("mediainfo", ["--Output=JSON", url.path])
        let json = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        let tracks = (json?["media"] as? [String: Any])?["track"] as? [[String: Any]] ?? []
        return (tracks.first?["IsStreamable"] as? String).map { $0 == "Yes" }
    }

    /// Both files have the same packets (times, sizes, key flags) and the same packet payloads.
    func expectSamePackets(_ a: URL, _ b: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // Per stream, in decode order (ffprobe lists packets in file order, which a layout change reorders).
        let strip = { (packets: [ProbedPacket]) in
            Dictionary(grouping: packets.map {
                ProbedPacket(streamIndex: $0.streamIndex, pts: $0.pts, dts: $0.dts, duration: $0.duration,
                             size: $0.size, position: nil, isKey: $0.isKey)
            }, by: \.streamIndex)
        }
        #expect(strip(try PacketProbe.packets(a)) == strip(try PacketProbe.packets(b)), sourceLocation: sourceLocation)
        for stream in ["v:0", "a:0"] {
            #expect(try PacketProbe.packetHashes(a, stream: stream) == PacketProbe.packetHashes(b, stream: stream),
                    "packet payloads of \(stream)", sourceLocation: sourceLocation)
        }
    }
}
