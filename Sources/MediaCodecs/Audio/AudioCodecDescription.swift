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
        case kAudioFormatMPEG4AAC, kAudioFormatMPEG4AAC_HE, kAudioFormatMPEG4AAC_HE_V2:
            codec = .aac
            do {
                extradata = try MagicCookie.audioSpecificConfig(fromCookie: cookie)
            } catch {
                throw CodecError(error, while: "reading the AAC magic cookie", kind: .invalidInput)
            }
            // SBR doubles the output rate the description's core rate may not show.
            if let config = try? AudioSpecificConfig(parsing: extradata) { sampleRate = Double(config.outputSampleRate) }
        case kAudioFormatAppleLossless:
            codec = .alac
            guard let config = MagicCookie.alacSpecificConfig(fromCookie: cookie) else {
                throw CodecError(.invalidInput, "the Apple Lossless magic cookie holds no ALACSpecificConfig")
            }
            // FFmpeg's ALAC decoder takes the config inside its QuickTime `alac` atom.
            extradata = MagicCookie.alacAtom(config: config)
        case kAudioFormatMPEGLayer3, kAudioFormatMPEGLayer2, kAudioFormatMPEGLayer1:
            codec = asbd.mFormatID == kAudioFormatMPEGLayer3 ? .mp3 : nil
            if codec == nil { throw CodecError(.unsupportedFormat, "MPEG-1 layer 1/2 audio is not decoded here") }
        case kAudioFormatAMR: codec = .amrNB
        case kAudioFormatAMR_WB: codec = .amrWB
        case kAudioFormatOpus:
            codec = .opus
            if !cookie.isEmpty {
                do {
                    extradata = try MagicCookie.opusHead(fromCookie: cookie)
                } catch {
                    throw CodecError(error, while: "reading the Opus magic cookie", kind: .invalidInput)
                }
                declaredPriming = MagicCookie.opusPreSkip(cookie)
            }
        case kAudioFormatFLAC:
            codec = .flac
            do {
                extradata = try MagicCookie.streamInfo(fromCookie: cookie)
            } catch {
                throw CodecError(error, while: "reading the FLAC magic cookie", kind: .invalidInput)
            }
        case kAudioFormatAC3: codec = .ac3
        case kAudioFormatEnhancedAC3: codec = .eac3
        default:
            throw CodecError(.unsupportedFormat, "no decoder for audio format \(fourCharacterString(asbd.mFormatID)) in this build")
        }
        guard let codec, codec.isDecodable else {
            throw CodecError(.unsupportedFormat, "this FFmpeg build has no decoder for \(fourCharacterString(asbd.mFormatID))")
        }
        guard channelCount > 0, sampleRate > 0 || codec == .aac else {
            throw CodecError(.invalidInput, "the audio format description has no channel count or sample rate")
        }
    }
}
