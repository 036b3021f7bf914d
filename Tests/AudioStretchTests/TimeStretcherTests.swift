import Foundation
import Testing
import AudioStretch

/// The owning wrappers over Rubber Band and SoundTouch: what they refuse, and that their output is aligned with their
/// input (the start delay each library has is removed).
@Suite("Time stretchers (Rubber Band, SoundTouch)")
struct TimeStretcherTests {
    /// A deterministic, non-periodic signal (a low-passed linear congruential sequence), so alignment is unambiguous.
    static func noise(frames: Int) -> [Float] {
        var state: UInt32 = 12_345, smoothed: Float = 0
        return (0..<frames).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            smoothed = 0.7 * smoothed + 0.3 * (Float(state >> 8) / Float(1 << 24) - 0.5)
            return smoothed
        }
    }

    @Test("Rubber Band runs its R3 (finer) engine; Debian 12 ships 3.1.2")
    func rubberBandEngine() throws {
        #expect(RubberBandStretcher.version.hasPrefix("3."))
        let stretcher = try RubberBandStretcher(sampleRate: 48_000, channelCount: 2, timeRatio: 2)
        #expect(stretcher.startPadFrameCount > 0)
        #expect(!SoundTouchStretcher.version.isEmpty)
    }

    @Test("SoundTouch's first output frames are the input's, unshifted (its 33-frame anti-alias delay is off)",
          arguments: [0.5, 2.0, 8.0])
    func soundTouchAlignment(tempo: Double) throws {
        let input = Self.noise(frames: 48_000)
        let stretcher = try SoundTouchStretcher(sampleRate: 48_000, channelCount: 1, tempo: tempo)
        let output = try stretcher.process([input])[0]
        // The first sequence is copied before any splice: a time-domain stretcher starts with the input itself.
        try #require(output.count >= 480)
        let worst = zip(output.prefix(480), input.prefix(480)).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-6, "largest difference \(worst)")
    }

    @Test("Rubber Band's output is aligned: a tone starting at 0.2 s starts at 0.2 s × ratio (within its window)",
          arguments: [0.5, 2.0])
    func rubberBandAlignment(timeRatio: Double) throws {
        let onset = 9600
        let input = (0..<48_000).map { $0 < onset ? Float(0) : Float(0.5 * sin(2 * Double.pi * 1000 * Double($0) / 48_000)) }
        let stretcher = try RubberBandStretcher(sampleRate: 48_000, channelCount: 1, timeRatio: timeRatio)
        var output: [Float] = []
        for start in stride(from: 0, to: input.count, by: 1000) {
            output += try stretcher.process([Array(input[start..<min(input.count, start + 1000)])])[0]
        }
        let first = try #require(output.firstIndex { abs($0) > 0.05 })
        // Measured with 3.1.2: 30 frames early at ratio 0.5, 395 at 2 (the analysis window spreads the onset back).
        let expected = Int(Double(onset) * timeRatio)
        #expect(first <= expected + 64 && first >= expected - 1024, "onset at \(first), expected about \(expected)")
    }

    @Test("configurations the libraries cannot take are refused, naming the setting")
    func refusals() throws {
        #expect { try SoundTouchStretcher(sampleRate: 48_000, channelCount: 17, tempo: 2) }
            throws: { ($0 as? TimeStretchError)?.setting == "channelCount" }
        #expect { try SoundTouchStretcher(sampleRate: 48_000, channelCount: 2, tempo: 33) }
            throws: { ($0 as? TimeStretchError)?.setting == "tempo" }
        #expect { try RubberBandStretcher(sampleRate: 48_000, channelCount: 2, timeRatio: 1.0 / 33) }
            throws: { ($0 as? TimeStretchError)?.setting == "timeRatio" }
        #expect { try RubberBandStretcher(sampleRate: 0, channelCount: 2, timeRatio: 2) }
            throws: { ($0 as? TimeStretchError)?.setting == "sampleRate" }
        #expect { try RubberBandStretcher(sampleRate: 48_000, channelCount: 2, timeRatio: .nan) }
            throws: { ($0 as? TimeStretchError)?.kind == .invalidConfiguration }
        let stretcher = try SoundTouchStretcher(sampleRate: 48_000, channelCount: 2, tempo: 2)
        #expect { try stretcher.process([[0, 0], [0]]) } throws: { ($0 as? TimeStretchError)?.kind == .invalidArgument }
        #expect { try stretcher.process([[0, 0]]) } throws: { ($0 as? TimeStretchError)?.kind == .invalidArgument }
    }
}
