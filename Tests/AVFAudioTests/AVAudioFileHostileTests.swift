import AVFAudio
import Foundation
import Testing
import TestSupport

/// Damaged audio files read through AVAudioFile: an error or audio, never a trap, a hang or more frames than
/// `length` promises.
@Suite("AVAudioFile on damaged files")
struct AVAudioFileHostileTests {
    /// Opens `url` and reads it to the end in 4,096-frame buffers; returns the frames read, or nil on an error.
    static func readAll(_ url: URL) -> Int64? {
        guard let file = try? AVAudioFile(forReading: url),
              let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 4_096) else { return nil }
        var frames: Int64 = 0
        // At most length / 4096 + 2 reads: a read that keeps returning frames past the promise would be caught.
        for _ in 0...(file.length / 4_096 + 2) {
            guard (try? file.read(into: buffer)) != nil else { return nil }
            if buffer.frameLength == 0 { break }
            frames += Int64(buffer.frameLength)
        }
        #expect(frames <= file.length, "\(url.lastPathComponent): \(frames) frames read, \(file.length) promised")
        return frames
    }

    @Test("every truncation point of a WAVE, an M4A and an MP3 gives an error or at most the promised frames",
          arguments: ["m4a", "mp3", "wav"])
    func truncations(_ kind: String) throws {
        let source = kind == "m4a" ? try AVAudioFileReadingTests.aac()
            : kind == "mp3" ? try AVAudioFileReadingTests.mp3() : try AVAudioFileReadingTests.wave()
        let bytes = try Data(contentsOf: source)
        let directory = try TestFiles.makeTemporaryDirectory()
        for fraction in [0.0, 0.001, 0.01, 0.1, 0.33, 0.5, 0.9, 0.999] {
            let url = directory.file("cut-\(fraction).\(kind)")
            try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: url)
            _ = Self.readAll(url)
        }
    }

    @Test("a WAVE whose rate field says 14,396,484 Hz is refused with an error, not a trap (LAVF_SEED=14441486142140776827)")
    func impossibleRate() throws {
        var bytes = [UInt8](try Data(contentsOf: try AVAudioFileReadingTests.wave()))
        // The 'fmt ' chunk's rate, little-endian; one byte changed turns 44,100 Hz into 14,396,484 Hz.
        let fmt = try #require((12..<bytes.count - 8).first { bytes[$0..<$0 + 4] == Array("fmt ".utf8)[...] })
        #expect(bytes[fmt + 12] == 0x44 && bytes[fmt + 13] == 0xAC, "the fixture is 44.1 kHz")
        bytes[fmt + 14] = 0xDB
        let directory = try TestFiles.makeTemporaryDirectory()
        let url = directory.file("rate-14396484.wav")
        try Data(bytes).write(to: url)
        #expect(throws: (any Error).self) { _ = try AVAudioFile(forReading: url) }
    }

    @Test("property: random byte damage gives an error or audio, never a trap (seed printed; LAVF_SEED)",
          arguments: ["m4a", "wav"])
    func randomDamage(_ kind: String) throws {
        let seed = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64.max)
        print("AVAudioFileHostileTests.randomDamage(\(kind)) seed \(seed) (re-run with LAVF_SEED=\(seed))")
        var generator = SplitMix64(seed: seed)
        let source = kind == "m4a" ? try AVAudioFileReadingTests.aac() : try AVAudioFileReadingTests.wave()
        let original = [UInt8](try Data(contentsOf: source))
        let directory = try TestFiles.makeTemporaryDirectory()
        for round in 0..<24 {
            var bytes = original
            // Damage the first 4 KB (the headers and tables) more often than the samples.
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let limit = Bool.random(using: &generator) ? min(4_096, bytes.count) : bytes.count
                bytes[Int.random(in: 0..<limit, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            let url = directory.file("damaged-\(round).\(kind)")
            try Data(bytes).write(to: url)
            _ = Self.readAll(url)
        }
    }
}
