import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import MovieFile
import ISOBMFF
import TestSupport

/// A codec the writer claims, how to make its samples, and what ffprobe should call it.
struct CodecCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// ffprobe 5.1's `codec_name`.
    var ffprobeCodec: String
    var fileTypes: [MovieFileType]
    /// True when packets keep their sizes and times one for one (not LPCM, whose frames ffprobe regroups).
    var comparesPackets = true
    var encoder: String?
    var make: @Sendable () throws -> TrackSource

    var testDescription: String { name }

    static let all: [CodecCase] = [
        CodecCase(name: "h264", ffprobeCodec: "h264",
                  fileTypes: [.quickTimeMovie, .mpeg4, .appleM4V, .threeGPP, .threeGPP2]) {
            try ElementarySources.annexBVideo(MuxerTestMedia.url("h264-bframes-annexb.ts"), hevc: false)
        },
        CodecCase(name: "hevc", ffprobeCodec: "hevc", fileTypes: [.quickTimeMovie, .mpeg4, .appleM4V]) {
            try ElementarySources.annexBVideo(MuxerTestMedia.url("hevc-annexb.ts"), hevc: true)
        },
        CodecCase(name: "prores", ffprobeCodec: "prores", fileTypes: [.quickTimeMovie]) {
            try ElementarySources.prores(MuxerTestMedia.url("prores-422-frames.prores"))
        },
        CodecCase(name: "jpeg", ffprobeCodec: "mjpeg", fileTypes: [.quickTimeMovie]) {
            try ElementarySources.mjpeg(MuxerTestMedia.url("mjpeg-frames.mjpeg"))
        },
        CodecCase(name: "mpeg4-part2", ffprobeCodec: "mpeg4",
                  fileTypes: [.quickTimeMovie, .mpeg4, .appleM4V, .threeGPP, .threeGPP2]) {
            try ContainerSources.video(MuxerTestMedia.url("mpeg4-part2.mp4"), configuration: "esds")
        },
        CodecCase(name: "av1", ffprobeCodec: "av1", fileTypes: [.quickTimeMovie, .mpeg4], encoder: "libaom-av1") {
            try ContainerSources.video(MuxerTestMedia.url("av1.mp4"), configuration: "av1C")
        },
        CodecCase(name: "aac", ffprobeCodec: "aac", fileTypes: MovieFileType.allCases) {
            try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts"))
        },
        CodecCase(name: "alac", ffprobeCodec: "alac", fileTypes: [.quickTimeMovie, .mpeg4, .appleM4A, .appleM4V]) {
            try ContainerSources.audio(MuxerTestMedia.url("alac-44100-stereo.m4a"), formatID: kAudioFormatAppleLossless,
                                       framesPerPacket: 4096)
        },
        CodecCase(name: "lpcm", ffprobeCodec: "pcm_s16le", fileTypes: [.quickTimeMovie], comparesPackets: false) {
            try ElementarySources.pcm(MuxerTestMedia.url("pcm-s16le-48000-stereo.raw"))
        },
        CodecCase(name: "mp3", ffprobeCodec: "mp3", fileTypes: [.quickTimeMovie, .mpeg4], encoder: "libmp3lame") {
            try ContainerSources.audio(MuxerTestMedia.url("mp3-44100-stereo.mp4"), formatID: kAudioFormatMPEGLayer3,
                                       framesPerPacket: 1152)
        },
        CodecCase(name: "amr-nb", ffprobeCodec: "amr_nb", fileTypes: [.quickTimeMovie, .mpeg4, .threeGPP, .threeGPP2]) {
            // From an encoder when this FFmpeg has one, else made up frame by frame.
            MuxerTestMedia.hasEncoder("libopencore_amrnb")
                ? try ContainerSources.audio(MuxerTestMedia.url("amr-nb-8000-mono.3gp"), formatID: kAudioFormatAMR,
                                             framesPerPacket: 160)
                : try ElementarySources.syntheticAMR()
        },
        CodecCase(name: "opus", ffprobeCodec: "opus", fileTypes: [.quickTimeMovie, .mpeg4], encoder: "libopus") {
            try ContainerSources.audio(MuxerTestMedia.url("opus-48000-stereo.mp4"), formatID: kAudioFormatOpus,
                                       framesPerPacket: 960)
        },
        CodecCase(name: "flac", ffprobeCodec: "flac", fileTypes: [.quickTimeMovie, .mpeg4]) {
            try ContainerSources.audio(MuxerTestMedia.url("flac-48000-stereo.mp4"), formatID: kAudioFormatFLAC,
                                       framesPerPacket: 0)
        },
        CodecCase(name: "ac3", ffprobeCodec: "ac3", fileTypes: [.quickTimeMovie, .mpeg4, .appleM4A, .appleM4V]) {
            try ContainerSources.audio(MuxerTestMedia.url("ac3-48000-stereo.mp4"), formatID: kAudioFormatAC3,
                                       framesPerPacket: 1536)
        },
        CodecCase(name: "eac3", ffprobeCodec: "eac3", fileTypes: [.quickTimeMovie, .mpeg4, .appleM4A, .appleM4V]) {
            try ContainerSources.audio(MuxerTestMedia.url("eac3-48000-stereo.mp4"), formatID: kAudioFormatEnhancedAC3,
                                       framesPerPacket: 1536)
        },
    ]

    /// Every (codec, file type) pair the writer claims.
    static let claimed: [(CodecCase, MovieFileType)] = all.flatMap { codec in codec.fileTypes.map { (codec, $0) } }

    /// Pairs the writer must refuse, as Apple's writers do.
    static let refused: [(CodecCase, MovieFileType)] = [
        (all[2], .mpeg4), (all[3], .mpeg4), (all[0], .appleM4A), (all[8], .mpeg4), (all[8], .appleM4A),
        (all[1], .threeGPP), (all[13], .threeGPP), (all[11], .appleM4A),
    ]

    var isAvailable: Bool { encoder.map(MuxerTestMedia.hasEncoder) ?? true }
}

@Suite("Writer: every claimed file type × codec, judged by ffprobe and ffmpeg")
struct WriterCodecMatrixTests {
    @Test("writes the samples so that ffprobe reads them back one for one",
          arguments: CodecCase.claimed.map { CodecFileType(codec: $0.0, fileType: $0.1) })
    func writesCodec(_ pair: CodecFileType) throws {
        guard pair.codec.isAvailable else { return }
        let source = try pair.codec.make()
        let directory = try TestFiles.makeTemporaryDirectory("matrix-\(pair.codec.name)")
        let output = directory.file("out" + pair.fileType.description)
        try MuxerHarness.write([source], to: output, fileType: pair.fileType)

        let streams = try PacketProbe.streams(output)
        try #require(streams.count == 1, "one stream, found \(streams.count)")
        let stream = streams[0]
        #expect(stream["codec_name"] as? String == pair.codec.ffprobeCodec)
        if source.mediaType == kCMMediaType_Video {
            let dimensions = CMVideoFormatDescriptionGetDimensions(source.description)
            #expect(stream["width"] as? Int == Int(dimensions.width))
            #expect(stream["height"] as? Int == Int(dimensions.height))
        } else if let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(source.description)?.pointee {
            #expect(PacketProbe.int64(stream["sample_rate"]) == Int64(asbd.mSampleRate))
            #expect(stream["channels"] as? Int == Int(asbd.mChannelsPerFrame))
        }
        if pair.codec.comparesPackets {
            try MuxerHarness.expectPackets(output, stream: 0, match: source)
        } else {
            let bytes = try PacketProbe.packets(output).reduce(0) { $0 + $1.size }
            #expect(bytes == source.samples.reduce(0) { $0 + $1.data.count })
        }
        let errors = try ExternalTool.ffmpegDecodeErrors(output)
        #expect(errors.isEmpty, "ffmpeg decode errors: \(errors)")

        // Brands as written: ffprobe's and mediainfo's view of ftyp.
        let format = try PacketProbe.format(output)
        let tags = format["tags"] as? [String: Any] ?? [:]
        let box = pair.fileType.fileTypeBox
        #expect((tags["major_brand"] as? String)?.trimmingCharacters(in: .whitespaces)
                == box.majorBrand.description.trimmingCharacters(in: .whitespaces))
        #expect(PacketProbe.int64(tags["minor_version"]) == Int64(box.minorVersion))
        let mediainfo = try ExternalTool.check("mediainfo", ["--Output=JSON", output.path])
        let general = ((try JSONSerialization.jsonObject(with: mediainfo.standardOutput) as? [String: Any])?["media"]
                       as? [String: Any])?["track"] as? [[String: Any]]
        let brands = box.compatibleBrands.filter { $0.rawValue != 0 }.map { $0.description }.joined(separator: "/")
        #expect(general?.first?["CodecID_Compatible"] as? String == brands, "mediainfo's compatible brands")
    }

    @Test("refuses a codec the file type cannot hold, naming both",
          arguments: CodecCase.refused.map { CodecFileType(codec: $0.0, fileType: $0.1) })
    func refusesCodec(_ pair: CodecFileType) throws {
        guard pair.codec.isAvailable else { return }
        let source = try pair.codec.make()
        let directory = try TestFiles.makeTemporaryDirectory("refuse-\(pair.codec.name)")
        let output = directory.file("out" + pair.fileType.description)
        let writer = try MovieWriter(url: output, fileType: pair.fileType)
        let error = #expect(throws: ContainerWriterError.self) { try writer.addTrack(source.configuration) }
        #expect(error?.code == .unsupportedFormat)
        let subtype = FourCC(rawValue: CMFormatDescriptionGetMediaSubType(source.description)).description
        #expect(error?.message.contains("'\(subtype)'") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains(pair.fileType.description) == true, "\(error?.message ?? "")")
        writer.cancel()
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}

/// A codec and a file type, for parameterised tests.
struct CodecFileType: CustomTestStringConvertible, Sendable {
    var codec: CodecCase
    var fileType: MovieFileType
    var testDescription: String { "\(codec.name) in \(fileType)" }
}
