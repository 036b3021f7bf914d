// Sample timing: per-sample times derived from a shared or per-sample entry, buffer-level times, and output times
// after trimming, speed and reversal (CMSampleBuffer.h, "Buffer attribute functions").

/// `time` times `count`, exactly, or invalid when it overflows.
func multiplied(_ time: CMTime, by count: Int) -> CMTime {
    if let small = Int32(exactly: count) { return CMTimeMultiply(time, multiplier: small) }
    guard time.isNumeric else { return count == 0 ? .zero : time }
    let (value, overflow) = time.value.multipliedReportingOverflow(by: Int64(count))
    return overflow ? .invalid : CMTime(value: value, timescale: time.timescale)
}

extension CMSampleBuffer {
    /// The timing of sample `index`, with per-sample times even when one entry describes every sample.
    func timing(at index: Int) -> Result<CMSampleTimingInfo, SampleBufferStatus> {
        guard isValidBuffer else { return .failure(.init(kCMSampleBufferError_Invalidated)) }
        guard !timingEntries.isEmpty else { return .failure(.init(kCMSampleBufferError_BufferHasNoSampleTimingInfo)) }
        guard index >= 0, index < max(sampleCount, 1) else {
            return .failure(.init(kCMSampleBufferError_SampleIndexOutOfRange))
        }
        if timingEntries.count > 1 { return .success(timingEntries[index]) }
        let entry = timingEntries[0]
        guard index > 0 else { return .success(entry) }
        let offset = multiplied(entry.duration, by: index)
        func shifted(_ time: CMTime) -> CMTime { time.isNumeric && offset.isNumeric ? time + offset : time.isValid ? .invalid : time }
        return .success(CMSampleTimingInfo(duration: entry.duration, presentationTimeStamp: shifted(entry.presentationTimeStamp),
                                           decodeTimeStamp: shifted(entry.decodeTimeStamp)))
    }

    /// The sum of the sample durations.
    var totalDuration: CMTime {
        guard isValidBuffer, let first = timingEntries.first else { return .invalid }
        if timingEntries.count == 1 { return sampleCount <= 1 ? first.duration : multiplied(first.duration, by: sampleCount) }
        return timingEntries.dropFirst().reduce(first.duration) { $0 + $1.duration }
    }

    /// The numerically earliest presentation time of the samples.
    var earliestPresentationTimeStamp: CMTime {
        guard isValidBuffer, let first = timingEntries.first else { return .invalid }
        return timingEntries.dropFirst().reduce(first.presentationTimeStamp) { earliest, entry in
            let time = entry.presentationTimeStamp
            guard time.isValid else { return earliest }
            return !earliest.isValid || time < earliest ? time : earliest
        }
    }

    /// The first sample's decode time (samples are in decode order).
    var firstDecodeTimeStamp: CMTime {
        guard isValidBuffer, let first = timingEntries.first else { return .invalid }
        return first.decodeTimeStamp
    }

    // MARK: Output timing

    /// The trim, speed and direction attachments that output timing applies.
    private var outputAdjustments: (trimStart: CMTime, trimEnd: CMTime, speed: Double, reverse: Bool) {
        func trim(_ key: String) -> CMTime {
            guard let value = attachmentStorage.entry(forKey: key)?.value,
                  let dictionary = AttributeValue.dictionary(value) else { return .zero }
            let time = CMTimeMakeFromDictionary(dictionary as CFDictionary)
            return time.isNumeric ? time : .zero
        }
        var speed = AttributeValue.double(attachmentStorage.entry(forKey: kCMSampleBufferAttachmentKey_SpeedMultiplier as String)?.value) ?? 1
        if !(speed > 0 && speed.isFinite) { speed = 1 }
        let reverse = AttributeValue.bool(attachmentStorage.entry(forKey: kCMSampleBufferAttachmentKey_Reverse as String)?.value) ?? false
        return (trim(kCMSampleBufferAttachmentKey_TrimDurationAtStart as String),
                trim(kCMSampleBufferAttachmentKey_TrimDurationAtEnd as String), speed, reverse)
    }

    /// `time` divided by the speed multiplier (exactly when the multiplier is 1).
    private func scaled(_ time: CMTime, _ speed: Double) -> CMTime {
        speed == 1 ? time : CMTimeMultiplyByFloat64(time, multiplier: 1 / speed)
    }

    /// The explicit output presentation time, or PTS + TrimDurationAtStart (PTS + Duration − TrimDurationAtEnd when
    /// reversed), as CMSampleBuffer.h defines it.
    var outputPresentationTime: CMTime {
        guard isValidBuffer else { return .invalid }
        if let explicit = outputPresentationTimeStampOverrideValue { return explicit }
        let pts = earliestPresentationTimeStamp
        guard pts.isValid else { return .invalid }
        let adjustments = outputAdjustments
        if adjustments.reverse { return pts + totalDuration - adjustments.trimEnd }
        return pts + adjustments.trimStart
    }

    /// (Duration − TrimDurationAtStart − TrimDurationAtEnd) / SpeedMultiplier.
    var outputDurationValue: CMTime {
        let duration = totalDuration
        guard duration.isValid else { return .invalid }
        let adjustments = outputAdjustments
        return scaled(duration - adjustments.trimStart - adjustments.trimEnd, adjustments.speed)
    }

    /// OutputPresentationTimeStamp + (DecodeTimeStamp − PresentationTimeStamp) / SpeedMultiplier.
    var outputDecodeTime: CMTime {
        let output = outputPresentationTime, dts = firstDecodeTimeStamp, pts = earliestPresentationTimeStamp
        guard output.isValid, dts.isValid, pts.isValid else { return .invalid }
        return output + scaled(dts - pts, outputAdjustments.speed)
    }

    /// The timing entries mapped to output time: each time moved by the same offset as the buffer's output
    /// presentation time (mirrored about the buffer's end when reversed) and durations divided by the speed.
    var outputTimingEntries: [CMSampleTimingInfo] {
        let output = outputPresentationTime, pts = earliestPresentationTimeStamp
        guard output.isValid, pts.isValid else { return timingEntries.map { _ in .invalid } }
        let adjustments = outputAdjustments
        let bufferEnd = pts + totalDuration
        func map(_ time: CMTime, duration: CMTime) -> CMTime {
            guard time.isValid else { return time }
            if adjustments.reverse {
                return output + scaled(bufferEnd - (time + duration) - adjustments.trimEnd, adjustments.speed)
            }
            return output + scaled(time - pts - adjustments.trimStart, adjustments.speed)
        }
        return timingEntries.map { entry in
            CMSampleTimingInfo(duration: scaled(entry.duration, adjustments.speed),
                               presentationTimeStamp: map(entry.presentationTimeStamp, duration: entry.duration),
                               decodeTimeStamp: map(entry.decodeTimeStamp, duration: entry.duration))
        }
    }

    // MARK: Sizes

    /// The size of sample `index`: 0 when out of range or when the buffer has no sizes.
    func size(at index: Int) -> Int {
        guard isValidBuffer, index >= 0, index < sampleCount, !sizeEntries.isEmpty else { return 0 }
        return sizeEntries.count == 1 ? sizeEntries[0] : sizeEntries[index]
    }

    /// The total size of the sample data (0 without sizes); saturates rather than overflowing.
    var totalSize: Int {
        guard isValidBuffer, !sizeEntries.isEmpty else { return 0 }
        if sizeEntries.count == 1 {
            let (total, overflow) = sizeEntries[0].multipliedReportingOverflow(by: sampleCount)
            return overflow ? .max : total
        }
        return sizeOffsets?.last ?? .max
    }

    /// The byte offset of sample `index` in the data buffer, from the sizes (packet descriptions win for audio).
    func byteOffset(ofSample index: Int) -> Int? {
        if !packetDescriptions.isEmpty, index < packetDescriptions.count {
            return Int(exactly: packetDescriptions[index].startOffset)
        }
        guard !sizeEntries.isEmpty else { return nil }
        if sizeEntries.count == 1 {
            let (offset, overflow) = sizeEntries[0].multipliedReportingOverflow(by: index)
            return overflow ? nil : offset
        }
        guard let sizeOffsets, index >= 0, index < sizeOffsets.count else { return nil }
        return sizeOffsets[index]
    }
}

/// A non-`noErr` sample buffer status in internal `Result`s.
struct SampleBufferStatus: Error, Equatable {
    let status: OSStatus
    init(_ status: OSStatus) { self.status = status }
}
