import CoreMedia

/// Linear PCM as one array of 32-bit floats per channel, and back: what the audio mix sums and the time stretcher
/// takes (decoders hand it out as non-interleaved 32-bit float sample buffers).
enum FloatPlanes {
    /// The channels of a 32-bit float, non-interleaved buffer.
    static func planes(of buffer: CMSampleBuffer, channels: Int) throws(ReadingFailure) -> [[Float]] {
        let frames = CMSampleBufferGetNumSamples(buffer)
        guard let data = CMSampleBufferGetDataBuffer(buffer), CMBlockBufferGetDataLength(data) >= frames * 4 * channels else {
            throw ReadingFailure(.decode, "a decoded 32-bit float audio buffer is shorter than its \(frames) frames")
        }
        return (0..<channels).map { channel in
            var plane = [Float](repeating: 0, count: frames)
            plane.withUnsafeMutableBytes {
                _ = CMBlockBufferCopyDataBytes(data, atOffset: channel * frames * 4, dataLength: frames * 4,
                                               destination: $0.baseAddress!)
            }
            return plane
        }
    }

    /// A non-interleaved 32-bit float buffer of `frames` frames of `planes`, presented at `start`, described by
    /// `description`.
    static func sampleBuffer(_ planes: [[Float]], frames: Int, start: CMTime,
                             description: CMAudioFormatDescription) throws(ReadingFailure) -> CMSampleBuffer {
        var bytes = [UInt8](repeating: 0, count: frames * 4 * planes.count)
        bytes.withUnsafeMutableBytes { destination in
            for (channel, plane) in planes.enumerated() where !plane.isEmpty {
                plane.withUnsafeBytes { source in
                    (destination.baseAddress! + channel * frames * 4).copyMemory(
                        from: source.baseAddress!, byteCount: min(frames, plane.count) * 4)
                }
            }
        }
        var block: CMBlockBuffer?
        var status = CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: max(1, bytes.count),
                                                        blockAllocator: nil, customBlockSource: nil, offsetToData: 0,
                                                        dataLength: bytes.count, flags: kCMBlockBufferAssureMemoryNowFlag,
                                                        blockBufferOut: &block)
        if status == kCMBlockBufferNoErr, let block, !bytes.isEmpty {
            status = bytes.withUnsafeBytes {
                CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block, offsetIntoDestination: 0,
                                              dataLength: bytes.count)
            }
        }
        var buffer: CMSampleBuffer?
        if status == kCMBlockBufferNoErr, let block {
            status = CMAudioSampleBufferCreateReadyWithPacketDescriptions(
                allocator: nil, dataBuffer: block, formatDescription: description, sampleCount: frames,
                presentationTimeStamp: start, packetDescriptions: nil, sampleBufferOut: &buffer)
        }
        guard status == noErr, let buffer else {
            throw ReadingFailure(.decode, "making a buffer of \(frames) frames of audio failed (status \(status))")
        }
        return buffer
    }
}
