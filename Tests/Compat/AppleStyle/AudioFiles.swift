// AVAudioFile and AVAudioConverter as server code uses them: read an upload in chunks to measure its loudness,
// write a normalised 16-bit WAV copy, and convert any upload to the 16 kHz mono WAV speech services take.
import AVFAudio
import Foundation

/// The RMS level of the file's audio, read in chunks of 4,096 frames.
func measureLoudness(of url: URL) throws -> (rms: Float, frames: AVAudioFramePosition) {
    let file = try AVAudioFile(forReading: url)
    guard let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 4096) else {
        fail("no buffer for \(file.processingFormat)")
    }
    var sum: Double = 0
    var frames: AVAudioFramePosition = 0
    while file.framePosition < file.length {
        try file.read(into: buffer)
        guard let channels = buffer.floatChannelData, buffer.frameLength > 0 else { break }
        for channel in 0..<Int(buffer.format.channelCount) {
            for frame in 0..<Int(buffer.frameLength) {
                let sample = Double(channels[channel][frame])
                sum += sample * sample
            }
        }
        frames += AVAudioFramePosition(buffer.frameLength)
    }
    let samples = Double(frames) * Double(file.processingFormat.channelCount)
    return (Float(sqrt(sum / max(samples, 1))), frames)
}

/// Writes `url`'s audio to a 16-bit WAV at `target` RMS.
func writeNormalized(_ url: URL, to output: URL, target: Float) throws {
    let (rms, _) = try measureLoudness(of: url)
    let input = try AVAudioFile(forReading: url)
    let settings: [String: Any] = [
        AVFormatIDKey: kAudioFormatLinearPCM,
        AVSampleRateKey: input.fileFormat.sampleRate,
        AVNumberOfChannelsKey: input.fileFormat.channelCount,
        AVLinearPCMBitDepthKey: 16,
        AVLinearPCMIsFloatKey: false,
        AVLinearPCMIsBigEndianKey: false,
    ]
    let outputFile = try AVAudioFile(forWriting: output, settings: settings)
    guard let buffer = AVAudioPCMBuffer(pcmFormat: input.processingFormat, frameCapacity: 4096) else {
        fail("no buffer")
    }
    let gain = rms > 0 ? target / rms : 1
    while true {
        try input.read(into: buffer)
        if buffer.frameLength == 0 { break }
        if let channels = buffer.floatChannelData {
            for channel in 0..<Int(buffer.format.channelCount) {
                for frame in 0..<Int(buffer.frameLength) { channels[channel][frame] *= gain }
            }
        }
        try outputFile.write(from: buffer)
    }
    if #available(macOS 15.0, iOS 18.0, *) { outputFile.close() }
}

/// Converts any audio file to 16 kHz mono 16-bit WAV, as transcription services do; returns the frames written.
func convertForSpeech(_ url: URL, to output: URL) throws -> AVAudioFramePosition {
    let input = try AVAudioFile(forReading: url)
    guard let speechFormat = AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1,
                                           interleaved: true),
          let converter = AVAudioConverter(from: input.processingFormat, to: speechFormat),
          let inputBuffer = AVAudioPCMBuffer(pcmFormat: input.processingFormat, frameCapacity: 4096),
          let outputBuffer = AVAudioPCMBuffer(pcmFormat: speechFormat, frameCapacity: 4096) else {
        fail("cannot set up the conversion of \(input.processingFormat)")
    }
    converter.downmix = true
    let outputFile = try AVAudioFile(forWriting: output, settings: speechFormat.settings, commonFormat: .pcmFormatInt16,
                                     interleaved: true)
    var written: AVAudioFramePosition = 0
    while true {
        var conversionError: NSError?
        let status = converter.convert(to: outputBuffer, error: &conversionError) { _, inputStatus in
            do {
                try input.read(into: inputBuffer)
            } catch {
                inputStatus.pointee = .endOfStream
                return nil
            }
            if inputBuffer.frameLength == 0 {
                inputStatus.pointee = .endOfStream
                return nil
            }
            inputStatus.pointee = .haveData
            return inputBuffer
        }
        if status == .error { throw conversionError ?? NSError(domain: "speech", code: 1) }
        if outputBuffer.frameLength > 0 {
            try outputFile.write(from: outputBuffer)
            written += AVAudioFramePosition(outputBuffer.frameLength)
        }
        if status == .endOfStream { break }
    }
    return written
}

func checkAudioFiles(_ clip: URL, outputDirectory: URL) throws {
    let (rms, frames) = try measureLoudness(of: clip)
    // The clip's audio is a 440 Hz sine at ffmpeg's default amplitude (1/8): RMS 0.088.
    check(abs(rms - 0.0884) < 0.005, "loudness of the clip's sine: \(rms)")
    check(frames > 40_000, "the clip's second of audio: \(frames) frames")
    let normalized = outputDirectory.appendingPathComponent("normalized.wav")
    try writeNormalized(clip, to: normalized, target: 0.25)
    let (after, written) = try measureLoudness(of: normalized)
    check(written == frames, "the WAV copy keeps every frame: \(written) of \(frames)")
    check(abs(after - 0.25) < 0.005, "normalised loudness \(after)")
    let wav = try AVAudioFile(forReading: normalized)
    check(wav.fileFormat.commonFormat == .pcmFormatInt16, "16-bit WAV: \(wav.fileFormat)")

    let speech = outputDirectory.appendingPathComponent("speech.wav")
    let converted = try convertForSpeech(clip, to: speech)
    let rate = try AVAudioFile(forReading: clip).fileFormat.sampleRate
    let expected = AVAudioFramePosition((Double(frames) * 16_000 / rate).rounded(.up))
    check(converted == expected, "16 kHz frames: \(converted), expected \(expected)")
    let speechFile = try AVAudioFile(forReading: speech)
    check(speechFile.fileFormat.sampleRate == 16_000 && speechFile.fileFormat.channelCount == 1,
          "speech WAV format \(speechFile.fileFormat)")
    check(speechFile.length == converted, "speech WAV length \(speechFile.length)")
    let (speechLevel, _) = try measureLoudness(of: speech)
    check(abs(speechLevel - rms) < 0.005, "the level survives the conversion: \(speechLevel) against \(rms)")
}
