import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

/// A file to read with the demuxer and write back with the writer.
struct RoundTripInput: CustomTestStringConvertible, Sendable {
    var name: String
    var url: @Sendable () throws -> URL
    var testDescription: String { name }

    static let all: [RoundTripInput] = [
        "mb-edts.mp4", "b4-video-h264-001.mp4", "mg-alac-itunes.m4a", "mb-multiple-aac-tracks.mp4",
        "gm-sample-fragmented.mp4", "mg-has-tags.m4a",
    ].map { name in RoundTripInput(name: name) { TestFiles.fixture(name) } } + [
        RoundTripInput(name: "h264-aac-timecode.mov") { try MuxerTestMedia.url("roundtrip-h264-aac-timecode.mov") },
        RoundTripInput(name: "hevc-pcm.mov") { try MuxerTestMedia.url("roundtrip-hevc-pcm.mov") },
    ]
}

@Suite("Writer: read with the demuxer, write back, and nothing changes")
struct WriterRoundTripTests {
    /// The MD5 of all of stream `index`'s packet bytes, in order (`ffmpeg -c copy -f md5`).
    func streamHash(_ url: URL, _ index: Int) throws -> String {
        try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-map", "0:\(index)", "-c", "copy",
                                          "-f", "md5", "-"]).output
    }

    /// The dependency bits of an `sdtp` byte as the writer's flags (1 yes, 2 no, anything else unknown).
    static func dependency(_ byte: UInt8?) -> SampleDependency? {
        guard let byte else { return nil }
        func flag(_ bits: UInt8) -> Bool? { bits == 1 ? true : bits == 2 ? false : nil }
        return SampleDependency(isLeading: flag(byte >> 6 & 3), dependsOnOthers: flag(byte >> 4 & 3),
                                isDependedOnByOthers: flag(byte >> 2 & 3), hasRedundantCoding: flag(byte & 3))
    }

    /// The file type a source file is written back as.
    static func fileType(of reader: MovieFileReader, url: URL) -> MovieFileType {
        switch reader.format {
        case .quickTime: return .quickTimeMovie
        default:
            switch url.pathExtension {
            case "m4a": return .appleM4A
            case "m4v": return .appleM4V
            case "3gp": return .threeGPP
            default: return .mpeg4
            }
        }
    }

    /// Writes every track of `reader` into `output`: descriptions (verbatim entries), placement, edits,
    /// references, metadata and every sample with its times and flags, interleaved by decode time.
    static func remux(_ reader: MovieFileReader, to output: URL, fileType: MovieFileType,
                      options base: MovieWriterOptions = MovieWriterOptions()) throws {
        var options = base
        options.movieTimescale = reader.movieTimescale
        options.preferredRate = reader.preferredRate
        options.preferredVolume = reader.preferredVolume
        options.preferredTransform = reader.preferredTransform
        if let date = reader.creationDate { options.creationDate = date }
        let writer = try MovieWriter(url: output, fileType: fileType, options: options)
        var handles: [CMPersistentTrackID: OutputTrack] = [:]
        var tables: [(ContainerTrack, SampleTable, OutputTrack)] = []
        for track in reader.tracks {
            var configuration = OutputTrackConfiguration(mediaType: track.mediaType, mediaTimescale: track.mediaTimescale,
                                                        formatDescriptions: Array(track.formatDescriptions))
            configuration.trackID = track.trackID
            configuration.languageCode = track.languageCode
            configuration.extendedLanguageTag = track.extendedLanguageTag
            configuration.isEnabled = track.isEnabled
            configuration.alternateGroup = track.alternateGroup
            configuration.transform = track.transform
            configuration.volume = track.volume
            if track.mediaType == kCMMediaType_Video { configuration.naturalSize = (track.width, track.height) }
            configuration.handlerName = track.handlerName
            configuration.metadata = track.metadata
            let handle = try writer.addTrack(configuration)
            handles[track.trackID] = handle
            tables.append((track, try track.samples.table(), handle))
            // The source's timeline, read from its edits and written back as edits; none when it had none (a
            // timeline without segments, not the default edit).
            let timeline = track.edits.isEmpty ? TrackTimeline(segments: [], naturalTimescale: track.mediaTimescale)
                : TrackTimeline(track: track, movieTimescale: reader.movieTimescale, table: tables.last?.1)
            try writer.setTimeline(timeline, for: handle)
        }
        for track in reader.tracks {
            for (type, targets) in track.references {
                for target in targets {
                    guard let from = handles[track.trackID], let to = handles[target] else { continue }
                    try writer.addTrackReference(type: type, from: from, to: to)
                }
            }
        }
        try writer.setMetadata(reader.metadata)
        var cursors = Array(repeating: 0, count: tables.count)
        while true {
            var next: Int?
            for index in tables.indices where cursors[index] < tables[index].1.count {
                let (track, table, _) = tables[index]
                guard let best = next else { next = index; continue }
                let (bestTrack, bestTable, _) = tables[best]
                if TimeConversion.isEarlier(table.decodeTime(at: cursors[index]), track.mediaTimescale,
                                            than: bestTable.decodeTime(at: cursors[best]), bestTrack.mediaTimescale) {
                    next = index
                }
            }
            guard let index = next else { break }
            let (track, table, handle) = tables[index]
            let sample = cursors[index]
            var movieSample = OutputSample(payload: .blockBuffer(try reader.blockBuffer(forSample: sample, of: track)),
                                          decodeTime: table.decodeTime(at: sample),
                                          presentationTime: table.presentationTime(at: sample),
                                          duration: table.duration(at: sample), isSync: table.isSync(at: sample),
                                          descriptionIndex: table.descriptionIndex(at: sample))
            movieSample.isPartialSync = table.isPartialSync(at: sample)
            movieSample.dependency = dependency(table.dependencyByte(at: sample))
            try writer.append(movieSample, to: handle)
            cursors[index] += 1
        }
        try writer.finish()
    }

    @Test("ffprobe's packets (times, sizes, flags) and each packet's MD5 equal the source's",
          arguments: RoundTripInput.all)
    func roundTrip(_ input: RoundTripInput) throws {
        let source = try input.url()
        let reader = try MovieFileReader(url: source)
        let fileType = Self.fileType(of: reader, url: source)
        let directory = try TestFiles.makeTemporaryDirectory("roundtrip")
        let output = directory.file("remuxed-" + input.name + fileType.description)
        try Self.remux(reader, to: output, fileType: fileType)

        let streams = try PacketProbe.streams(source)
        #expect(try PacketProbe.streams(output).count == streams.count)
        for (index, stream) in streams.enumerated() {
            // Cover art and other attached pictures are metadata, not packets of a track.
            if (stream["disposition"] as? [String: Any])?["attached_pic"] as? Int == 1 { continue }
            let strip = { (packets: [ProbedPacket]) in
                packets.map { ProbedPacket(streamIndex: 0, pts: $0.pts, dts: $0.dts, duration: $0.duration,
                                           size: $0.size, position: nil, isKey: $0.isKey) }
            }
            var expected = strip(try PacketProbe.packets(source, stream: String(index)))
            let written = strip(try PacketProbe.packets(output, stream: String(index)))
            // A gap between two samples (fragments whose decode times jump) has no place in a flat sample table:
            // the earlier sample's duration reaches to the next one. Compare such durations as the gap makes them.
            for i in expected.indices.dropLast() {
                if let dts = expected[i].dts, let next = expected[i + 1].dts, let duration = expected[i].duration,
                   dts + duration != next {
                    expected[i].duration = next - dts
                }
            }
            if (stream["codec_name"] as? String)?.hasPrefix("pcm_") == true {
                // FFmpeg groups PCM frames into packets by chunk, and chunks are the writer's choice: the samples
                // and the bytes must be equal, not the grouping.
                #expect(written.reduce(0) { $0 + $1.size } == expected.reduce(0) { $0 + $1.size })
                #expect(try streamHash(output, index) == streamHash(source, index), "\(input.name) stream \(index): PCM")
                continue
            }
            #expect(written == expected, "\(input.name) stream \(index): packets")
            #expect(try PacketProbe.packetHashes(output, stream: String(index))
                    == PacketProbe.packetHashes(source, stream: String(index)), "\(input.name) stream \(index): payloads")
        }
    }
}
