import CoreMedia
import FFmpegBridge

/// Linear PCM audio in the sample format FFmpeg computes in, owned by Swift arrays: one array per buffer.
struct NativePCM {
    var layout: PCMLayout
    var frameCount: Int
    /// One plane per channel when non-interleaved, else one.
    var planes: [[UInt8]]

    /// Calls `body` with the planes as FFmpeg bridge samples.
    func withSamples<Result>(_ body: (FFAudioSamples) throws(FFError) -> Result) throws(FFError) -> Result {
        try FFAudioBuffer(sampleFormat: layout.sampleFormat, channelCount: layout.channelCount, frameCount: frameCount,
                          planes: planes).withSamples(body)
    }
}

extension CMSampleBuffer {
    /// The buffer's linear PCM, converted to FFmpeg's native sample format: `layout` says how the bytes are stored
    /// (interleaved: one buffer; non-interleaved: one buffer per channel, one after another in the data).
    func nativePCM(_ layout: PCMLayout) throws(CodecError) -> NativePCM {
        let frames = CMSampleBufferGetNumSamples(self)
        guard frames >= 0 else { throw CodecError(.invalidInput, "negative sample count") }
        guard let block = CMSampleBufferGetDataBuffer(self) else {
            throw CodecError(.invalidInput, "the audio sample buffer has no data buffer")
        }
        let planeBytes = frames * layout.bytesPerFrame
        let needed = planeBytes * layout.bufferCount
        let length = CMBlockBufferGetDataLength(block)
        guard length >= needed else {
            throw CodecError(.invalidInput, "\(frames) frames of \(layout.channelCount)-channel, \(layout.bytesPerSample)-byte audio need \(needed) bytes; the buffer holds \(length)",
                             presentationTimeStamp: CMSampleBufferGetPresentationTimeStamp(self))
        }
        var raw = [UInt8](repeating: 0, count: needed)
        if needed > 0 {
            let status = raw.withUnsafeMutableBytes {
                CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: needed, destination: $0.baseAddress!)
            }
            guard status == kCMBlockBufferNoErr else { throw CodecError(.invalidInput, "cannot read the audio data (\(status))") }
        }
        let format = layout.sampleFormat
        let nativePlaneBytes = format.bytesPerPlane(frameCount: frames, channelCount: layout.channelCount)
        var planes: [[UInt8]] = []
        for index in 0..<layout.bufferCount {
            let slice = Array(raw[(index * planeBytes)..<((index + 1) * planeBytes)])
            if layout.isNative {
                planes.append(slice)
            } else {
                var plane = [UInt8](repeating: 0, count: nativePlaneBytes)
                let samples = frames * (layout.isNonInterleaved ? 1 : layout.channelCount)
                slice.withUnsafeBytes { source in
                    plane.withUnsafeMutableBytes { destination in
                        guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                        layout.toNative(from, into: to, sampleCount: samples)
                    }
                }
                planes.append(plane)
            }
        }
        return NativePCM(layout: layout, frameCount: frames, planes: planes)
    }
}

/// Makes linear PCM sample buffers of one layout.
struct PCMSampleBufferMaker {
    let layout: PCMLayout
    let formatDescription: CMAudioFormatDescription

    /// A maker for `layout` with `channelLayout` in the format description.
    init(layout: PCMLayout, channelLayout: ChannelLayout?) throws(CodecError) {
        self.layout = layout
        var asbd = layout.streamDescription
        var description: CMAudioFormatDescription?
        let status: OSStatus
        if let channelLayout {
            status = channelLayout.withUnsafeAudioChannelLayout { pointer, size in
                CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: size, layout: pointer, magicCookieSize: 0,
                                               magicCookie: nil, extensions: nil, formatDescriptionOut: &description)
            }
        } else {
            status = CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                                    magicCookie: nil, extensions: nil, formatDescriptionOut: &description)
        }
        guard status == noErr, let description else {
            throw CodecError(.codecFailed, "cannot describe linear PCM \(asbd) (status \(status))")
        }
        formatDescription = description
    }

    /// A sample buffer holding `audio` (in the native format of `layout`) at `presentationTimeStamp`.
    func make(_ audio: FFAudioBuffer, presentationTimeStamp: CMTime) throws(CodecError) -> CMSampleBuffer? {
        guard audio.frameCount > 0 else { return nil }
        let planeBytes = audio.frameCount * layout.bytesPerFrame
        var bytes = [UInt8](repeating: 0, count: planeBytes * layout.bufferCount)
        guard audio.planes.count == layout.bufferCount else {
            throw CodecError(.codecFailed, "converted audio has \(audio.planes.count) planes; \(layout.bufferCount) expected")
        }
        bytes.withUnsafeMutableBytes { destination in
            for (index, plane) in audio.planes.enumerated() {
                let to = destination.baseAddress! + index * planeBytes
                plane.withUnsafeBytes { source in
                    if layout.isNative {
                        to.copyMemory(from: source.baseAddress!, byteCount: min(planeBytes, source.count))
                    } else {
                        layout.fromNative(source.baseAddress!, into: to,
                                          sampleCount: audio.frameCount * (layout.isNonInterleaved ? 1 : layout.channelCount))
                    }
                }
            }
        }
        return try makeSampleBuffer(bytes, frameCount: audio.frameCount, presentationTimeStamp: presentationTimeStamp)
    }

    /// A sample buffer holding `bytes` already in `layout`.
    func makeSampleBuffer(_ bytes: [UInt8], frameCount: Int, presentationTimeStamp: CMTime) throws(CodecError) -> CMSampleBuffer {
        let block = try makeBlock(bytes)
        var buffer: CMSampleBuffer?
        let status = CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: block, formatDescription: formatDescription, sampleCount: frameCount,
            presentationTimeStamp: presentationTimeStamp, packetDescriptions: nil, sampleBufferOut: &buffer)
        guard status == noErr, let buffer else {
            throw CodecError(.codecFailed, "cannot make a linear PCM sample buffer (status \(status))")
        }
        return buffer
    }
}

/// A block buffer holding a copy of `bytes`.
func makeBlock(_ bytes: [UInt8]) throws(CodecError) -> CMBlockBuffer {
    var block: CMBlockBuffer?
    var status = CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: max(1, bytes.count),
                                                    blockAllocator: nil, customBlockSource: nil, offsetToData: 0,
                                                    dataLength: bytes.count, flags: kCMBlockBufferAssureMemoryNowFlag,
                                                    blockBufferOut: &block)
    if status == kCMBlockBufferNoErr, let block, !bytes.isEmpty {
        status = bytes.withUnsafeBytes {
            CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block, offsetIntoDestination: 0, dataLength: bytes.count)
        }
    }
    guard status == kCMBlockBufferNoErr, let block else {
        throw CodecError(.codecFailed, "cannot allocate a \(bytes.count)-byte block buffer (status \(status))")
    }
    return block
}
