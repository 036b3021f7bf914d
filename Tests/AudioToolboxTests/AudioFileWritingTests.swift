import AudioToolbox
import Foundation
import Testing
import TestSupport

/// AudioFileCreateWithURL and AudioFileWritePackets: packets copied from one file to another come out in ffprobe
/// byte for byte, the files decode cleanly in ffmpeg, and nothing is overwritten or left behind by a failure.
@Suite("AudioFile writing")
struct AudioFileWritingTests {
    /// Copies every packet of `source` into a new file of `fileType` at `url`, with its cookie and packet table.
    static func copy(_ source: URL, to url: URL, fileType: AudioFileTypeID) throws {
        let input = try AudioFileTests.open(source)
        defer { _ = AudioFileClose(input) }
        var format = try AudioFileTests.property(input, kAudioFilePropertyDataFormat, AudioStreamBasicDescription())
        var output: AudioFileID?
        try #require(AudioFileCreateWithURL(url as CFURL, fileType, &format, [], &output) == noErr)
        let file = try #require(output)
        var cookieSize: UInt32 = 0
        if AudioFileGetPropertyInfo(input, kAudioFilePropertyMagicCookieData, &cookieSize, nil) == noErr {
            var cookie = try AudioFileTests.bytes(input, kAudioFilePropertyMagicCookieData)
            #expect(AudioFileSetProperty(file, kAudioFilePropertyMagicCookieData, UInt32(cookie.count), &cookie)
                == noErr)
        }
        let packets = try AudioFileTests.packets(input)
        for (index, packet) in packets.enumerated() {
            var description = AudioStreamPacketDescription(mStartOffset: 0, mVariableFramesInPacket: 0,
                                                           mDataByteSize: UInt32(packet.count))
            var number: UInt32 = 1
            let status = packet.withUnsafeBytes { bytes in
                AudioFileWritePackets(file, false, UInt32(packet.count), &description, Int64(index), &number,
                                      bytes.baseAddress!)
            }
            try #require(status == noErr && number == 1, "packet \(index): \(status)")
        }
        var table = AudioFilePacketTableInfo()
        var size = UInt32(MemoryLayout<AudioFilePacketTableInfo>.size)
        if AudioFileGetProperty(input, kAudioFilePropertyPacketTableInfo, &size, &table) == noErr {
            #expect(AudioFileSetProperty(file, kAudioFilePropertyPacketTableInfo, size, &table) == noErr)
        }
        #expect(try AudioFileTests.property(file, kAudioFilePropertyAudioDataPacketCount, UInt64(0))
            == UInt64(packets.count))
        #expect(AudioFileClose(file) == noErr)
    }

    @Test("AAC packets copied into CAF and M4A: ffprobe's packets equal the source's; clean decode; priming kept",
          arguments: [(kAudioFileCAFType, "caf"), (kAudioFileM4AType, "m4a")])
    func copiesAAC(fileType: AudioFileTypeID, ext: String) throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = try AudioFileTests.aac()
        let url = directory.file("copy.\(ext)")
        try Self.copy(source, to: url, fileType: fileType)
        let ours = try AudioFileTests.probePackets(url)
        let theirs = try AudioFileTests.probePackets(source)
        #expect(ours.map(\.size) == theirs.map(\.size))
        #expect(ours.map(\.hash) == theirs.map(\.hash))
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)
        #expect(try AudioFileTests.probeStream(url)["codec_name"] as? String == "aac")
        // Read back through our reader: the same priming and valid frames.
        let file = try AudioFileTests.open(url)
        defer { _ = AudioFileClose(file) }
        let table = try AudioFileTests.property(file, kAudioFilePropertyPacketTableInfo, AudioFilePacketTableInfo())
        #expect(table.mPrimingFrames == 1_024 && table.mNumberValidFrames == 22_050)
    }

    @Test("ALAC packets from a CAF into M4A, PCM frames into WAVE and AIFF: streams equal the source's")
    func copiesOthers() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let alac = directory.file("copy.m4a")
        try Self.copy(try AudioFileTests.alac(), to: alac, fileType: kAudioFileM4AType)
        #expect(try AudioFileTests.probePackets(alac).map(\.hash)
            == AudioFileTests.probePackets(try AudioFileTests.alac()).map(\.hash))
        #expect(try ExternalTool.ffmpegDecodeErrors(alac).isEmpty)

        let wave = directory.file("copy.wav")
        try Self.copy(try AudioFileTests.wave(), to: wave, fileType: kAudioFileWAVEType)
        #expect(try AudioFileTests.streamHash(wave) == AudioFileTests.streamHash(try AudioFileTests.wave()))
        let stream = try AudioFileTests.probeStream(wave)
        #expect(stream["codec_name"] as? String == "pcm_s16le" && stream["channels"] as? Int == 2)
        #expect(stream["duration_ts"] as? Int == 22_050)
    }

    @Test("Creating: no overwrite without eraseFile, types and formats refused with Apple's codes, nothing left")
    func refusesBadCreation() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let existing = directory.file("existing.caf")
        try Data("keep me".utf8).write(to: existing)
        var pcm = AudioStreamBasicDescription(mSampleRate: 8_000, mFormatID: kAudioFormatLinearPCM,
                                              mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                              mBytesPerPacket: 2, mFramesPerPacket: 1, mBytesPerFrame: 2,
                                              mChannelsPerFrame: 1, mBitsPerChannel: 16, mReserved: 0)
        var file: AudioFileID?
        #expect(AudioFileCreateWithURL(existing as CFURL, kAudioFileCAFType, &pcm, [], &file)
            == kAudioFilePermissionsError)
        #expect(file == nil)
        #expect(try Data(contentsOf: existing) == Data("keep me".utf8))
        var aac = AudioStreamBasicDescription()
        aac.mFormatID = kAudioFormatMPEG4AAC
        aac.mSampleRate = 44_100
        aac.mChannelsPerFrame = 2
        aac.mFramesPerPacket = 1_024
        // AAC in WAVE, PCM in M4A, an MP3 file, a format with no channels: nothing is made.
        #expect(AudioFileCreateWithURL(directory.file("aac.wav") as CFURL, kAudioFileWAVEType, &aac, [], &file)
            == kAudioFileUnsupportedDataFormatError)
        #expect(AudioFileCreateWithURL(directory.file("pcm.m4a") as CFURL, kAudioFileM4AType, &pcm, [], &file)
            == kAudioFileUnsupportedDataFormatError)
        #expect(AudioFileCreateWithURL(directory.file("out.mp3") as CFURL, kAudioFileMP3Type, &pcm, [], &file)
            == kAudioFileUnsupportedFileTypeError)
        var empty = pcm
        empty.mChannelsPerFrame = 0
        #expect(AudioFileCreateWithURL(directory.file("none.caf") as CFURL, kAudioFileCAFType, &empty, [], &file)
            == kAudioFileUnsupportedDataFormatError)
        // A bad create with eraseFile keeps the old file too.
        #expect(AudioFileCreateWithURL(existing as CFURL, kAudioFileMP3Type, &pcm, .eraseFile, &file)
            == kAudioFileUnsupportedFileTypeError)
        #expect(try Data(contentsOf: existing) == Data("keep me".utf8))
        #expect(file == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["existing.caf"])

        // With eraseFile it is replaced.
        #expect(AudioFileCreateWithURL(existing as CFURL, kAudioFileCAFType, &pcm, .eraseFile, &file) == noErr)
        let ref = try #require(file)
        let samples = [Int16](repeating: 1_000, count: 800)
        var number: UInt32 = 800
        // Packets go at the end: a gap or an overlap is 'pck?'.
        #expect(AudioFileWritePackets(ref, false, 1_600, nil, 5, &number, samples)
            == kAudioFileInvalidPacketOffsetError)
        number = 800
        #expect(AudioFileWritePackets(ref, false, 100, nil, 0, &number, samples) == kAudio_ParamError)
        number = 800
        #expect(AudioFileWritePackets(ref, false, 1_600, nil, 0, &number, samples) == noErr && number == 800)
        // PCM has no packet table; the cookie cannot change once packets are written.
        var table = AudioFilePacketTableInfo(mNumberValidFrames: 800, mPrimingFrames: 0, mRemainderFrames: 0)
        #expect(AudioFileSetProperty(ref, kAudioFilePropertyPacketTableInfo, 16, &table)
            == kAudioFileUnsupportedPropertyError)
        var bytes: UInt32 = 100
        var packets: UInt32 = 1
        var out = [UInt8](repeating: 0, count: 100)
        #expect(AudioFileReadPacketData(ref, false, &bytes, nil, 0, &packets, &out) == kAudioFilePermissionsError)
        #expect(AudioFileClose(ref) == noErr)
        let stream = try AudioFileTests.probeStream(existing)
        #expect(stream["codec_name"] as? String == "pcm_s16le" && stream["duration_ts"] as? Int == 800)
        #expect(try ExternalTool.ffmpegDecodeErrors(existing).isEmpty)
    }

    @Test("AAC without descriptions is -50; a packet table must add up to the frames written; priming is kept")
    func refusesBadPackets() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let source = try AudioFileTests.open(try AudioFileTests.aac())
        defer { _ = AudioFileClose(source) }
        var aac = try AudioFileTests.property(source, kAudioFilePropertyDataFormat, AudioStreamBasicDescription())
        var cookie = try AudioFileTests.bytes(source, kAudioFilePropertyMagicCookieData)
        var file: AudioFileID?
        let url = directory.file("out.caf")
        try #require(AudioFileCreateWithURL(url as CFURL, kAudioFileCAFType, &aac, [], &file) == noErr)
        let ref = try #require(file)
        #expect(AudioFileSetProperty(ref, kAudioFilePropertyMagicCookieData, UInt32(cookie.count), &cookie) == noErr)
        var buffer = [UInt8](repeating: 0, count: 8_192)
        var descriptions = [AudioStreamPacketDescription](repeating: .init(), count: 3)
        var bytes = UInt32(buffer.count)
        var number: UInt32 = 3
        try #require(AudioFileReadPacketData(source, false, &bytes, &descriptions, 0, &number, &buffer) == noErr)
        try #require(number == 3)
        #expect(AudioFileWritePackets(ref, false, bytes, nil, 0, &number, buffer) == kAudio_ParamError && number == 0)
        number = 3
        #expect(AudioFileWritePackets(ref, false, bytes, descriptions, 0, &number, buffer) == noErr && number == 3)
        // The cookie is in the header, written with the first packet: it cannot change now.
        #expect(AudioFileSetProperty(ref, kAudioFilePropertyMagicCookieData, UInt32(cookie.count), &cookie)
            == kAudioFileOperationNotSupportedError)
        var table = AudioFilePacketTableInfo(mNumberValidFrames: 1_000, mPrimingFrames: 0, mRemainderFrames: 0)
        #expect(AudioFileSetProperty(ref, kAudioFilePropertyPacketTableInfo, 16, &table) == kAudio_ParamError)
        table = AudioFilePacketTableInfo(mNumberValidFrames: 3 * 1_024 - 1_024 - 100, mPrimingFrames: 1_024,
                                         mRemainderFrames: 100)
        #expect(AudioFileSetProperty(ref, kAudioFilePropertyPacketTableInfo, 16, &table) == noErr)
        #expect(AudioFileClose(ref) == noErr)
        #expect(try AudioFileTests.probePackets(url).count == 3)
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)
        let written = try AudioFileTests.open(url)
        defer { _ = AudioFileClose(written) }
        let read = try AudioFileTests.property(written, kAudioFilePropertyPacketTableInfo, AudioFilePacketTableInfo())
        #expect(read.mPrimingFrames == 1_024 && read.mRemainderFrames == 100 && read.mNumberValidFrames == 1_948)
    }
}
