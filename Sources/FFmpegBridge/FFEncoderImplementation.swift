internal import CFFmpeg

/// An FFmpeg encoder implementation (`libx264`, `prores_ks`, `aac`, …) and the codec it produces.
package struct FFEncoderImplementation: Hashable, Sendable, CustomStringConvertible {
    /// FFmpeg's name for the encoder.
    package let name: String
    /// The codec the encoder produces.
    package let codec: FFCodec

    /// Names an encoder; whether this build has it is `isAvailable`.
    package init(name: String, codec: FFCodec) {
        self.name = name
        self.codec = codec
    }

    package var description: String { name }

    /// x264 (GPL in Debian's build): H.264 with presets, tunes, CRF, two-pass.
    package static let libx264 = FFEncoderImplementation(name: "libx264", codec: .h264)
    /// x265: HEVC with presets, tunes, CRF, two-pass.
    package static let libx265 = FFEncoderImplementation(name: "libx265", codec: .hevc)
    /// FFmpeg's ProRes encoder with every profile from Proxy to 4444 XQ.
    package static let proresKS = FFEncoderImplementation(name: "prores_ks", codec: .prores)
    /// FFmpeg's Motion JPEG encoder.
    package static let mjpeg = FFEncoderImplementation(name: "mjpeg", codec: .mjpeg)
    /// FFmpeg's MPEG-4 Part 2 encoder.
    package static let mpeg4 = FFEncoderImplementation(name: "mpeg4", codec: .mpeg4)
    /// libaom's AV1 encoder.
    package static let libaomAV1 = FFEncoderImplementation(name: "libaom-av1", codec: .av1)
    /// FFmpeg's native AAC-LC encoder.
    package static let aac = FFEncoderImplementation(name: "aac", codec: .aac)
    /// FFmpeg's Apple Lossless encoder.
    package static let alac = FFEncoderImplementation(name: "alac", codec: .alac)
    /// FFmpeg's FLAC encoder.
    package static let flac = FFEncoderImplementation(name: "flac", codec: .flac)
    /// libopus.
    package static let libopus = FFEncoderImplementation(name: "libopus", codec: .opus)
    /// LAME (MP3).
    package static let libmp3lame = FFEncoderImplementation(name: "libmp3lame", codec: .mp3)
    /// FFmpeg's AC-3 encoder.
    package static let ac3 = FFEncoderImplementation(name: "ac3", codec: .ac3)
    /// FFmpeg's E-AC-3 encoder.
    package static let eac3 = FFEncoderImplementation(name: "eac3", codec: .eac3)

    /// The `pcm_*` encoder for a linear PCM codec (`pcm_s16le`, `pcm_f32be`, …), or `nil` for compressed codecs.
    package static func linearPCM(_ codec: FFCodec) -> FFEncoderImplementation? {
        guard codec.isLinearPCM else { return nil }
        return FFEncoderImplementation(name: String(cString: avcodec_get_name(codec.codecID)), codec: codec)
    }

    /// Whether this FFmpeg build has the encoder.
    package var isAvailable: Bool {
        guard let encoder = avcodec_find_encoder_by_name(name) else { return false }
        return encoder.pointee.id == codec.codecID
    }

    /// The encoder implementations for `codec`, preferred first (whether or not this build has them).
    package static func candidates(for codec: FFCodec) -> [FFEncoderImplementation] {
        switch codec {
        case .h264: return [.libx264]
        case .hevc: return [.libx265]
        case .prores: return [.proresKS]
        case .mjpeg: return [.mjpeg]
        case .mpeg4: return [.mpeg4]
        case .av1: return [.libaomAV1]
        case .aac: return [.aac]
        case .alac: return [.alac]
        case .flac: return [.flac]
        case .opus: return [.libopus]
        case .mp3: return [.libmp3lame]
        case .ac3: return [.ac3]
        case .eac3: return [.eac3]
        case .amrNB, .amrWB: return []
        default: return linearPCM(codec).map { [$0] } ?? []
        }
    }

    /// The encoder the bridge uses for `codec` in this build, or `nil` when there is none.
    package static func preferred(for codec: FFCodec) -> FFEncoderImplementation? {
        candidates(for: codec).first { $0.isAvailable }
    }

    /// The FFmpeg encoder, or an error naming what is missing.
    func findEncoder() throws(FFError) -> UnsafePointer<AVCodec> {
        FFLog.installIfNeeded()
        guard let encoder = avcodec_find_encoder_by_name(name), encoder.pointee.id == codec.codecID else {
            throw FFError(.codecNotAvailable, operation: "avcodec_find_encoder_by_name(\(name))",
                          setting: "encoder", message: "this FFmpeg build has no '\(name)' encoder for \(codec)")
        }
        return encoder
    }
}

/// What this FFmpeg build can decode and encode.
extension FFCodec {
    /// Whether a decoder for the codec is present.
    package var isDecodable: Bool { (try? findDecoder(named: nil)) != nil }

    /// Whether an encoder for the codec is present.
    package var isEncodable: Bool { FFEncoderImplementation.preferred(for: self) != nil }

    /// The codecs this build can decode.
    package static var decodable: [FFCodec] { allCases.filter(\.isDecodable) }

    /// The codecs this build can encode.
    package static var encodable: [FFCodec] { allCases.filter(\.isEncodable) }

    /// The name of the decoder implementation the bridge would use (`h264`, `libdav1d`), or `nil` when none.
    package var decoderName: String? {
        (try? findDecoder(named: nil)).map { String(cString: $0.pointee.name) }
    }

    /// The FFmpeg decoder: the named one when given, else the best of `decoderCandidates` this build has.
    func findDecoder(named name: String?) throws(FFError) -> UnsafePointer<AVCodec> {
        FFLog.installIfNeeded()
        if let name {
            guard let decoder = avcodec_find_decoder_by_name(name), decoder.pointee.id == codecID else {
                throw FFError(.codecNotAvailable, operation: "avcodec_find_decoder_by_name(\(name))",
                              setting: "decoderName", message: "this FFmpeg build has no '\(name)' decoder for \(self)")
            }
            return decoder
        }
        for candidate in decoderCandidates {
            let decoder = candidate.map { avcodec_find_decoder_by_name($0) } ?? avcodec_find_decoder(codecID)
            if let decoder, decoder.pointee.id == codecID { return decoder }
        }
        throw FFError(.codecNotAvailable, operation: "avcodec_find_decoder(\(self))",
                      message: "this FFmpeg build has no decoder for \(self)")
    }
}
