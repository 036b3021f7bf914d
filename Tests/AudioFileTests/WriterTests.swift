import CoreAudioTypes
import CoreMedia
import Foundation
import MediaContainer
import Testing
@testable import AudioFile
import TestSupport

/// A PCM stream for a writer test: its description, the raw format ffmpeg copies it into, and what ffprobe
/// must then say.
struct PCMWriterCase: Sendable, CustomTestStringConvertible {
    let name: String
    let fileType: AudioFileWriter.FileType
    let pcm: LinearPCM
    let raw: String
    let formatName: String
    let codecName: String
    var layout: ChannelLayout?
    var expectedLayout: String?
    var frames = 4_801

    var testDescription: String { name }

    static func pcm(_ rate: Double, _ channels: Int, bits: Int, bytes: Int? = nil, float: Bool = false,
                    bigEndian: Bool = false, signed: Bool = true) -> LinearPCM {
        LinearPCM(sampleRate: rate, channels: channels, validBits: bits, bytesPerSample: bytes ?? bits / 8,
                  isFloat: float, isBigEndian: bigEndian, isSigned: signed)
    }

    static let all: [PCMWriterCase] = [
        .init(name: "WAVE s16le mono", fileType: .wave, pcm: pcm(44_100, 1, bits: 16), raw: "s16le",
              formatName: "wav", codecName: "pcm_s16le"),
        .init(name: "WAVE u8 mono, odd data size padded", fileType: .wave, pcm: pcm(8_000, 1, bits: 8, signed: false),
              raw: "u8", formatName: "wav", codecName: "pcm_u8"),
        .init(name: "WAVE s24le stereo (extensible)", fileType: .wave, pcm: pcm(48_000, 2, bits: 24), raw: "s24le",
              formatName: "wav", codecName: "pcm_s24le"),
        .init(name: "WAVE s32le stereo", fileType: .wave, pcm: pcm(96_000, 2, bits: 32), raw: "s32le",
              formatName: "wav", codecName: "pcm_s32le"),
        .init(name: "WAVE f32le stereo", fileType: .wave, pcm: pcm(48_000, 2, bits: 32, float: true), raw: "f32le",
              formatName: "wav", codecName: "pcm_f32le"),
        .init(name: "WAVE f64le mono", fileType: .wave, pcm: pcm(22_050, 1, bits: 64, float: true), raw: "f64le",
              formatName: "wav", codecName: "pcm_f64le"),
        .init(name: "WAVE s16le 5.1 with WAVE_5_1_A layout", fileType: .wave, pcm: pcm(48_000, 6, bits: 16),
              raw: "s16le", formatName: "wav", codecName: "pcm_s16le",
              layout: ChannelLayout(tag: kAudioChannelLayoutTag_WAVE_5_1_A), expectedLayout: "5.1(side)"),
        .init(name: "AIFF s16be stereo", fileType: .aiff, pcm: pcm(44_100, 2, bits: 16, bigEndian: true),
              raw: "s16be", formatName: "aiff", codecName: "pcm_s16be"),
        .init(name: "AIFF s24be mono", fileType: .aiff, pcm: pcm(48_000, 1, bits: 24, bigEndian: true),
              raw: "s24be", formatName: "aiff", codecName: "pcm_s24be"),
        .init(name: "AIFF s8 mono, odd data size padded", fileType: .aiff, pcm: pcm(11_025, 1, bits: 8, bigEndian: true),
              raw: "s8", formatName: "aiff", codecName: "pcm_s8"),
        .init(name: "AIFC sowt s16le stereo", fileType: .aifc, pcm: pcm(44_100, 2, bits: 16), raw: "s16le",
              formatName: "aiff", codecName: "pcm_s16le"),
        .init(name: "AIFC NONE s32be", fileType: .aifc, pcm: pcm(48_000, 2, bits: 32, bigEndian: true), raw: "s32be",
              formatName: "aiff", codecName: "pcm_s32be"),
        .init(name: "AIFC fl32 stereo", fileType: .aifc, pcm: pcm(48_000, 2, bits: 32, float: true, bigEndian: true),
              raw: "f32be", formatName: "aiff", codecName: "pcm_f32be"),
        .init(name: "AIFC fl64 mono", fileType: .aifc, pcm: pcm(48_000, 1, bits: 64, float: true, bigEndian: true),
              raw: "f64be", formatName: "aiff", codecName: "pcm_f64be"),
        .init(name: "CAF s16le stereo", fileType: .caf, pcm: pcm(44_100, 2, bits: 16), raw: "s16le",
              formatName: "caf", codecName: "pcm_s16le"),
        .init(name: "CAF f32be mono", fileType: .caf, pcm: pcm(48_000, 1, bits: 32, float: true, bigEndian: true),
              raw: "f32be", formatName: "caf", codecName: "pcm_f32be"),
        .init(name: "CAF s24le quad with bitmap layout", fileType: .caf, pcm: pcm(48_000, 4, bits: 24), raw: "s24le",
              formatName: "caf", codecName: "pcm_s24le",
              layout: ChannelLayout(tag: kAudioChannelLayoutTag_UseChannelBitmap, bitmap: AudioChannelBitmap(rawValue: 0x33)),
              expectedLayout: "quad"),
    ]
}

/// Deterministic sample bytes: a linear congruential sequence, different for every byte.
func testSamples(count: Int, seed: UInt32 = 0x9E37_79B9) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}

/// Float samples that are ordinary numbers (random bytes would make NaNs, which decoders may canonicalise).
func floatSamples(count: Int, bytes: Int, bigEndian: Bool) -> [UInt8] {
    var result: [UInt8] = []
    for index in 0..<count {
        let value = sin(Double(index) * 0.01) * 0.8
        if bytes == 4 {
            let bits = Float(value).bitPattern
            result += withUnsafeBytes(of: bigEndian ? bits.bigEndian : bits.littleEndian, Array.init)
        } else {
            let bits = value.bitPattern
            result += withUnsafeBytes(of: bigEndian ? bits.bigEndian : bits.littleEndian, Array.init)
        }
    }
    return result
}

@Suite("Writers judged by ffprobe and ffmpeg")
struct WriterTests {
    @Test("PCM written, read back by ffprobe, decoded without errors and copied back bit-exact", arguments: PCMWriterCase.all)
    func pcmRoundTrip(_ testCase: PCMWriterCase) throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("out")
        let samples = testCase.pcm.isFloat
            ? floatSamples(count: testCase.frames * testCase.pcm.channels, bytes: testCase.pcm.bytesPerSample,
                           bigEndian: testCase.pcm.isBigEndian)
            : testSamples(count: testCase.frames * testCase.pcm.bytesPerFrame)
        let writer = try AudioFileWriter(url: url, fileType: testCase.fileType,
                                         streamDescription: testCase.pcm.streamDescription, channelLayout: testCase.layout)
        // In uneven pieces, as a real producer appends.
        var position = 0
        var piece = 1
        while position < samples.count {
            let count = min(samples.count - position, piece * testCase.pcm.bytesPerFrame)
            try samples[position..<position + count].withUnsafeBytes { try writer.append($0) }
            position += count
            piece = piece * 3 + 1
        }
        try writer.finish()
        #expect(writer.frameCount == Int64(testCase.frames))

        let json = try ExternalTool.ffprobeJSON(["-show_format", "-show_streams", url.path])
        let format = json["format"] as? [String: Any]
        let stream = (json["streams"] as? [[String: Any]])?.first
        #expect(format?["format_name"] as? String == testCase.formatName)
        #expect(stream?["codec_name"] as? String == testCase.codecName)
        #expect(stream?["sample_rate"] as? String == String(Int(testCase.pcm.sampleRate)))
        #expect(stream?["channels"] as? Int == testCase.pcm.channels)
        #expect(stream?["duration_ts"] as? Int == testCase.frames)
        if let expectedLayout = testCase.expectedLayout {
            #expect(stream?["channel_layout"] as? String == expectedLayout)
        }
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        let copied = try Probe.rawSamples(url, format: testCase.raw)
        let identical = copied == samples
        #expect(identical, "ffmpeg's copy of the samples differs (\(copied.count) bytes, \(samples.count) written)")

        // Our reader agrees (a second opinion, never the only one).
        let reader = try openReader(url)
        #expect(reader.tracks.first?.mediaDuration == Int64(testCase.frames))
    }

    @Test("WAVE becomes RF64 when the RIFF size passes the threshold; ffprobe and mediainfo read it")
    func rf64Switch() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("big.wav")
        var options = AudioFileWriter.Options()
        options.rf64Threshold = 10_000
        let pcm = PCMWriterCase.pcm(48_000, 2, bits: 16)
        let samples = testSamples(count: 12_000 * 4)
        let writer = try AudioFileWriter(url: url, fileType: .wave, streamDescription: pcm.streamDescription,
                                         options: options)
        try samples.withUnsafeBytes { try writer.append($0) }
        try writer.finish()
        let bytes = Array(try Data(contentsOf: url))
        #expect(bytes.starts(with: Array("RF64".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("WAVE".utf8) + Array("ds64".utf8)))
        let stream = try Probe.stream(url)
        #expect(stream.durationTicks == 12_000)
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        #expect(try Probe.rawSamples(url, format: "s16le") == samples)
        #expect(try Probe.mediainfo(url)["SamplingCount"] == "12000")
        let reader = try openReader(url)
        #expect(reader.tracks.first?.mediaDuration == 12_000)

        // Below the threshold the same writer makes plain RIFF, its JUNK chunk reserving the room.
        let small = directory.file("small.wav")
        let plain = try AudioFileWriter(url: small, fileType: .wave, streamDescription: pcm.streamDescription,
                                        options: options)
        try samples.prefix(400).withUnsafeBytes { try plain.append($0) }
        try plain.finish()
        let smallBytes = Array(try Data(contentsOf: small))
        #expect(smallBytes.starts(with: Array("RIFF".utf8)))
        #expect(smallBytes[12..<16].elementsEqual("JUNK".utf8))
        #expect(try Probe.stream(small).durationTicks == 100)
    }

    @Test("metadata is written where each format keeps it, and ffprobe reads it")
    func metadata() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let entries: [MetadataEntry] = [
            .audioFileText(AudioFileInfoKey.title, "Written title"),
            .audioFileText(AudioFileInfoKey.artist, "Written artist"),
            MetadataEntry(keySpace: .id3, key: .fourCC(FourCharacterCode.make("TALB")), value: .string("Unwritable")),
        ]
        for (type, name) in [(AudioFileWriter.FileType.wave, "m.wav"), (.aiff, "m.aiff"), (.caf, "m.caf")] {
            let url = directory.file(name)
            let pcm = PCMWriterCase.pcm(8_000, 1, bits: 16, bigEndian: type == .aiff)
            let writer = try AudioFileWriter(url: url, fileType: type, streamDescription: pcm.streamDescription,
                                             metadata: entries)
            #expect(writer.unwrittenMetadata.count == 1, "\(name): the ID3 frame is reported, not dropped silently")
            try testSamples(count: 200).withUnsafeBytes { try writer.append($0) }
            try writer.finish()
            let json = try ExternalTool.ffprobeJSON(["-show_format", url.path])
            let tags = (json["format"] as? [String: Any])?["tags"] as? [String: Any] ?? [:]
            let lowered = Dictionary(tags.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
            #expect(lowered["title"] as? String == "Written title", "\(name): \(tags)")
            #expect((lowered["artist"] ?? lowered["author"]) as? String == "Written artist", "\(name): \(tags)")
            let reader = try openReader(url)
            #expect(reader.metadata.contains(.audioFileText(AudioFileInfoKey.title, "Written title")))
        }
    }
}
