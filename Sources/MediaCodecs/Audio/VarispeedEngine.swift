import FFmpegBridge

/// `.varispeed`: the audio is resampled as if it had been recorded at `speed` times its rate, so that played at its
/// own rate it lasts `1 / speed` as long and its pitch moves by `speed`, as a tape played faster does. swresample's
/// windowed-sinc filter (`FFResampler`) does the resampling, low-passing whatever a speed-up would fold over.
///
/// swresample takes integer rates, so the speed becomes a ratio of two "rates" of at most 768 kHz, exact when the
/// speed's reduced fraction fits and otherwise the nearest such fraction (a continued-fraction convergent, within
/// about 1e-9 relative for any speed in 1/32...32: a few thousandths of a frame per day at 48 kHz); the session's
/// exact count absorbs the rest. The actual sample rate never enters: only the ratio
/// matters to a resampler.
final class VarispeedEngine: TimeStretchEngine {
    private let resampler: FFResampler
    private let channelCount: Int

    /// A varispeed engine for `channelCount` channels at `speed` = `numerator / denominator`.
    init(channelCount: Int, numerator: Int, denominator: Int) throws(FFError) {
        let rates = Self.rates(numerator: numerator, denominator: denominator, bound: FFLimits.maximumSampleRate)
        let layout = FFChannelLayout.default(channelCount: channelCount)
        resampler = try FFResampler(from: FFAudioFormat(sampleFormat: .f32Planar, sampleRate: rates.input, channelLayout: layout),
                                    to: FFAudioFormat(sampleFormat: .f32Planar, sampleRate: rates.output, channelLayout: layout))
        self.channelCount = channelCount
    }

    func stretch(_ planes: [[Float]]) throws(CodecError) -> [[Float]] {
        let frames = planes.first?.count ?? 0
        let input = FFAudioBuffer(sampleFormat: .f32Planar, channelCount: channelCount, frameCount: frames,
                                  planes: planes.map { plane in plane.withUnsafeBytes { Array($0) } })
        let output: FFAudioBuffer
        do throws(FFError) { output = try resampler.convert(input) } catch {
            throw CodecError(error, while: "time stretching with varispeed")
        }
        return output.planes.map { bytes in
            [Float](unsafeUninitializedCapacity: output.frameCount) { buffer, count in
                bytes.withUnsafeBytes { raw in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw.prefix(output.frameCount * 4)))
                }
                count = output.frameCount
            }
        }
    }

    /// Input and output "rates" whose ratio is `numerator / denominator`, both at most `bound` and as large as
    /// that allows (so the ratio is exact when the reduced fraction fits, and swresample sees ordinary rates).
    static func rates(numerator: Int, denominator: Int, bound: Int) -> (input: Int, output: Int) {
        var (p, q) = (numerator, denominator)
        let divisor = gcd(p, q)
        p /= divisor
        q /= divisor
        if max(p, q) > bound { (p, q) = nearestFraction(Double(numerator) / Double(denominator), bound: bound) }
        let scale = max(1, bound / max(p, q))
        return (p * scale, q * scale)
    }

    /// The continued-fraction convergent of `value` closest to it whose numerator and denominator are at most
    /// `bound` (a best rational approximation of the first kind).
    static func nearestFraction(_ value: Double, bound: Int) -> (Int, Int) {
        var (p0, q0, p1, q1) = (0, 1, 1, 0)
        var x = value
        for _ in 0..<64 {
            let a = x.rounded(.down)
            guard a < Double(bound), let term = Int(exactly: a) else { break }
            let (p2, q2) = (term * p1 + p0, term * q1 + q0)
            guard p2 <= bound, q2 <= bound else { break }
            (p0, q0, p1, q1) = (p1, q1, p2, q2)
            let fraction = x - a
            guard fraction > 1e-12 else { break }
            x = 1 / fraction
        }
        return q1 == 0 ? (bound, 1) : (max(1, p1), q1)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}
