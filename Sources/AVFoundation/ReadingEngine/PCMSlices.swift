import CoreMedia

/// Cutting linear PCM sample buffers to a range of frames without copying: the slice's data buffer refers to the
/// original's (one reference for interleaved audio, one per channel plane for non-interleaved audio, whose planes
/// lie one after another in the data).
enum PCMSlices {
    /// The frames `frames` of a linear PCM buffer, timed from its presentation time by frame count.
    static func slice(_ buffer: CMSampleBuffer, frames: Range<Int>) throws(ReadingFailure) -> CMSampleBuffer {
        let count = CMSampleBufferGetNumSamples(buffer)
        if frames == 0..<count { return buffer }
        guard let description = CMSampleBufferGetFormatDescription(buffer),
              let asbd = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee,
              asbd.mFormatID == kAudioFormatLinearPCM, asbd.mBytesPerFrame > 0, asbd.mSampleRate > 0,
              let data = CMSampleBufferGetDataBuffer(buffer), frames.lowerBound >= 0, frames.upperBound <= count,
              !frames.isEmpty
        else {
            throw ReadingFailure(.decode, "cannot cut frames \(frames) out of a \(count)-frame audio buffer")
        }
        let nonInterleaved = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
        let planes = nonInterleaved ? Int(asbd.mChannelsPerFrame) : 1
        let frameBytes = Int(asbd.mBytesPerFrame)
        let planeBytes = count * frameBytes
        var slice: CMBlockBuffer?
        var status = CMBlockBufferCreateEmpty(allocator: nil, capacity: UInt32(planes), flags: 0, blockBufferOut: &slice)
        if let slice {
            for plane in 0..<planes where status == kCMBlockBufferNoErr {
                status = CMBlockBufferAppendBufferReference(slice, targetBBuf: data,
                                                            offsetToData: plane * planeBytes + frames.lowerBound * frameBytes,
                                                            dataLength: frames.count * frameBytes, flags: 0)
            }
        }
        let start = CMSampleBufferGetPresentationTimeStamp(buffer)
            + PassthroughBufferMaker.duration(frames: Int64(frames.lowerBound), sampleRate: asbd.mSampleRate)
        var result: CMSampleBuffer?
        if status == kCMBlockBufferNoErr, let slice {
            status = CMAudioSampleBufferCreateReadyWithPacketDescriptions(
                allocator: nil, dataBuffer: slice, formatDescription: description, sampleCount: frames.count,
                presentationTimeStamp: start, packetDescriptions: nil, sampleBufferOut: &result)
        }
        guard status == noErr, let result else {
            throw ReadingFailure(.decode, "cutting an audio buffer failed (status \(status))")
        }
        return result
    }

    /// `buffer` cut to the frames that lie in `range` (asset times), then split into pieces of at most
    /// `ReadingLimits.decodedAudioFrames`. A frame at time t (its start) is kept when t falls in the range, the
    /// range's ends being rounded to the nearest frame, so a range on the frame grid keeps exactly
    /// duration × rate frames.
    static func cut(_ buffer: CMSampleBuffer, to range: CMTimeRange) throws(ReadingFailure) -> [CMSampleBuffer] {
        let count = CMSampleBufferGetNumSamples(buffer)
        guard count > 0, let description = CMSampleBufferGetFormatDescription(buffer),
              let rate = CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee.mSampleRate, rate > 0
        else { return [] }
        let start = CMSampleBufferGetPresentationTimeStamp(buffer)
        let first = frameIndex(of: range.start, from: start, rate: rate)
        let end = range.duration.isPositiveInfinity ? count : frameIndex(of: range.end, from: start, rate: rate)
        let kept = max(0, min(count, first))..<max(0, min(count, end))
        guard !kept.isEmpty else { return [] }
        var pieces: [CMSampleBuffer] = []
        var from = kept.lowerBound
        while from < kept.upperBound {
            let to = min(kept.upperBound, from + ReadingLimits.decodedAudioFrames)
            pieces.append(try slice(buffer, frames: from..<to))
            from = to
        }
        return pieces
    }

    /// The index (possibly outside the buffer) of the frame nearest to `time` in a buffer starting at `start`.
    static func frameIndex(of time: CMTime, from start: CMTime, rate: Double) -> Int {
        let offset = time - start
        if let scale = Int32(exactly: rate) {
            return Int(clamping: CMTimeConvertScale(offset, timescale: scale, method: .roundHalfAwayFromZero).value)
        }
        return Int((offset.seconds * rate).rounded())
    }
}
