import AVFAudio
import Foundation
import Testing
import TestSupport

/// AVAudioFile reading, judged by ffmpeg's decode of the same files and by AVAssetReader (the same frames, by
/// contract), with seeking, chunked reads and Apple's errors.
@Suite("AVAudioFile reading")
struct AVAudioFileReadingTests {
    /// 2.5 s of two different tones in stereo, 16-bit WAVE at 44.1 kHz.
    static func wave() throws -> URL {
        try TestFiles.ffmpegMedia("avaudiofile-tones.wav", recipe: [
            "-f", "lavfi", "-i", "sine=frequency=440:duration=2.5:sample_rate=44100",
            "-f", "lavfi", "-i", "sine=frequency=1000:duration=2.5:sample_rate=44100",
            "-filter_complex", "[0][1]amerge=inputs=2", "-c:a", "pcm_s16le"])
    }

    /// The same tones as AAC in an M4A (ffmpeg writes the priming as an edit list).
    static func aac() throws -> URL {
        try TestFiles.ffmpegMedia("avaudiofile-tones.m4a", recipe: [
            "-i", try wave().path, "-c:a", "aac", "-b:a", "128k"])
    }

    /// The same tones as MP3 (LAME's header says the encoder delay and padding).
    static func mp3() throws -> URL {
        try TestFiles.ffmpegMedia("avaudiofile-tones.mp3", recipe: ["-i", try wave().path, "-c:a", "libmp3lame"])
    }

    /// ffmpeg's decode of `url` as interleaved float samples.
    static func ffmpegFloats(_ url: URL, channels: Int = 2) throws -> [Float] {
        let data = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", url.path, "-f", "f32le",
                                                     "-ac", String(channels), "-"]).standardOutput
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// The whole file read by AVAudioFile in chunks of `chunk` frames, interleaved.
    static func readAll(_ file: AVAudioFile, chunk: AVAudioFrameCount = 4_096) throws -> [Float] {
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: chunk))
        var samples: [Float] = []
        let channels = Int(file.processingFormat.channelCount)
        while true {
            try file.read(into: buffer)
            guard buffer.frameLength > 0 else { break }
            let data = try #require(buffer.floatChannelData)
            for frame in 0..<Int(buffer.frameLength) {
                for channel in 0..<channels { samples.append(data[channel][frame * buffer.stride]) }
            }
        }
        return samples
    }

    @Test("a WAVE file reads exactly ffmpeg's samples, in the standard format, with length frames")
    func waveMatchesFFmpeg() throws {
        let file = try AVAudioFile(forReading: try Self.wave())
        #expect(file.processingFormat.isStandard && file.processingFormat.sampleRate == 44_100)
        #expect(file.fileFormat.commonFormat == .pcmFormatInt16 && file.fileFormat.channelCount == 2)
        #expect(file.length == 110_250)
        let ours = try Self.readAll(file, chunk: 1_000)
        let theirs = try Self.ffmpegFloats(try Self.wave())
        #expect(Self.firstDifference(ours, theirs) == nil)
        #expect(file.framePosition == file.length)
    }

    @Test("AAC and MP3: length is the tones' 2.5 s (priming and padding cut), samples as ffmpeg decodes them",
          arguments: ["m4a", "mp3"])
    func compressedMatchesFFmpeg(_ kind: String) throws {
        let url = kind == "m4a" ? try Self.aac() : try Self.mp3()
        let file = try AVAudioFile(forReading: url)
        #expect(file.fileFormat.commonFormat == .otherFormat)
        let ours = try Self.readAll(file)
        #expect(Int64(ours.count / 2) == file.length)
        #expect(file.length == 110_250, "the source's 2.5 s at 44.1 kHz")
        // ffmpeg 5.1 cuts the priming of both, and LAME's padding, but decodes AAC's last packet whole: compare
        // what both give.
        let theirs = try Self.ffmpegFloats(url)
        #expect(theirs.count >= ours.count)
        let worst = (0..<min(ours.count, theirs.count)).reduce(Float(0)) { max($0, abs(ours[$1] - theirs[$1])) }
        #expect(worst < 1e-4, "largest difference from ffmpeg's decode: \(worst)")
    }

    @Test("frames are exactly what AVAssetReader gives for the same track and settings")
    func sameFramesAsAssetReader() async throws {
        let url = try Self.aac()
        let ours = try Self.readAll(try AVAudioFile(forReading: url, commonFormat: .pcmFormatFloat32, interleaved: true))
        let asset = AVURLAsset(url: url)
        let track = try #require(try await asset.loadTracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: [
            AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true,
            AVLinearPCMIsNonInterleaved: false, AVLinearPCMIsBigEndianKey: false])
        reader.add(output)
        #expect(reader.startReading())
        var theirs: [Float] = []
        while let buffer = output.copyNextSampleBuffer(), let block = CMSampleBufferGetDataBuffer(buffer) {
            var bytes = [Float](repeating: 0, count: CMBlockBufferGetDataLength(block) / 4)
            bytes.withUnsafeMutableBytes { _ = CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: $0.count,
                                                                            destination: $0.baseAddress!) }
            theirs += bytes
        }
        #expect(ours.count == theirs.count && Self.firstDifference(ours, theirs) == nil)
    }

    /// The first index where `a` and `b` differ, with both values, or nil when they are equal.
    static func firstDifference(_ a: [Float], _ b: [Float]) -> String? {
        if let index = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) {
            return "[\(index)]: \(a[index]) vs \(b[index])"
        }
        return a.count == b.count ? nil : "counts \(a.count) vs \(b.count)"
    }

    @Test("seeking is frame-exact in compressed files: any position reads the full read's frames from there",
          arguments: ["m4a", "mp3"])
    func seeking(_ kind: String) throws {
        let url = kind == "m4a" ? try Self.aac() : try Self.mp3()
        let whole = try Self.readAll(try AVAudioFile(forReading: url))
        let file = try AVAudioFile(forReading: url)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 1_000))
        for position: AVAudioFramePosition in [12_345, 0, 1_023, 1_024, 77_777, file.length - 500] {
            file.framePosition = position
            try file.read(into: buffer)
            let expected = min(1_000, Int(file.length - position))
            #expect(Int(buffer.frameLength) == expected)
            let data = try #require(buffer.floatChannelData)
            let got = (0..<expected).flatMap { [data[0][$0], data[1][$0]] }
            let want = Array(whole[Int(position) * 2..<(Int(position) + expected) * 2])
            // Frame-exact: one frame off would differ by ~0.07 in the 1 kHz tone; a decoder restarted at the seek
            // (AAC's cold start after its pre-roll packet) differs from the continuous decode by far less.
            let worst = zip(got, want).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
            #expect(got.count == want.count && worst < 1e-3, "at frame \(position): \(worst)")
            #expect(file.framePosition == position + AVAudioFramePosition(expected))
        }
        file.framePosition = file.length + 10
        try file.read(into: buffer)
        #expect(buffer.frameLength == 0)
    }

    @Test("Int16 interleaved processing: ffmpeg's 16-bit samples exactly")
    func int16Interleaved() throws {
        let file = try AVAudioFile(forReading: try Self.wave(), commonFormat: .pcmFormatInt16, interleaved: true)
        #expect(file.processingFormat.commonFormat == .pcmFormatInt16 && file.processingFormat.isInterleaved)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat,
                                                   frameCapacity: AVAudioFrameCount(file.length)))
        try file.read(into: buffer)
        #expect(Int64(buffer.frameLength) == file.length)
        let samples = Array(UnsafeBufferPointer(start: try #require(buffer.int16ChannelData)[0],
                                                count: Int(buffer.frameLength) * 2))
        let data = try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-i", try Self.wave().path,
                                                     "-f", "s16le", "-"]).standardOutput
        #expect(samples == data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) })
    }

    @Test("Apple's errors: missing, not audio, damaged; a buffer in another format; a closed file")
    func errors() throws {
        let directory = try TestFiles.makeTemporaryDirectory()
        let missing = #expect(throws: NSError.self) { try AVAudioFile(forReading: directory.file("none.wav")) }
        #expect(missing?.domain == "com.apple.coreaudio.avfaudio" && missing?.code == 0x7768_743F)
        let text = directory.file("notes.wav")
        try Data("these are not samples".utf8).write(to: text)
        let notAudio = #expect(throws: NSError.self) { try AVAudioFile(forReading: text) }
        #expect(notAudio?.domain == "com.apple.coreaudio.avfaudio")
        #expect(notAudio?.userInfo[NSUnderlyingErrorKey] != nil)

        // Cut in the middle of its samples: opening or reading says so, never traps.
        let full = try Data(contentsOf: try Self.aac())
        let cut = directory.file("cut.m4a")
        try full.prefix(full.count / 2).write(to: cut)
        do {
            let file = try AVAudioFile(forReading: cut)
            _ = try Self.readAll(file)
            Issue.record("a file cut in half read without an error")
        } catch let error as NSError {
            #expect(error.domain == "com.apple.coreaudio.avfaudio")
        }

        let file = try AVAudioFile(forReading: try Self.wave())
        let other = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
        let wrong = try #require(AVAudioPCMBuffer(pcmFormat: other, frameCapacity: 10))
        let mismatch = #expect(throws: NSError.self) { try file.read(into: wrong) }
        #expect(mismatch?.code == -50)
        let right = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 10))
        #expect((#expect(throws: NSError.self) { try file.read(into: right, frameCount: 11) })?.code == -50)
        file.close()
        #expect(!file.isOpen)
        #expect((#expect(throws: NSError.self) { try file.read(into: right) })?.code == -38)
    }
}
