import Foundation
import CoreMedia
@testable import MediaCodecs

/// Tones in linear PCM sample buffers, and measures of decoded audio.
enum SyntheticAudio {
    /// `frames` frames of a sine of `frequency` Hz at `amplitude` (of full scale), starting at frame `first`, as
    /// interleaved signed 16-bit native-endian PCM (or 32-bit float with `float`), one buffer per `chunk` frames.
    static func tone(frequency: Double = 1000, amplitude: Double = 0.5, sampleRate: Double = 48_000, channels: Int = 2,
                     frames: Int, chunk: Int = 1024, float: Bool = false, start: CMTime = .zero) throws -> [CMSampleBuffer] {
        let layout = PCMLayout(sampleRate: sampleRate, channelCount: channels, bitsPerSample: float ? 32 : 16, isFloat: float,
                               isBigEndian: false, isNonInterleaved: false)
        let maker = try PCMSampleBufferMaker(layout: layout, channelLayout: nil)
        var buffers: [CMSampleBuffer] = []
        for first in stride(from: 0, to: frames, by: chunk) {
            let count = min(chunk, frames - first)
            var bytes: [UInt8] = []
            for frame in first..<(first + count) {
                let value = amplitude * sin(2 * .pi * frequency * Double(frame) / sampleRate)
                for _ in 0..<channels {
                    if float {
                        bytes += withUnsafeBytes(of: Float(value)) { Array($0) }
                    } else {
                        bytes += withUnsafeBytes(of: Int16((value * 32767).rounded())) { Array($0) }
                    }
                }
            }
            buffers.append(try maker.makeSampleBuffer(bytes, frameCount: count,
                                                      presentationTimeStamp: start + CMTime(value: Int64(first), timescale: Int32(sampleRate))))
        }
        return buffers
    }

    /// The first channel of float32 interleaved or non-interleaved sample buffers, honouring trim attachments.
    static func firstChannel(_ buffers: [CMSampleBuffer], trimmed: Bool = true) throws -> [Double] {
        var samples: [Double] = []
        for buffer in buffers {
            let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(buffer.formatDescription!)!.pointee
            let channels = Int(asbd.mChannelsPerFrame)
            let nonInterleaved = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
            let data = [UInt8](try buffer.dataBuffer!.dataBytes())
            let frames = CMSampleBufferGetNumSamples(buffer)
            let values: [Double] = (0..<frames).map { frame in
                let index = nonInterleaved ? frame : frame * channels
                return Double(data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4 * index, as: Float.self) })
            }
            samples += values
        }
        return samples
    }

    /// Frames a trim attachment removes.
    static func trim(_ buffer: CMSampleBuffer, _ key: String, rate: Double) -> Int {
        guard let dictionary = CMGetAttachment(buffer, key: key as CFString, attachmentModeOut: nil) as? CFDictionary else { return 0 }
        return Int((CMTimeGetSeconds(CMTimeMakeFromDictionary(dictionary)) * rate).rounded())
    }

    /// The power of `frequency` in `samples` (Goertzel).
    static func goertzel(_ samples: [Double], frequency: Double, sampleRate: Double) -> Double {
        let k = 2 * cos(2 * Double.pi * frequency / sampleRate)
        var s1 = 0.0, s2 = 0.0
        for x in samples {
            let s0 = x + k * s1 - s2
            s2 = s1
            s1 = s0
        }
        return s1 * s1 + s2 * s2 - k * s1 * s2
    }

    /// Root mean square.
    static func rms(_ samples: some Collection<Double>) -> Double {
        (samples.reduce(0) { $0 + $1 * $1 } / Double(max(1, samples.count))).squareRoot()
    }
}
