import CoreMedia
#if canImport(Glibc)
import Glibc
#endif
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
        // Each plane is copied once out of the block buffer: straight into its array when the layout is FFmpeg's
        // own, else through a scratch copy that `toNative` converts.
        let format = layout.sampleFormat
        let nativePlaneBytes = format.bytesPerPlane(frameCount: frames, channelCount: layout.channelCount)
        var status = kCMBlockBufferNoErr
        func copyPlane(_ index: Int, into destination: UnsafeMutableRawPointer) {
            guard planeBytes > 0, status == kCMBlockBufferNoErr else { return }
            status = CMBlockBufferCopyDataBytes(block, atOffset: index * planeBytes, dataLength: planeBytes, destination: destination)
        }
        var planes: [[UInt8]] = []
        planes.reserveCapacity(layout.bufferCount)
        for index in 0..<layout.bufferCount {
            if layout.isNative {
                planes.append([UInt8](unsafeUninitializedCapacity: planeBytes) { buffer, count in
                    if let base = buffer.baseAddress { copyPlane(index, into: base) }
                    count = planeBytes
                })
            } else {
                let raw = [UInt8](unsafeUninitializedCapacity: planeBytes) { buffer, count in
                    if let base = buffer.baseAddress { copyPlane(index, into: base) }
                    count = planeBytes
                }
                var plane = [UInt8](repeating: 0, count: nativePlaneBytes)
                let samples = frames * (layout.isNonInterleaved ? 1 : layout.channelCount)
                raw.withUnsafeBytes { source in
                    plane.withUnsafeMutableBytes { destination in
                        guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                        layout.toNative(from, into: to, sampleCount: samples)
                    }
                }
                planes.append(plane)
            }
            guard status == kCMBlockBufferNoErr else { throw CodecError(.invalidInput, "cannot read the audio data (\(status))") }
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

    /// A sample buffer holding `audio` (in the native format of `layout`) at `presentationTimeStamp`. The samples are
    /// written once, straight into the block buffer's memory.
    func make(_ audio: FFAudioBuffer, presentationTimeStamp: CMTime) throws(CodecError) -> CMSampleBuffer? {
        guard audio.frameCount > 0 else { return nil }
        let planeBytes = audio.frameCount * layout.bytesPerFrame
        guard audio.planes.count == layout.bufferCount else {
            throw CodecError(.codecFailed, "converted audio has \(audio.planes.count) planes; \(layout.bufferCount) expected")
        }
        let block = try makeBlock(byteCount: planeBytes * layout.bufferCount) { destination in
            for (index, plane) in audio.planes.enumerated() {
                let to = destination.baseAddress! + index * planeBytes
                plane.withUnsafeBytes { source in
                    let copied = min(planeBytes, source.count)
                    if layout.isNative {
                        to.copyMemory(from: source.baseAddress!, byteCount: copied)
                    } else {
                        layout.fromNative(source.baseAddress!, into: to,
                                          sampleCount: audio.frameCount * (layout.isNonInterleaved ? 1 : layout.channelCount))
                    }
                    // A plane shorter than its frames (never from swresample) leaves silence, not stale memory.
                    if layout.isNative, copied < planeBytes { (to + copied).initializeMemory(as: UInt8.self, repeating: 0, count: planeBytes - copied) }
                }
            }
        }
        return try makeSampleBuffer(block, frameCount: audio.frameCount, presentationTimeStamp: presentationTimeStamp)
    }

    /// A sample buffer holding a copy of `samples` (in the native format of `layout`, memory the caller holds) at
    /// `presentationTimeStamp`: the one copy, straight into the block buffer's memory.
    func make(_ samples: FFAudioSamples, presentationTimeStamp: CMTime) throws(CodecError) -> CMSampleBuffer? {
        guard samples.frameCount > 0 else { return nil }
        let planeBytes = samples.frameCount * layout.bytesPerFrame
        guard samples.planes.count == layout.bufferCount else {
            throw CodecError(.codecFailed, "audio has \(samples.planes.count) planes; \(layout.bufferCount) expected")
        }
        let block = try makeBlock(byteCount: planeBytes * layout.bufferCount) { destination in
            for (index, plane) in samples.planes.enumerated() {
                let to = destination.baseAddress! + index * planeBytes
                if layout.isNative {
                    to.copyMemory(from: plane, byteCount: planeBytes)
                } else {
                    layout.fromNative(plane, into: to, sampleCount: samples.frameCount
                                        * (layout.isNonInterleaved ? 1 : layout.channelCount))
                }
            }
        }
        return try makeSampleBuffer(block, frameCount: samples.frameCount, presentationTimeStamp: presentationTimeStamp)
    }

    /// A sample buffer of `frameCount` frames holding a copy of `bytes` (in `layout`).
    func makeSampleBuffer(_ bytes: [UInt8], frameCount: Int, presentationTimeStamp: CMTime) throws(CodecError) -> CMSampleBuffer {
        try makeSampleBuffer(try makeBlock(bytes), frameCount: frameCount, presentationTimeStamp: presentationTimeStamp)
    }

    /// A sample buffer of `frameCount` frames whose bytes are `block`'s.
    func makeSampleBuffer(_ block: CMBlockBuffer, frameCount: Int, presentationTimeStamp: CMTime) throws(CodecError) -> CMSampleBuffer {
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

/// A block buffer of `byteCount` bytes (contiguous, allocated now) that `fill` writes: the one copy of the data.
/// The memory is `malloc`'s, handed to the block buffer to free: a block it allocated itself would be zeroed first
/// (calloc), a pass over every byte that `fill` then writes again.
func makeBlock(byteCount: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) throws(CodecError) -> CMBlockBuffer {
    let length = max(1, byteCount)
    guard let memory = malloc(length) else {
        throw CodecError(.codecFailed, "cannot allocate a \(byteCount)-byte block buffer")
    }
    fill(UnsafeMutableRawBufferPointer(start: memory, count: byteCount))
    var block: CMBlockBuffer?
    // The default block allocator frees the memory with the block buffer.
    let status = CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: memory, blockLength: length,
                                                    blockAllocator: nil, customBlockSource: nil, offsetToData: 0,
                                                    dataLength: byteCount, flags: 0, blockBufferOut: &block)
    guard status == kCMBlockBufferNoErr, let block else {
        free(memory)
        throw CodecError(.codecFailed, "cannot make a \(byteCount)-byte block buffer (status \(status))")
    }
    return block
}

/// A block buffer holding a copy of `bytes`.
func makeBlock(_ bytes: [UInt8]) throws(CodecError) -> CMBlockBuffer {
    try makeBlock(byteCount: bytes.count) { destination in
        bytes.withUnsafeBytes { destination.copyMemory(from: $0) }
    }
}
