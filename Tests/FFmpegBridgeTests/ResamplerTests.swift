import Foundation
import Testing
import FFmpegBridge
import TestSupport

@Suite("Resampler")
struct ResamplerTests {
    /// Pushes `count` frames of a tone through in uneven chunks, flushes, returns channel 0 of the output.
    func run(_ resampler: FFResampler, count: Int, frequency: Double, chunk: Int = 1001) throws -> ([Double], Int) {
        let input = resampler.input
        let planes = sinePlanes(format: input.sampleFormat, channels: input.channelLayout.channelCount, frames: count,
                                frequency: frequency, sampleRate: Double(input.sampleRate), amplitude: 0.5)
        let bytesPerFrame = input.sampleFormat.bytesPerSample * (input.sampleFormat.isPlanar ? 1 : input.channelLayout.channelCount)
        var outputs: [FFAudioBuffer] = []
        var start = 0
        while start < count {
            let n = min(chunk, count - start)
            outputs.append(try resampler.convert(FFAudioBuffer(
                sampleFormat: input.sampleFormat, channelCount: input.channelLayout.channelCount, frameCount: n,
                planes: planes.map { Array($0[(start * bytesPerFrame)..<((start + n) * bytesPerFrame)]) })))
            start += n
        }
        outputs.append(try resampler.flush())
        let total = outputs.reduce(0) { $0 + $1.frameCount }
        let floats = outputs.flatMap { buffer -> [Double] in
            buffer.planes[0].withUnsafeBytes { raw in
                let values = raw.bindMemory(to: Float.self)
                let step = buffer.sampleFormat.isPlanar ? 1 : buffer.channelCount
                return stride(from: 0, to: values.count, by: step).map { Double(values[$0]) }
            }
        }
        return (floats, total)
    }

    @Test("output frame count is exactly ⌈N·out/in⌉ after flush",
          arguments: [(44_100, 48_000, 44_100), (44_100, 48_000, 1000), (48_000, 44_100, 12_345),
                      (8_000, 48_000, 777), (48_000, 22_050, 48_000), (32_000, 44_100, 5)])
    func exactCount(inRate: Int, outRate: Int, frames: Int) throws {
        let resampler = try FFResampler(
            from: FFAudioFormat(sampleFormat: .s16, sampleRate: inRate, channelLayout: .stereo),
            to: FFAudioFormat(sampleFormat: .f32Planar, sampleRate: outRate, channelLayout: .stereo))
        let (_, total) = try run(resampler, count: frames, frequency: 440, chunk: 333)
        #expect(total == resampler.expectedOutputFrameCount(forInputFrameCount: frames))
        #expect(total == Int((Double(frames) * Double(outRate) / Double(inRate)).rounded(.up)))
    }

    @Test("property: any length, any chunking, any rate pair gives ⌈N·out/in⌉ (seed printed; LAVF_SEED re-runs)")
    func exactCountProperty() throws {
        let seed = ProcessInfo.processInfo.environment["LAVF_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("ResamplerTests.exactCountProperty seed \(seed)")
        var generator = SplitMix64(seed: seed)
        let rates = [8_000, 11_025, 16_000, 22_050, 32_000, 44_100, 48_000, 88_200, 96_000]
        for _ in 0..<25 {
            let inRate = rates.randomElement(using: &generator)!, outRate = rates.randomElement(using: &generator)!
            let frames = Int.random(in: 1...6000, using: &generator)
            let chunk = Int.random(in: 1...2000, using: &generator)
            let resampler = try FFResampler(
                from: FFAudioFormat(sampleFormat: .f32, sampleRate: inRate, channelLayout: .mono),
                to: FFAudioFormat(sampleFormat: .f32, sampleRate: outRate, channelLayout: .mono))
            let (_, total) = try run(resampler, count: frames, frequency: 300, chunk: chunk)
            #expect(total == resampler.expectedOutputFrameCount(forInputFrameCount: frames),
                    "\(frames) frames \(inRate)→\(outRate) in chunks of \(chunk)")
        }
    }

    @Test("44.1 kHz → 48 kHz keeps a 1 kHz tone at its level and gives exactly 48000 frames per second")
    func tone() throws {
        let resampler = try FFResampler(
            from: FFAudioFormat(sampleFormat: .f32Planar, sampleRate: 44_100, channelLayout: .stereo),
            to: FFAudioFormat(sampleFormat: .f32, sampleRate: 48_000, channelLayout: .stereo))
        let (samples, total) = try run(resampler, count: 44_100, frequency: 1000)
        #expect(total == 48_000)
        let body = Array(samples[2400..<45600])
        #expect(Measure.dominantFrequency(body, sampleRate: 48_000, candidates: [900, 918.75, 1000, 1088.4, 1100]) == 1000)
        #expect(abs(Measure.rms(body) - 0.5 / 2.0.squareRoot()) < 0.005)
    }

    @Test("a custom channel order is mapped by position")
    func customOrder() throws {
        // Input channels arrive as [FR, FL]: the resampler must swap them into stereo's [FL, FR].
        let resampler = try FFResampler(
            from: FFAudioFormat(sampleFormat: .f32Planar, sampleRate: 48_000,
                                channelLayout: FFChannelLayout(channels: [.frontRight, .frontLeft])),
            to: FFAudioFormat(sampleFormat: .f32Planar, sampleRate: 48_000, channelLayout: .stereo))
        let left = [Float](repeating: 0.25, count: 256), right = [Float](repeating: -0.5, count: 256)
        let toBytes = { (v: [Float]) in v.withUnsafeBytes { Array($0) } }
        let out = try resampler.convert(FFAudioBuffer(sampleFormat: .f32Planar, channelCount: 2, frameCount: 256,
                                                      planes: [toBytes(right), toBytes(left)]))
        let flushed = try resampler.flush()
        let first = (out.planes[0] + flushed.planes[0]).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let second = (out.planes[1] + flushed.planes[1]).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(first.count == 256)
        #expect(first.allSatisfy { abs($0 - 0.25) < 1e-6 })
        #expect(second.allSatisfy { abs($0 + 0.5) < 1e-6 })
    }

    @Test("5.1 downmixes to stereo, mono upmixes to stereo")
    func remix() throws {
        let down = try FFResampler(
            from: FFAudioFormat(sampleFormat: .f32Planar, sampleRate: 48_000, channelLayout: .surround51),
            to: FFAudioFormat(sampleFormat: .f32Planar, sampleRate: 48_000, channelLayout: .stereo))
        let (_, total) = try run(down, count: 4800, frequency: 1000)
        #expect(total == 4800)
        let up = try FFResampler(
            from: FFAudioFormat(sampleFormat: .s16, sampleRate: 48_000, channelLayout: .mono),
            to: FFAudioFormat(sampleFormat: .f32Planar, sampleRate: 48_000, channelLayout: .stereo))
        let (samples, count) = try run(up, count: 4800, frequency: 1000)
        #expect(count == 4800)
        #expect(Measure.rms(samples) > 0.2)
    }
}

