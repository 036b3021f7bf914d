import CoreMedia
import FFmpegBridge
import MediaFormats

extension AudioEncoderSession {
    /// The magic cookie for the encoder's extradata (the package's convention, `MediaFormats.MagicCookie`).
    func cookie(for encoder: FFAudioEncoder, extradata: [UInt8]) throws(CodecError) -> [UInt8]? {
        do throws(MediaFormatError) {
            return try cookie(codec: encoder.configuration.encoder.codec, encoder: encoder, extradata: extradata)
        } catch {
            throw CodecError(error, while: "making the magic cookie from the encoder's setup", kind: .codecFailed)
        }
    }

    private func cookie(codec: FFCodec, encoder: FFAudioEncoder, extradata: [UInt8]) throws(MediaFormatError)
        -> [UInt8]? {
        switch codec {
        case .aac:
            let channels = encoder.configuration.channelLayout.channelCount
            let rate = encoder.configuration.bitRate ?? 0
            // bufferSizeDB: the largest an AAC frame may be, 6144 bits per channel (ISO/IEC 14496-3 §4.5.3.2).
            return try MagicCookie.esDescriptor(decoderSpecificInfo: extradata, bufferSize: 6144 / 8 * channels,
                                                maxBitRate: rate, averageBitRate: rate)
        case .alac:
            guard let config = MagicCookie.alacSpecificConfig(fromCookie: extradata) else {
                throw MediaFormatError(.invalidValue, at: 0, "the ALAC encoder produced no ALACSpecificConfig")
            }
            return config
        case .flac:
            return try MagicCookie.flacCookie(streamInfo: extradata)
        case .opus:
            return try MagicCookie.opusCookie(fromOpusHead: extradata)
        default:
            return nil
        }
    }

    /// The stream description Apple's encoders give their output, the channel layout, and the cookie.
    func makeFormatDescription(encoder: FFAudioEncoder, channels: Int, rate: Double, layout: ChannelLayout?,
                               cookie: [UInt8]) throws(CodecError) -> CMAudioFormatDescription {
        var asbd = AudioStreamBasicDescription()
        asbd.mSampleRate = rate
        asbd.mChannelsPerFrame = UInt32(channels)
        asbd.mFramesPerPacket = UInt32(encoder.frameSize)
        let deep = encoder.configuration.sampleFormat.bytesPerSample == 4
        switch encoder.configuration.encoder.codec {
        case .aac:
            asbd.mFormatID = kAudioFormatMPEG4AAC
            // The MPEG-4 audio object type: 2, AAC LC (Core Audio's kMPEG4Object_AAC_LC).
            asbd.mFormatFlags = 2
        case .alac:
            asbd.mFormatID = kAudioFormatAppleLossless
            asbd.mFormatFlags = deep ? kAppleLosslessFormatFlag_24BitSourceData : kAppleLosslessFormatFlag_16BitSourceData
        case .flac:
            asbd.mFormatID = kAudioFormatFLAC
            // Core Audio's FLAC flags use the Apple Lossless source-depth values (kFLACFormatFlag_…).
            asbd.mFormatFlags = deep ? kAppleLosslessFormatFlag_24BitSourceData : kAppleLosslessFormatFlag_16BitSourceData
        case .opus:
            asbd.mFormatID = kAudioFormatOpus
        default:
            throw CodecError(.codecFailed, "no stream description for \(encoder.configuration.encoder.codec)")
        }
        var description: CMAudioFormatDescription?
        let status: OSStatus = cookie.withUnsafeBytes { cookieBytes in
            if let layout {
                return layout.withUnsafeAudioChannelLayout { pointer, size in
                    CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: size, layout: pointer,
                                                   magicCookieSize: cookie.count, magicCookie: cookie.isEmpty ? nil : cookieBytes.baseAddress,
                                                   extensions: nil, formatDescriptionOut: &description)
                }
            }
            return CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil,
                                                  magicCookieSize: cookie.count, magicCookie: cookie.isEmpty ? nil : cookieBytes.baseAddress,
                                                  extensions: nil, formatDescriptionOut: &description)
        }
        guard status == noErr, let description else {
            throw CodecError(.codecFailed, "cannot make the encoded audio format description (status \(status))")
        }
        return description
    }
}
