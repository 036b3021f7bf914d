import AVFoundation
import Foundation

/// A fuzzer's bytes read as a program of `AVAssetWriter` calls, run through the public API only: the file type,
/// then one call per step (add inputs of several kinds, settings, metadata, start, sessions, appends of
/// fuzzer-sized and fuzzer-timed sample buffers, marks, cancel, finish) until the bytes run out, then
/// `finishWriting`. Nothing may crash or hang; a file the writer reports completed must satisfy ffprobe
/// (`WriterFuzzHarness`).
struct WriterProgram {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    /// The next byte, or 0 once the program has run out.
    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// A number from two bytes.
    mutating func short() -> Int { Int(byte()) << 8 | Int(byte()) }

    var isAtEnd: Bool { bytes.isEmpty }

    static let fileTypes: [(AVFileType, String)] = [
        (.mov, "mov"), (.mp4, "mp4"), (.m4a, "m4a"), (.m4v, "m4v"), (.mobile3GPP, "3gp"), (.caf, "caf"),
        (.wav, "wav"), (.aiff, "aif"), (.aifc, "aifc"),
    ]

    /// A time from the program: a value and one of a few timescales, sometimes invalid or indefinite.
    mutating func time() -> CMTime {
        switch byte() % 16 {
        case 0: return .invalid
        case 1: return .indefinite
        case 2: return .positiveInfinity
        default:
            let timescales: [CMTimeScale] = [1, 25, 30, 600, 1000, 44_100, 48_000, 90_000]
            let value = Int64(Int16(bitPattern: UInt16(short())))
            return CMTime(value: value, timescale: timescales[Int(byte()) % timescales.count])
        }
    }

    /// Output settings for a new video input: JPEG or H.264 at a small size, or passthrough (nil).
    mutating func videoSettings() -> [String: Any]? {
        let width = 16 + Int(byte() % 8) * 8, height = 16 + Int(byte() % 8) * 8
        switch byte() % 4 {
        case 0: return nil
        case 1:
            return [AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: width, AVVideoHeightKey: height,
                    AVVideoCompressionPropertiesKey: [AVVideoMaxKeyFrameIntervalKey: Int(byte() % 30) + 1]]
        default: return [AVVideoCodecKey: AVVideoCodecType.jpeg, AVVideoWidthKey: width, AVVideoHeightKey: height]
        }
    }

    /// Output settings for a new audio input: linear PCM, AAC or ALAC at a common rate, or passthrough (nil).
    mutating func audioSettings() -> [String: Any]? {
        let rates = [8_000.0, 22_050, 44_100, 48_000]
        let rate = rates[Int(byte()) % rates.count], channels = Int(byte() % 2) + 1
        switch byte() % 5 {
        case 0: return nil
        case 1: return [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: rate, AVNumberOfChannelsKey: channels]
        case 2: return [AVFormatIDKey: kAudioFormatAppleLossless, AVSampleRateKey: rate, AVNumberOfChannelsKey: channels]
        default:
            return [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: rate, AVNumberOfChannelsKey: channels,
                    AVLinearPCMBitDepthKey: 16, AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: byte() % 2 == 0,
                    AVLinearPCMIsNonInterleaved: false]
        }
    }
}
