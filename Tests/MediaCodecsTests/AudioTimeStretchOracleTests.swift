import Foundation
import Testing
import TestSupport
@testable import MediaCodecs

/// Stretched audio judged by ffmpeg and ffprobe, not by our code: the output is written as raw 32-bit float, ffmpeg
/// turns it into a WAV file whose length ffprobe reports, and ffmpeg's `astats` measures its level, peak, NaNs and
/// zero crossings.
@Suite("Audio time stretch judged by ffmpeg")
struct AudioTimeStretchOracleTests {
    /// One channel's figures from `astats` (ffmpeg 5.1).
    struct Stats {
        var samples = 0
        var nans = -1
        var zeroCrossings = 0
        var rmsDB = 0.0
        var peakDB = 0.0
    }

    /// ffmpeg's `astats` for the first channel of `url` (raw stereo float at 48 kHz).
    static func astats(_ url: URL) throws -> Stats {
        let result = try ExternalTool.check("ffmpeg", ["-nostdin", "-hide_banner", "-f", "f32le", "-ar", "48000", "-ac", "2",
                                                       "-i", url.path, "-af", "aformat=sample_fmts=flt,astats", "-f", "null", "-"])
        var stats = Stats()
        var section = ""
        for line in result.standardError.split(separator: "\n") {
            guard let range = line.range(of: "] ") else { continue }
            let text = line[range.upperBound...]
            if text.hasPrefix("Channel: ") || text == "Overall" { section = String(text); continue }
            let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch (section, parts[0]) {
            case ("Channel: 1", "Zero crossings"): stats.zeroCrossings = Int(parts[1]) ?? 0
            case ("Channel: 1", "RMS level dB"): stats.rmsDB = Double(parts[1]) ?? 0
            case ("Channel: 1", "Peak level dB"): stats.peakDB = Double(parts[1]) ?? 0
            case ("Channel: 1", "Number of NaNs"): stats.nans = Int(parts[1]) ?? -1
            case ("Overall", "Number of samples"): stats.samples = Int(parts[1]) ?? 0
            default: break
            }
        }
        return stats
    }

    /// Oracle values: a 0.5-amplitude sine is −9.03 dBFS RMS (20·log10(0.5/√2)) and −6.02 dBFS peak; astats
    /// counts both rising and falling zero crossings, two per cycle.
    @Test("ffprobe counts round(N / speed) frames; ffmpeg finds the tone's frequency, its level, and no NaN",
          arguments: AudioTimeStretchSession.Algorithm.allCases, [0.5, 2.0])
    func judgedByFFmpeg(algorithm: AudioTimeStretchSession.Algorithm, speed: Double) throws {
        let input = TimeStretchSignal.sine(frames: 48_000)
        let output = try AudioTimeStretchTests.stretch(input, scale: .speed(speed), algorithm: algorithm, chunks: [1024, 333])
        let directory = try TestFiles.makeTemporaryDirectory()
        let raw = directory.url.appendingPathComponent("stretched.f32")
        var interleaved = [Float](repeating: 0, count: 2 * output[0].count)
        for frame in 0..<output[0].count {
            interleaved[2 * frame] = output[0][frame]
            interleaved[2 * frame + 1] = output[1][frame]
        }
        try interleaved.withUnsafeBytes { Data($0) }.write(to: raw)

        let wav = directory.url.appendingPathComponent("stretched.wav")
        try ExternalTool.check("ffmpeg", ["-nostdin", "-v", "error", "-f", "f32le", "-ar", "48000", "-ac", "2", "-i", raw.path,
                                          "-c:a", "pcm_f32le", wav.path])
        let probe = try ExternalTool.ffprobeJSON(["-show_streams", wav.path])
        let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
        let expected = AudioTimeStretchTests.expected(48_000, speed)
        #expect(stream["duration_ts"] as? Int == expected, "ffprobe: \(stream["duration_ts"] ?? "none")")

        let stats = try Self.astats(raw)
        #expect(stats.samples == expected)
        #expect(stats.nans == 0)
        let seconds = Double(expected) / 48_000
        let frequency = Double(stats.zeroCrossings) / 2 / seconds
        let wanted = algorithm == .varispeed ? 1000 * speed : 1000
        #expect(abs(frequency / wanted - 1) < 0.01, "ffmpeg's zero crossings say \(frequency) Hz")
        #expect(abs(stats.rmsDB - -9.03) < 0.5, "RMS \(stats.rmsDB) dBFS")
        #expect(stats.peakDB < -4.4, "peak \(stats.peakDB) dBFS (0.6 is −4.4)")
    }
}
