import CoreAudioTypes
import CoreMedia
import Foundation
import ISOBMFF
import Testing
@testable import MovieFile
import MediaFormats
import TestSupport

/// The payloads of every box of type `type` in `bytes`, found by a plain byte scan (test-side only, so our own
/// parser is not the judge): four type bytes behind a size that fits.
func scannedBoxPayloads(_ type: String, in bytes: [UInt8]) -> [[UInt8]] {
    let code = Array(type.utf8)
    var payloads: [[UInt8]] = []
    for index in 4..<max(4, bytes.count - 4) where bytes[index..<index + 4].elementsEqual(code) {
        let size = bytes[(index - 4)..<index].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 8, index - 4 + size <= bytes.count else { continue }
        payloads.append(Array(bytes[(index + 4)..<(index - 4 + size)]))
    }
    return payloads
}

/// One audio codec whose configuration box the writer builds from the cookie.
struct ConfigurationCase: CustomTestStringConvertible, Sendable {
    let file: String
    let formatID: AudioFormatID
    let framesPerPacket: UInt32
    /// The codec configuration box.
    let box: String
    let fileTypes: [MovieFileType]
    var encoder: String?
    var testDescription: String { file }

    static let all: [ConfigurationCase] = [
        ConfigurationCase(file: "alac-44100-stereo.m4a", formatID: kAudioFormatAppleLossless, framesPerPacket: 4096,
                          box: "alac", fileTypes: [.mpeg4, .quickTimeMovie]),
        ConfigurationCase(file: "mp3-44100-stereo.mp4", formatID: kAudioFormatMPEGLayer3, framesPerPacket: 1152,
                          box: "esds", fileTypes: [.mpeg4], encoder: "libmp3lame"),
        ConfigurationCase(file: "opus-48000-stereo.mp4", formatID: kAudioFormatOpus, framesPerPacket: 960, box: "dOps",
                          fileTypes: [.mpeg4, .quickTimeMovie], encoder: "libopus"),
        ConfigurationCase(file: "flac-48000-stereo.mp4", formatID: kAudioFormatFLAC, framesPerPacket: 0, box: "dfLa",
                          fileTypes: [.mpeg4, .quickTimeMovie]),
        ConfigurationCase(file: "ac3-48000-stereo.mp4", formatID: kAudioFormatAC3, framesPerPacket: 1536, box: "dac3",
                          fileTypes: [.mpeg4, .quickTimeMovie]),
        ConfigurationCase(file: "eac3-48000-stereo.mp4", formatID: kAudioFormatEnhancedAC3, framesPerPacket: 1536,
                          box: "dec3", fileTypes: [.mpeg4, .quickTimeMovie]),
        ConfigurationCase(file: "amr-nb-8000-mono.3gp", formatID: kAudioFormatAMR, framesPerPacket: 160, box: "damr",
                          fileTypes: [.threeGPP, .mpeg4], encoder: "libopencore_amrnb"),
    ]
}

@Suite("Writer: codec configuration boxes go through the typed boxes the reader parses, byte for byte")
struct WriterCodecConfigurationTests {
    /// The codec box of `type` in a file: for `alac`, the one inside the sample entry of the same name (36 bytes).
    private func configurationPayload(_ type: String, in url: URL) throws -> [UInt8] {
        let payloads = scannedBoxPayloads(type, in: [UInt8](try Data(contentsOf: url)))
        let payload = type == "alac" ? payloads.first { $0.count == 28 } : payloads.first
        return try #require(payload, "no '\(type)' in \(url.lastPathComponent)")
    }

    @Test("ffmpeg's codec box, read into a cookie and written back, is ffmpeg's codec box byte for byte",
          arguments: ConfigurationCase.all)
    func sameBytes(_ testCase: ConfigurationCase) throws {
        if let encoder = testCase.encoder, !MuxerTestMedia.hasEncoder(encoder) { return }
        let url = try MuxerTestMedia.url(testCase.file)
        let theirs = try configurationPayload(testCase.box, in: url)
        let source = try ContainerSources.audio(url, formatID: testCase.formatID, framesPerPacket: testCase.framesPerPacket)
        let directory = try TestFiles.makeTemporaryDirectory("config-\(testCase.box)")
        for fileType in testCase.fileTypes {
            let output = directory.file("out" + fileType.description)
            try MuxerHarness.write([source], to: output, fileType: fileType)
            #expect(try configurationPayload(testCase.box, in: output) == theirs, "\(testCase.box) in \(fileType)")
        }
    }

    @Test("video: ffmpeg's avcC, hvcC and av1C go out through the typed boxes byte for byte", arguments: [
        ("roundtrip-h264-aac-timecode.mov", "avcC", "libx264"), ("roundtrip-hevc-pcm.mov", "hvcC", "libx265"),
        ("av1.mp4", "av1C", "libaom-av1"),
    ])
    func videoSameBytes(_ file: String, _ box: String, _ encoder: String) throws {
        if !MuxerTestMedia.hasEncoder(encoder) { return }
        let url = try MuxerTestMedia.url(file)
        let theirs = try configurationPayload(box, in: url)
        let source = try ContainerSources.video(url, configuration: try #require(FourCC(box)))
        let directory = try TestFiles.makeTemporaryDirectory("config-\(box)")
        for fileType in [MovieFileType.mpeg4, .quickTimeMovie] {
            let output = directory.file("out" + fileType.description)
            try MuxerHarness.write([source], to: output, fileType: fileType)
            #expect(try configurationPayload(box, in: output) == theirs, "\(box) in \(fileType)")
            #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
        }
    }

    @Test("a video configuration record its box cannot read is refused, naming the codec and the box")
    func malformedVideoConfiguration() throws {
        let url = try MuxerTestMedia.url("roundtrip-h264-aac-timecode.mov")
        var source = try ContainerSources.video(url, configuration: "avcC")
        var broken: CMFormatDescription?
        CMVideoFormatDescriptionCreate(
            allocator: nil, codecType: kCMVideoCodecType_H264, width: 64, height: 48,
            extensions: [kCMFormatDescriptionExtension_SampleDescriptionExtensionAtoms: ["avcC": Data([1, 0x64])]],
            formatDescriptionOut: &broken)
        source.description = try #require(broken)
        let directory = try TestFiles.makeTemporaryDirectory("config-video-malformed")
        #expect { try MuxerHarness.write([source], to: directory.file("out.mp4"), fileType: .mpeg4) } throws: { error in
            "\(error)".contains("avc1") && "\(error)".contains("avcC")
        }
    }

    @Test("FLAC: the convention's cookie (the whole dfLa payload) writes the same dfLa as the older form")
    func flacCookieForms() throws {
        let url = try MuxerTestMedia.url("flac-48000-stereo.mp4")
        let theirs = try configurationPayload("dfLa", in: url)
        let source = try ContainerSources.audio(url, formatID: kAudioFormatFLAC, framesPerPacket: 0)
        let asbd = try #require(CMAudioFormatDescriptionGetStreamBasicDescription(source.description)?.pointee)
        var whole = source
        whole.description = try ElementarySources.audioDescription(asbd, cookie: theirs)
        let directory = try TestFiles.makeTemporaryDirectory("config-flac-forms")
        let output = directory.file("whole.mp4")
        try MuxerHarness.write([whole], to: output, fileType: .mpeg4)
        #expect(try configurationPayload("dfLa", in: output) == theirs)
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
    }

    @Test("a cookie its codec box cannot read is refused, naming the codec")
    func malformedCookie() throws {
        let url = try MuxerTestMedia.url("ac3-48000-stereo.mp4")
        var source = try ContainerSources.audio(url, formatID: kAudioFormatAC3, framesPerPacket: 1536)
        let asbd = try #require(CMAudioFormatDescriptionGetStreamBasicDescription(source.description)?.pointee)
        source.description = try ElementarySources.audioDescription(asbd, cookie: [0x10, 0x3D])
        let directory = try TestFiles.makeTemporaryDirectory("config-malformed")
        #expect { try MuxerHarness.write([source], to: directory.file("out.mp4"), fileType: .mpeg4) } throws: { error in
            "\(error)".contains("AC-3") && "\(error)".contains("dac3")
        }
    }

    @Test("AAC without a cookie: the esds is made from the stream description, laid out as before (4-byte lengths)")
    func aacWithoutCookie() throws {
        var source = try ElementarySources.adts(MuxerTestMedia.url("aac-lc-44100-stereo.adts"))
        let asbd = try #require(CMAudioFormatDescriptionGetStreamBasicDescription(source.description)?.pointee)
        source.description = try ElementarySources.audioDescription(asbd, cookie: [])
        let directory = try TestFiles.makeTemporaryDirectory("config-aac-no-cookie")
        let output = directory.file("out.mp4")
        try MuxerHarness.write([source], to: output, fileType: .mpeg4)
        // ES_Descriptor (ES_ID 0, no flags) > DecoderConfigDescriptor (0x40, audio, no sizes) > DecoderSpecificInfo
        // (AAC LC, 44.1 kHz, stereo: 0x12 0x10) and SLConfigDescriptor (predefined 2): the bytes ESDBoxBytes built.
        let specificInfo: [UInt8] = [0x05, 0x80, 0x80, 0x80, 2, 0x12, 0x10]
        let decoderConfig: [UInt8] = [0x04, 0x80, 0x80, 0x80, UInt8(13 + specificInfo.count), 0x40, 0x15]
            + [UInt8](repeating: 0, count: 11) + specificInfo
        let slConfig: [UInt8] = [0x06, 0x80, 0x80, 0x80, 1, 2]
        let descriptor: [UInt8] = [0x03, 0x80, 0x80, 0x80, UInt8(3 + decoderConfig.count + slConfig.count), 0, 0, 0]
            + decoderConfig + slConfig
        #expect(try configurationPayload("esds", in: output) == [0, 0, 0, 0] + descriptor)
        #expect(try ExternalTool.ffmpegDecodeErrors(output).isEmpty)
    }
}
