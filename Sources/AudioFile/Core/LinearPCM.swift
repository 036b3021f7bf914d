import CoreAudioTypes

/// Linear PCM as the containers describe it, and the `AudioStreamBasicDescription` CoreAudio builds for it.
package struct LinearPCM: Sendable, Equatable {
    /// Frames per second.
    package var sampleRate: Double
    /// Interleaved channels.
    package var channels: Int
    /// Significant bits per sample (may be fewer than the container: 20 bits in 3 bytes).
    package var validBits: Int
    /// Bytes each sample occupies.
    package var bytesPerSample: Int
    /// Floating-point samples.
    package var isFloat: Bool
    /// Big-endian samples (AIFF, AIFC `NONE`/`twos`/`fl32`/`fl64`/`in24`/`in32`).
    package var isBigEndian: Bool
    /// Signed integer samples (everything but 8-bit WAV).
    package var isSigned: Bool

    /// A description.
    package init(sampleRate: Double, channels: Int, validBits: Int, bytesPerSample: Int, isFloat: Bool,
                 isBigEndian: Bool, isSigned: Bool) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.validBits = validBits
        self.bytesPerSample = bytesPerSample
        self.isFloat = isFloat
        self.isBigEndian = isBigEndian
        self.isSigned = isSigned
    }

    /// Bytes per interleaved frame.
    package var bytesPerFrame: Int { bytesPerSample * channels }

    /// The stream description CoreAudio gives for this PCM: one frame per packet, packed when the significant
    /// bits fill the sample, otherwise aligned high (WAVE and AIFF left-justify short samples); the big-endian flag
    /// as the file's byte order says, even for one-byte samples (AIFF files read through Audio File Services
    /// report it so); unsigned only for 8-bit WAVE.
    package var streamDescription: AudioStreamBasicDescription {
        var flags: AudioFormatFlags = 0
        if isFloat { flags |= kAudioFormatFlagIsFloat } else if isSigned { flags |= kAudioFormatFlagIsSignedInteger }
        if isBigEndian { flags |= kAudioFormatFlagIsBigEndian }
        if validBits == bytesPerSample * 8 { flags |= kAudioFormatFlagIsPacked } else { flags |= kAudioFormatFlagIsAlignedHigh }
        return AudioStreamBasicDescription(
            mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM, mFormatFlags: flags,
            mBytesPerPacket: UInt32(bytesPerFrame), mFramesPerPacket: 1, mBytesPerFrame: UInt32(bytesPerFrame),
            mChannelsPerFrame: UInt32(channels), mBitsPerChannel: UInt32(validBits), mReserved: 0)
    }

    /// The PCM an LPCM stream description describes, or `nil` when it is not interleaved LPCM with whole-byte
    /// samples (what the writers and CAF reader accept).
    package init?(_ description: AudioStreamBasicDescription) {
        guard description.mFormatID == kAudioFormatLinearPCM, description.mChannelsPerFrame > 0,
              description.mFormatFlags & kAudioFormatFlagIsNonInterleaved == 0,
              description.mFramesPerPacket == 1, description.mBytesPerFrame > 0,
              description.mBytesPerPacket == description.mBytesPerFrame,
              description.mBytesPerFrame % description.mChannelsPerFrame == 0 else { return nil }
        let bytesPerSample = Int(description.mBytesPerFrame / description.mChannelsPerFrame)
        let bits = Int(description.mBitsPerChannel)
        guard bits > 0, bits <= bytesPerSample * 8 else { return nil }
        let isFloat = description.mFormatFlags & kAudioFormatFlagIsFloat != 0
        if isFloat { guard bits == 32 || bits == 64, bits == bytesPerSample * 8 else { return nil } }
        self.init(sampleRate: description.mSampleRate, channels: Int(description.mChannelsPerFrame), validBits: bits,
                  bytesPerSample: bytesPerSample, isFloat: isFloat,
                  isBigEndian: description.mFormatFlags & kAudioFormatFlagIsBigEndian != 0,
                  isSigned: isFloat || description.mFormatFlags & kAudioFormatFlagIsSignedInteger != 0)
    }
}
