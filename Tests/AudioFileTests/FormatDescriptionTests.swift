import CoreAudioTypes
import CoreMedia
import Foundation
import MediaFormats
import MediaContainer
import Testing
@testable import AudioFile
import TestSupport

/// The stream descriptions, layouts, cookies and gapless values the readers build, field by field.
@Suite("Format descriptions, layouts, cookies, priming")
struct FormatDescriptionTests {
    func description(_ name: String) throws -> (AudioStreamBasicDescription, CMFormatDescription, ContainerTrack) {
        let reader = try openReader(try GeneratedAudio.url(name))
        let track = try #require(reader.tracks.first)
        let format = try #require(track.formatDescriptions.first)
        return (try #require(format.audioStreamBasicDescription), format, track)
    }

    /// (file, format ID, flags, bytes per packet, frames per packet, bytes per frame, channels, bits): the fields
    /// CoreAudio's AudioFile gives these files (LPCM flags from CoreAudioBaseTypes.h: float 1, big-endian 2,
    /// signed 4, packed 8, aligned high 16).
    static let expected: [(String, AudioFormatID, AudioFormatFlags, UInt32, UInt32, UInt32, UInt32, UInt32)] = [
        ("wav-s16le-mono-list-info.wav", kAudioFormatLinearPCM, 4 | 8, 2, 1, 2, 1, 16),
        ("wav-u8-mono-odd-data-size.wav", kAudioFormatLinearPCM, 8, 1, 1, 1, 1, 8),
        ("wav-s24le-stereo-extensible.wav", kAudioFormatLinearPCM, 4 | 8, 6, 1, 6, 2, 24),
        ("wav-f32le-stereo-float.wav", kAudioFormatLinearPCM, 1 | 8, 8, 1, 8, 2, 32),
        ("wav-f64le-mono-float.wav", kAudioFormatLinearPCM, 1 | 8, 8, 1, 8, 1, 64),
        ("wav-alaw-g711.wav", kAudioFormatALaw, 0, 1, 1, 1, 1, 8),
        ("wav-mulaw-g711.wav", kAudioFormatULaw, 0, 1, 1, 1, 1, 8),
        // FFmpeg's IMA ADPCM encoder writes 1024-byte blocks; the fmt extension gives 1017 frames for two channels.
        ("wav-ima-adpcm-blocks.wav", kAudioFormatDVIIntelIMA, 0, 1024, 1017, 0, 2, 0),
        ("aiff-s16be-stereo-text-chunks.aiff", kAudioFormatLinearPCM, 2 | 4 | 8, 4, 1, 4, 2, 16),
        ("aiff-s8-mono.aiff", kAudioFormatLinearPCM, 2 | 4 | 8, 1, 1, 1, 1, 8),
        ("aifc-sowt-s16le.aifc", kAudioFormatLinearPCM, 4 | 8, 4, 1, 4, 2, 16),
        ("aifc-fl32-float.aifc", kAudioFormatLinearPCM, 1 | 2 | 8, 8, 1, 8, 2, 32),
        ("aifc-ulaw.aifc", kAudioFormatULaw, 0, 1, 1, 1, 1, 8),
        ("aifc-ima4-packets.aifc", kAudioFormatAppleIMA4, 0, 34, 64, 0, 1, 0),
        ("caf-lpcm-s16le.caf", kAudioFormatLinearPCM, 4 | 8, 4, 1, 4, 2, 16),
        ("caf-lpcm-f32be.caf", kAudioFormatLinearPCM, 1 | 2 | 8, 4, 1, 4, 1, 32),
        ("caf-alac-frma-atom-cookie.caf", kAudioFormatAppleLossless, 0, 0, 4096, 0, 2, 0),
        ("caf-opus-no-cookie.caf", kAudioFormatOpus, 0, 0, 960, 0, 2, 0),
        ("amr-nb-speech-modes.amr", kAudioFormatAMR, 0, 0, 160, 0, 1, 0),
        ("amr-wb-speech-modes.awb", kAudioFormatAMR_WB, 0, 0, 320, 0, 1, 0),
        ("mp3-cbr-info-lame-tag.mp3", kAudioFormatMPEGLayer3, 0, 0, 1152, 0, 2, 0),
        ("mp3-mpeg2-22khz-id3v1.mp3", kAudioFormatMPEGLayer3, 0, 0, 576, 0, 1, 0),
        ("mp2-layer2-48khz.mp2", kAudioFormatMPEGLayer2, 0, 0, 1152, 0, 2, 0),
        // AAC: mFormatFlags is the MPEG-4 audio object type (kMPEG4Object_AAC_LC = 2, CoreAudioTypes.h).
        ("adts-aac-lc-mono.aac", kAudioFormatMPEG4AAC, 2, 0, 1024, 0, 1, 0),
    ]

    @Test("stream descriptions are filled as CoreAudio fills them", arguments: expected.indices)
    func streamDescriptions(_ index: Int) throws {
        let (name, formatID, flags, bytesPerPacket, framesPerPacket, bytesPerFrame, channels, bits) = Self.expected[index]
        let (asbd, format, _) = try description(name)
        #expect(asbd.mFormatID == formatID, "\(name)")
        #expect(asbd.mFormatFlags == flags, "\(name): flags \(asbd.mFormatFlags)")
        #expect(asbd.mBytesPerPacket == bytesPerPacket, "\(name)")
        #expect(asbd.mFramesPerPacket == framesPerPacket, "\(name)")
        #expect(asbd.mBytesPerFrame == bytesPerFrame, "\(name)")
        #expect(asbd.mChannelsPerFrame == channels, "\(name)")
        #expect(asbd.mBitsPerChannel == bits, "\(name)")
        #expect(CMFormatDescriptionGetMediaType(format) == kCMMediaType_Audio)
        #expect(CMFormatDescriptionGetMediaSubType(format) == formatID)
    }

    @Test("WAVE_FORMAT_EXTENSIBLE speaker masks become bitmap layouts (ffprobe: 5.1 is FL FR FC LFE BL BR)")
    func extensibleLayout() throws {
        let (_, format, _) = try description("wav-s16le-5.1-extensible-mask.wav")
        var size = 0
        let layout = try #require(CMAudioFormatDescriptionGetChannelLayout(format, sizeOut: &size))
        #expect(layout.pointee.mChannelLayoutTag == kAudioChannelLayoutTag_UseChannelBitmap)
        #expect(layout.pointee.mChannelBitmap.rawValue == 0x3F)
        #expect(try Probe.stream(try GeneratedAudio.url("wav-s16le-5.1-extensible-mask.wav")).channelLayout == "5.1")
    }

    @Test("CAF chan layouts are kept; files without one get mono or stereo, as the MOV/MP4 reader gives them", arguments: [
        ("caf-lpcm-s16le.caf", kAudioChannelLayoutTag_Stereo), ("wav-s16le-mono-list-info.wav", kAudioChannelLayoutTag_Mono),
        ("mp3-cbr-info-lame-tag.mp3", kAudioChannelLayoutTag_Stereo), ("adts-aac-lc-stereo-48k-id3.aac", kAudioChannelLayoutTag_Stereo),
    ])
    func layouts(_ name: String, _ tag: AudioChannelLayoutTag) throws {
        let (_, format, _) = try description(name)
        let layout = try #require(CMAudioFormatDescriptionGetChannelLayout(format, sizeOut: nil))
        #expect(layout.pointee.mChannelLayoutTag == tag)
    }

    /// The AudioSpecificConfig FFmpeg makes when it moves the ADTS stream into MP4 (its aac_adtstoasc filter),
    /// read from the `esds` it writes: an oracle for ours.
    func ffmpegAudioSpecificConfig(_ url: URL) throws -> [UInt8] {
        let directory = try TestFiles.makeTemporaryDirectory()
        let mp4 = directory.file("remux.mp4")
        try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-c", "copy", mp4.path])
        let bytes = Array(try Data(contentsOf: mp4))
        let marker = Array("esds".utf8)
        let start = try #require((4..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(marker) })
        let size = bytes[start - 4..<start].reduce(0) { $0 << 8 | Int($1) }
        // The esds payload after its version and flags is the ES_Descriptor.
        let descriptor = try ESDescriptor(parsing: Array(bytes[start + 8..<start - 4 + size]))
        return try #require(descriptor.decoderConfig?.decoderSpecificInfo)
    }

    @Test("ADTS: the AudioSpecificConfig in our ES_Descriptor cookie is FFmpeg's, program config element included",
          arguments: ["adts-aac-lc-mono.aac", "adts-aac-lc-stereo-48k-id3.aac", "adts-aac-pce-channel-config-0.aac"])
    func adtsCookie(_ name: String) throws {
        let (_, format, _) = try description(name)
        let cookie = try #require(format.magicCookie.map(Array.init))
        #expect(cookie.first == 0x03, "the cookie is an ES_Descriptor (tag 3)")
        let ours = try MagicCookie.audioSpecificConfig(fromCookie: cookie)
        let theirs = try ffmpegAudioSpecificConfig(try GeneratedAudio.url(name))
        #expect(ours == theirs, "ours \(ours), FFmpeg's \(theirs)")
        if name.contains("pce") { #expect(ours.count > 2 && ours[1] & 0x78 == 0, "channel configuration 0 plus a PCE") }
    }

    @Test("CAF ALAC: the frma/alac atoms are unwrapped to the 24-byte ALACSpecificConfig")
    func alacCookie() throws {
        let (_, format, _) = try description("caf-alac-frma-atom-cookie.caf")
        let cookie = try #require(format.magicCookie.map(Array.init))
        #expect(cookie.count == 24)
        let config = try ALACSpecificConfig(parsing: cookie)
        let json = try ExternalTool.ffprobeJSON(["-show_streams", try GeneratedAudio.url("caf-alac-frma-atom-cookie.caf").path])
        let stream = (json["streams"] as? [[String: Any]])?.first
        #expect(String(config.bitDepth) == stream?["bits_per_raw_sample"] as? String)
        #expect(config.frameLength == 4096 && config.numberOfChannels == 2 && config.sampleRate == 44_100)
    }

    @Test("CAF Opus without a cookie gets a family-0 dOps that ISOBMFF parses")
    func opusCookie() throws {
        let (_, format, _) = try description("caf-opus-no-cookie.caf")
        let dOps = try OpusSpecificConfig(parsing: try #require(format.magicCookie.map(Array.init)))
        #expect(dOps.outputChannelCount == 2 && dOps.channelMappingFamily == 0 && dOps.inputSampleRate == 48_000)
    }

    @Test("MP3 priming and remainder are ffprobe's skip samples and discard padding (LAME delay + 529, padding − 529)",
          arguments: ["mp3-vbr-xing-lame-tag-id3v2.mp3", "mp3-cbr-info-lame-tag.mp3", "mp3-mpeg2-22khz-id3v1.mp3"])
    func mp3Gapless(_ name: String) throws {
        let url = try GeneratedAudio.url(name)
        let (_, _, track) = try description(name)
        let json = try ExternalTool.ffprobeJSON(["-show_packets", "-show_entries", "packet=pts:packet_side_data", url.path])
        let packets = json["packets"] as? [[String: Any]] ?? []
        func side(_ packet: [String: Any]?, _ key: String) -> Int64 {
            let list = packet?["side_data_list"] as? [[String: Any]] ?? []
            return Int64(list.first { $0["side_data_type"] as? String == "Skip Samples" }?[key] as? Int ?? 0)
        }
        #expect(track.priming == side(packets.first, "skip_samples"))
        #expect(track.remainder == side(packets.last, "discard_padding"))
        #expect(track.priming > 529)
    }

    @Test("an MP3 without a LAME tag has no priming (nothing says how much)")
    func mp3WithoutTag() throws {
        let (_, _, track) = try description("mp3-mpeg25-8khz-no-xing.mp3")
        #expect(track.priming == 0 && track.remainder == 0)
    }

    @Test("iTunSMPB in an ID3 comment takes precedence over the LAME tag")
    func iTunSMPB() throws {
        let original = try GeneratedAudio.bytes("mp3-vbr-xing-lame-tag-id3v2.mp3")
        let tagSize = 10 + original[6..<10].reduce(0) { $0 << 7 | Int($1) }
        let text = Array(" 00000000 00000840 000001B4 0000000000005000".utf8)
        let comment = Array("COMM".utf8) + withUnsafeBytes(of: UInt32(4 + 9 + text.count).bigEndian, Array.init) + [0, 0]
            + [0] + Array("eng".utf8) + Array("iTunSMPB".utf8) + [0] + text
        let size = comment.count
        let header = Array("ID3".utf8) + [3, 0, 0, UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F),
                                          UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F)]
        let data = AudioFileData(copying: header + comment + original[tagSize...])
        let contents = try MP3Reader.parse(data)
        #expect(contents.priming == 0x840 && contents.remainder == 0x1B4)
    }

    @Test("the PCM table of a two-hour 48 kHz stereo WAVE stays a few hundred bytes (sparse file, nothing read)")
    func twoHourWAVE() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("two-hours.wav")
        let frames: UInt64 = 2 * 3600 * 48_000
        let dataBytes = frames * 4
        var header = Array("RIFF".utf8) + withUnsafeBytes(of: UInt32(36 + dataBytes).littleEndian, Array.init)
        header += Array("WAVEfmt ".utf8) + withUnsafeBytes(of: UInt32(16).littleEndian, Array.init)
        header += [1, 0, 2, 0] + withUnsafeBytes(of: UInt32(48_000).littleEndian, Array.init)
        header += withUnsafeBytes(of: UInt32(192_000).littleEndian, Array.init) + [4, 0, 16, 0]
        header += Array("data".utf8) + withUnsafeBytes(of: UInt32(dataBytes).littleEndian, Array.init)
        try Data(header).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(header.count) + dataBytes)
        try handle.close()
        let reader = try openReader(url)
        let table = try #require(try reader.tracks.first?.samples.table())
        #expect(table.durations.cumulativeSumAtEnd == Int64(frames))
        #expect(table.count == Int(frames), "a sample per frame, as Apple counts linear PCM")
        #expect(table.offsetStorage == .runs(firstSamples: [0], offsets: [44]))
        #expect(table.constantSize?.size == 4)
        #expect(table.durations.runCount == 1)
        #expect(table.offset(at: table.count - 1) == 44 + UInt64(table.count - 1) * 4)
        #expect(table.sampleIndex(containingDecodeTime: Int64(frames) - 1) == table.count - 1)
    }

    @Test("RF64 sizes from ds64 past 4 GiB (sparse file)")
    func rf64PastFourGiB() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("huge.wav")
        let dataBytes: UInt64 = 5 << 30
        var header = Array("RF64".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("WAVE".utf8)
        header += Array("ds64".utf8) + withUnsafeBytes(of: UInt32(28).littleEndian, Array.init)
        header += withUnsafeBytes(of: (dataBytes + 72).littleEndian, Array.init)
        header += withUnsafeBytes(of: dataBytes.littleEndian, Array.init)
        header += withUnsafeBytes(of: (dataBytes / 4).littleEndian, Array.init) + [0, 0, 0, 0]
        header += Array("fmt ".utf8) + withUnsafeBytes(of: UInt32(16).littleEndian, Array.init)
        header += [1, 0, 2, 0] + withUnsafeBytes(of: UInt32(48_000).littleEndian, Array.init)
        header += withUnsafeBytes(of: UInt32(192_000).littleEndian, Array.init) + [4, 0, 16, 0]
        header += Array("data".utf8) + [0xFF, 0xFF, 0xFF, 0xFF]
        try Data(header).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(header.count) + dataBytes)
        try handle.close()
        let reader = try openReader(url)
        #expect(reader.tracks.first?.mediaDuration == Int64(dataBytes / 4))
    }
}
