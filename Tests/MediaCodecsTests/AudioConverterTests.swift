import Foundation
import Testing
import CoreMedia
@testable import MediaCodecs

@Suite("Audio converter session")
struct AudioConverterTests {
    static func asbd(rate: Double, channels: UInt32, bits: UInt32, float: Bool, nonInterleaved: Bool = false,
                     bigEndian: Bool = false) -> AudioStreamBasicDescription {
        var flags: AudioFormatFlags = (float ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger) | kAudioFormatFlagIsPacked
        if nonInterleaved { flags |= kAudioFormatFlagIsNonInterleaved }
        if bigEndian { flags |= kAudioFormatFlagIsBigEndian }
        let bytes = bits / 8 * (nonInterleaved ? 1 : channels)
        return AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM, mFormatFlags: flags,
                                           mBytesPerPacket: bytes, mFramesPerPacket: 1, mBytesPerFrame: bytes,
                                           mChannelsPerFrame: channels, mBitsPerChannel: bits, mReserved: 0)
    }

    @Test("44.1 kHz s16 stereo in odd chunks to 48 kHz float mono non-interleaved: exact count and contiguous times",
          arguments: [333, 1024, 44_100])
    func rateChannelsFormat(chunk: Int) throws {
        let start = CMTime(value: 7, timescale: 10)
        let input = try SyntheticAudio.tone(frequency: 1000, sampleRate: 44_100, frames: 44_100, chunk: chunk, start: start)
        let converter = try AudioConverterSession(from: Self.asbd(rate: 44_100, channels: 2, bits: 16, float: false),
                                                  to: Self.asbd(rate: 48_000, channels: 1, bits: 32, float: true, nonInterleaved: true))
        var output: [CMSampleBuffer] = []
        for buffer in input { output += try converter.convert(buffer) }
        output += try converter.finish()
        // ⌈44100 · 48000 / 44100⌉ = 48000 exactly, whatever the chunking.
        #expect(output.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) } == 48_000)
        #expect(output.first?.presentationTimeStamp == start)
        for (a, b) in zip(output, output.dropFirst()) { #expect(a.presentationTimeStamp + a.duration == b.presentationTimeStamp) }
        let samples = try SyntheticAudio.firstChannel(output)
        let middle = Array(samples[12_000..<36_000])
        // Stereo to mono: swresample sums L and R at −3 dB each, so the tone's level rises by 3 dB.
        let level = 20 * log10(SyntheticAudio.rms(middle) / (0.5 / 2.squareRoot()))
        #expect(abs(level - 3.01) < 0.2, "level \(level) dB")
        #expect(SyntheticAudio.goertzel(middle, frequency: 1000, sampleRate: 48_000)
                > 1000 * SyntheticAudio.goertzel(middle, frequency: 1100, sampleRate: 48_000))
        // In phase with the source: the resampler delays output but does not shift it.
        let reference = (12_000..<36_000).map { 0.5 * 2.squareRoot() * sin(2 * .pi * 1000 * Double($0) / 48_000) }
        let error = SyntheticAudio.rms(zip(middle, reference).map { $0 - $1 })
        #expect(error < 0.01, "rms error \(error)")
    }

    @Test("a gap in the input times starts a new run at the new time")
    func discontinuity() throws {
        let first = try SyntheticAudio.tone(sampleRate: 48_000, frames: 4800, chunk: 4800)
        let second = try SyntheticAudio.tone(sampleRate: 48_000, frames: 4800, chunk: 4800, start: CMTime(value: 1, timescale: 1))
        let converter = try AudioConverterSession(from: Self.asbd(rate: 48_000, channels: 2, bits: 16, float: false),
                                                  to: Self.asbd(rate: 44_100, channels: 2, bits: 16, float: false))
        var output = try converter.convert(first[0])
        output += try converter.convert(second[0])
        output += try converter.finish()
        #expect(output.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) } == 2 * 4410)
        let runTwo = try #require(output.first { $0.presentationTimeStamp >= CMTime(value: 1, timescale: 1) })
        #expect(runTwo.presentationTimeStamp == CMTime(value: 1, timescale: 1))
        let beforeGap = output.filter { $0.presentationTimeStamp < CMTime(value: 1, timescale: 1) }
        #expect(beforeGap.reduce(0) { $0 + CMSampleBufferGetNumSamples($1) } == 4410)
    }

    /// Every integer layout to every other and back: 8 (signed and unsigned), 16, 24 (packed), 32 bits, both byte
    /// orders, interleaved or not; 16-bit values survive exactly.
    @Test("integer layouts round-trip 16-bit samples exactly", arguments: [(8, false), (16, true), (24, true), (24, false), (32, true)])
    func layouts(bits: Int, bigEndian: Bool) throws {
        let source = Self.asbd(rate: 48_000, channels: 2, bits: 16, float: false)
        let input = try SyntheticAudio.tone(sampleRate: 48_000, frames: 2000, chunk: 2000)
        let target = Self.asbd(rate: 48_000, channels: 2, bits: UInt32(bits), float: false, nonInterleaved: bits == 24, bigEndian: bigEndian)
        let there = try AudioConverterSession(from: source, to: target)
        let back = try AudioConverterSession(from: target, to: source)
        var result: [UInt8] = []
        for buffer in try there.convert(input[0]) + there.finish() {
            for out in try back.convert(buffer) + back.finish() { result += [UInt8](try out.dataBuffer!.dataBytes()) }
        }
        let original = [UInt8](try input[0].dataBuffer!.dataBytes())
        if bits == 8 {
            // 8 bits keep the top byte of each 16-bit sample: swresample narrows integers by shifting (floor).
            func sample(_ bytes: [UInt8], _ index: Int) -> Int {
                Int(Int16(bitPattern: UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8))
            }
            let worst = (0..<(original.count / 2)).map { abs(sample(original, $0) - sample(result, $0)) }.max() ?? 0
            #expect(worst < 256)
        } else {
            #expect(result == original)
        }
    }
}
