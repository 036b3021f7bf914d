import CoreAudioTypes
import FFmpegBridge

/// How a linear PCM stream (an `AudioStreamBasicDescription` with `kAudioFormatLinearPCM`) stores samples, and how
/// its bytes become, and come from, the native-endian sample formats FFmpeg computes in.
///
/// FFmpeg works in `u8`, `s16`, `s32`, `f32` and `f64` of the machine's byte order, packed or planar. Core Audio
/// also stores signed 8-bit, 24-bit samples in 3 bytes or high- or low-aligned in 4, and big-endian samples; those
/// are converted sample by sample (24-bit samples become the top 24 bits of `s32`, exactly, and back).
package struct PCMLayout: Hashable, Sendable {
    /// Frames per second.
    package var sampleRate: Double
    /// Channels per frame.
    package var channelCount: Int
    /// Significant bits per sample.
    package var bitsPerSample: Int
    /// Bytes each sample occupies.
    package var bytesPerSample: Int
    /// IEEE floating point.
    package var isFloat: Bool
    /// Signed integers (meaningful for 8-bit samples; wider integers are always signed).
    package var isSigned: Bool
    /// Big-endian bytes.
    package var isBigEndian: Bool
    /// One buffer per channel.
    package var isNonInterleaved: Bool
    /// For samples narrower than their bytes: the significant bits are the high ones.
    package var isAlignedHigh: Bool

    /// The layout of a linear PCM stream description, or `nil` with the reason when it is not one the codec layer
    /// can read or write.
    package static func make(_ asbd: AudioStreamBasicDescription) -> Result<PCMLayout, CodecError> {
        func fail(_ why: String) -> Result<PCMLayout, CodecError> {
            .failure(CodecError(.unsupportedFormat, "linear PCM \(why)"))
        }
        guard asbd.mFormatID == kAudioFormatLinearPCM else { return fail("is expected, not format \(asbd.mFormatID)") }
        guard asbd.mSampleRate > 0, asbd.mSampleRate <= Limits.maximumSampleRate else {
            return fail("sample rate \(asbd.mSampleRate) is outside (0, \(Limits.maximumSampleRate)]")
        }
        let channels = Int(asbd.mChannelsPerFrame)
        guard (1...Limits.maximumAudioChannels).contains(channels) else {
            return fail("with \(channels) channels is outside 1...\(Limits.maximumAudioChannels)")
        }
        let flags = asbd.mFormatFlags
        let nonInterleaved = flags & kAudioFormatFlagIsNonInterleaved != 0
        guard asbd.mFramesPerPacket == 1, asbd.mBytesPerFrame == asbd.mBytesPerPacket, asbd.mBytesPerFrame > 0 else {
            return fail("needs one frame per packet and equal bytes per frame and packet")
        }
        let bytes = nonInterleaved ? Int(asbd.mBytesPerFrame) : Int(asbd.mBytesPerFrame) / channels
        guard nonInterleaved || Int(asbd.mBytesPerFrame) == bytes * channels else {
            return fail("bytes per frame \(asbd.mBytesPerFrame) is not a whole number of bytes per channel")
        }
        let bits = Int(asbd.mBitsPerChannel)
        let isFloat = flags & kAudioFormatFlagIsFloat != 0
        let layout = PCMLayout(sampleRate: asbd.mSampleRate, channelCount: channels, bitsPerSample: bits,
                               bytesPerSample: bytes, isFloat: isFloat,
                               isSigned: isFloat || flags & kAudioFormatFlagIsSignedInteger != 0 || bits > 8,
                               isBigEndian: flags & kAudioFormatFlagIsBigEndian != 0 && bytes > 1,
                               isNonInterleaved: nonInterleaved,
                               isAlignedHigh: flags & kAudioFormatFlagIsAlignedHigh != 0)
        if isFloat {
            guard (bits == 32 && bytes == 4) || (bits == 64 && bytes == 8) else {
                return fail("float samples are 32 or 64 bits in as many bytes, not \(bits) bits in \(bytes)")
            }
        } else {
            guard [1, 2, 3, 4].contains(bytes), bits >= 8, bits <= bytes * 8 else {
                return fail("integer samples of \(bits) bits in \(bytes) bytes are not supported")
            }
            if bits > 8, flags & kAudioFormatFlagIsSignedInteger == 0 {
                return fail("unsigned integer samples wider than 8 bits are not supported")
            }
        }
        return .success(layout)
    }

    /// The canonical layout for `bits` (8, 16, 24, 32 integer; 32, 64 float), as AVFoundation's LPCM keys describe it.
    package init(sampleRate: Double, channelCount: Int, bitsPerSample: Int, isFloat: Bool, isBigEndian: Bool,
                 isNonInterleaved: Bool) {
        self.init(sampleRate: sampleRate, channelCount: channelCount, bitsPerSample: bitsPerSample,
                  bytesPerSample: (bitsPerSample + 7) / 8, isFloat: isFloat,
                  // 8-bit linear PCM in Core Audio's canonical files (AIFF, CAF) is signed; WAV's is unsigned and is
                  // described with the signed flag clear.
                  isSigned: true, isBigEndian: isBigEndian && bitsPerSample > 8, isNonInterleaved: isNonInterleaved,
                  isAlignedHigh: false)
    }

    /// Describes a layout field by field.
    package init(sampleRate: Double, channelCount: Int, bitsPerSample: Int, bytesPerSample: Int, isFloat: Bool,
                 isSigned: Bool, isBigEndian: Bool, isNonInterleaved: Bool, isAlignedHigh: Bool) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.bitsPerSample = bitsPerSample
        self.bytesPerSample = bytesPerSample
        self.isFloat = isFloat
        self.isSigned = isSigned
        self.isBigEndian = isBigEndian
        self.isNonInterleaved = isNonInterleaved
        self.isAlignedHigh = isAlignedHigh
    }

    /// The stream description Core Audio writes for this layout (packed unless the samples are narrower than
    /// their bytes).
    package var streamDescription: AudioStreamBasicDescription {
        var flags: AudioFormatFlags = 0
        if isFloat { flags |= kAudioFormatFlagIsFloat } else if isSigned { flags |= kAudioFormatFlagIsSignedInteger }
        if isBigEndian { flags |= kAudioFormatFlagIsBigEndian }
        if bitsPerSample == bytesPerSample * 8 { flags |= kAudioFormatFlagIsPacked } else if isAlignedHigh {
            flags |= kAudioFormatFlagIsAlignedHigh
        }
        if isNonInterleaved { flags |= kAudioFormatFlagIsNonInterleaved }
        let bytesPerFrame = UInt32(isNonInterleaved ? bytesPerSample : bytesPerSample * channelCount)
        return AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM, mFormatFlags: flags,
                                           mBytesPerPacket: bytesPerFrame, mFramesPerPacket: 1, mBytesPerFrame: bytesPerFrame,
                                           mChannelsPerFrame: UInt32(channelCount), mBitsPerChannel: UInt32(bitsPerSample),
                                           mReserved: 0)
    }

    /// Bytes of one frame in one buffer (all channels when interleaved, one when not).
    package var bytesPerFrame: Int { isNonInterleaved ? bytesPerSample : bytesPerSample * channelCount }

    /// Buffers per block of audio.
    package var bufferCount: Int { isNonInterleaved ? channelCount : 1 }

    /// The FFmpeg sample format the samples are computed in.
    package var sampleFormat: FFSampleFormat {
        let packed: FFSampleFormat
        if isFloat {
            packed = bytesPerSample == 8 ? .f64 : .f32
        } else {
            switch bytesPerSample {
            case 1: packed = .u8
            case 2: packed = .s16
            default: packed = .s32
            }
        }
        return isNonInterleaved ? packed.planar : packed
    }

    /// Whether the bytes already are `sampleFormat` (no per-sample conversion needed).
    package var isNative: Bool {
        let littleEndianHost = 1.littleEndian == 1
        if bytesPerSample > 1 && isBigEndian == littleEndianHost { return false }
        if bytesPerSample == 1 { return !isSigned && !isFloat }
        if bytesPerSample == 3 { return false }
        if bytesPerSample == 4 && !isFloat && bitsPerSample < 32 { return isAlignedHigh }
        return true
    }

    /// Converts `count` samples (all buffers, all channels) from these bytes into `sampleFormat`.
    package func toNative(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, sampleCount: Int) {
        let swap = isBigEndian == (1.littleEndian == 1)
        for index in 0..<sampleCount {
            let from = source + index * bytesPerSample
            switch bytesPerSample {
            case 1:
                let byte = from.load(as: UInt8.self)
                destination.storeBytes(of: isSigned ? byte ^ 0x80 : byte, toByteOffset: index, as: UInt8.self)
            case 2:
                let value = from.loadUnaligned(as: UInt16.self)
                destination.storeBytes(of: swap ? value.byteSwapped : value, toByteOffset: 2 * index, as: UInt16.self)
            case 3:
                let b0 = UInt32(from.load(as: UInt8.self)), b1 = UInt32(from.load(fromByteOffset: 1, as: UInt8.self))
                let b2 = UInt32(from.load(fromByteOffset: 2, as: UInt8.self))
                let word = isBigEndian ? b0 << 24 | b1 << 16 | b2 << 8 : b2 << 24 | b1 << 16 | b0 << 8
                destination.storeBytes(of: word, toByteOffset: 4 * index, as: UInt32.self)
            case 4:
                var value = from.loadUnaligned(as: UInt32.self)
                if swap { value = value.byteSwapped }
                if !isFloat, bitsPerSample < 32, !isAlignedHigh { value <<= UInt32(32 - bitsPerSample) }
                destination.storeBytes(of: value, toByteOffset: 4 * index, as: UInt32.self)
            default:
                let value = from.loadUnaligned(as: UInt64.self)
                destination.storeBytes(of: swap ? value.byteSwapped : value, toByteOffset: 8 * index, as: UInt64.self)
            }
        }
    }

    /// Converts `count` samples from `sampleFormat` into these bytes (integer samples narrower than their container
    /// are rounded to the nearest representable value).
    package func fromNative(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, sampleCount: Int) {
        let swap = isBigEndian == (1.littleEndian == 1)
        for index in 0..<sampleCount {
            let to = destination + index * bytesPerSample
            switch bytesPerSample {
            case 1:
                let byte = source.load(fromByteOffset: index, as: UInt8.self)
                to.storeBytes(of: isSigned ? byte ^ 0x80 : byte, as: UInt8.self)
            case 2:
                let value = source.load(fromByteOffset: 2 * index, as: UInt16.self)
                to.storeBytes(of: swap ? value.byteSwapped : value, toByteOffset: 0, as: UInt16.self)
            case 3:
                let word = UInt32(bitPattern: Self.rounded(Int32(bitPattern: source.load(fromByteOffset: 4 * index, as: UInt32.self)), bits: 24))
                let bytes = [UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 24)]
                for (offset, byte) in (isBigEndian ? bytes.reversed() : bytes).enumerated() {
                    to.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
                }
            case 4:
                var value = source.load(fromByteOffset: 4 * index, as: UInt32.self)
                if !isFloat, bitsPerSample < 32 {
                    let high = UInt32(bitPattern: Self.rounded(Int32(bitPattern: value), bits: bitsPerSample))
                    value = isAlignedHigh ? high : UInt32(bitPattern: Int32(bitPattern: high) >> Int32(32 - bitsPerSample))
                }
                to.storeBytes(of: swap ? value.byteSwapped : value, toByteOffset: 0, as: UInt32.self)
            default:
                let value = source.load(fromByteOffset: 8 * index, as: UInt64.self)
                to.storeBytes(of: swap ? value.byteSwapped : value, toByteOffset: 0, as: UInt64.self)
            }
        }
    }

    /// Rounds native-endian 32-bit samples to their top `bits` bits in place (low bits cleared), so an encoder that
    /// keeps only those bits (ALAC and FLAC shift 24-bit input right by 8) gets the nearest value, not a truncation.
    package static func roundInPlace(_ bytes: inout [UInt8], bits: Int) {
        bytes.withUnsafeMutableBytes { raw in
            for offset in stride(from: 0, to: raw.count - 3, by: 4) {
                let value = Int32(bitPattern: raw.load(fromByteOffset: offset, as: UInt32.self))
                raw.storeBytes(of: UInt32(bitPattern: rounded(value, bits: bits)), toByteOffset: offset, as: UInt32.self)
            }
        }
    }

    /// A left-justified 32-bit sample rounded to its top `bits` bits (low bits cleared): to nearest, ties to even (as
    /// swresample's float-to-integer conversion rounds), saturating at the top.
    private static func rounded(_ value: Int32, bits: Int) -> Int32 {
        let drop = Int64(32 - bits)
        guard drop > 0 else { return value }
        let wide = Int64(value)
        var quotient = wide >> drop
        let remainder = wide - (quotient << drop)
        let half = Int64(1) << (drop - 1)
        if remainder > half || (remainder == half && quotient & 1 == 1) { quotient += 1 }
        let limit = Int64(Int32.max) >> drop
        return Int32(truncatingIfNeeded: min(quotient, limit) << drop)
    }
}
