import CoreMedia
import FFmpegBridge
import MediaFormats

/// What the FFmpeg audio decoder needs to know about an audio format description.
struct AudioCodecDescription {
    /// The compressed codec, or `nil` for linear PCM.
    var codec: FFCodec?
    var extradata: [UInt8]
    var sampleRate: Double
    var channelCount: Int
    var channelLayout: ChannelLayout?
    /// For linear PCM: how the bytes are stored.
    var pcm: PCMLayout?
    /// Priming the cookie declares (Opus pre-skip), in samples at the output rate.
    var declaredPriming: Int?

    /// The compressed codec each Core Audio format ID is decoded with (ISO/IEC 14496-3 AAC in all its object types,
    /// Apple Lossless, MPEG-1 layer 3, 3GPP AMR, Opus, FLAC, ATSC A/52 AC-3 and E-AC-3); `nil` for linear PCM, which
    /// is converted rather than decoded, and for formats with no decoder here.
    static func codec(forFormatID formatID: AudioFormatID) -> FFCodec? {
        switch formatID {
        case kAudioFormatMPEG4AAC, kAudioFormatMPEG4AAC_HE, kAudioFormatMPEG4AAC_HE_V2: return .aac
        case kAudioFormatAppleLossless: return .alac
        case kAudioFormatMPEGLayer3: return .mp3
        case kAudioFormatAMR: return .amrNB
        case kAudioFormatAMR_WB: return .amrWB
        case kAudioFormatOpus: return .opus
        case kAudioFormatFLAC: return .flac
        case kAudioFormatAC3: return .ac3
        case kAudioFormatEnhancedAC3: return .eac3
        default: return nil
        }
    }

    init(_ description: CMFormatDescription) throws(CodecError) {
        guard CMFormatDescriptionGetMediaType(description) == kCMMediaType_Audio,
              let asbdPointer = CMAudioFormatDescriptionGetStreamBasicDescription(description) else {
            throw CodecError(.invalidInput, "the format description is not audio")
        }
        let asbd = asbdPointer.pointee
        sampleRate = asbd.mSampleRate
        channelCount = Int(asbd.mChannelsPerFrame)
        var layoutSize = 0
        if let layout = CMAudioFormatDescriptionGetChannelLayout(description, sizeOut: &layoutSize) {
            channelLayout = ChannelLayout(layout, byteCount: layoutSize)
        }
        var cookieSize = 0
        let cookie = CMAudioFormatDescriptionGetMagicCookie(description, sizeOut: &cookieSize)
            .map { Array(UnsafeRawBufferPointer(start: $0, count: cookieSize)) } ?? []
        extradata = []
        switch asbd.mFormatID {
        case kAudioFormatLinearPCM:
            switch PCMLayout.make(asbd) {
            case .success(let layout): pcm = layout
            case .failure(let error): throw error
            }
            codec = nil
            return
        case kAudioFormatMPEGLayer2, kAudioFormatMPEGLayer1:
            throw CodecError(.unsupportedFormat, "MPEG-1 layer 1/2 audio is not decoded here")
        default:
            guard let codec = Self.codec(forFormatID: asbd.mFormatID) else {
                throw CodecError(.unsupportedFormat, "no decoder for audio format \(fourCharacterString(asbd.mFormatID)) in this build")
            }
            self.codec = codec
        }
        switch codec {
        case .aac:
            do {
                extradata = try MagicCookie.audioSpecificConfig(fromCookie: cookie)
            } catch {
                throw CodecError(error, while: "reading the AAC magic cookie", kind: .invalidInput)
            }
            // SBR doubles the output rate the description's core rate may not show.
            if let config = try? AudioSpecificConfig(parsing: extradata) { sampleRate = Double(config.outputSampleRate) }
        case .alac:
            guard let config = MagicCookie.alacSpecificConfig(fromCookie: cookie) else {
                throw CodecError(.invalidInput, "the Apple Lossless magic cookie holds no ALACSpecificConfig")
            }
            // FFmpeg's ALAC decoder takes the config inside its QuickTime `alac` atom.
            extradata = MagicCookie.alacAtom(config: config)
        case .opus:
            if !cookie.isEmpty {
                do {
                    extradata = try MagicCookie.opusHead(fromCookie: cookie)
                } catch {
                    throw CodecError(error, while: "reading the Opus magic cookie", kind: .invalidInput)
                }
                declaredPriming = MagicCookie.opusPreSkip(cookie)
            }
        case .flac:
            do {
                extradata = try MagicCookie.streamInfo(fromCookie: cookie)
            } catch {
                throw CodecError(error, while: "reading the FLAC magic cookie", kind: .invalidInput)
            }
        default:
            break
        }
        guard let codec, codec.isDecodable else {
            throw CodecError(.unsupportedFormat, "this FFmpeg build has no decoder for \(fourCharacterString(asbd.mFormatID))")
        }
        guard channelCount > 0, sampleRate > 0 || codec == .aac else {
            throw CodecError(.invalidInput, "the audio format description has no channel count or sample rate")
        }
    }
}
