import CoreAudioTypes

/// Puts input channels where a channel map says, without mixing: output channel `i` is input channel `map[i]`, or
/// silence for -1. `AVAudioConverter`'s `channelMap`, and its default when `downmix` is off.
struct PCMChannelRemap {
    /// For each output channel, the input channel it copies, or -1.
    let map: [Int]
    /// The input's format with the output's channels: what remapped buffers are in.
    let format: AVAudioFormat
    private let input: AVAudioFormat

    /// A remap of `input`'s channels into `channels` channels (with `layout` for more than 2), or nil when the map
    /// names a channel the input lacks or the count is wrong.
    init?(map: [Int], input: AVAudioFormat, channels: AVAudioChannelCount, layout: AVAudioChannelLayout?) {
        guard map.count == Int(channels), map.allSatisfy({ $0 >= -1 && $0 < Int(input.channelCount) }) else {
            return nil
        }
        var asbd = input.streamDescription.pointee
        let sampleBytes = asbd.mBytesPerFrame / (input.isInterleaved ? asbd.mChannelsPerFrame : 1)
        asbd.mChannelsPerFrame = channels
        if input.isInterleaved {
            asbd.mBytesPerFrame = sampleBytes * channels
            asbd.mBytesPerPacket = asbd.mBytesPerFrame
        }
        guard let format = AVAudioFormat(streamDescription: &asbd, channelLayout: channels > 2 ? layout : nil) else {
            return nil
        }
        self.map = map
        self.format = format
        self.input = input
    }

    /// Apple's default map from `inputs` to `outputs` channels: each channel to the same one, a single input channel
    /// to every output channel, silence for output channels with no input of their number.
    static func defaultMap(inputs: Int, outputs: Int) -> [Int] {
        (0..<outputs).map { $0 < inputs ? $0 : inputs == 1 ? 0 : -1 }
    }

    /// `buffer`'s frames with their channels put where the map says.
    func apply(_ buffer: AVAudioPCMBuffer) -> AVAudioPCMBuffer? {
        let frames = Int(buffer.frameLength)
        guard let output = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: buffer.frameLength) else { return nil }
        output.frameLength = buffer.frameLength
        let asbd = input.streamDescription.pointee
        let size = Int(asbd.mBytesPerFrame) / (input.isInterleaved ? Int(asbd.mChannelsPerFrame) : 1)
        let inStride = input.isInterleaved ? Int(asbd.mBytesPerFrame) : size
        let outStride = format.isInterleaved ? Int(format.streamDescription.pointee.mBytesPerFrame) : size
        // Silence is 0 but for 8-bit unsigned samples, whose middle is 0x80.
        let silence: UInt8 = asbd.mBitsPerChannel == 8 && asbd.mFormatFlags & kAudioFormatFlagIsSignedInteger == 0
            && asbd.mFormatFlags & kAudioFormatFlagIsFloat == 0 ? 0x80 : 0
        for (channel, source) in map.enumerated() {
            let target = output.channelBytes(channel)
            guard source >= 0 else {
                for frame in 0..<frames { (target + frame * outStride).initializeMemory(as: UInt8.self, repeating: silence, count: size) }
                continue
            }
            let from = UnsafeRawPointer(buffer.channelBytes(source))
            for frame in 0..<frames {
                (target + frame * outStride).copyMemory(from: from + frame * inStride, byteCount: size)
            }
        }
        return output
    }
}
