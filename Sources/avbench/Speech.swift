import AVFoundation
import Foundation

/// Converts `input`'s audio to 16 kHz mono 16-bit WAV at `output` with AVAudioFile and AVAudioConverter, in 4,096-frame
/// buffers, as a transcription service would (the job `ffmpeg -ar 16000 -ac 1` does). A file already at `output` is
/// removed first, so that the bench can run the job again.
func speech(_ input: URL, output: URL) throws {
    try? FileManager.default.removeItem(at: output)
    let source = try AVAudioFile(forReading: input)
    guard let target = AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true),
          let converter = AVAudioConverter(from: source.processingFormat, to: target),
          let inputBuffer = AVAudioPCMBuffer(pcmFormat: source.processingFormat, frameCapacity: 4_096),
          let outputBuffer = AVAudioPCMBuffer(pcmFormat: target, frameCapacity: 4_096) else {
        throw BenchFailure("speech: cannot convert \(source.processingFormat) to 16 kHz mono")
    }
    converter.downmix = true
    let file = try AVAudioFile(forWriting: output, settings: target.settings, commonFormat: .pcmFormatInt16,
                               interleaved: true)
    var readError: (any Error)?
    while true {
        var error: NSError?
        let status = converter.convert(to: outputBuffer, error: &error) { _, status in
            do {
                try source.read(into: inputBuffer)
            } catch {
                readError = error
                status.pointee = .endOfStream
                return nil
            }
            status.pointee = inputBuffer.frameLength == 0 ? .endOfStream : .haveData
            return inputBuffer.frameLength == 0 ? nil : inputBuffer
        }
        if let readError { throw readError }
        if status == .error { throw error ?? BenchFailure("speech: the conversion failed") }
        if outputBuffer.frameLength > 0 { try file.write(from: outputBuffer) }
        if status == .endOfStream { break }
    }
    file.close()
    report("speech: \(file.length) frames at 16 kHz")
}
