/// The sample formats AVFAudio names; every other format (big-endian, 24-bit packed, compressed…) is `otherFormat`.
public enum AVAudioCommonFormat: UInt, Sendable {
    /// A format other than the ones below.
    case otherFormat = 0
    /// Native-endian 32-bit floats: the standard format.
    case pcmFormatFloat32 = 1
    /// Native-endian 64-bit floats.
    case pcmFormatFloat64 = 2
    /// Native-endian signed 16-bit integers.
    case pcmFormatInt16 = 3
    /// Native-endian signed 32-bit integers.
    case pcmFormatInt32 = 4
}

extension AVAudioCommonFormat {
    /// The bytes of one sample, for the PCM formats.
    var bytesPerSample: Int? {
        switch self {
        case .otherFormat: nil
        case .pcmFormatFloat32, .pcmFormatInt32: 4
        case .pcmFormatFloat64: 8
        case .pcmFormatInt16: 2
        }
    }

    /// A packed, native-endian linear PCM stream description of this format.
    func streamDescription(sampleRate: Double, channels: AVAudioChannelCount, interleaved: Bool)
        -> AudioStreamBasicDescription? {
        guard let size = bytesPerSample else { return nil }
        let isFloat = self == .pcmFormatFloat32 || self == .pcmFormatFloat64
        var flags = (isFloat ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger) | kAudioFormatFlagIsPacked
            | kAudioFormatFlagsNativeEndian
        if !interleaved { flags |= kAudioFormatFlagIsNonInterleaved }
        let bytesPerFrame = UInt32(size) * (interleaved ? channels : 1)
        return AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM,
                                           mFormatFlags: flags, mBytesPerPacket: bytesPerFrame, mFramesPerPacket: 1,
                                           mBytesPerFrame: bytesPerFrame, mChannelsPerFrame: channels,
                                           mBitsPerChannel: UInt32(size * 8), mReserved: 0)
    }

    /// The common format of `description`, or `otherFormat`.
    init(_ description: AudioStreamBasicDescription) {
        self = .otherFormat
        guard description.mFormatID == kAudioFormatLinearPCM,
              description.mFormatFlags & kAudioFormatFlagIsBigEndian == kAudioFormatFlagsNativeEndian,
              description.mFramesPerPacket == 1 else { return }
        let isFloat = description.mFormatFlags & kAudioFormatFlagIsFloat != 0
        let isSigned = description.mFormatFlags & kAudioFormatFlagIsSignedInteger != 0
        let bits = description.mBitsPerChannel
        let samplesPerFrame = description.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
            ? 1 : description.mChannelsPerFrame
        // Packed: each sample takes exactly its bits (a 16-bit sample in 4 bytes is not Int16).
        guard bits % 8 == 0, description.mBytesPerFrame == bits / 8 * samplesPerFrame else { return }
        switch (isFloat, isSigned, bits) {
        case (true, _, 32): self = .pcmFormatFloat32
        case (true, _, 64): self = .pcmFormatFloat64
        case (false, true, 16): self = .pcmFormatInt16
        case (false, true, 32): self = .pcmFormatInt32
        default: return
        }
    }
}
