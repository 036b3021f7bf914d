// AudioFile and AudioConverter as streaming and transcoding code uses them: read an M4A's AAC packets with
// AudioFileReadPacketData, decode them to 16-bit interleaved PCM with AudioConverterFillComplexBuffer (the input
// callback hands the converter one packet at a time with its description), and store the PCM with
// AudioFileCreateWithURL/AudioFileWritePackets. Statuses checked after every call.
import AudioToolbox
import Foundation

/// What the input callback reads from: the open file, the next packet, and the one packet it handed out last,
/// which must stay valid until the converter asks again.
final class PacketSource {
    let file: AudioFileID
    let packetCount: Int64
    var nextPacket: Int64 = 0
    var packetBuffer: UnsafeMutableRawPointer
    var packetBufferSize: UInt32
    var packetDescription = UnsafeMutablePointer<AudioStreamPacketDescription>.allocate(capacity: 1)

    init(file: AudioFileID, packetCount: Int64, maximumPacketSize: UInt32) {
        self.file = file
        self.packetCount = packetCount
        packetBufferSize = maximumPacketSize
        packetBuffer = UnsafeMutableRawPointer.allocate(byteCount: Int(maximumPacketSize), alignment: 16)
    }

    deinit {
        packetBuffer.deallocate()
        packetDescription.deallocate()
    }
}

/// The converter's input callback, as C-style code writes it: no captures, the source in the user data.
let packetInputProc: AudioConverterComplexInputDataProc = {
    _, ioNumberDataPackets, ioData, outDescription, inUserData in
    guard let inUserData = inUserData else { return kAudio_ParamError }
    let source = Unmanaged<PacketSource>.fromOpaque(inUserData).takeUnretainedValue()
    if source.nextPacket >= source.packetCount {
        ioNumberDataPackets.pointee = 0  // the end of the input
        return noErr
    }
    var bytes = source.packetBufferSize
    var packets: UInt32 = 1
    let status = AudioFileReadPacketData(source.file, false, &bytes, source.packetDescription, source.nextPacket,
                                         &packets, source.packetBuffer)
    guard status == noErr else {
        ioNumberDataPackets.pointee = 0
        return status
    }
    source.nextPacket += Int64(packets)
    ioData.pointee.mNumberBuffers = 1
    ioData.pointee.mBuffers.mData = source.packetBuffer
    ioData.pointee.mBuffers.mDataByteSize = bytes
    outDescription?.pointee = source.packetDescription
    ioNumberDataPackets.pointee = packets
    return noErr
}

/// Decodes the first audio track of `input` (AAC in MPEG-4) to 16-bit PCM in a CAF; returns the frames decoded,
/// the file's packet count and its format.
func decodeToPCM(_ input: URL, to output: URL) throws
    -> (frames: Int64, packets: Int64, format: AudioStreamBasicDescription) {
    var fileRef: AudioFileID?
    try throwIfFailed(AudioFileOpenURL(input as CFURL, .readPermission, 0, &fileRef), "AudioFileOpenURL")
    guard let file = fileRef else { throw CoreAudioCallError(call: "AudioFileOpenURL", status: -1) }
    defer { AudioFileClose(file) }

    var sourceFormat = AudioStreamBasicDescription()
    var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
    try throwIfFailed(AudioFileGetProperty(file, kAudioFilePropertyDataFormat, &size, &sourceFormat),
                      "get the data format")
    var packetCount: UInt64 = 0
    size = UInt32(MemoryLayout<UInt64>.size)
    try throwIfFailed(AudioFileGetProperty(file, kAudioFilePropertyAudioDataPacketCount, &size, &packetCount),
                      "get the packet count")
    var maximumPacketSize: UInt32 = 0
    size = UInt32(MemoryLayout<UInt32>.size)
    try throwIfFailed(AudioFileGetProperty(file, kAudioFilePropertyPacketSizeUpperBound, &size, &maximumPacketSize),
                      "get the packet size bound")

    let channels = sourceFormat.mChannelsPerFrame
    var pcmFormat = AudioStreamBasicDescription(mSampleRate: sourceFormat.mSampleRate, mFormatID: kAudioFormatLinearPCM,
                                                mFormatFlags: kLinearPCMFormatFlagIsSignedInteger
                                                    | kLinearPCMFormatFlagIsPacked,
                                                mBytesPerPacket: 2 * channels, mFramesPerPacket: 1,
                                                mBytesPerFrame: 2 * channels, mChannelsPerFrame: channels,
                                                mBitsPerChannel: 16, mReserved: 0)
    var converterRef: AudioConverterRef?
    try throwIfFailed(AudioConverterNew(&sourceFormat, &pcmFormat, &converterRef), "AudioConverterNew")
    guard let converter = converterRef else { throw CoreAudioCallError(call: "AudioConverterNew", status: -1) }
    defer { AudioConverterDispose(converter) }

    // The decoder's setup comes from the file.
    var cookieSize: UInt32 = 0
    if AudioFileGetPropertyInfo(file, kAudioFilePropertyMagicCookieData, &cookieSize, nil) == noErr, cookieSize > 0 {
        let cookie = UnsafeMutableRawPointer.allocate(byteCount: Int(cookieSize), alignment: 16)
        defer { cookie.deallocate() }
        try throwIfFailed(AudioFileGetProperty(file, kAudioFilePropertyMagicCookieData, &cookieSize, cookie),
                          "get the magic cookie")
        try throwIfFailed(AudioConverterSetProperty(converter, kAudioConverterDecompressionMagicCookie, cookieSize,
                                                    cookie), "set the decompression cookie")
    }

    var outputRef: AudioFileID?
    try throwIfFailed(AudioFileCreateWithURL(output as CFURL, kAudioFileCAFType, &pcmFormat, .eraseFile, &outputRef),
                      "AudioFileCreateWithURL")
    guard let outputFile = outputRef else { throw CoreAudioCallError(call: "AudioFileCreateWithURL", status: -1) }

    let source = PacketSource(file: file, packetCount: Int64(packetCount), maximumPacketSize: maximumPacketSize)
    let framesPerFill: UInt32 = 4096
    let bytesPerFill = framesPerFill * pcmFormat.mBytesPerFrame
    let pcm = UnsafeMutableRawPointer.allocate(byteCount: Int(bytesPerFill), alignment: 16)
    defer { pcm.deallocate() }
    var framesDecoded: Int64 = 0
    while true {
        var bufferList = AudioBufferList(mNumberBuffers: 1,
                                         mBuffers: AudioBuffer(mNumberChannels: channels, mDataByteSize: bytesPerFill,
                                                               mData: pcm))
        var frames = framesPerFill
        try throwIfFailed(AudioConverterFillComplexBuffer(converter, packetInputProc,
                                                          Unmanaged.passUnretained(source).toOpaque(), &frames,
                                                          &bufferList, nil), "AudioConverterFillComplexBuffer")
        if frames == 0 { break }
        var packets = frames
        try throwIfFailed(AudioFileWritePackets(outputFile, false, bufferList.mBuffers.mDataByteSize, nil,
                                                framesDecoded, &packets, pcm), "AudioFileWritePackets")
        framesDecoded += Int64(frames)
    }
    try throwIfFailed(AudioFileClose(outputFile), "AudioFileClose")
    return (framesDecoded, Int64(packetCount), sourceFormat)
}

func checkAudioConverterDecoding(_ clip: URL, outputDirectory: URL) throws {
    let pcm = outputDirectory.appendingPathComponent("decoded-audioconverter.caf")
    let result = try decodeToPCM(clip, to: pcm)
    check(result.format.mFormatID == kAudioFormatMPEG4AAC, "the clip's audio is AAC: \(result.format.mFormatID)")
    // Every packet decodes to its 1,024 frames (the priming included: the converter does not trim).
    check(result.frames == result.packets * Int64(result.format.mFramesPerPacket),
          "decoded \(result.frames) frames from \(result.packets) packets")
    let written = try describeAudioFile(pcm)
    check(written.frames == result.frames && written.format.mBitsPerChannel == 16
              && written.format.mChannelsPerFrame == result.format.mChannelsPerFrame,
          "decoded CAF: \(written.frames) frames, format \(written.format)")
}
