import CoreMedia

/// One sample of a compressed sample buffer, as a codec needs it: where its bytes are, its timing, and the
/// attachments that change how it is decoded.
struct CompressedSample {
    /// Index in the buffer.
    var index: Int
    /// Byte offset in the buffer's data.
    var offset: Int
    /// Byte count.
    var size: Int
    /// Presentation time.
    var presentationTimeStamp: CMTime
    /// Decode time (`.invalid` when the buffer has none).
    var decodeTimeStamp: CMTime
    /// Duration (`.invalid` when unknown).
    var duration: CMTime
    /// Whether the sample is a sync sample (no `kCMSampleAttachmentKey_NotSync`).
    var isSync: Bool
    /// Whether the sample is decoded but not shown (`kCMSampleAttachmentKey_DoNotDisplay`).
    var doNotDisplay: Bool
}

extension CMSampleBuffer {
    /// The samples of a compressed buffer, in the buffer's (decode) order; fails when sizes or timing are missing or
    /// the sizes overrun the data.
    func compressedSamples() throws(CodecError) -> [CompressedSample] {
        guard let data = CMSampleBufferGetDataBuffer(self) else {
            throw CodecError(.invalidInput, "the sample buffer has no data buffer (an image buffer cannot be decoded)")
        }
        let count = CMSampleBufferGetNumSamples(self)
        guard count >= 0, count <= Limits.maximumSamplesPerBuffer else {
            throw CodecError(.invalidInput, "\(count) samples in one buffer is outside 0...\(Limits.maximumSamplesPerBuffer)")
        }
        let total = CMBlockBufferGetDataLength(data)
        // Packet descriptions, when present, give each packet's offset (they need not be contiguous).
        let descriptions = (try? audioStreamPacketDescriptions()) ?? []
        let attachments = CMSampleBufferGetSampleAttachmentsArray(self, createIfNecessary: false)
        var samples: [CompressedSample] = []
        samples.reserveCapacity(count)
        var offset = 0
        for index in 0..<count {
            var timing = CMSampleTimingInfo()
            guard CMSampleBufferGetSampleTimingInfo(self, at: index, timingInfoOut: &timing) == noErr else {
                throw CodecError(.invalidInput, "sample \(index) has no timing")
            }
            var start = offset
            var size = CMSampleBufferGetSampleSize(self, at: index)
            if descriptions.count == count {
                guard let described = Int(exactly: descriptions[index].mStartOffset) else {
                    throw CodecError(.invalidInput, "sample \(index) has a negative packet offset")
                }
                start = described
                size = Int(descriptions[index].mDataByteSize)
            }
            guard start >= 0, size >= 0, start <= total, size <= total - start else {
                throw CodecError(.invalidInput, "sample \(index) (\(size) bytes at offset \(start)) runs past the \(total)-byte data buffer",
                                 presentationTimeStamp: timing.presentationTimeStamp)
            }
            let sampleAttachments = (attachments?.count ?? 0) > index ? AttributeValue.dictionary(attachments?[index]) : nil
            samples.append(CompressedSample(
                index: index, offset: start, size: size, presentationTimeStamp: timing.presentationTimeStamp,
                decodeTimeStamp: timing.decodeTimeStamp, duration: timing.duration,
                isSync: !(AttributeValue.bool(sampleAttachments?[kCMSampleAttachmentKey_NotSync as String]) ?? false),
                doNotDisplay: AttributeValue.bool(sampleAttachments?[kCMSampleAttachmentKey_DoNotDisplay as String]) ?? false))
            offset = start + size
        }
        return samples
    }

    /// Calls `body` with a sample's bytes: in place when they are contiguous in the data buffer, else copied.
    func withBytes<Result>(of sample: CompressedSample, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard let data = CMSampleBufferGetDataBuffer(self) else { return nil }
        if sample.size == 0 { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        var length = 0
        var pointer: UnsafeMutablePointer<CChar>?
        if CMBlockBufferGetDataPointer(data, atOffset: sample.offset, lengthAtOffsetOut: &length, totalLengthOut: nil,
                                       dataPointerOut: &pointer) == kCMBlockBufferNoErr,
           let pointer, length >= sample.size {
            return body(UnsafeRawBufferPointer(start: pointer, count: sample.size))
        }
        var copy = [UInt8](repeating: 0, count: sample.size)
        let status = copy.withUnsafeMutableBytes {
            CMBlockBufferCopyDataBytes(data, atOffset: sample.offset, dataLength: sample.size, destination: $0.baseAddress!)
        }
        guard status == kCMBlockBufferNoErr else { return nil }
        return copy.withUnsafeBytes(body)
    }

    /// Whether a buffer-level attachment is set to true.
    func hasTrueAttachment(_ key: String) -> Bool {
        AttributeValue.bool(CMGetAttachment(self, key: key as CFString, attachmentModeOut: nil)) ?? false
    }
}
