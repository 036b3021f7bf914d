import AVFAudio
import AudioToolbox
import Foundation
import Testing
import TestSupport

/// ExtAudioFile over AVAudioFile and AVAudioConverter: reads equal to theirs, files ffprobe and ffmpeg accept,
/// frame-exact seeking, and Apple's status codes (never a trap) for wrong use.
@Suite("ExtAudioFile")
struct ExtAudioFileTests {
    // MARK: Sources

    /// 1.5 s of a 1 kHz tone at 0.5 in both channels, 16-bit stereo WAVE at 44.1 kHz.
    static func wave() throws -> URL {
        try TestFiles.ffmpegMedia("extaudiofile-1k-stereo.wav", recipe: [
            "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*1000*t):duration=1.5:sample_rate=44100",
            "-af", "pan=stereo|c0=c0|c1=c0", "-c:a", "pcm_s16le"])
    }

    /// The same tone as AAC in an M4A.
    static func aac() throws -> URL {
        try TestFiles.ffmpegMedia("extaudiofile-1k-stereo.m4a", recipe: ["-i", try wave().path, "-c:a", "aac", "-b:a", "128k"])
    }

    /// Packed, native-endian, interleaved Float32 linear PCM.
    static func floatFormat(rate: Double, channels: UInt32) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked,
                                    mBytesPerPacket: 4 * channels, mFramesPerPacket: 1, mBytesPerFrame: 4 * channels,
                                    mChannelsPerFrame: channels, mBitsPerChannel: 32, mReserved: 0)
    }

    /// Packed, little-endian, interleaved signed 16-bit linear PCM.
    static func int16Format(rate: Double, channels: UInt32) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                    mBytesPerPacket: 2 * channels, mFramesPerPacket: 1, mBytesPerFrame: 2 * channels,
                                    mChannelsPerFrame: channels, mBitsPerChannel: 16, mReserved: 0)
    }

    static func open(_ url: URL) throws -> ExtAudioFileRef {
        var file: ExtAudioFileRef?
        let status = ExtAudioFileOpenURL(url as CFURL, &file)
        #expect(status == noErr)
        return try #require(file)
    }

    static func setClientFormat(_ file: ExtAudioFileRef, _ format: AudioStreamBasicDescription) -> OSStatus {
        var format = format
        return ExtAudioFileSetProperty(file, kExtAudioFileProperty_ClientDataFormat,
                                       UInt32(MemoryLayout<AudioStreamBasicDescription>.size), &format)
    }

    /// Reads `frames` frames (all that are left when nil) of interleaved Float32 with `channels` channels, `chunk` at
    /// a time.
    static func readFloats(_ file: ExtAudioFileRef, channels: Int, frames: Int? = nil, chunk: Int = 1_000) throws -> [Float] {
        var samples: [Float] = []
        var storage = [Float](repeating: 0, count: chunk * channels)
        while frames.map({ samples.count < $0 * channels }) ?? true {
            let wanted = min(chunk, frames.map { $0 - samples.count / channels } ?? chunk)
            var count = UInt32(wanted)
            let status = storage.withUnsafeMutableBufferPointer { memory in
                var list = AudioBufferList(mNumberBuffers: 1,
                                           mBuffers: AudioBuffer(memory, numberOfChannels: channels))
                let status = ExtAudioFileRead(file, &count, &list)
                #expect(list.mBuffers.mDataByteSize == count * UInt32(4 * channels))
                return status
            }
            try #require(status == noErr, "ExtAudioFileRead: \(status)")
            if count == 0 { break }
            samples += storage[0..<Int(count) * channels]
        }
        return samples
    }

    /// What AVAudioFile and AVAudioConverter give for `url` converted to mono Float32 at `rate`.
    static func reference(_ url: URL, rate: Double) throws -> [Float] {
        let file = try AVAudioFile(forReading: url)
        let target = try #require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: rate, channels: 1,
                                                interleaved: true))
        let converter = try #require(AVAudioConverter(from: file.processingFormat, to: target))
        let input = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 3_000))
        let output = try #require(AVAudioPCMBuffer(pcmFormat: target, frameCapacity: 2_048))
        var samples: [Float] = []
        while true {
            var error: NSError?
            let status = converter.convert(to: output, error: &error) { _, status in
                do { try file.read(into: input) } catch { status.pointee = .noDataNow; return nil }
                if input.frameLength == 0 { status.pointee = .endOfStream; return nil }
                status.pointee = .haveData
                return input
            }
            try #require(status != .error, "\(String(describing: error))")
            let data = try #require(output.floatChannelData)
            samples += UnsafeBufferPointer(start: data[0], count: Int(output.frameLength))
            if status == .endOfStream || output.frameLength == 0 { break }
        }
        return samples
    }

    /// The tone's frequency from its upward zero crossings, and its RMS level.
    static func measure(_ samples: ArraySlice<Float>, rate: Double) -> (frequency: Double, rms: Double) {
        var crossings: [Int] = []
        for index in samples.indices.dropFirst() where samples[index - 1] < 0 && samples[index] >= 0 {
            crossings.append(index)
        }
        let frequency = crossings.count > 1
            ? Double(crossings.count - 1) * rate / Double(crossings.last! - crossings.first!) : 0
        let rms = (samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
        return (frequency, rms)
    }

    static func length(_ file: ExtAudioFileRef) throws -> Int64 {
        var frames: Int64 = 0
        var size = UInt32(MemoryLayout<Int64>.size)
        try #require(ExtAudioFileGetProperty(file, kExtAudioFileProperty_FileLengthFrames, &size, &frames) == noErr)
        #expect(size == 8)
        return frames
    }

    // MARK: Reading

    @Test("WAV and AAC read at 16 kHz mono: ⌈N · 16000 / r⌉ frames, AVAudioFile + AVAudioConverter's samples, the tone kept",
          arguments: ["wav", "m4a"])
    func readsResampled(kind: String) throws {
        let url = kind == "wav" ? try Self.wave() : try Self.aac()
        let file = try Self.open(url)
        defer { #expect(ExtAudioFileDispose(file) == noErr) }
        let fileLength = try Self.length(file)
        #expect(fileLength == (try AVAudioFile(forReading: url)).length)
        var fileFormat = AudioStreamBasicDescription()
        var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        #expect(ExtAudioFileGetProperty(file, kExtAudioFileProperty_FileDataFormat, &size, &fileFormat) == noErr)
        #expect(fileFormat.mSampleRate == 44_100)
        #expect(fileFormat.mFormatID == (kind == "wav" ? kAudioFormatLinearPCM : kAudioFormatMPEG4AAC))
        #expect(Self.setClientFormat(file, Self.floatFormat(rate: 16_000, channels: 1)) == noErr)

        let samples = try Self.readFloats(file, channels: 1)
        let expected = Int((Double(fileLength) * 16_000 / 44_100).rounded(.up))
        #expect(samples.count == expected)
        #expect(samples == (try Self.reference(url, rate: 16_000)))
        let (frequency, rms) = Self.measure(samples[1_600..<(samples.count - 1_600)], rate: 16_000)
        #expect(abs(frequency - 1_000) < 2, "\(frequency) Hz")
        #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.02, "RMS \(rms)")
        var position: Int64 = -1
        #expect(ExtAudioFileTell(file, &position) == noErr)
        #expect(abs(position - fileLength) <= 2)
    }

    @Test("A PCM file with no client format reads in its own format (16-bit interleaved), the same samples")
    func readsFileFormat() throws {
        let url = try Self.wave()
        let file = try Self.open(url)
        defer { _ = ExtAudioFileDispose(file) }
        var client = AudioStreamBasicDescription()
        var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        #expect(ExtAudioFileGetProperty(file, kExtAudioFileProperty_ClientDataFormat, &size, &client) == noErr)
        #expect(client.mBitsPerChannel == 16 && client.mChannelsPerFrame == 2)
        var storage = [Int16](repeating: 0, count: 2 * 512)
        var count: UInt32 = 512
        let status = storage.withUnsafeMutableBufferPointer { memory in
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(memory, numberOfChannels: 2))
            return ExtAudioFileRead(file, &count, &list)
        }
        #expect(status == noErr && count == 512)
        let decoded = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "s16le", "-"])
        let pcm = decoded.standardOutput.withUnsafeBytes { Array($0.bindMemory(to: Int16.self).prefix(2 * 512)) }
        #expect(storage == pcm)
    }

    // MARK: Seeking

    @Test("Seek and Tell are frame-exact at the file's rate, and with a resampling client", arguments: ["wav", "m4a"])
    func seeks(kind: String) throws {
        let url = kind == "wav" ? try Self.wave() : try Self.aac()
        // The file's own rate, stereo.
        let file = try Self.open(url)
        defer { _ = ExtAudioFileDispose(file) }
        #expect(Self.setClientFormat(file, Self.floatFormat(rate: 44_100, channels: 2)) == noErr)
        let all = try Self.readFloats(file, channels: 2)
        #expect(Int64(all.count / 2) == (try Self.length(file)))
        for frame in [12_345, 0, 44_099, 30_000] {
            #expect(ExtAudioFileSeek(file, Int64(frame)) == noErr)
            var position: Int64 = -1
            #expect(ExtAudioFileTell(file, &position) == noErr && position == Int64(frame))
            let part = try Self.readFloats(file, channels: 2, frames: 1_000, chunk: 333)
            let reference = Array(all[(2 * frame)..<(2 * frame + 2_000)])
            if kind == "wav" {
                #expect(part == reference, "at \(frame)")
            } else {
                // The AAC decoder restarts a few packets earlier after a seek: the same frames, not the same bits.
                let worst = zip(part, reference).map { abs($0 - $1) }.max() ?? 1
                #expect(part.count == reference.count && worst < 1e-3, "at \(frame): largest difference \(worst)")
            }
            #expect(ExtAudioFileTell(file, &position) == noErr && position == Int64(frame + 1_000))
        }
        #expect(ExtAudioFileSeek(file, -1) == kExtAudioFileError_InvalidSeek)
        #expect(ExtAudioFileSeek(file, Int64(all.count)) == kExtAudioFileError_InvalidSeek)

        // 16 kHz mono: 8,820 file frames are 3,200 client frames.
        let resampled = try Self.open(url)
        defer { _ = ExtAudioFileDispose(resampled) }
        #expect(Self.setClientFormat(resampled, Self.floatFormat(rate: 16_000, channels: 1)) == noErr)
        let whole = try Self.readFloats(resampled, channels: 1)
        #expect(ExtAudioFileSeek(resampled, 8_820) == noErr)
        let part = try Self.readFloats(resampled, channels: 1, frames: 2_000)
        let reference = Array(whole[3_200..<5_200])
        let worst = zip(part, reference).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-5, "largest difference \(worst)")
        var position: Int64 = -1
        #expect(ExtAudioFileTell(resampled, &position) == noErr && position == 8_820 + 5_513)
    }

    // MARK: Writing

    /// Writes 1 s of a 1 kHz tone at 0.5 given as 16 kHz mono Float32 to `url` as `fileType` / `format`.
    static func writeTone(_ url: URL, fileType: AudioFileTypeID, format: AudioStreamBasicDescription) throws {
        var format = format
        var file: ExtAudioFileRef?
        try #require(ExtAudioFileCreateWithURL(url as CFURL, fileType, &format, nil, AudioFileFlags.eraseFile.rawValue,
                                               &file) == noErr)
        let ref = try #require(file)
        #expect(Self.setClientFormat(ref, Self.floatFormat(rate: 16_000, channels: 1)) == noErr)
        var tone = (0..<16_000).map { Float(sin(2 * Double.pi * 1_000 * Double($0) / 16_000)) * 0.5 }
        for start in stride(from: 0, to: tone.count, by: 4_000) {
            let status = tone.withUnsafeMutableBufferPointer { memory in
                let slice = UnsafeMutableBufferPointer(rebasing: memory[start..<(start + 4_000)])
                var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(slice, numberOfChannels: 1))
                return start == 0 ? ExtAudioFileWrite(ref, 4_000, &list) : ExtAudioFileWriteAsync(ref, 4_000, &list)
            }
            #expect(status == noErr)
        }
        var position: Int64 = 0
        #expect(ExtAudioFileTell(ref, &position) == noErr && position > 0)
        #expect(ExtAudioFileDispose(ref) == noErr)
    }

    static func probe(_ url: URL) throws -> [String: Any] {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", "-show_format", url.path])
        return try #require((json["streams"] as? [[String: Any]])?.first)
    }

    static func duration(_ url: URL) throws -> Double {
        let json = try ExternalTool.ffprobeJSON(["-show_format", url.path])
        return Double(try #require((json["format"] as? [String: Any])?["duration"] as? String)) ?? 0
    }

    @Test("16-bit WAV from a Float32 client: ffprobe's codec, rate, channels and duration; the tone reads back")
    func writesWave() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("tone.wav")
        try Self.writeTone(url, fileType: kAudioFileWAVEType, format: Self.int16Format(rate: 16_000, channels: 1))
        let stream = try Self.probe(url)
        #expect(stream["codec_name"] as? String == "pcm_s16le")
        #expect(stream["sample_rate"] as? String == "16000")
        #expect(stream["channels"] as? Int == 1)
        #expect(abs(try Self.duration(url) - 1) < 0.001)
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)

        let file = try Self.open(url)
        defer { _ = ExtAudioFileDispose(file) }
        #expect(try Self.length(file) == 16_000)
        #expect(Self.setClientFormat(file, Self.floatFormat(rate: 16_000, channels: 1)) == noErr)
        let samples = try Self.readFloats(file, channels: 1)
        #expect(samples.count == 16_000)
        let worst = samples.enumerated().map { abs($1 - Float(sin(2 * Double.pi * 1_000 * Double($0) / 16_000)) * 0.5) }.max()
        #expect((worst ?? 1) < 1.0 / 32_768 + 1e-6)
    }

    @Test("AAC M4A at 44.1 kHz from a 16 kHz Float32 client: ffprobe's codec, rate, channels and duration; reads back")
    func writesAAC() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("tone.m4a")
        var aac = AudioStreamBasicDescription()
        aac.mFormatID = kAudioFormatMPEG4AAC
        aac.mSampleRate = 44_100
        aac.mChannelsPerFrame = 1
        aac.mFramesPerPacket = 1_024
        try Self.writeTone(url, fileType: kAudioFileM4AType, format: aac)
        let stream = try Self.probe(url)
        #expect(stream["codec_name"] as? String == "aac")
        #expect(stream["sample_rate"] as? String == "44100")
        #expect(stream["channels"] as? Int == 1)
        #expect(abs(try Self.duration(url) - 1) < 0.03)
        #expect(try ExternalTool.ffmpegDecodeErrors(url).isEmpty)

        let file = try Self.open(url)
        defer { _ = ExtAudioFileDispose(file) }
        #expect(abs(try Self.length(file) - 44_100) <= 1)
        #expect(Self.setClientFormat(file, Self.floatFormat(rate: 16_000, channels: 1)) == noErr)
        let samples = try Self.readFloats(file, channels: 1)
        let (frequency, rms) = Self.measure(samples[1_600..<(samples.count - 1_600)], rate: 16_000)
        #expect(abs(frequency - 1_000) < 2, "\(frequency) Hz")
        #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.03, "RMS \(rms)")
    }

    // MARK: Wrong use

    @Test("Opening a missing, foreign or damaged file returns Apple's codes and no ref")
    func refusesBadFiles() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        var file: ExtAudioFileRef?
        #expect(ExtAudioFileOpenURL(directory.file("missing.wav") as CFURL, &file) == kAudioFileFileNotFoundError)
        #expect(file == nil)

        let text = directory.file("notes.txt")
        try Data("not audio at all, just words".utf8).write(to: text)
        #expect(ExtAudioFileOpenURL(text as CFURL, &file) == kAudioFileUnsupportedFileTypeError)
        #expect(file == nil)

        let damaged = directory.file("damaged.wav")
        var bytes = try Data(contentsOf: try Self.wave())
        bytes.replaceSubrange(20..<36, with: Data(repeating: 0xFF, count: 16))  // the fmt chunk's fields
        try bytes.prefix(4_000).write(to: damaged)
        let status = ExtAudioFileOpenURL(damaged as CFURL, &file)
        #expect([kAudioFileInvalidFileError, kAudioFileUnsupportedDataFormatError, kAudioFileUnsupportedFileTypeError]
            .contains(status), "status \(status)")
        #expect(file == nil)
    }

    @Test("Properties: wrong sizes, unknown IDs, non-PCM client formats and reading an encoded file without one")
    func refusesBadProperties() throws {
        let file = try Self.open(try Self.aac())
        defer { _ = ExtAudioFileDispose(file) }
        var small: UInt32 = 0
        var size: UInt32 = 4
        #expect(ExtAudioFileGetProperty(file, kExtAudioFileProperty_FileDataFormat, &size, &small)
            == kExtAudioFileError_InvalidPropertySize)
        var format = Self.floatFormat(rate: 16_000, channels: 1)
        #expect(ExtAudioFileSetProperty(file, kExtAudioFileProperty_ClientDataFormat, 12, &format)
            == kExtAudioFileError_InvalidPropertySize)
        size = 4
        #expect(ExtAudioFileGetProperty(file, kExtAudioFileProperty_PacketTable, &size, &small)
            == kExtAudioFileError_InvalidProperty)
        var writable: DarwinBoolean = true
        var infoSize: UInt32 = 0
        #expect(ExtAudioFileGetPropertyInfo(file, kExtAudioFileProperty_FileDataFormat, &infoSize, &writable) == noErr)
        #expect(infoSize == 40 && !writable.boolValue)
        #expect(ExtAudioFileGetPropertyInfo(file, kExtAudioFileProperty_ClientDataFormat, nil, &writable) == noErr)
        #expect(writable.boolValue)
        var layoutSize: UInt32 = 0
        #expect(ExtAudioFileGetPropertyInfo(file, kExtAudioFileProperty_FileChannelLayout, &layoutSize, nil) == noErr)
        let layoutMemory = UnsafeMutableRawPointer.allocate(byteCount: Int(layoutSize), alignment: 8)
        defer { layoutMemory.deallocate() }
        #expect(ExtAudioFileGetProperty(file, kExtAudioFileProperty_FileChannelLayout, &layoutSize, layoutMemory) == noErr)
        #expect(layoutMemory.load(as: AudioChannelLayout.self).mChannelLayoutTag == kAudioChannelLayoutTag_Stereo)

        // An encoded file reads only once a PCM client format is set.
        var storage = [Float](repeating: 0, count: 64)
        var count: UInt32 = 64
        let status = storage.withUnsafeMutableBufferPointer { memory in
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(memory, numberOfChannels: 1))
            return ExtAudioFileRead(file, &count, &list)
        }
        #expect(status == kExtAudioFileError_NonPCMClientFormat && count == 0)
        var aac = AudioStreamBasicDescription()
        aac.mFormatID = kAudioFormatMPEG4AAC
        aac.mSampleRate = 44_100
        aac.mChannelsPerFrame = 2
        #expect(Self.setClientFormat(file, aac) == kExtAudioFileError_NonPCMClientFormat)
    }

    @Test("A disposed or made-up ref, and a buffer list that does not fit, are refused with kAudio_ParamError")
    func refusesBadRefs() throws {
        let file = try Self.open(try Self.wave())
        #expect(Self.setClientFormat(file, Self.floatFormat(rate: 44_100, channels: 2)) == noErr)
        var count: UInt32 = 16
        var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 2, mDataByteSize: 128,
                                                                             mData: nil))
        #expect(ExtAudioFileRead(file, &count, &list) == kAudio_ParamError)
        #expect(ExtAudioFileDispose(file) == noErr)
        count = 16
        #expect(ExtAudioFileRead(file, &count, &list) == kAudio_ParamError && count == 0)
        #expect(ExtAudioFileDispose(file) == kAudio_ParamError)
        let madeUp = try #require(OpaquePointer(bitPattern: 0xDEAD_BEE0))
        var position: Int64 = 0
        #expect(ExtAudioFileTell(madeUp, &position) == kAudio_ParamError)
        #expect(ExtAudioFileSeek(madeUp, 0) == kAudio_ParamError)
    }

    @Test("Creating: an existing file is kept without eraseFile; bad types and formats leave nothing behind")
    func refusesBadCreation() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let existing = directory.file("existing.wav")
        try Data("keep me".utf8).write(to: existing)
        var format = Self.int16Format(rate: 16_000, channels: 1)
        var file: ExtAudioFileRef?
        #expect(ExtAudioFileCreateWithURL(existing as CFURL, kAudioFileWAVEType, &format, nil, 0, &file)
            == kAudioFilePermissionsError)
        #expect(file == nil)
        #expect(try Data(contentsOf: existing) == Data("keep me".utf8))

        let mp3 = directory.file("out.mp3")
        #expect(ExtAudioFileCreateWithURL(mp3 as CFURL, kAudioFileMP3Type, &format, nil, 0, &file)
            == kAudioFileUnsupportedFileTypeError)
        let pcmInM4A = directory.file("pcm.m4a")
        #expect(ExtAudioFileCreateWithURL(pcmInM4A as CFURL, kAudioFileM4AType, &format, nil, 0, &file)
            == kAudioFileUnsupportedDataFormatError)
        var bigEndian = format
        bigEndian.mFormatFlags |= kAudioFormatFlagIsBigEndian
        let wave = directory.file("big.wav")
        #expect(ExtAudioFileCreateWithURL(wave as CFURL, kAudioFileWAVEType, &bigEndian, nil, 0, &file)
            == kAudioFileUnsupportedDataFormatError)
        #expect(file == nil)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(left == ["existing.wav"], "\(left)")

        // With eraseFile the old file is replaced; a file being written cannot be read or sought into.
        #expect(ExtAudioFileCreateWithURL(existing as CFURL, kAudioFileWAVEType, &format, nil,
                                          AudioFileFlags.eraseFile.rawValue, &file) == noErr)
        let ref = try #require(file)
        var count: UInt32 = 4
        var list = AudioBufferList()
        #expect(ExtAudioFileRead(ref, &count, &list) == kAudioFilePermissionsError)
        #expect(ExtAudioFileSeek(ref, 100) == kExtAudioFileError_InvalidSeek)
        var silence = [Int16](repeating: 0, count: 1_600)
        let written = silence.withUnsafeMutableBufferPointer { memory in
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(memory, numberOfChannels: 1))
            return ExtAudioFileWrite(ref, 1_600, &list)
        }
        #expect(written == noErr)
        #expect(ExtAudioFileSeek(ref, 1_600) == noErr)
        #expect(ExtAudioFileDispose(ref) == noErr)
        #expect(try Data(contentsOf: existing) != Data("keep me".utf8))
        #expect(try ExternalTool.ffmpegDecodeErrors(existing).isEmpty)

        // A file disposed with nothing written cannot be finished here: the status says so and nothing is left.
        let empty = directory.file("empty.wav")
        #expect(ExtAudioFileCreateWithURL(empty as CFURL, kAudioFileWAVEType, &format, nil, 0, &file) == noErr)
        let emptyRef = try #require(file)
        #expect(ExtAudioFileDispose(emptyRef) != noErr)
        #expect(!FileManager.default.fileExists(atPath: empty.path))
    }
}
