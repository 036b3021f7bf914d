internal import CFFmpeg

/// Whether a codec carries pictures or sound.
package enum FFMediaType: Sendable, Hashable {
    case video
    case audio
}

/// The codecs the bridge decodes or encodes, named by the format, not by FFmpeg's implementation.
package enum FFCodec: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Video: H.264/AVC, HEVC, Apple ProRes, MPEG-4 Part 2, Motion JPEG, AV1.
    case h264, hevc, prores, mpeg4, mjpeg, av1
    /// Compressed audio: AAC, Apple Lossless, MP3, AMR narrow- and wideband, Opus, FLAC, AC-3, E-AC-3.
    case aac, alac, mp3, amrNB, amrWB, opus, flac, ac3, eac3
    /// 8-bit linear PCM, signed and unsigned.
    case pcmS8, pcmU8
    /// Integer linear PCM by bits and byte order.
    case pcmS16LE, pcmS16BE, pcmS24LE, pcmS24BE, pcmS32LE, pcmS32BE
    /// Floating-point linear PCM by bits and byte order.
    case pcmF32LE, pcmF32BE, pcmF64LE, pcmF64BE

    package var description: String { rawValue }

    /// Pictures or sound.
    package var mediaType: FFMediaType {
        switch self {
        case .h264, .hevc, .prores, .mpeg4, .mjpeg, .av1: return .video
        default: return .audio
        }
    }

    /// The sample layout of a linear PCM codec, or `nil` for compressed codecs.
    package var linearPCMLayout: FFLinearPCMLayout? {
        switch self {
        case .pcmS8: return FFLinearPCMLayout(bitsPerSample: 8, isFloat: false, isBigEndian: false, isSigned: true)
        case .pcmU8: return FFLinearPCMLayout(bitsPerSample: 8, isFloat: false, isBigEndian: false, isSigned: false)
        case .pcmS16LE: return .init(bitsPerSample: 16, isFloat: false, isBigEndian: false, isSigned: true)
        case .pcmS16BE: return .init(bitsPerSample: 16, isFloat: false, isBigEndian: true, isSigned: true)
        case .pcmS24LE: return .init(bitsPerSample: 24, isFloat: false, isBigEndian: false, isSigned: true)
        case .pcmS24BE: return .init(bitsPerSample: 24, isFloat: false, isBigEndian: true, isSigned: true)
        case .pcmS32LE: return .init(bitsPerSample: 32, isFloat: false, isBigEndian: false, isSigned: true)
        case .pcmS32BE: return .init(bitsPerSample: 32, isFloat: false, isBigEndian: true, isSigned: true)
        case .pcmF32LE: return .init(bitsPerSample: 32, isFloat: true, isBigEndian: false, isSigned: true)
        case .pcmF32BE: return .init(bitsPerSample: 32, isFloat: true, isBigEndian: true, isSigned: true)
        case .pcmF64LE: return .init(bitsPerSample: 64, isFloat: true, isBigEndian: false, isSigned: true)
        case .pcmF64BE: return .init(bitsPerSample: 64, isFloat: true, isBigEndian: true, isSigned: true)
        default: return nil
        }
    }

    /// Whether the codec is uncompressed linear PCM.
    package var isLinearPCM: Bool { linearPCMLayout != nil }

    /// The linear PCM codec for a sample layout (as AVFoundation's `AVLinearPCM…Key`s describe one), or `nil` for
    /// a layout no codec stores (8-bit samples are one byte, so their endianness is ignored).
    package static func linearPCM(_ layout: FFLinearPCMLayout) -> FFCodec? {
        let candidates = allCases.filter { $0.isLinearPCM }
        return candidates.first { codec in
            guard let l = codec.linearPCMLayout, l.bitsPerSample == layout.bitsPerSample,
                  l.isFloat == layout.isFloat else { return false }
            if layout.bitsPerSample == 8 { return l.isSigned == layout.isSigned }
            return l.isBigEndian == layout.isBigEndian && l.isSigned == layout.isSigned
        }
    }

    /// FFmpeg's identifier for the codec.
    var codecID: AVCodecID {
        switch self {
        case .h264: return AV_CODEC_ID_H264
        case .hevc: return AV_CODEC_ID_HEVC
        case .prores: return AV_CODEC_ID_PRORES
        case .mpeg4: return AV_CODEC_ID_MPEG4
        case .mjpeg: return AV_CODEC_ID_MJPEG
        case .av1: return AV_CODEC_ID_AV1
        case .aac: return AV_CODEC_ID_AAC
        case .alac: return AV_CODEC_ID_ALAC
        case .mp3: return AV_CODEC_ID_MP3
        case .amrNB: return AV_CODEC_ID_AMR_NB
        case .amrWB: return AV_CODEC_ID_AMR_WB
        case .opus: return AV_CODEC_ID_OPUS
        case .flac: return AV_CODEC_ID_FLAC
        case .ac3: return AV_CODEC_ID_AC3
        case .eac3: return AV_CODEC_ID_EAC3
        case .pcmS8: return AV_CODEC_ID_PCM_S8
        case .pcmU8: return AV_CODEC_ID_PCM_U8
        case .pcmS16LE: return AV_CODEC_ID_PCM_S16LE
        case .pcmS16BE: return AV_CODEC_ID_PCM_S16BE
        case .pcmS24LE: return AV_CODEC_ID_PCM_S24LE
        case .pcmS24BE: return AV_CODEC_ID_PCM_S24BE
        case .pcmS32LE: return AV_CODEC_ID_PCM_S32LE
        case .pcmS32BE: return AV_CODEC_ID_PCM_S32BE
        case .pcmF32LE: return AV_CODEC_ID_PCM_F32LE
        case .pcmF32BE: return AV_CODEC_ID_PCM_F32BE
        case .pcmF64LE: return AV_CODEC_ID_PCM_F64LE
        case .pcmF64BE: return AV_CODEC_ID_PCM_F64BE
        }
    }

    /// FFmpeg's decoder implementations for the codec, best first. `nil` entries mean "FFmpeg's default for the
    /// codec ID". AV1 prefers dav1d: FFmpeg 5.1's native `av1` decoder only drives hardware decoders.
    var decoderCandidates: [String?] {
        switch self {
        case .av1: return ["libdav1d", "libaom-av1", nil]
        default: return [nil]
        }
    }
}

/// How linear PCM samples are laid out in bytes.
package struct FFLinearPCMLayout: Hashable, Sendable {
    /// Bits per sample: 8, 16, 24, 32 or 64.
    package var bitsPerSample: Int
    /// IEEE float rather than integer samples.
    package var isFloat: Bool
    /// Big-endian byte order (meaningless for 8-bit samples).
    package var isBigEndian: Bool
    /// Signed rather than unsigned integers (floats are signed).
    package var isSigned: Bool

    /// Describes a layout.
    package init(bitsPerSample: Int, isFloat: Bool, isBigEndian: Bool, isSigned: Bool = true) {
        self.bitsPerSample = bitsPerSample
        self.isFloat = isFloat
        self.isBigEndian = isBigEndian
        self.isSigned = isSigned
    }
}
