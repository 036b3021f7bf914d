import AVFAudio
import Foundation
import Testing
import TestSupport

/// AVAudioFile writing, judged by ffprobe and ffmpeg (the files are read by tools that are not ours) and read back.
@Suite("AVAudioFile writing")
struct AVAudioFileWritingTests {
    /// Writes `seconds` of a 1 kHz tone at half scale in `chunk`-frame buffers of the file's processing format.
    static func writeTone(_ file: AVAudioFile, seconds: Double, chunk: AVAudioFrameCount = 1_000) throws {
        let format = file.processingFormat
        let total = Int(seconds * format.sampleRate)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: chunk))
        var frame = 0
        while frame < total {
            let count = min(Int(chunk), total - frame)
            buffer.frameLength = AVAudioFrameCount(count)
            let channels = try #require(buffer.floatChannelData)
            for index in 0..<count {
                let value = Float(sin(2 * Double.pi * 1_000 * Double(frame + index) / format.sampleRate)) * 0.5
                for channel in 0..<Int(format.channelCount) { channels[channel][index * buffer.stride] = value }
            }
            try file.write(from: buffer)
            frame += count
        }
    }

    /// ffprobe's view of the first audio stream.
    static func probe(_ url: URL) throws -> [String: Any] {
        let json = try ExternalTool.ffprobeJSON(["-show_streams", "-count_packets", "-select_streams", "a:0", url.path])
        return try #require((json["streams"] as? [[String: Any]])?.first)
    }

    @Test("16-bit WAVE: ffprobe sees pcm_s16le 48 kHz stereo of 48,000 frames; ffmpeg decodes the tone we wrote")
    func wave() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("tone.wav")
        let settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000,
                                       AVNumberOfChannelsKey: 2, AVLinearPCMBitDepthKey: 16,
                                       AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false]
        do {
            let file = try AVAudioFile(forWriting: url, settings: settings)
            #expect(file.processingFormat.isStandard)
            #expect(file.fileFormat.commonFormat == .pcmFormatInt16)
            try Self.writeTone(file, seconds: 1)
            #expect(file.length == 48_000 && file.framePosition == 48_000)
            file.close()
            #expect(file.closingError == nil)
        }
        let stream = try Self.probe(url)
        #expect(stream["codec_name"] as? String == "pcm_s16le")
        #expect(stream["sample_rate"] as? String == "48000" && stream["channels"] as? Int == 2)
        let data = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "s16le", "-"])
            .standardOutput
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(samples.count == 96_000)
        let worst = (0..<48_000).reduce(0) { worst, frame in
            let expected = sin(2 * Double.pi * 1_000 * Double(frame) / 48_000) * 0.5 * 32_768
            return max(worst, abs(Double(samples[frame * 2]) - expected), abs(Double(samples[frame * 2 + 1]) - expected))
        }
        #expect(worst <= 1, "16-bit rounding only: \(worst)")
        let back = try AVAudioFile(forReading: url)
        #expect(back.length == 48_000)
    }

    @Test("AAC in M4A: ffprobe sees AAC; read back, the file lasts exactly what was written (priming cut)")
    func aac() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("tone.m4a")
        let file = try AVAudioFile(forWriting: url, settings: [
            AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2,
            AVEncoderBitRateKey: 128_000])
        #expect(file.fileFormat.commonFormat == .otherFormat)
        try Self.writeTone(file, seconds: 2, chunk: 4_096)
        file.close()
        #expect(file.closingError == nil)
        let stream = try Self.probe(url)
        #expect(stream["codec_name"] as? String == "aac" && stream["sample_rate"] as? String == "44100")
        #expect(try ExternalTool.ffmpegDecodeErrors(url) == "")
        let back = try AVAudioFile(forReading: url)
        #expect(back.length == 88_200)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: back.processingFormat, frameCapacity: 88_200))
        try back.read(into: buffer)
        let left = try #require(buffer.floatChannelData)[0]
        // A 1 kHz tone at half scale: RMS 0.354 after the encoder's round trip.
        let rms = sqrt((0..<88_200).reduce(Float(0)) { $0 + left[$1] * left[$1] } / 88_200)
        #expect(abs(rms - 0.3536) < 0.01, "RMS \(rms)")
    }

    @Test("ALAC in CAF, FLAC in MPEG-4, 24-bit AIFF, from Int16 interleaved buffers: ffprobe's codec, samples back exactly",
          arguments: [("caf", "alac"), ("mp4", "flac"), ("aiff", "pcm_s24be")])
    func otherTypes(_ ext: String, _ codec: String) throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("tone.\(ext)")
        var settings: [String: Any] = [AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 1]
        if codec == "alac" || codec == "flac" {
            settings[AVFormatIDKey] = codec == "alac" ? kAudioFormatAppleLossless : kAudioFormatFLAC
            settings[AVEncoderBitDepthHintKey] = 16
        } else {
            settings[AVFormatIDKey] = kAudioFormatLinearPCM
            settings[AVLinearPCMBitDepthKey] = 24
            settings[AVLinearPCMIsBigEndianKey] = true
        }
        let file = try AVAudioFile(forWriting: url, settings: settings, commonFormat: .pcmFormatInt16, interleaved: true)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 4_410))
        buffer.frameLength = 4_410
        let samples = try #require(buffer.int16ChannelData)[0]
        for frame in 0..<4_410 { samples[frame] = Int16(truncatingIfNeeded: frame * 7) }
        for _ in 0..<10 { try file.write(from: buffer) }
        file.close()
        let stream = try Self.probe(url)
        #expect(stream["codec_name"] as? String == codec)
        #expect(stream["sample_rate"] as? String == "44100")
        let back = try AVAudioFile(forReading: url, commonFormat: .pcmFormatInt16, interleaved: true)
        #expect(back.length == 44_100)
        let read = try #require(AVAudioPCMBuffer(pcmFormat: back.processingFormat, frameCapacity: 4_410))
        try back.read(into: read)
        let got = try #require(read.int16ChannelData)[0]
        #expect((0..<4_410).allSatisfy { got[$0] == samples[$0] }, "lossless: the samples come back exactly")
    }

    @Test("refusals: an existing file is kept, an unknown type, a codec the file cannot hold, misuse")
    func refusals() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let pcm: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 8_000, AVNumberOfChannelsKey: 1]
        let existing = directory.file("keep.wav")
        try Data("precious".utf8).write(to: existing)
        #expect(throws: NSError.self) { try AVAudioFile(forWriting: existing, settings: pcm) }
        #expect(try Data(contentsOf: existing) == Data("precious".utf8))

        let unknown = #expect(throws: NSError.self) { try AVAudioFile(forWriting: directory.file("x.xyz"), settings: pcm) }
        #expect(unknown?.domain == "com.apple.coreaudio.avfaudio" && unknown?.code == 0x7479_703F)
        let flac = #expect(throws: NSError.self) {
            try AVAudioFile(forWriting: directory.file("x.m4a"), settings: [
                AVFormatIDKey: kAudioFormatFLAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2])
        }
        #expect(flac?.code == 0x666D_743F)
        #expect(!FileManager.default.fileExists(atPath: directory.file("x.m4a").path))

        let file = try AVAudioFile(forWriting: directory.file("ok.wav"), settings: pcm)
        let other = try #require(AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1))
        let wrong = try #require(AVAudioPCMBuffer(pcmFormat: other, frameCapacity: 10))
        #expect((#expect(throws: NSError.self) { try file.write(from: wrong) })?.code == -50)
        let right = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 10))
        right.frameLength = 10
        try file.write(from: right)
        file.framePosition = 3
        #expect((#expect(throws: NSError.self) { try file.write(from: right) })?.code == -50)
        file.framePosition = 10
        try file.write(from: right)
        #expect((#expect(throws: NSError.self) { try file.read(into: right) })?.code == -50)
        file.close()
        #expect((#expect(throws: NSError.self) { try file.write(from: right) })?.code == -38)
        #expect(try AVAudioFile(forReading: directory.file("ok.wav")).length == 20)
    }

    @Test("releasing the object finishes the file, as Apple's does")
    func releaseFinishes() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("released.caf")
        do {
            let file = try AVAudioFile(forWriting: url, settings: [
                AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 22_050, AVNumberOfChannelsKey: 2,
                AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true])
            try Self.writeTone(file, seconds: 0.5)
        }
        let stream = try Self.probe(url)
        #expect(stream["codec_name"] as? String == "pcm_f32le" || stream["codec_name"] as? String == "pcm_f32be")
        #expect(try AVAudioFile(forReading: url).length == 11_025)
    }
}
