// The accessors and state functions of CMSampleBuffer.h. On an invalidated buffer, status-returning functions give
// `kCMSampleBufferError_Invalidated` and value-returning ones their documented error value (0, nil, invalid).

/// The data buffer, if any.
public func CMSampleBufferGetDataBuffer(_ sbuf: CMSampleBuffer) -> CMBlockBuffer? {
    sbuf.isValidBuffer ? sbuf.dataBufferValue : nil
}

/// The image buffer, if any.
public func CMSampleBufferGetImageBuffer(_ sbuf: CMSampleBuffer) -> CVImageBuffer? {
    sbuf.isValidBuffer ? sbuf.image : nil
}

/// The format description of the samples, if any.
public func CMSampleBufferGetFormatDescription(_ sbuf: CMSampleBuffer) -> CMFormatDescription? {
    sbuf.isValidBuffer ? sbuf.format : nil
}

/// The number of samples.
public func CMSampleBufferGetNumSamples(_ sbuf: CMSampleBuffer) -> CMItemCount {
    sbuf.isValidBuffer ? sbuf.sampleCount : 0
}

/// The sum of the sample durations (gaps between out-of-order samples are not counted).
public func CMSampleBufferGetDuration(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.totalDuration }

/// The numerically earliest presentation time of the samples.
public func CMSampleBufferGetPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime {
    sbuf.earliestPresentationTimeStamp
}

/// The first sample's decode time, which is the earliest (samples are in decode order).
public func CMSampleBufferGetDecodeTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.firstDecodeTimeStamp }

/// The duration after trimming, divided by the speed multiplier.
public func CMSampleBufferGetOutputDuration(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.outputDurationValue }

/// The explicit output presentation time, or the one the trim and reverse attachments imply.
public func CMSampleBufferGetOutputPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime {
    sbuf.outputPresentationTime
}

/// Sets the output presentation time; `.invalid` goes back to the calculated one.
@discardableResult
public func CMSampleBufferSetOutputPresentationTimeStamp(
    _ sbuf: CMSampleBuffer, newValue outputPresentationTimeStamp: CMTime
) -> OSStatus {
    sbuf.storeOutputPresentationTimeStamp(outputPresentationTimeStamp)
}

/// The output decode time: output presentation time + (DTS − PTS) / speed multiplier.
public func CMSampleBufferGetOutputDecodeTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.outputDecodeTime }

/// Copies the timing entries (one shared entry or one per sample) into `timingArrayOut`; with no array, or one too
/// small (`kCMSampleBufferError_ArrayTooSmall`), reports how many are needed.
@discardableResult
public func CMSampleBufferGetSampleTimingInfoArray(
    _ sbuf: CMSampleBuffer, entryCount timingArrayEntries: CMItemCount,
    arrayToFill timingArrayOut: UnsafeMutablePointer<CMSampleTimingInfo>?,
    entriesNeededOut timingArrayEntriesNeededOut: UnsafeMutablePointer<CMItemCount>?
) -> OSStatus {
    guard sbuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    return fill(sbuf.timingEntries, count: timingArrayEntries, into: timingArrayOut,
                needed: timingArrayEntriesNeededOut, none: kCMSampleBufferError_BufferHasNoSampleTimingInfo)
}

/// Copies the output timing entries, as `CMSampleBufferGetSampleTimingInfoArray` copies the timing entries.
@discardableResult
public func CMSampleBufferGetOutputSampleTimingInfoArray(
    _ sbuf: CMSampleBuffer, entryCount timingArrayEntries: CMItemCount,
    arrayToFill timingArrayOut: UnsafeMutablePointer<CMSampleTimingInfo>?,
    entriesNeededOut timingArrayEntriesNeededOut: UnsafeMutablePointer<CMItemCount>?
) -> OSStatus {
    guard sbuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    return fill(sbuf.outputTimingEntries, count: timingArrayEntries, into: timingArrayOut,
                needed: timingArrayEntriesNeededOut, none: kCMSampleBufferError_BufferHasNoSampleTimingInfo)
}

/// The timing of one sample, with its own times even when one entry describes every sample.
@discardableResult
public func CMSampleBufferGetSampleTimingInfo(
    _ sbuf: CMSampleBuffer, at sampleIndex: CMItemIndex, timingInfoOut: UnsafeMutablePointer<CMSampleTimingInfo>
) -> OSStatus {
    switch sbuf.timing(at: sampleIndex) {
    case .failure(let error): return error.status
    case .success(let timing): timingInfoOut.pointee = timing; return noErr
    }
}

/// Copies the size entries (one shared entry or one per sample), as `CMSampleBufferGetSampleTimingInfoArray` does.
@discardableResult
public func CMSampleBufferGetSampleSizeArray(
    _ sbuf: CMSampleBuffer, entryCount sizeArrayEntries: CMItemCount, arrayToFill sizeArrayOut: UnsafeMutablePointer<Int>?,
    entriesNeededOut sizeArrayEntriesNeededOut: UnsafeMutablePointer<CMItemCount>?
) -> OSStatus {
    guard sbuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    return fill(sbuf.sizeEntries, count: sizeArrayEntries, into: sizeArrayOut, needed: sizeArrayEntriesNeededOut,
                none: kCMSampleBufferError_BufferHasNoSampleSizes)
}

/// The entry-array protocol shared by the `Get…Array` functions (CMSampleBuffer.h).
private func fill<Element>(_ entries: [Element], count: Int, into array: UnsafeMutablePointer<Element>?,
                           needed: UnsafeMutablePointer<CMItemCount>?, none: OSStatus) -> OSStatus {
    guard !entries.isEmpty else {
        needed?.pointee = 0
        return none
    }
    needed?.pointee = entries.count
    guard let array else { return noErr }
    guard count >= entries.count else { return kCMSampleBufferError_ArrayTooSmall }
    array.update(from: entries, count: entries.count)
    return noErr
}

/// The size of one sample; 0 when the index is out of range or the buffer has no sizes.
public func CMSampleBufferGetSampleSize(_ sbuf: CMSampleBuffer, at sampleIndex: CMItemIndex) -> Int {
    sbuf.size(at: sampleIndex)
}

/// The total size of the sample data; 0 when the buffer has no sizes.
public func CMSampleBufferGetTotalSampleSize(_ sbuf: CMSampleBuffer) -> Int { sbuf.totalSize }

/// The per-sample attachment dictionaries, one mutable dictionary per sample, made empty when `createIfNecessary`
/// and there are none yet; nil when there are none and `createIfNecessary` is false.
///
/// As on Apple platforms, these are the buffer's own dictionaries: a change made to one (with
/// `CFDictionarySetValue` on `unsafeBitCast(CFArrayGetValueAtIndex(array, 0), to: CFMutableDictionary.self)`, or
/// through `array[0] as! NSMutableDictionary`) is a change to the sample buffer, which `AVAssetWriter` honours.
public func CMSampleBufferGetSampleAttachmentsArray(_ sbuf: CMSampleBuffer, createIfNecessary: Bool) -> CFArray? {
    guard sbuf.isValidBuffer else { return nil }
    return sbuf.sampleAttachments(create: createIfNecessary)
}

/// Sets the data buffer of a buffer made without one (once only).
@discardableResult
public func CMSampleBufferSetDataBuffer(_ sbuf: CMSampleBuffer, newValue dataBuffer: CMBlockBuffer) -> OSStatus {
    sbuf.storeDataBuffer(dataBuffer)
}

/// Whether the data is ready.
public func CMSampleBufferDataIsReady(_ sbuf: CMSampleBuffer) -> Bool {
    sbuf.isValidBuffer && sbuf.readinessValue == .ready
}

/// Marks the data ready.
@discardableResult
public func CMSampleBufferSetDataReady(_ sbuf: CMSampleBuffer) -> OSStatus { sbuf.setReadiness(.ready) }

/// Makes the data ready with the callback or handler given at creation; `kCMSampleBufferError_BufferNotReady`
/// when there is none or it fails.
@discardableResult
public func CMSampleBufferMakeDataReady(_ sbuf: CMSampleBuffer) -> OSStatus { sbuf.makeReady() }

/// Marks the data as never becoming ready, with the status that says why.
@discardableResult
public func CMSampleBufferSetDataFailed(_ sbuf: CMSampleBuffer, status: OSStatus) -> OSStatus {
    sbuf.setReadiness(.failed(status))
}

/// Whether the data failed to load, with the status through `statusOut`.
public func CMSampleBufferHasDataFailed(_ sbuf: CMSampleBuffer, statusOut: UnsafeMutablePointer<OSStatus>?) -> Bool {
    guard case .failed(let status) = sbuf.readinessValue else {
        statusOut?.pointee = noErr
        return false
    }
    statusOut?.pointee = status
    return true
}

/// Makes the buffer's data readiness follow another buffer's.
@discardableResult
public func CMSampleBufferTrackDataReadiness(_ sbuf: CMSampleBuffer, sampleBufferToTrack: CMSampleBuffer) -> OSStatus {
    sbuf.track(sampleBufferToTrack)
}

/// Makes the buffer invalid and calls its invalidation callback or handler (once).
@discardableResult
public func CMSampleBufferInvalidate(_ sbuf: CMSampleBuffer) -> OSStatus { sbuf.invalidateBuffer() }

/// Sets the function `CMSampleBufferInvalidate` calls (a buffer has at most one).
@discardableResult
public func CMSampleBufferSetInvalidateCallback(
    _ sbuf: CMSampleBuffer, callback invalidateCallback: @escaping CMSampleBufferInvalidateCallback,
    refcon invalidateRefCon: UInt64
) -> OSStatus {
    sbuf.setInvalidator(.callback(invalidateCallback, invalidateRefCon))
}

/// Sets the block `CMSampleBufferInvalidate` calls (a buffer has at most one).
@discardableResult
public func CMSampleBufferSetInvalidateHandler(
    _ sbuf: CMSampleBuffer, invalidateHandler: @escaping CMSampleBufferInvalidateHandler
) -> OSStatus {
    sbuf.setInvalidator(.handler(invalidateHandler))
}

/// Whether the buffer has not been invalidated.
public func CMSampleBufferIsValid(_ sbuf: CMSampleBuffer) -> Bool { sbuf.isValidBuffer }
