import AVFoundation
import Foundation

/// The converter's properties: the common ones Apple documents, each over the `AVAudioConverter` setting of the
/// same meaning. A property this converter has not (a bit rate of a decoder, a cookie of a PCM conversion) is
/// `kAudioConverterErr_PropertyNotSupported`, never a value made up.
extension AudioConverterObject {
    private enum Kind { case pcm, encoder, decoder }

    private var kind: Kind {
        let input = converter.inputFormat.streamDescription.pointee.isLinearPCM
        let output = converter.outputFormat.streamDescription.pointee.isLinearPCM
        return input && output ? .pcm : input ? .encoder : .decoder
    }

    /// The value of a readable property.
    private func value(_ id: AudioConverterPropertyID) -> Result<AudioPropertyValue, ExtAudioFileFailure> {
        switch id {
        case kAudioConverterCurrentInputStreamDescription:
            return .success(.init(converter.inputFormat.streamDescription.pointee))
        case kAudioConverterCurrentOutputStreamDescription:
            return .success(.init(converter.outputFormat.streamDescription.pointee))
        case kAudioConverterPropertyMaximumOutputPacketSize:
            return .success(.init(UInt32(clamping: converter.maximumOutputPacketSize)))
        case kAudioConverterPropertyMaximumInputPacketSize:
            // Known for input of one packet size (PCM's frames); a codec's input packets are the caller's.
            let size = converter.inputFormat.streamDescription.pointee.mBytesPerPacket
            guard size > 0 else { return .failure(.init(kAudioConverterErr_PropertyNotSupported)) }
            return .success(.init(size))
        case kAudioConverterSampleRateConverterQuality:
            return .success(.init(UInt32(clamping: converter.sampleRateConverterQuality)))
        case kAudioConverterPrimeMethod:
            return .success(.init(UInt32(converter.primeMethod.rawValue)))
        case kAudioConverterPrimeInfo:
            let info = converter.primeInfo
            return .success(.init(AudioConverterPrimeInfo(leadingFrames: info.leadingFrames,
                                                          trailingFrames: info.trailingFrames)))
        case kAudioConverterChannelMap where kind == .pcm:
            return .success(.init(bytes: converter.channelMap.map { Int32(truncatingIfNeeded: $0.intValue) }
                .withUnsafeBytes { Data($0) }))
        case kAudioConverterEncodeBitRate where kind == .encoder && hasBitRate:
            return .success(.init(UInt32(clamping: converter.bitRate)))
        case kAudioConverterCompressionMagicCookie where kind == .encoder:
            guard let cookie = converter.magicCookie else {
                return .failure(.init(kAudioConverterErr_PropertyNotSupported))
            }
            return .success(.init(bytes: cookie))
        case kAudioConverterDecompressionMagicCookie where kind == .decoder:
            return .success(.init(bytes: converter.magicCookie ?? converter.inputFormat.magicCookie ?? Data()))
        default:
            return .failure(.init(kAudioConverterErr_PropertyNotSupported))
        }
    }

    /// Whether the encoder takes a bit rate: lossless codecs have none.
    private var hasBitRate: Bool {
        let format = converter.outputFormat.streamDescription.pointee.mFormatID
        return ![kAudioFormatAppleLossless, kAudioFormatFLAC].contains(format)
    }

    private func isWritable(_ id: AudioConverterPropertyID) -> Bool {
        [kAudioConverterSampleRateConverterQuality, kAudioConverterPrimeMethod, kAudioConverterPrimeInfo,
         kAudioConverterChannelMap, kAudioConverterEncodeBitRate, kAudioConverterDecompressionMagicCookie].contains(id)
    }

    func propertyInfo(_ id: AudioConverterPropertyID) -> Result<ExtAudioFilePropertyInfo, ExtAudioFileFailure> {
        value(id).map { ExtAudioFilePropertyInfo(size: $0.size, writable: isWritable(id)) }
    }

    func getProperty(_ id: AudioConverterPropertyID, _ size: UnsafeMutablePointer<UInt32>,
                     _ data: UnsafeMutableRawPointer) -> OSStatus {
        switch value(id) {
        case .success(let value): value.copy(size, data, tooSmall: kAudioConverterErr_BadPropertySizeError)
        case .failure(let failure): failure.status
        }
    }

    func setProperty(_ id: AudioConverterPropertyID, _ size: UInt32, _ data: UnsafeRawPointer) -> OSStatus {
        guard case .success = value(id) else { return kAudioConverterErr_PropertyNotSupported }
        func uint32() -> UInt32? { size == 4 ? data.loadUnaligned(as: UInt32.self) : nil }
        switch id {
        case kAudioConverterSampleRateConverterQuality:
            guard let quality = uint32() else { return kAudioConverterErr_BadPropertySizeError }
            guard quality <= kAudioConverterQuality_Max else { return kAudio_ParamError }
            converter.sampleRateConverterQuality = Int(quality)
        case kAudioConverterPrimeMethod:
            guard let method = uint32() else { return kAudioConverterErr_BadPropertySizeError }
            guard let value = AVAudioConverterPrimeMethod(rawValue: Int(method)) else { return kAudio_ParamError }
            converter.primeMethod = value
        case kAudioConverterPrimeInfo:
            guard size == UInt32(MemoryLayout<AudioConverterPrimeInfo>.size) else {
                return kAudioConverterErr_BadPropertySizeError
            }
            let info = data.loadUnaligned(as: AudioConverterPrimeInfo.self)
            converter.primeInfo = AVAudioConverterPrimeInfo(leadingFrames: info.leadingFrames,
                                                            trailingFrames: info.trailingFrames)
        case kAudioConverterChannelMap:
            let outputs = Int(converter.outputFormat.channelCount), inputs = Int(converter.inputFormat.channelCount)
            guard Int(size) == outputs * 4 else { return kAudioConverterErr_BadPropertySizeError }
            let map = (0..<outputs).map { Int(data.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self)) }
            guard map.allSatisfy({ $0 >= -1 && $0 < inputs }) else { return kAudio_ParamError }
            converter.channelMap = map.map { NSNumber(value: $0) }
        case kAudioConverterEncodeBitRate:
            guard let rate = uint32() else { return kAudioConverterErr_BadPropertySizeError }
            guard rate > 0 else { return kAudio_ParamError }
            converter.bitRate = Int(rate)
        case kAudioConverterDecompressionMagicCookie:
            converter.magicCookie = size > 0 ? Data(bytes: data, count: Int(size)) : nil
        default:
            // Readable only (the stream descriptions, the packet sizes, the encoder's cookie).
            return kAudioConverterErr_PropertyNotSupported
        }
        return noErr
    }
}
