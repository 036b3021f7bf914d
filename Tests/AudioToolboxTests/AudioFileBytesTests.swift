import AudioToolbox
import Foundation
import Testing
import TestSupport

/// AudioFileReadBytes and AudioFileWriteBytes: the audio data's bytes as Python's `wave` module and ffmpeg give them,
/// bytes written into a PCM file that ffmpeg decodes to exactly those samples, and Apple's status codes for what
/// cannot be done.
@Suite("AudioFile bytes")
struct AudioFileBytesTests {
    /// The test tone as 16-bit little-endian PCM in a CAF.
    static func caf() throws -> URL {
        try TestFiles.ffmpegMedia("audiofile-bytes-1k-stereo-s16le.caf",
                                  recipe: ["-i", try AudioFileTests.wave().path, "-c:a", "pcm_s16le"])
    }

    /// The test tone as 16-bit big-endian PCM in an AIFF.
    static func aiff() throws -> URL {
        try TestFiles.ffmpegMedia("audiofile-bytes-1k-stereo-s16be.aiff",
                                  recipe: ["-i", try AudioFileTests.wave().path, "-c:a", "pcm_s16be"])
    }

    /// The WAVE's data chunk as Python's `wave` module reads it.
    static func pythonWaveFrames(_ url: URL) throws -> [UInt8] {
        let script = "import sys, wave\nw = wave.open(sys.argv[1], 'rb')\n"
            + "sys.stdout.buffer.write(w.readframes(w.getnframes()))\n"
        return [UInt8](try ExternalTool.check("python3", ["-c", script, url.path]).standardOutput)
    }

    /// The samples as ffmpeg decodes them into raw PCM of `format` (`s16le`, `s16be`).
    static func ffmpegSamples(_ url: URL, format: String) throws -> [UInt8] {
        [UInt8](try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", format, "-"])
            .standardOutput)
    }

    /// Where two byte arrays first differ (the shorter one's length when one is a prefix of the other).
    static func firstDifference(_ one: [UInt8], _ other: [UInt8]) -> Int {
        let common = min(one.count, other.count)
        return (0..<common).first { one[$0] != other[$0] } ?? common
    }

    /// All of the file's audio data, read `chunk` bytes at a time; the last read reports the end of the data.
    static func readAll(_ file: AudioFileID, chunk: Int) throws -> [UInt8] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            var count = UInt32(chunk)
            let status = AudioFileReadBytes(file, false, Int64(data.count), &count, &buffer)
            data += buffer[0..<Int(count)]
            if status == kAudioFileEndOfFileError {
                #expect(count < UInt32(chunk))
                return data
            }
            try #require(status == noErr, "AudioFileReadBytes at \(data.count): \(status)")
            try #require(count == UInt32(chunk))
        }
    }

    // MARK: Reading

    @Test("PCM in WAVE, CAF and AIFF: the bytes read equal the data chunk's, as Python's wave and ffmpeg give them",
          arguments: ["wav", "caf", "aiff"])
    func readsPCMBytes(kind: String) throws {
        let url: URL
        let expected: [UInt8]
        switch kind {
        case "wav":
            url = try AudioFileTests.wave()
            expected = try Self.pythonWaveFrames(url)
        case "caf":
            url = try Self.caf()
            expected = try Self.ffmpegSamples(url, format: "s16le")
        default:
            url = try Self.aiff()
            expected = try Self.ffmpegSamples(url, format: "s16be")
        }
        // 22,050 frames of 4 bytes (ffprobe: 0.5 s at 44.1 kHz, stereo s16).
        #expect(expected.count == 88_200)
        let file = try AudioFileTests.open(url)
        defer { _ = AudioFileClose(file) }
        // 997 bytes: reads that start and end inside frames.
        let data = try Self.readAll(file, chunk: 997)
        #expect(data.count == expected.count)
        let same = data == expected
        #expect(same, "first difference at byte \(Self.firstDifference(data, expected))")
        #expect(try AudioFileTests.property(file, kAudioFilePropertyAudioDataByteCount, UInt64(0))
            == UInt64(expected.count))
        // A read from the middle: byte 40,001 onwards.
        var buffer = [UInt8](repeating: 0, count: 10)
        var count: UInt32 = 10
        #expect(AudioFileReadBytes(file, true, 40_001, &count, &buffer) == noErr)
        #expect(count == 10 && buffer == Array(expected[40_001..<40_011]))
    }

    @Test("AAC in M4A: the bytes read are the packets' bytes in order, as ffmpeg's stream copy hashes them")
    func readsAACBytes() throws {
        let url = try AudioFileTests.aac()
        let file = try AudioFileTests.open(url)
        defer { _ = AudioFileClose(file) }
        let data = try Self.readAll(file, chunk: 4_096)
        #expect(AudioFileTests.adler32(data) == (try AudioFileTests.streamHash(url)))
        #expect(data.count == (try AudioFileTests.probePackets(url)).reduce(0) { $0 + $1.size })
    }

    @Test("Reading at or past the end gives EOF with 0 bytes; a negative start -40; a closed file -50")
    func refusesBadReads() throws {
        let file = try AudioFileTests.open(try AudioFileTests.wave())
        var buffer = [UInt8](repeating: 0, count: 16)
        var count: UInt32 = 16
        #expect(AudioFileReadBytes(file, false, 88_200, &count, &buffer) == kAudioFileEndOfFileError)
        #expect(count == 0)
        count = 16
        #expect(AudioFileReadBytes(file, false, 88_190, &count, &buffer) == kAudioFileEndOfFileError)
        #expect(count == 10)
        count = 16
        #expect(AudioFileReadBytes(file, false, -1, &count, &buffer) == kAudioFilePositionError)
        #expect(count == 0)
        count = 16
        #expect(AudioFileWriteBytes(file, false, 0, &count, buffer) == kAudioFilePermissionsError)
        #expect(count == 0)
        #expect(AudioFileClose(file) == noErr)
        count = 16
        #expect(AudioFileReadBytes(file, false, 0, &count, &buffer) == kAudio_ParamError)
        #expect(count == 0)
    }

    // MARK: Writing

    @Test("PCM bytes written into WAVE and CAF, in pieces that split frames: ffmpeg decodes exactly those samples",
          arguments: [(kAudioFileWAVEType, "wav"), (kAudioFileCAFType, "caf")])
    func writesPCMBytes(fileType: AudioFileTypeID, ext: String) throws {
        let samples = try AudioConverterTests.toneSamples()
        try #require(samples.count == 88_200)
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("bytes.\(ext)")
        var format = AudioConverterTests.int16(rate: 44_100, channels: 2)
        var created: AudioFileID?
        try #require(AudioFileCreateWithURL(url as CFURL, fileType, &format, [], &created) == noErr)
        let file = try #require(created)
        var written = 0
        while written < samples.count {
            // 1,001 bytes: each write ends inside a frame, whose bytes go with the next write.
            var count = UInt32(min(1_001, samples.count - written))
            let status = samples.withUnsafeBytes { bytes in
                AudioFileWriteBytes(file, false, Int64(written), &count, bytes.baseAddress! + written)
            }
            try #require(status == noErr, "AudioFileWriteBytes at \(written): \(status)")
            try #require(count > 0 && count % 4 == 0)
            written += Int(count)
        }
        // A start past the end of the data would leave a gap.
        var count: UInt32 = 4
        #expect(AudioFileWriteBytes(file, false, 88_202, &count, samples) == kAudioFilePositionError)
        #expect(count == 0)
        count = 4
        #expect(AudioFileWriteBytes(file, false, -4, &count, samples) == kAudioFilePositionError)
        #expect(try AudioFileTests.property(file, kAudioFilePropertyAudioDataByteCount, UInt64(0)) == 88_200)
        #expect(AudioFileClose(file) == noErr)
        count = 4
        #expect(AudioFileWriteBytes(file, false, 88_200, &count, samples) == kAudio_ParamError)

        let decoded = try Self.ffmpegSamples(url, format: "s16le")
        #expect(decoded.count == samples.count)
        let same = decoded == samples
        #expect(same, "first difference at byte \(Self.firstDifference(decoded, samples))")
        let stream = try AudioFileTests.probeStream(url)
        #expect(stream["codec_name"] as? String == "pcm_s16le" && stream["channels"] as? Int == 2)
        #expect(stream["sample_rate"] as? String == "44100")
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)
    }

    @Test("Bytes inside the data replace those, at any byte; past the end extend it: ffmpeg's exact decode",
          arguments: [(kAudioFileWAVEType, "wav"), (kAudioFileCAFType, "caf"),
                                                      (kAudioFileAIFFType, "aiff")])
    func overwritesPCMBytes(fileType: AudioFileTypeID, ext: String) throws {
        let bigEndian = fileType == kAudioFileAIFFType
        var samples = try AudioConverterTests.toneSamples()
        if bigEndian {
            for index in stride(from: 0, to: samples.count, by: 2) { samples.swapAt(index, index + 1) }
        }
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("overwrite.\(ext)")
        var format = AudioConverterTests.int16(rate: 44_100, channels: 2)
        if bigEndian { format.mFormatFlags |= kAudioFormatFlagIsBigEndian }
        var created: AudioFileID?
        try #require(AudioFileCreateWithURL(url as CFURL, fileType, &format, [], &created) == noErr)
        let file = try #require(created)
        var expected = samples
        func write(_ bytes: [UInt8], at start: Int) -> (OSStatus, Int) {
            var count = UInt32(bytes.count)
            let status = AudioFileWriteBytes(file, false, Int64(start), &count, bytes)
            return (status, Int(count))
        }
        #expect(write(samples, at: 0) == (noErr, 88_200))
        // Inside the data, starting and ending inside frames: exactly these bytes change.
        let patch = [UInt8](repeating: 0x5A, count: 3_333)
        #expect(write(patch, at: 1_001) == (noErr, 3_333))
        expected.replaceSubrange(1_001..<4_334, with: patch)
        // The very first bytes, and the very last.
        #expect(write([1, 2, 3], at: 0) == (noErr, 3))
        expected.replaceSubrange(0..<3, with: [1, 2, 3])
        #expect(write([9, 9], at: 88_198) == (noErr, 2))
        expected.replaceSubrange(88_198..<88_200, with: [9, 9])
        // Across the end: 200 bytes replaced, 50 frames appended, and the 2 bytes of a frame left over not written.
        let across = [UInt8]((0..<402).map { UInt8(truncatingIfNeeded: $0 * 7) })
        #expect(write(across, at: 88_000) == (noErr, 400))
        expected.replaceSubrange(88_000..<88_200, with: across[0..<200])
        expected += across[200..<400]
        #expect(try AudioFileTests.property(file, kAudioFilePropertyAudioDataByteCount, UInt64(0)) == 88_400)
        #expect(try AudioFileTests.property(file, kAudioFilePropertyAudioDataPacketCount, UInt64(0)) == 22_100)
        #expect(AudioFileClose(file) == noErr)

        let decoded = try Self.ffmpegSamples(url, format: bigEndian ? "s16be" : "s16le")
        #expect(decoded.count == expected.count)
        let same = decoded == expected
        #expect(same, "first difference at byte \(Self.firstDifference(decoded, expected))")
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)
    }

    @Test("Bytes into an AAC file: Apple's 'op??', and no packets written")
    func refusesCompressedBytes() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("bytes.m4a")
        var aac = AudioConverterTests.codec(kAudioFormatMPEG4AAC)
        aac.mFramesPerPacket = 1_024
        var created: AudioFileID?
        try #require(AudioFileCreateWithURL(url as CFURL, kAudioFileM4AType, &aac, [], &created) == noErr)
        let file = try #require(created)
        defer { _ = AudioFileClose(file) }
        let bytes = [UInt8](repeating: 0x21, count: 64)
        var count: UInt32 = 64
        #expect(AudioFileWriteBytes(file, false, 0, &count, bytes) == kAudioFileOperationNotSupportedError)
        #expect(count == 0)
        #expect(try AudioFileTests.property(file, kAudioFilePropertyAudioDataPacketCount, UInt64(0)) == 0)
    }
}
