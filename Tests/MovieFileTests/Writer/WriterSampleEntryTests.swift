import CoreMedia
import Foundation
import ISOBMFF
import MediaContainer
import Testing
@testable import MovieFile
import TestSupport

@Suite("Writer: sample entries and sample tables in detail")
struct WriterSampleEntryTests {
    /// The H.264 source with extra extensions merged into its description.
    static func video(extensions: [String: Any]) throws -> TrackSource {
        var source = try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false)
        var merged = CMFormatDescriptionGetExtensions(source.description) as? [String: Any] ?? [:]
        for (key, value) in extensions { merged[key] = value }
        var description: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: CMFormatDescriptionGetMediaSubType(source.description),
                                       width: 64, height: 48, extensions: merged as CFDictionary, formatDescriptionOut: &description)
        source.description = try #require(description)
        return source
    }

    @Test("colour, pixel aspect ratio, clean aperture and fields as each file type writes them",
          arguments: [MovieFileType.quickTimeMovie, .mpeg4])
    func pictureProperties(_ fileType: MovieFileType) throws {
        let source = try Self.video(extensions: [
            kCMFormatDescriptionExtension_ColorPrimaries as String: kCMFormatDescriptionColorPrimaries_ITU_R_709_2,
            kCMFormatDescriptionExtension_TransferFunction as String: kCMFormatDescriptionTransferFunction_ITU_R_709_2,
            kCMFormatDescriptionExtension_YCbCrMatrix as String: kCMFormatDescriptionYCbCrMatrix_ITU_R_601_4,
            kCMFormatDescriptionExtension_FullRangeVideo as String: true,
            kCMFormatDescriptionExtension_PixelAspectRatio as String: [kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing as String: 4,
                                                             kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing as String: 3],
            kCMFormatDescriptionExtension_CleanAperture as String: [kCMFormatDescriptionKey_CleanApertureWidth as String: 60,
                                                          kCMFormatDescriptionKey_CleanApertureHeight as String: 44,
                                                          kCMFormatDescriptionKey_CleanApertureHorizontalOffset as String: 0,
                                                          kCMFormatDescriptionKey_CleanApertureVerticalOffset as String: 0],
            kCMFormatDescriptionExtension_FieldCount as String: 1,
        ])
        let directory = try TestFiles.makeTemporaryDirectory("picture")
        let output = directory.file("picture" + fileType.description)
        try MuxerHarness.write([source], to: output, fileType: fileType)
        let stream = try #require(PacketProbe.streams(output).first)
        #expect(stream["color_primaries"] as? String == "bt709")
        #expect(stream["color_transfer"] as? String == "bt709")
        #expect(stream["color_space"] as? String == "smpte170m")
        #expect(stream["sample_aspect_ratio"] as? String == "4:3")
        if fileType == .mpeg4 { #expect(stream["color_range"] as? String == "pc", "nclx carries the range") }
        let boxes = try WrittenBoxes(output)
        let entry = try #require(boxes.first(VisualSampleEntry.self, inTrack: 0))
        switch entry.colourInformation?.content {
        case .nclc(1, 1, 6): #expect(fileType.isQuickTime, "nclc in QuickTime movies")
        case .nclx(1, 1, 6, 0x80): #expect(!fileType.isQuickTime, "nclx in ISO files")
        default: Issue.record("unexpected colr \(String(describing: entry.colourInformation))")
        }
        #expect(entry.pixelAspectRatio == PixelAspectRatioBox(hSpacing: 4, vSpacing: 3))
        #expect(entry.cleanAperture?.widthN == 60 && entry.cleanAperture?.heightN == 44)
        #expect(entry.fieldHandling == FieldHandlingBox(fieldCount: 1, fieldOrdering: 0))
        // tkhd: the clean aperture scaled by the pixel aspect ratio (60 × 4/3 = 80 by 44).
        #expect(boxes.tracks[0].header?.width == UnsignedFixed16x16(80))
        #expect(boxes.tracks[0].header?.height == UnsignedFixed16x16(44))
        if fileType.isQuickTime {
            #expect(boxes.first(TrackCleanApertureDimensionsBox.self, inTrack: 0)?.width == UnsignedFixed16x16(80))
            #expect(boxes.first(TrackEncodedPixelsDimensionsBox.self, inTrack: 0)?.width == UnsignedFixed16x16(64))
        }
    }

    @Test("ProRes image description fields as Apple's compressor fills them")
    func proResImageDescription() throws {
        let source = try ElementarySources.prores(MuxerTestMedia.url("prores-422-frames.prores"))
        let directory = try TestFiles.makeTemporaryDirectory("prores-fields")
        let output = directory.file("prores.mov")
        try MuxerHarness.write([source], to: output, fileType: .quickTimeMovie)
        let entry = try #require(WrittenBoxes(output).first(VisualSampleEntry.self, inTrack: 0))
        #expect(entry.vendor == "appl")
        #expect(entry.spatialQuality == 512)
        #expect(entry.compressorName.text == "Apple ProRes 422")
        #expect(entry.depth == 24)
        let tags = try PacketProbe.streams(output).first?["tags"] as? [String: Any]
        #expect(tags?["encoder"] as? String == "Apple ProRes 422", "ffprobe shows the compressor name")
        #expect(tags?["vendor_id"] as? String == "appl")
    }

    @Test("negative composition offsets: ctts version 1 and cslg in MP4, version 0 and cslg in QuickTime",
          arguments: [MovieFileType.mpeg4, .quickTimeMovie])
    func negativeCompositionOffsets(_ fileType: MovieFileType) throws {
        var source = try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false)
        // Decode times two frames later: B-frames now decode after they are presented (offset −7200).
        for index in source.samples.indices { source.samples[index].decodeTime += 7200 }
        let directory = try TestFiles.makeTemporaryDirectory("negative-cts")
        let output = directory.file("negative" + fileType.description)
        try MuxerHarness.write([source], to: output, fileType: fileType)
        let table = try #require(WrittenBoxes(output).sampleTable(0))
        #expect(table.compositionOffsets?.version == (fileType.isQuickTime ? 0 : 1))
        #expect(table.compositionOffsets?.entries.contains { $0.sampleOffset < 0 } == true)
        let cslg = try #require(table.compositionToDecode)
        #expect(cslg.version == 0, "QuickTime cannot read a version 1 cslg")
        let offsets = source.samples.map { $0.presentationTime - $0.decodeTime }
        #expect(offsets.min() == -3600, "two frames later decoding puts B-frames 3600 ticks after their presentation")
        #expect(cslg.leastDecodeToDisplayDelta == offsets.min())
        #expect(cslg.greatestDecodeToDisplayDelta == offsets.max())
        #expect(cslg.compositionToDTSShift == 3600)
        // FFmpeg moves decode times back by the shift so that none follows its presentation; presentation times
        // and everything else are the source's.
        let packets = try PacketProbe.packets(output)
        #expect(packets.map(\.size) == source.samples.map(\.data.count))
        #expect(packets.map(\.isKey) == source.samples.map(\.isSync))
        let firstPTS = packets.first?.pts ?? 0
        #expect(packets.map { $0.pts! - firstPTS } == source.samples.map { $0.presentationTime - source.samples[0].presentationTime })
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
    }

    @Test("dependency flags (sdtp), partial sync samples (stps), two sample descriptions (stsc)")
    func flagsAndDescriptions() throws {
        let source = try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false)
        let directory = try TestFiles.makeTemporaryDirectory("flags")
        let output = directory.file("flags.mov")
        let writer = try MovieWriter(url: output, fileType: .quickTimeMovie)
        let track = try writer.addTrack(source.configuration)
        // The same configuration again as a second description, used by the second half.
        var copy: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: CMFormatDescriptionGetMediaSubType(source.description),
                                       width: 64, height: 48,
                                       extensions: CMFormatDescriptionGetExtensions(source.description),
                                       formatDescriptionOut: &copy)
        let second = try writer.addSampleDescription(try #require(copy), to: track)
        #expect(second == 2)
        for (index, var sample) in source.movieSamples().enumerated() {
            sample.dependency = SampleDependency(dependsOnOthers: !sample.isSync, isDependedOnByOthers: index % 3 != 1)
            sample.isPartialSync = index == 5
            sample.descriptionIndex = index < 13 ? 1 : 2
            try writer.append(sample, to: track)
        }
        try writer.finish()
        let table = try #require(WrittenBoxes(output).sampleTable(0))
        #expect(table.sampleDescriptions?.children.count == 2)
        #expect(table.partialSyncSamples?.sampleNumbers == [6])
        let dependencies = try #require(table.sampleDependencies?.samples)
        #expect(dependencies.count == source.samples.count)
        #expect(dependencies[0].dependsOn == 2 && dependencies[1].dependsOn == 1)
        #expect(dependencies[1].isDependedOn == 2 && dependencies[2].isDependedOn == 1)
        #expect(table.sampleToChunk?.entries.map(\.sampleDescriptionIndex).contains(2) == true)
        try MuxerHarness.expectPackets(output, stream: 0, match: source)
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
    }

    @Test("an avc1 description without its avcC is refused, naming the box: no player opens such a file")
    func avcWithoutConfigurationRefused() throws {
        var source = try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false)
        let atomsKey = kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms as String
        var extensions = CMFormatDescriptionGetExtensions(source.description) as? [String: Any] ?? [:]
        var atoms = extensions[atomsKey] as? [String: Any] ?? [:]
        #expect(atoms["avcC"] != nil)
        atoms["avcC"] = nil
        extensions[atomsKey] = atoms
        var description: CMFormatDescription?
        CMVideoFormatDescriptionCreate(allocator: nil, codecType: kCMVideoCodecType_H264, width: 64, height: 48,
                                       extensions: extensions as CFDictionary, formatDescriptionOut: &description)
        source.description = try #require(description)
        let directory = try TestFiles.makeTemporaryDirectory("no-avcC")
        for fileType in [MovieFileType.mpeg4, .quickTimeMovie] {
            let output = directory.file("no-avcC-\(fileType).mov")
            let error = #expect(throws: ContainerWriterError.self) {
                try MuxerHarness.write([source], to: output, fileType: fileType)
            }
            #expect(error?.description.contains("'avcC'") == true, "\(String(describing: error))")
        }
    }

    @Test("a verbatim ISO sample entry is written back byte for byte")
    func verbatimEntry() throws {
        let media = try MuxerTestMedia.url("opus-48000-stereo.mp4")
        guard MuxerTestMedia.hasEncoder("libopus") else { return }
        var source = try ContainerSources.audio(media, formatID: kAudioFormatOpus, framesPerPacket: 960)
        let original = try WrittenBoxes(media).sampleEntryBytes(0)
        var extensions = CMFormatDescriptionGetExtensions(source.description) as? [String: Any] ?? [:]
        extensions[kCMFormatDescriptionExtension_VerbatimISOSampleEntry as String] = Data(original)
        var asbd = try #require(source.description.audioStreamBasicDescription)
        var description: CMFormatDescription?
        let cookie = source.description.magicCookie ?? Data()
        let status = cookie.withUnsafeBytes { raw in
            CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil,
                                           magicCookieSize: raw.count, magicCookie: raw.baseAddress,
                                           extensions: extensions as CFDictionary, formatDescriptionOut: &description)
        }
        #expect(status == noErr)
        source.description = try #require(description)
        let directory = try TestFiles.makeTemporaryDirectory("verbatim")
        let output = directory.file("verbatim.mp4")
        try MuxerHarness.write([source], to: output, fileType: .mpeg4)
        #expect(try WrittenBoxes(output).sampleEntryBytes(0) == original)
        #expect(try PacketProbe.packetHashes(output, stream: "a:0") == PacketProbe.packetHashes(media, stream: "a:0"))
    }

    @Test("chunk offsets past 4 GiB switch stco to co64")
    func largeOffsets() throws {
        let source = try ElementarySources.prores(MuxerTestMedia.url("prores-422-frames.prores"))
        let directory = try TestFiles.makeTemporaryDirectory("co64")
        let writer = try MovieWriter(url: directory.file("co64.mov"), fileType: .quickTimeMovie)
        let handle = try writer.addTrack(source.configuration)
        for sample in source.movieSamples() { try writer.append(sample, to: handle) }
        try writer.markFinished(handle)
        let track = writer.tracks[0]
        let builder = MovieBoxBuilder(fileType: .quickTimeMovie, options: writer.options, tracks: [track], metadata: [])
        let small = try builder.build { location in
            if case .main(let offset) = location { return offset }
            return 0
        }
        let large = try builder.build { location in
            if case .main(let offset) = location { return offset + (UInt64(1) << 32) }
            return 0
        }
        func table(_ bytes: [UInt8]) throws -> SampleTableBox? {
            let scan = try FileScanner.scan(MemorySource(bytes))
            return scan.movie?.tracks.first?.media?.children.first(MediaInformationBox.self)?.sampleTable
        }
        #expect(try table(small)?.chunkOffsets != nil)
        let wide = try #require(try table(large)?.chunkLargeOffsets)
        #expect(wide.offsets.allSatisfy { $0 > UInt64(UInt32.max) })
        writer.cancel()
    }

    /// A real file past 4 GiB (only with LAVF_LARGE_TESTS=1: it writes 4.3 GB).
    @Test("a file past 4 GiB: mdat with a 64-bit size, co64, and ffprobe reads the last frame",
          .enabled(if: ProcessInfo.processInfo.environment["LAVF_LARGE_TESTS"] == "1"))
    func realLargeFile() throws {
        let source = try ElementarySources.prores(MuxerTestMedia.url("prores-422-frames.prores"))
        let directory = try TestFiles.makeTemporaryDirectory("large")
        let output = directory.file("large.mov")
        let writer = try MovieWriter(url: output, fileType: .quickTimeMovie)
        let handle = try writer.addTrack(source.configuration)
        // 4 MiB frames (one ProRes frame padded with zeros: the decoder ignores bytes past the frame size).
        let frame = Data(source.samples[0].data + [UInt8](repeating: 0, count: (4 << 20) - source.samples[0].data.count))
        let buffer = TrackSource.blockBuffer([UInt8](frame))
        let count = 1_040
        for index in 0..<count {
            try writer.append(OutputSample(payload: .blockBuffer(buffer), decodeTime: Int64(index) * 24, duration: 24),
                              to: handle)
        }
        try writer.finish()
        let boxes = try WrittenBoxes(output)
        #expect(boxes.scan.mediaData.first?.headerSize == 16, "64-bit mdat size")
        #expect(boxes.sampleTable(0)?.chunkLargeOffsets != nil)
        let packets = try PacketProbe.packets(output)
        #expect(packets.count == count)
        #expect((packets.last?.position ?? 0) > Int64(UInt32.max))
    }
}
