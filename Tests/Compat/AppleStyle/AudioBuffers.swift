// AVFAudio's data classes as audio code uses them: a tone generated into an AVAudioPCMBuffer, a level meter over
// its channel data, the 16 kHz mono Int16 format speech services ask for, made from a settings dictionary.
// `import AVFAudio` alone, as audio libraries write it.
import AVFAudio
import Foundation

/// A tone at `frequency` Hz, half of full scale, in every channel of `format` (the standard format).
func makeTone(frequency: Double, seconds: Double, format: AVAudioFormat) -> AVAudioPCMBuffer? {
    let frameCount = AVAudioFrameCount(seconds * format.sampleRate)
    guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frameCount),
          let channels = buffer.floatChannelData else { return nil }
    buffer.frameLength = frameCount
    for frame in 0..<Int(frameCount) {
        let value = Float(sin(2 * Double.pi * frequency * Double(frame) / format.sampleRate)) * 0.5
        for channel in 0..<Int(format.channelCount) {
            channels[channel][frame * buffer.stride] = value
        }
    }
    return buffer
}

/// The RMS level of a float buffer, over every channel.
func rmsLevel(of buffer: AVAudioPCMBuffer) -> Float {
    guard let channelData = buffer.floatChannelData, buffer.frameLength > 0 else { return 0 }
    let frameLength = Int(buffer.frameLength)
    let channelCount = Int(buffer.format.channelCount)
    var sum: Float = 0
    for channel in 0..<channelCount {
        let samples = channelData[channel]
        for frame in 0..<frameLength {
            let sample = samples[frame * buffer.stride]
            sum += sample * sample
        }
    }
    return sqrt(sum / Float(frameLength * channelCount))
}

func checkAudioBuffers() {
    guard let format = AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2) else {
        fail("no standard format")
    }
    guard let tone = makeTone(frequency: 1_000, seconds: 0.5, format: format) else { fail("no tone buffer") }
    check(tone.frameLength == 22_050, "tone frames \(tone.frameLength)")
    let level = rmsLevel(of: tone)
    check(abs(level - 0.5 / sqrt(2)) < 0.001, "RMS of a sine at half scale: \(level)")
    let copy = tone.copy() as! AVAudioPCMBuffer
    check(copy.frameLength == tone.frameLength && rmsLevel(of: copy) == level, "copied buffer")

    let speechSettings: [String: Any] = [
        AVFormatIDKey: kAudioFormatLinearPCM,
        AVSampleRateKey: 16_000,
        AVNumberOfChannelsKey: 1,
        AVLinearPCMBitDepthKey: 16,
        AVLinearPCMIsFloatKey: false,
        AVLinearPCMIsBigEndianKey: false,
        AVLinearPCMIsNonInterleaved: false,
    ]
    guard let speech = AVAudioFormat(settings: speechSettings) else { fail("no format from speech settings") }
    check(speech.commonFormat == .pcmFormatInt16 && speech.isInterleaved && speech.sampleRate == 16_000,
          "speech format \(speech)")
    check(speech.streamDescription.pointee.mBytesPerFrame == 2, "16-bit mono frames are 2 bytes")
    let described = AVAudioFormat(cmAudioFormatDescription: speech.formatDescription)
    check(described == speech, "format through CMAudioFormatDescription")
    guard let samples = AVAudioPCMBuffer(pcmFormat: speech, frameCapacity: 1_600),
          let int16 = samples.int16ChannelData else { fail("no Int16 buffer") }
    samples.frameLength = 1_600
    int16[0][0] = Int16.max
    check(samples.audioBufferList.pointee.mBuffers.mDataByteSize == 3_200, "Int16 buffer byte size")

    // Encode the tone to AAC packets, as apps that stream audio do.
    guard let aacFormat = AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100,
                                                   AVNumberOfChannelsKey: 2]),
          let encoder = AVAudioConverter(from: format, to: aacFormat) else { fail("no AAC encoder") }
    encoder.bitRate = 96_000
    let packetBuffer = AVAudioCompressedBuffer(format: aacFormat, packetCapacity: 16,
                                               maximumPacketSize: encoder.maximumOutputPacketSize)
    var fed = false
    var packets = 0
    var bytes = 0
    while true {
        var error: NSError?
        let status = encoder.convert(to: packetBuffer, error: &error) { _, inputStatus in
            if fed {
                inputStatus.pointee = .endOfStream
                return nil
            }
            fed = true
            inputStatus.pointee = .haveData
            return tone
        }
        if status == .error { fail("AAC encoding: \(String(describing: error))") }
        packets += Int(packetBuffer.packetCount)
        bytes += Int(packetBuffer.byteLength)
        if status == .endOfStream { break }
    }
    // 22,050 frames and the encoder's priming, in packets of 1,024 frames.
    check(packets >= 22 && packets <= 24, "AAC packets: \(packets)")
    check(bytes > 0 && encoder.magicCookie != nil, "AAC bytes \(bytes) and a magic cookie")
}
