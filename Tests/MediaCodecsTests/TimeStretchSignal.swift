import Foundation

/// Test signals for time stretching, and measures of stretched audio.
enum TimeStretchSignal {
    /// `frames` frames of a `frequency` Hz sine of `amplitude`, the same in each of `channels` planes, starting at
    /// phase 0 on frame 0.
    static func sine(frequency: Double = 1000, amplitude: Double = 0.5, sampleRate: Double = 48_000, channels: Int = 2,
                     frames: Int) -> [[Float]] {
        let plane = (0..<frames).map { Float(amplitude * sin(2 * .pi * frequency * Double($0) / sampleRate)) }
        return Array(repeating: plane, count: channels)
    }

    /// `planes` cut into chunks whose sizes cycle through `sizes`.
    static func chunks(_ planes: [[Float]], sizes: [Int]) -> [[[Float]]] {
        let frames = planes.first?.count ?? 0
        var result: [[[Float]]] = []
        var start = 0, index = 0
        while start < frames {
            let count = min(sizes[index % sizes.count], frames - start)
            result.append(planes.map { Array($0[start..<(start + count)]) })
            start += count
            index += 1
        }
        return result
    }

    /// The frequency of a tone by its rising zero crossings between `range` (interpolated between samples).
    static func zeroCrossingFrequency(_ samples: [Float], in range: Range<Int>, sampleRate: Double = 48_000) -> Double {
        var first: Double?, last = 0.0, count = 0
        for index in max(range.lowerBound, 1)..<min(range.upperBound, samples.count) {
            let (a, b) = (Double(samples[index - 1]), Double(samples[index]))
            guard a < 0, b >= 0 else { continue }
            let crossing = Double(index - 1) + a / (a - b)
            if first == nil { first = crossing }
            last = crossing
            count += 1
        }
        guard let first, count > 1, last > first else { return 0 }
        return Double(count - 1) * sampleRate / (last - first)
    }

    /// The power of `frequency` in `samples` (Goertzel), normalised by the sample count.
    static func power(_ samples: ArraySlice<Float>, frequency: Double, sampleRate: Double = 48_000) -> Double {
        let k = 2 * cos(2 * Double.pi * frequency / sampleRate)
        var s1 = 0.0, s2 = 0.0
        for x in samples {
            let s0 = Double(x) + k * s1 - s2
            s2 = s1
            s1 = s0
        }
        return (s1 * s1 + s2 * s2 - k * s1 * s2) / Double(max(1, samples.count))
    }

    /// The frequency with the most power among `candidates` Hz apart around `center` (a small DFT around the peak).
    static func peakFrequency(_ samples: ArraySlice<Float>, around center: Double, span: Double = 200,
                              step: Double = 1, sampleRate: Double = 48_000) -> Double {
        stride(from: center - span, through: center + span, by: step).max { a, b in
            power(samples, frequency: a, sampleRate: sampleRate) < power(samples, frequency: b, sampleRate: sampleRate)
        } ?? 0
    }

    /// Root mean square.
    static func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot()
    }
}
