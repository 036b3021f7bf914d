import Foundation
import Testing
@testable import MediaCodecs

/// Measurements, not tests: run with `LAVF_BENCH=1 swift test -c release --filter TimeStretchBenchmarks`. They print
/// the cost of each algorithm and assert only that the work was done (no timing assertions). The figures in
/// Sources/MediaCodecs/README.md come from here.
@Suite("TimeStretchBenchmarks", .enabled(if: ProcessInfo.processInfo.environment["LAVF_BENCH"] != nil), .serialized)
struct TimeStretchBenchmarks {
    @Test("input frames per second, stereo 48 kHz, 10 s of a three-note chord, 4096-frame chunks")
    func throughput() throws {
        let frames = 480_000
        let chord = (0..<frames).map { index -> Float in
            let t = Double(index) / 48_000
            return Float(0.15 * (sin(2 * .pi * 440 * t) + sin(2 * .pi * 554.37 * t + 1) + sin(2 * .pi * 659.26 * t + 2)))
        }
        let input = [chord, chord.reversed()]
        for algorithm in AudioTimeStretchSession.Algorithm.allCases {
            for speed in [0.1, 0.5, 2, 8] {
                let start = DispatchTime.now().uptimeNanoseconds
                let output = try AudioTimeStretchTests.stretch(input, scale: .speed(speed), algorithm: algorithm, chunks: [4096])
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                #expect(output[0].count == AudioTimeStretchTests.expected(frames, speed))
                let rate = Double(frames) / seconds
                print("TimeStretch \(algorithm) speed \(speed): \(String(format: "%.2f", rate / 1e6)) M input frames/s (\(String(format: "%.0f", rate / 48_000))× real time)")
            }
        }
    }
}
