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

    /// A text track of `count` samples whose sizes and durations all differ from their neighbours', so its tables
    /// grow by at least 12 bytes a sample (stsz, stts).
    static func manyTextSamples(_ count: Int) throws -> TrackSource {
        var description: CMFormatDescription?
        CMFormatDescriptionCreate(allocator: nil, mediaType: kCMMediaType_Text, mediaSubType: kCMTextFormatType_3GText,
                                  extensions: nil, formatDescriptionOut: &description)
        var time: Int64 = 0
        let samples = (0..<count).map { index -> TrackSource.Sample in
            let text = Array(String(repeating: "x", count: index % 7 + 1).utf8)
            let duration = Int64(10 + index % 5)
            defer { time += duration }
            return .init(data: [0, UInt8(text.count)] + text, decodeTime: time, presentationTime: time,
                         duration: duration, isSync: true)
        }
        return TrackSource(name: "many", mediaType: kCMMediaType_Text, timescale: 1000, description: description!,
                           samples: samples)
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

    /// With a reservation large enough, the movie box is written into the room left before the media data and the
    /// media data never moves (the `mdat` header stays where it was written: right after the room); with one too
    /// small, the media data moves up as without a reservation. Either way the packets equal the normal file's.
    @Test("fast start with room reserved for the movie box: used when it fits, data moved when it does not",
          arguments: [true, false])
    func reservedMovieBox(_ fits: Bool) throws {
        // Without a count (zero samples) the room is the empty movie box plus slack: the text track's 3,000 samples
        // of tables (over 36 kB) cannot fit it.
        let sources = try Self.sources() + [try Self.manyTextSamples(3000)]
        let directory = try TestFiles.makeTemporaryDirectory("reserved")
        let normal = directory.file("normal.mp4")
        let fast = directory.file("fast.mp4")
        try MuxerHarness.write(sources, to: normal, fileType: .mpeg4)
        var options = MovieWriterOptions()
        options.shouldOptimizeForNetworkUse = true
        let samples = sources.reduce(0) { $0 + $1.samples.count }
        options.movieBoxReservation = fits ? MovieBoxReservation(samples: samples, chunks: samples)
            : MovieBoxReservation(samples: 0, chunks: 0)
        try MuxerHarness.write(sources, to: fast, fileType: .mpeg4, options: options)

        let boxes = try FileScanner.scan(FileSource(url: fast)).boxes
        let types = boxes.map(\.header.type)
        #expect(types.filter { $0 != "wide" && $0 != "free" } == ["ftyp", "moov", "mdat"])
        let movie = try #require(boxes.first { $0.header.type == "moov" })
        let afterMovie = try #require(boxes.first { $0.header.offset == movie.header.endOffset })
        if fits {
            // The room left over is a free box, at least as large as the worst case minus the tables written.
            #expect(afterMovie.header.type == "free")
            #expect(afterMovie.header.size >= UInt64(samples * 4), "leftover room \(afterMovie.header.size)")
        } else {
            #expect(afterMovie.header.type != "free", "no leftover room when the data had to move")
        }
        #expect(try isStreamable(fast) == true, "mediainfo: IsStreamable")
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
