import CoreMedia
import Foundation
import Testing
@testable import MovieFile
import ISOBMFF
import MediaContainer
import TestSupport

/// The writer's answers before finishing: the size the file would have if finished now (an export's
/// `fileLengthLimit`), each track's sample count, and whether a codec or metadata item fits a file type.
@Suite("Writer: size projection and file-type queries")
struct WriterSizeProjectionTests {
    static func sources() throws -> [TrackSource] {
        [try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false),
         try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts"))]
    }

    @Test("finished at any point, the file is no larger than projected, and at most 24 bytes per chunk smaller",
          arguments: [(MovieFileType.mpeg4, false), (.quickTimeMovie, false), (.mpeg4, true)])
    func projection(fileType: MovieFileType, fastStart: Bool) throws {
        let sources = try Self.sources()
        let samples = sources.map { $0.movieSamples() }
        // (Finishing a fast-start movie with no sample at all fails in MovieWriter.finish — "patch … past the end
        // of the file" — whether or not a projection was taken: reported to the muxer's owner; not tried here.)
        for fraction in fastStart ? [0.3, 0.7, 1.0] : [0.0, 0.3, 0.7, 1.0] {
            let directory = try TestFiles.makeTemporaryDirectory("projection")
            let url = directory.file("cut" + fileType.description)
            var options = MovieWriterOptions()
            options.shouldOptimizeForNetworkUse = fastStart
            let writer = try MovieWriter(url: url, fileType: fileType, options: options)
            let handles = try sources.map { try writer.addTrack($0.configuration) }
            try writer.setEncoderDelay(sources[1].encoderDelay, padding: 0, for: handles[1])
            // Append each track's first part, interleaved by decode time as a caller would.
            let counts = samples.map { Int(Double($0.count) * fraction) }
            var cursors = [0, 0]
            while true {
                let candidates = sources.indices.filter { cursors[$0] < counts[$0] }
                guard let index = candidates.min(by: {
                    Double(sources[$0].samples[cursors[$0]].decodeTime) / Double(sources[$0].timescale)
                        < Double(sources[$1].samples[cursors[$1]].decodeTime) / Double(sources[$1].timescale)
                }) else { break }
                try writer.append(samples[index][cursors[index]], to: handles[index])
                cursors[index] += 1
            }
            #expect(writer.trackSampleCounts == counts)
            let projection = try writer.sizeProjection()
            #expect(projection.tracks.map(\.sampleCount) == counts)
            #expect(projection.tracks[0].byteCount == UInt64(sources[0].samples.prefix(counts[0]).reduce(0) { $0 + $1.data.count }))
            try writer.finish()
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? UInt64 ?? 0
            let boxes = try WrittenBoxes(url)
            let chunks = boxes.tracks.indices.reduce(0) { total, index in
                total + (boxes.first(ChunkOffsetBox.self, inTrack: index)?.offsets.count
                    ?? boxes.first(ChunkLargeOffsetBox.self, inTrack: index)?.offsets.count ?? 0)
            }
            #expect(projection.fileSize >= size, "\(fraction): projected \(projection.fileSize), wrote \(size)")
            #expect(projection.fileSize - size <= UInt64(24 * chunks + 8), "\(fraction): projected \(projection.fileSize), wrote \(size), \(chunks) chunks")
        }
    }

    @Test("a fragmented movie has no projection")
    func fragmented() throws {
        let directory = try TestFiles.makeTemporaryDirectory("projection-fragmented")
        var options = MovieWriterOptions()
        options.movieFragmentInterval = CMTime(value: 1, timescale: 1)
        let writer = try MovieWriter(url: directory.file("f.mp4"), fileType: .mpeg4, options: options)
        #expect(throws: ContainerWriterError.self) { try writer.sizeProjection() }
        writer.cancel()
    }

    @Test("file-type questions answer as the writer would: codecs per type, metadata per type")
    func queries() throws {
        let sources = try Self.sources()
        let h264 = sources[0].description, aac = sources[1].description
        #expect(MovieFileType.mpeg4.refusal(toHold: h264) == nil && MovieFileType.appleM4A.refusal(toHold: aac) == nil)
        #expect(MovieFileType.appleM4A.refusal(toHold: h264)?.contains("M4A") == true)
        let prores = try ElementarySources.prores(MuxerTestMedia.url("prores-422-frames.prores")).description
        #expect(MovieFileType.quickTimeMovie.refusal(toHold: prores) == nil)
        #expect(MovieFileType.mpeg4.refusal(toHold: prores)?.contains("QuickTime") == true)
        let pcm = try ElementarySources.pcm(MuxerTestMedia.url("pcm-s16le-48000-stereo.raw")).description
        #expect(MovieFileType.mpeg4.refusal(toHold: pcm) != nil)

        let title = MetadataEntry(keySpace: .quickTimeUserData, key: .fourCC(0xA96E_616D), value: .string("Title"))
        #expect(MovieFileType.mpeg4.refusal(toRepresent: [title]) == nil)
        let custom = MetadataEntry(keySpace: .quickTimeMetadata, key: .string("com.example.note"), value: .string("x"))
        #expect(MovieFileType.threeGPP.refusal(toRepresent: [custom]) != nil, "3GPP files hold only their asset boxes")
    }
}
