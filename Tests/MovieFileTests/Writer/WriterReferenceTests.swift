import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

@Suite("Writer: QuickTime sample references")
struct WriterReferenceTests {
    @Test("a track whose samples stay in another file: url data reference, chunk offsets into that file, no data")
    func referencedSamples() throws {
        let media = try MuxerTestMedia.url("mpeg4-part2.mp4")
        let directory = try TestFiles.makeTemporaryDirectory("references")
        // The referenced file sits beside the movie, so the reference is written relative to it.
        let referenced = directory.file("media.mp4")
        try FileManager.default.copyItem(at: media, to: referenced)
        let source = try ContainerSources.video(referenced, configuration: "esds")
        let packets = try PacketProbe.packets(referenced, stream: "0")
        let output = directory.file("references.mov")
        let writer = try MovieWriter(url: output, fileType: .quickTimeMovie)
        var configuration = source.configuration
        configuration.mediaDataLocation = .referenced(url: referenced, baseURL: output)
        let track = try writer.addTrack(configuration)
        for (packet, sample) in zip(packets, source.samples) {
            try writer.append(OutputSample(payload: .reference(offset: UInt64(packet.position!), size: packet.size),
                                          decodeTime: sample.decodeTime, presentationTime: sample.presentationTime,
                                          duration: sample.duration, isSync: sample.isSync), to: track)
        }
        try writer.finish()

        let boxes = try WrittenBoxes(output)
        let entry = try #require(boxes.first(DataEntryUrlBox.self, inTrack: 0))
        #expect(!entry.isSelfContained)
        #expect(entry.location?.text == "media.mp4")
        let mediaData = boxes.scan.mediaData.first
        #expect(mediaData.map { $0.size - UInt64($0.headerSize) } == 0, "no media data written")
        let offsets = boxes.sampleTable(0)?.chunkOffsets?.offsets.map(UInt64.init) ?? []
        #expect(offsets.first == UInt64(packets.first!.position!), "chunk offsets point into the referenced file")
        #expect(offsets.count < packets.count, "contiguous samples share chunks")
        // No outside tool here follows a 'url ' data reference (FFmpeg 5.1 follows only 'alis' records; mediainfo
        // none), so the written tables are expanded to per-sample positions (stsc, stsz, stco read back with the
        // ISOBMFF parser) and compared with where ffprobe finds each packet in the referenced file.
        let table = try #require(boxes.sampleTable(0))
        let chunkOffsets = table.chunkOffsets?.offsets.map(UInt64.init) ?? []
        let runs = table.sampleToChunk?.entries ?? []
        var positions: [UInt64] = []
        var sample = 0
        for (chunkIndex, chunkOffset) in chunkOffsets.enumerated() {
            let run = runs.last { Int($0.firstChunk) <= chunkIndex + 1 }
            var position = chunkOffset
            for _ in 0..<Int(run?.samplesPerChunk ?? 0) {
                positions.append(position)
                position += UInt64(table.sampleSize(at: sample) ?? 0)
                sample += 1
            }
        }
        #expect(positions == packets.map { UInt64($0.position!) })
        #expect((0..<packets.count).map { Int(table.sampleSize(at: $0) ?? 0) } == packets.map(\.size))
        #expect(table.syncSamples?.sampleNumbers == packets.enumerated().filter(\.element.isKey).map { UInt32($0.offset + 1) })
    }

    @Test("sample references are refused outside QuickTime movies")
    func refusedInMP4() throws {
        let directory = try TestFiles.makeTemporaryDirectory("references-mp4")
        let source = try ContainerSources.video(MuxerTestMedia.url("mpeg4-part2.mp4"), configuration: "esds")
        let writer = try MovieWriter(url: directory.file("x.mp4"), fileType: .mpeg4)
        defer { writer.cancel() }
        var configuration = source.configuration
        configuration.mediaDataLocation = .referenced(url: directory.file("media.mp4"), baseURL: nil)
        let error = #expect(throws: ContainerWriterError.self) { try writer.addTrack(configuration) }
        #expect(error?.code == .unsupportedFormat)
    }
}
