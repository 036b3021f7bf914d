// ExtAudioFile as older server and app code uses it: "convert any upload to 16 kHz mono WAV" with the C-style
// AudioToolbox calls, a Float32 client format on both files, statuses checked after every call.
import AudioToolbox
import Foundation

/// A failed Core Audio call and its status (printed as a four-character code when it is one).
struct CoreAudioCallError: Error, CustomStringConvertible {
    let call: String
    let status: OSStatus

    var description: String {
        let bytes = withUnsafeBytes(of: UInt32(bitPattern: status).bigEndian) { Array($0) }
        if bytes.allSatisfy({ (0x20...0x7E).contains($0) }) {
            return "\(call) failed: '\(String(decoding: bytes, as: UTF8.self))'"
        }
        return "\(call) failed: \(status)"
    }
}

func throwIfFailed(_ status: OSStatus, _ call: String) throws {
    guard status == noErr else { throw CoreAudioCallError(call: call, status: status) }
}

/// Mono Float32 at 16 kHz: what the app reads and writes.
private func speechClientFormat() -> AudioStreamBasicDescription {
    AudioStreamBasicDescription(mSampleRate: 16_000, mFormatID: kAudioFormatLinearPCM,
                                mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked,
                                mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 1,
                                mBitsPerChannel: 32, mReserved: 0)
}

/// Converts any audio file (or movie with sound) to 16 kHz mono 16-bit WAV; returns the frames written.
func convertUploadToSpeechWAV(_ input: URL, to output: URL) throws -> Int64 {
    var sourceRef: ExtAudioFileRef?
    try throwIfFailed(ExtAudioFileOpenURL(input as CFURL, &sourceRef), "ExtAudioFileOpenURL")
    guard let source = sourceRef else { throw CoreAudioCallError(call: "ExtAudioFileOpenURL", status: -1) }
    defer { _ = ExtAudioFileDispose(source) }

    var clientFormat = speechClientFormat()
    let formatSize = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
    try throwIfFailed(ExtAudioFileSetProperty(source, kExtAudioFileProperty_ClientDataFormat, formatSize, &clientFormat),
                      "set the source's client format")

    var wavFormat = AudioStreamBasicDescription(mSampleRate: 16_000, mFormatID: kAudioFormatLinearPCM,
                                                mFormatFlags: kLinearPCMFormatFlagIsSignedInteger
                                                    | kLinearPCMFormatFlagIsPacked,
                                                mBytesPerPacket: 2, mFramesPerPacket: 1, mBytesPerFrame: 2,
                                                mChannelsPerFrame: 1, mBitsPerChannel: 16, mReserved: 0)
    var destinationRef: ExtAudioFileRef?
    try throwIfFailed(ExtAudioFileCreateWithURL(output as CFURL, kAudioFileWAVEType, &wavFormat, nil,
                                                AudioFileFlags.eraseFile.rawValue, &destinationRef),
                      "ExtAudioFileCreateWithURL")
    guard let destination = destinationRef else { throw CoreAudioCallError(call: "ExtAudioFileCreateWithURL", status: -1) }
    try throwIfFailed(ExtAudioFileSetProperty(destination, kExtAudioFileProperty_ClientDataFormat, formatSize,
                                              &clientFormat), "set the destination's client format")

    let framesPerRead: UInt32 = 4096
    let samples = UnsafeMutablePointer<Float>.allocate(capacity: Int(framesPerRead))
    defer { samples.deallocate() }
    var written: Int64 = 0
    while true {
        var bufferList = AudioBufferList(mNumberBuffers: 1,
                                         mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: framesPerRead * 4,
                                                               mData: UnsafeMutableRawPointer(samples)))
        var frames = framesPerRead
        try throwIfFailed(ExtAudioFileRead(source, &frames, &bufferList), "ExtAudioFileRead")
        if frames == 0 { break }
        try throwIfFailed(ExtAudioFileWrite(destination, frames, &bufferList), "ExtAudioFileWrite")
        written += Int64(frames)
    }
    try throwIfFailed(ExtAudioFileDispose(destination), "ExtAudioFileDispose")
    return written
}

/// The file's data format and length in frames.
func describeAudioFile(_ url: URL) throws -> (format: AudioStreamBasicDescription, frames: Int64) {
    var fileRef: ExtAudioFileRef?
    try throwIfFailed(ExtAudioFileOpenURL(url as CFURL, &fileRef), "ExtAudioFileOpenURL")
    guard let file = fileRef else { throw CoreAudioCallError(call: "ExtAudioFileOpenURL", status: -1) }
    defer { _ = ExtAudioFileDispose(file) }
    var format = AudioStreamBasicDescription()
    var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
    try throwIfFailed(ExtAudioFileGetProperty(file, kExtAudioFileProperty_FileDataFormat, &size, &format),
                      "get the file data format")
    var frames: Int64 = 0
    size = UInt32(MemoryLayout<Int64>.size)
    try throwIfFailed(ExtAudioFileGetProperty(file, kExtAudioFileProperty_FileLengthFrames, &size, &frames),
                      "get the file length")
    return (format, frames)
}

func checkExtAudioFile(_ clip: URL, outputDirectory: URL) throws {
    let source = try describeAudioFile(clip)
    let speech = outputDirectory.appendingPathComponent("speech-extaudiofile.wav")
    let written = try convertUploadToSpeechWAV(clip, to: speech)
    let expected = Double(source.frames) * 16_000 / source.format.mSampleRate
    check(abs(Double(written) - expected) <= 16, "16 kHz frames: \(written), expected about \(expected)")
    let result = try describeAudioFile(speech)
    check(result.format.mSampleRate == 16_000 && result.format.mChannelsPerFrame == 1
              && result.format.mBitsPerChannel == 16, "speech WAV format \(result.format)")
    check(result.frames == written, "speech WAV length \(result.frames), written \(written)")

    // Creating over the file just written, without eraseFile, must fail and leave it as it is.
    var wavFormat = result.format
    var refused: ExtAudioFileRef?
    let status = ExtAudioFileCreateWithURL(speech as CFURL, kAudioFileWAVEType, &wavFormat, nil, 0, &refused)
    check(status != noErr && refused == nil, "creating over an existing file without eraseFile: \(status)")
    check(try describeAudioFile(speech).frames == written, "the existing file is kept")
}
