// Creating sample buffers (CMSampleBuffer.h, "Object management functions"). Every array is copied; entry counts
// must be 0, 1 or the number of samples.

/// The timing and size entries a caller passed, copied, or the status that says why they are unusable.
func copyEntries(
    sampleCount: Int, timingCount: Int, timings: UnsafePointer<CMSampleTimingInfo>?,
    sizeCount: Int, sizes: UnsafePointer<Int>?
) -> Result<([CMSampleTimingInfo], [Int]), SampleBufferStatus> {
    guard sampleCount >= 0, sampleCount <= CoreMediaLimits.maximumSamplesPerBuffer else {
        return .failure(.init(kCMSampleBufferError_InvalidEntryCount))
    }
    func acceptable(_ count: Int) -> Bool { count == 0 || count == 1 || count == sampleCount }
    guard acceptable(timingCount), acceptable(sizeCount) else {
        return .failure(.init(kCMSampleBufferError_InvalidEntryCount))
    }
    guard timingCount == 0 || timings != nil, sizeCount == 0 || sizes != nil else {
        return .failure(.init(kCMSampleBufferError_RequiredParameterMissing))
    }
    let timingEntries = timings.map { Array(UnsafeBufferPointer(start: $0, count: timingCount)) } ?? []
    let sizeEntries = sizes.map { Array(UnsafeBufferPointer(start: $0, count: sizeCount)) } ?? []
    guard sizeEntries.allSatisfy({ $0 >= 0 }) else { return .failure(.init(kCMSampleBufferError_InvalidEntryCount)) }
    return .success((timingEntries, sizeEntries))
}

/// Creates a sample buffer of `numSamples` samples in `dataBuffer` (which may come later, with `dataReady` false
/// until it holds the data), with 0, 1 or `numSamples` timing and size entries.
@discardableResult
public func CMSampleBufferCreate(
    allocator: CFAllocator?, dataBuffer: CMBlockBuffer?, dataReady: Bool,
    makeDataReadyCallback: CMSampleBufferMakeDataReadyCallback?, refcon makeDataReadyRefcon: UnsafeMutableRawPointer?,
    formatDescription: CMFormatDescription?, sampleCount numSamples: CMItemCount,
    sampleTimingEntryCount numSampleTimingEntries: CMItemCount, sampleTimingArray: UnsafePointer<CMSampleTimingInfo>?,
    sampleSizeEntryCount numSampleSizeEntries: CMItemCount, sampleSizeArray: UnsafePointer<Int>?,
    sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    sampleBufferOut.pointee = nil
    switch copyEntries(sampleCount: numSamples, timingCount: numSampleTimingEntries, timings: sampleTimingArray,
                       sizeCount: numSampleSizeEntries, sizes: sampleSizeArray) {
    case .failure(let error):
        return error.status
    case .success(let (timings, sizes)):
        // CMSampleBuffer.h: data can be ready without a data buffer only when there are no samples.
        if dataReady && dataBuffer == nil && numSamples > 0 { return kCMSampleBufferError_RequiredParameterMissing }
        sampleBufferOut.pointee = CMSampleBuffer(
            format: formatDescription, sampleCount: numSamples, timingEntries: timings, sizeEntries: sizes,
            data: dataBuffer, image: nil, dataReady: dataReady,
            dataReadyMaker: makeDataReadyCallback.map { .callback($0, makeDataReadyRefcon) })
        return noErr
    }
}

/// `CMSampleBufferCreate` with a block to make the data ready. Every argument is unlabelled, as Apple's Swift
/// declaration has them (the header gives this function no Swift names).
@discardableResult
public func CMSampleBufferCreateWithMakeDataReadyHandler(
    _ allocator: CFAllocator?, _ dataBuffer: CMBlockBuffer?, _ dataReady: Bool,
    _ formatDescription: CMFormatDescription?, _ numSamples: CMItemCount, _ numSampleTimingEntries: CMItemCount,
    _ sampleTimingArray: UnsafePointer<CMSampleTimingInfo>?, _ numSampleSizeEntries: CMItemCount,
    _ sampleSizeArray: UnsafePointer<Int>?, _ sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>,
    _ makeDataReadyHandler: CMSampleBufferMakeDataReadyHandler?
) -> OSStatus {
    let status = CMSampleBufferCreate(
        allocator: allocator, dataBuffer: dataBuffer, dataReady: dataReady, makeDataReadyCallback: nil, refcon: nil,
        formatDescription: formatDescription, sampleCount: numSamples, sampleTimingEntryCount: numSampleTimingEntries,
        sampleTimingArray: sampleTimingArray, sampleSizeEntryCount: numSampleSizeEntries,
        sampleSizeArray: sampleSizeArray, sampleBufferOut: sampleBufferOut)
    if status == noErr, let buffer = sampleBufferOut.pointee, let makeDataReadyHandler {
        sampleBufferOut.pointee = CMSampleBuffer(
            format: buffer.format, sampleCount: buffer.sampleCount, timingEntries: buffer.timingEntries,
            sizeEntries: buffer.sizeEntries, data: dataBuffer, image: nil, dataReady: dataReady,
            dataReadyMaker: .handler(makeDataReadyHandler))
    }
    return status
}

/// Creates a sample buffer whose data is already in `dataBuffer`.
@discardableResult
public func CMSampleBufferCreateReady(
    allocator: CFAllocator?, dataBuffer: CMBlockBuffer?, formatDescription: CMFormatDescription?,
    sampleCount numSamples: CMItemCount, sampleTimingEntryCount numSampleTimingEntries: CMItemCount,
    sampleTimingArray: UnsafePointer<CMSampleTimingInfo>?, sampleSizeEntryCount numSampleSizeEntries: CMItemCount,
    sampleSizeArray: UnsafePointer<Int>?, sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    CMSampleBufferCreate(
        allocator: allocator, dataBuffer: dataBuffer, dataReady: true, makeDataReadyCallback: nil, refcon: nil,
        formatDescription: formatDescription, sampleCount: numSamples, sampleTimingEntryCount: numSampleTimingEntries,
        sampleTimingArray: sampleTimingArray, sampleSizeEntryCount: numSampleSizeEntries,
        sampleSizeArray: sampleSizeArray, sampleBufferOut: sampleBufferOut)
}

/// The sample buffer for one image buffer, or the status that says why not: the format description must describe
/// the image buffer (`CMVideoFormatDescriptionMatchesImageBuffer`), else `kCMSampleBufferError_InvalidMediaFormat`.
private func makeImageSampleBuffer(
    imageBuffer: CVImageBuffer, dataReady: Bool, maker: CMSampleBuffer.DataReadyMaker?,
    formatDescription: CMVideoFormatDescription, sampleTiming: CMSampleTimingInfo
) -> Result<CMSampleBuffer, SampleBufferStatus> {
    guard CMVideoFormatDescriptionMatchesImageBuffer(formatDescription, imageBuffer: imageBuffer) else {
        return .failure(.init(kCMSampleBufferError_InvalidMediaFormat))
    }
    return .success(CMSampleBuffer(format: formatDescription, sampleCount: 1, timingEntries: [sampleTiming],
                                   sizeEntries: [], data: nil, image: imageBuffer, dataReady: dataReady,
                                   dataReadyMaker: maker))
}

/// Creates a one-sample buffer holding an image buffer, which `formatDescription` must describe.
@discardableResult
public func CMSampleBufferCreateForImageBuffer(
    allocator: CFAllocator?, imageBuffer: CVImageBuffer, dataReady: Bool,
    makeDataReadyCallback: CMSampleBufferMakeDataReadyCallback?, refcon makeDataReadyRefcon: UnsafeMutableRawPointer?,
    formatDescription: CMVideoFormatDescription, sampleTiming: UnsafePointer<CMSampleTimingInfo>,
    sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    sampleBufferOut.pointee = nil
    switch makeImageSampleBuffer(imageBuffer: imageBuffer, dataReady: dataReady,
                                 maker: makeDataReadyCallback.map { .callback($0, makeDataReadyRefcon) },
                                 formatDescription: formatDescription, sampleTiming: sampleTiming.pointee) {
    case .failure(let error): return error.status
    case .success(let buffer): sampleBufferOut.pointee = buffer; return noErr
    }
}

/// Creates a ready one-sample buffer holding an image buffer, which `formatDescription` must describe.
@discardableResult
public func CMSampleBufferCreateReadyWithImageBuffer(
    allocator: CFAllocator?, imageBuffer: CVImageBuffer, formatDescription: CMVideoFormatDescription,
    sampleTiming: UnsafePointer<CMSampleTimingInfo>, sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    CMSampleBufferCreateForImageBuffer(allocator: allocator, imageBuffer: imageBuffer, dataReady: true,
                                       makeDataReadyCallback: nil, refcon: nil, formatDescription: formatDescription,
                                       sampleTiming: sampleTiming, sampleBufferOut: sampleBufferOut)
}

/// `CMSampleBufferCreateForImageBuffer` with a block to make the data ready; unlabelled arguments, as Apple's.
@discardableResult
public func CMSampleBufferCreateForImageBufferWithMakeDataReadyHandler(
    _ allocator: CFAllocator?, _ imageBuffer: CVImageBuffer, _ dataReady: Bool,
    _ formatDescription: CMVideoFormatDescription, _ sampleTiming: UnsafePointer<CMSampleTimingInfo>,
    _ sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>,
    _ makeDataReadyHandler: CMSampleBufferMakeDataReadyHandler?
) -> OSStatus {
    sampleBufferOut.pointee = nil
    switch makeImageSampleBuffer(imageBuffer: imageBuffer, dataReady: dataReady,
                                 maker: makeDataReadyHandler.map { .handler($0) },
                                 formatDescription: formatDescription, sampleTiming: sampleTiming.pointee) {
    case .failure(let error): return error.status
    case .success(let buffer): sampleBufferOut.pointee = buffer; return noErr
    }
}
