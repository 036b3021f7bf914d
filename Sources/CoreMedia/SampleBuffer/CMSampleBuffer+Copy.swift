// Copies of sample buffers: whole, with new timing, or for a range of samples (sharing the data, never copying it).

extension CMSampleBuffer {
    /// A buffer with this one's samples, data and attachments and the given timing entries.
    func copy(timingEntries newTimings: [CMSampleTimingInfo]? = nil) -> CMSampleBuffer {
        let state = readinessValue
        let copy = CMSampleBuffer(format: format, sampleCount: sampleCount, timingEntries: newTimings ?? timingEntries,
                                  sizeEntries: sizeEntries, data: dataBufferValue, image: image,
                                  dataReady: state == .ready, dataReadyMaker: nil,
                                  packetDescriptions: packetDescriptions, taggedBuffers: taggedBufferStore)
        if state == .notReady { _ = copy.track(self) }
        if case .failed(let status) = state { _ = copy.setReadiness(.failed(status)) }
        copy.copyAttachments(from: self)
        copy.copySampleAttachments(from: self)
        return copy
    }

    /// Copies every buffer-level attachment of `source`, in its mode.
    func copyAttachments(from source: CMSampleBuffer) {
        for (key, entry) in source.attachmentStorage.allEntries {
            attachmentStorage.set(entry.value, forKey: key, mode: entry.mode)
        }
    }

    /// A buffer with the samples in `range`, referring to their bytes in this buffer's data buffer.
    ///
    /// Timing, sizes, packet descriptions and sample attachments are sliced; buffer attachments are copied, with
    /// the trim durations cut down to the part of them that falls in the range.
    func copy(samples range: Range<Int>) -> Result<CMSampleBuffer, SampleBufferStatus> {
        guard isValidBuffer else { return .failure(.init(kCMSampleBufferError_Invalidated)) }
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= sampleCount else {
            return .failure(.init(kCMSampleBufferError_SampleIndexOutOfRange))
        }
        var sliceData: CMBlockBuffer?
        var slicePackets: [PacketDescription] = []
        // A sample reference (no data buffer, the bytes' URL attached) slices its timing and sizes only; the
        // caller moves its byte offset.
        let isReference = dataBufferValue == nil && contentType == .sampleReference
        if image == nil, sampleCount > 0, !isReference {
            guard let data = dataBufferValue else { return .failure(.init(kCMSampleBufferError_BufferNotReady)) }
            let last = range.upperBound - 1
            guard let start = byteOffset(ofSample: range.lowerBound), let lastStart = byteOffset(ofSample: last) else {
                return .failure(.init(kCMSampleBufferError_CannotSubdivide))
            }
            let (end, overflow) = lastStart.addingReportingOverflow(sampleByteCount(last))
            guard !overflow, end >= start else { return .failure(.init(kCMSampleBufferError_InvalidSampleData)) }
            let slice = CMBlockBuffer(subBlockCapacity: 1)
            if end > start {
                guard slice.appendReference(to: data, offsetToData: start, dataLength: end - start, flags: 0)
                        == kCMBlockBufferNoErr else {
                    return .failure(.init(kCMSampleBufferError_InvalidSampleData))
                }
            }
            sliceData = slice
            if !packetDescriptions.isEmpty {
                slicePackets = packetDescriptions[range].map {
                    PacketDescription(startOffset: $0.startOffset - Int64(start),
                                      variableFramesInPacket: $0.variableFramesInPacket, dataByteSize: $0.dataByteSize)
                }
            }
        }
        var sliceTimings = timingEntries
        if timingEntries.count > 1 {
            sliceTimings = Array(timingEntries[range])
        } else if timingEntries.count == 1, case .success(let first) = timing(at: range.lowerBound) {
            sliceTimings = [first]
        }
        let sliceSizes = sizeEntries.count > 1 ? Array(sizeEntries[range]) : sizeEntries
        let state = readinessValue
        let slice = CMSampleBuffer(format: format, sampleCount: range.count, timingEntries: sliceTimings,
                                   sizeEntries: sliceSizes, data: sliceData, image: image, dataReady: state == .ready,
                                   dataReadyMaker: nil, packetDescriptions: slicePackets,
                                   taggedBuffers: taggedBufferStore)
        if state == .notReady { _ = slice.track(self) }
        slice.copyAttachments(from: self)
        slice.cutTrims(from: self, range: range)
        slice.copySampleAttachments(from: self, samples: range)
        return .success(slice)
    }

    /// The byte count of sample `index`: its size entry, or its packet description's.
    private func sampleByteCount(_ index: Int) -> Int {
        if !packetDescriptions.isEmpty, index < packetDescriptions.count {
            return Int(packetDescriptions[index].dataByteSize)
        }
        return size(at: index)
    }

    /// Sets the trim attachments of this slice (samples `range` of `source`) to the part of the source's trims
    /// that falls within the slice.
    private func cutTrims(from source: CMSampleBuffer, range: Range<Int>) {
        func trim(_ key: String) -> CMTime? {
            guard let value = source.attachmentStorage.entry(forKey: key)?.value,
                  let dictionary = AttributeValue.dictionary(value) else { return nil }
            let time = CMTimeMakeFromDictionary(dictionary as CFDictionary)
            return time.isNumeric ? time : nil
        }
        let trimStart = trim(kCMSampleBufferAttachmentKey_TrimDurationAtStart as String)
        let trimEnd = trim(kCMSampleBufferAttachmentKey_TrimDurationAtEnd as String)
        guard trimStart != nil || trimEnd != nil else { return }
        var before = CMTime.zero, inside = CMTime.zero
        for index in 0..<source.sampleCount where index < range.upperBound {
            guard case .success(let timing) = source.timing(at: index), timing.duration.isNumeric else { return }
            if index < range.lowerBound { before = before + timing.duration } else { inside = inside + timing.duration }
        }
        let after = source.totalDuration - before - inside
        func clamp(_ time: CMTime, to limit: CMTime) -> CMTime { time < .zero ? .zero : time > limit ? limit : time }
        let newStart = clamp((trimStart ?? .zero) - before, to: inside)
        let newEnd = clamp((trimEnd ?? .zero) - after, to: inside - newStart)
        for (key, value) in [(kCMSampleBufferAttachmentKey_TrimDurationAtStart, newStart),
                             (kCMSampleBufferAttachmentKey_TrimDurationAtEnd, newEnd)] {
            let mode = source.attachmentStorage.entry(forKey: key as String)?.mode ?? kCMAttachmentMode_ShouldPropagate
            if value == .zero {
                attachmentStorage.remove(forKey: key as String)
            } else if let dictionary = CMTimeCopyAsDictionary(value, allocator: nil) {
                attachmentStorage.set(dictionary, forKey: key as String, mode: mode)
            }
        }
    }
}

/// Creates a copy sharing the data or image buffer and format description, with the same timing, sizes and
/// attachments.
@discardableResult
public func CMSampleBufferCreateCopy(
    allocator: CFAllocator?, sampleBuffer sbuf: CMSampleBuffer, sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    sampleBufferOut.pointee = nil
    guard sbuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    sampleBufferOut.pointee = sbuf.copy()
    return noErr
}

/// Creates a copy with new timing entries (0, 1 or one per sample).
@discardableResult
public func CMSampleBufferCreateCopyWithNewTiming(
    allocator: CFAllocator?, sampleBuffer originalSBuf: CMSampleBuffer,
    sampleTimingEntryCount numSampleTimingEntries: CMItemCount, sampleTimingArray: UnsafePointer<CMSampleTimingInfo>?,
    sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    sampleBufferOut.pointee = nil
    guard originalSBuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    switch copyEntries(sampleCount: originalSBuf.sampleCount, timingCount: numSampleTimingEntries,
                       timings: sampleTimingArray, sizeCount: 0, sizes: nil) {
    case .failure(let error): return error.status
    case .success(let (timings, _)):
        sampleBufferOut.pointee = originalSBuf.copy(timingEntries: timings)
        return noErr
    }
}

/// Creates a buffer with the samples in `sampleRange`, referring to their bytes without copying them.
@discardableResult
public func CMSampleBufferCopySampleBufferForRange(
    allocator: CFAllocator?, sampleBuffer sbuf: CMSampleBuffer, sampleRange: CFRange,
    sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    sampleBufferOut.pointee = nil
    let (end, overflow) = sampleRange.location.addingReportingOverflow(sampleRange.length)
    guard !overflow, sampleRange.location >= 0, sampleRange.length >= 0 else {
        return kCMSampleBufferError_SampleIndexOutOfRange
    }
    switch sbuf.copy(samples: sampleRange.location..<end) {
    case .failure(let error): return error.status
    case .success(let slice): sampleBufferOut.pointee = slice; return noErr
    }
}

/// Calls `handler` with a one-sample buffer for each sample, stopping at the first error it returns.
@discardableResult
public func CMSampleBufferCallBlockForEachSample(
    _ sbuf: CMSampleBuffer, _ handler: (CMSampleBuffer, CMItemCount) -> OSStatus
) -> OSStatus {
    guard sbuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    for index in 0..<sbuf.sampleCount {
        switch sbuf.copy(samples: index..<index + 1) {
        case .failure(let error): return error.status
        case .success(let single):
            let status = handler(single, index)
            if status != noErr { return status }
        }
    }
    return noErr
}

/// Calls `callback` with a one-sample buffer for each sample and `refcon`, stopping at the first error it returns.
@discardableResult
public func CMSampleBufferCallForEachSample(
    _ sbuf: CMSampleBuffer, callback: (CMSampleBuffer, CMItemCount, UnsafeMutableRawPointer?) -> OSStatus,
    refcon: UnsafeMutableRawPointer?
) -> OSStatus {
    CMSampleBufferCallBlockForEachSample(sbuf) { callback($0, $1, refcon) }
}
