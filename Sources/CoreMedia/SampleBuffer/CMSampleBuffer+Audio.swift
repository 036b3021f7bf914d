// Audio sample buffers: creation from packet descriptions (CMSampleBuffer.h) and PCM access through audio buffer
// lists. For constant-size, constant-duration packets (linear PCM, where a sample is a frame) one timing and one
// size entry describe every sample; variable packets get per-packet sizes and, when their durations differ,
// per-packet timing.

/// The duration of `frames` frames at `sampleRate`, exact when the rate is a whole number that fits a timescale.
func duration(frames: Int64, sampleRate: Float64) -> CMTime {
    if let timescale = Int32(exactly: sampleRate) { return CMTime(value: frames, timescale: timescale) }
    // A fractional rate has no exact timescale; nanosecond resolution keeps the error far below a frame.
    return CMTime(seconds: Double(frames) / sampleRate, preferredTimescale: 1_000_000_000)
}

/// Builds an audio sample buffer's entries from its format and packet descriptions, or the status saying why not.
private func makeAudioSampleBuffer(
    dataBuffer: CMBlockBuffer?, dataReady: Bool, maker: CMSampleBuffer.DataReadyMaker?,
    formatDescription: CMAudioFormatDescription, numSamples: CMItemCount, presentationTimeStamp: CMTime,
    packetDescriptions: UnsafePointer<AudioStreamPacketDescription>?
) -> Result<CMSampleBuffer, SampleBufferStatus> {
    guard let asbd = formatDescription.audioDetails?.streamDescription.pointee else {
        return .failure(.init(kCMSampleBufferError_InvalidMediaTypeForOperation))
    }
    guard numSamples > 0, numSamples <= CoreMediaLimits.maximumSamplesPerBuffer else {
        return .failure(.init(kCMSampleBufferError_RequiredParameterMissing))
    }
    guard presentationTimeStamp.isNumeric else { return .failure(.init(kCMSampleBufferError_SampleTimingInfoInvalid)) }
    guard asbd.mSampleRate > 0, asbd.mSampleRate.isFinite else {
        return .failure(.init(kCMSampleBufferError_InvalidMediaFormat))
    }
    if dataReady && dataBuffer == nil { return .failure(.init(kCMSampleBufferError_RequiredParameterMissing)) }
    let constantPackets = asbd.mBytesPerPacket > 0 && asbd.mFramesPerPacket > 0
    var timings: [CMSampleTimingInfo]
    var sizes: [Int]
    var packets: [CMSampleBuffer.PacketDescription] = []
    if constantPackets && (asbd.mFramesPerPacket == 1 || packetDescriptions == nil) {
        timings = [CMSampleTimingInfo(duration: duration(frames: Int64(asbd.mFramesPerPacket), sampleRate: asbd.mSampleRate),
                                      presentationTimeStamp: presentationTimeStamp, decodeTimeStamp: .invalid)]
        // Non-interleaved PCM has no per-sample size: a frame's channels lie in separate planes (CMSampleBuffer.h).
        let nonInterleaved = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0 && asbd.mChannelsPerFrame > 1
        sizes = nonInterleaved ? [] : [Int(asbd.mBytesPerPacket)]
    } else {
        guard let packetDescriptions else { return .failure(.init(kCMSampleBufferError_RequiredParameterMissing)) }
        let descriptions = UnsafeBufferPointer(start: packetDescriptions, count: numSamples)
        let dataLength = dataBuffer.map(CMBlockBufferGetDataLength)
        var frameCounts: [Int64] = []
        frameCounts.reserveCapacity(numSamples)
        sizes = []
        sizes.reserveCapacity(numSamples)
        packets.reserveCapacity(numSamples)
        for description in descriptions {
            let frames = description.mVariableFramesInPacket != 0 ? description.mVariableFramesInPacket
                : asbd.mFramesPerPacket
            guard frames > 0, description.mStartOffset >= 0 else {
                return .failure(.init(kCMSampleBufferError_InvalidSampleData))
            }
            if let dataLength, description.mStartOffset + Int64(description.mDataByteSize) > Int64(dataLength) {
                return .failure(.init(kCMSampleBufferError_InvalidSampleData))
            }
            frameCounts.append(Int64(frames))
            sizes.append(Int(description.mDataByteSize))
            packets.append(.init(startOffset: description.mStartOffset,
                                 variableFramesInPacket: description.mVariableFramesInPacket,
                                 dataByteSize: description.mDataByteSize))
        }
        if frameCounts.allSatisfy({ $0 == frameCounts[0] }) {
            timings = [CMSampleTimingInfo(duration: duration(frames: frameCounts[0], sampleRate: asbd.mSampleRate),
                                          presentationTimeStamp: presentationTimeStamp, decodeTimeStamp: .invalid)]
        } else {
            var elapsed: Int64 = 0
            timings = []
            for frames in frameCounts {
                timings.append(CMSampleTimingInfo(
                    duration: duration(frames: frames, sampleRate: asbd.mSampleRate),
                    presentationTimeStamp: presentationTimeStamp + duration(frames: elapsed, sampleRate: asbd.mSampleRate),
                    decodeTimeStamp: .invalid))
                elapsed += frames
            }
        }
        // All equal without building a set (a passthrough read makes one of these per audio buffer).
        if constantPackets, let first = sizes.first, sizes.allSatisfy({ $0 == first }) { sizes = [first] }
    }
    return .success(CMSampleBuffer(format: formatDescription, sampleCount: numSamples, timingEntries: timings,
                                   sizeEntries: sizes, data: dataBuffer, image: nil, dataReady: dataReady,
                                   dataReadyMaker: maker, packetDescriptions: packets))
}

/// Creates an audio sample buffer from packet descriptions (nil for constant-size, constant-duration packets such
/// as linear PCM, whose samples are frames) instead of timing and size arrays.
@discardableResult
public func CMAudioSampleBufferCreateWithPacketDescriptions(
    allocator: CFAllocator?, dataBuffer: CMBlockBuffer?, dataReady: Bool,
    makeDataReadyCallback: CMSampleBufferMakeDataReadyCallback?, refcon makeDataReadyRefcon: UnsafeMutableRawPointer?,
    formatDescription: CMFormatDescription, sampleCount numSamples: CMItemCount, presentationTimeStamp: CMTime,
    packetDescriptions: UnsafePointer<AudioStreamPacketDescription>?,
    sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    sampleBufferOut.pointee = nil
    switch makeAudioSampleBuffer(dataBuffer: dataBuffer, dataReady: dataReady,
                                 maker: makeDataReadyCallback.map { .callback($0, makeDataReadyRefcon) },
                                 formatDescription: formatDescription, numSamples: numSamples,
                                 presentationTimeStamp: presentationTimeStamp, packetDescriptions: packetDescriptions) {
    case .failure(let error): return error.status
    case .success(let buffer): sampleBufferOut.pointee = buffer; return noErr
    }
}

/// Creates a ready audio sample buffer from packet descriptions.
@discardableResult
public func CMAudioSampleBufferCreateReadyWithPacketDescriptions(
    allocator: CFAllocator?, dataBuffer: CMBlockBuffer, formatDescription: CMFormatDescription,
    sampleCount numSamples: CMItemCount, presentationTimeStamp: CMTime,
    packetDescriptions: UnsafePointer<AudioStreamPacketDescription>?,
    sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
    CMAudioSampleBufferCreateWithPacketDescriptions(
        allocator: allocator, dataBuffer: dataBuffer, dataReady: true, makeDataReadyCallback: nil, refcon: nil,
        formatDescription: formatDescription, sampleCount: numSamples, presentationTimeStamp: presentationTimeStamp,
        packetDescriptions: packetDescriptions, sampleBufferOut: sampleBufferOut)
}

/// Copies the packet descriptions of variable-packet audio into a caller's array of `allocatedSize` bytes;
/// constant-packet audio has none (`noErr`, 0 bytes needed).
@discardableResult
public func CMSampleBufferGetAudioStreamPacketDescriptions(
    _ sbuf: CMSampleBuffer, allocatedSize packetDescriptionsSize: Int,
    packetDescriptionsOut: UnsafeMutablePointer<AudioStreamPacketDescription>?,
    packetDescriptionsSizeNeededOut: UnsafeMutablePointer<Int>?
) -> OSStatus {
    guard sbuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    guard sbuf.format?.audioDetails != nil else { return kCMSampleBufferError_InvalidMediaTypeForOperation }
    let descriptions = sbuf.audioStreamPacketDescriptionList
    // Both sizes are in bytes, as the C parameters' names say (size_t packetDescriptionsSize).
    let bytesNeeded = descriptions.count * MemoryLayout<AudioStreamPacketDescription>.stride
    packetDescriptionsSizeNeededOut?.pointee = bytesNeeded
    guard let packetDescriptionsOut, !descriptions.isEmpty else { return noErr }
    guard packetDescriptionsSize >= bytesNeeded else { return kCMSampleBufferError_ArrayTooSmall }
    packetDescriptionsOut.update(from: descriptions, count: descriptions.count)
    return noErr
}

extension CMSampleBuffer {
    /// The packet descriptions as Core Audio structs.
    var audioStreamPacketDescriptionList: [AudioStreamPacketDescription] {
        packetDescriptions.map {
            AudioStreamPacketDescription(mStartOffset: $0.startOffset, mVariableFramesInPacket: $0.variableFramesInPacket,
                                         mDataByteSize: $0.dataByteSize)
        }
    }

    /// The linear PCM stream description, or the status saying why the buffer is not PCM audio.
    var pcmStreamDescription: Result<AudioStreamBasicDescription, SampleBufferStatus> {
        guard let asbd = format?.audioDetails?.streamDescription.pointee, asbd.mFormatID == kAudioFormatLinearPCM,
              asbd.mBytesPerFrame > 0, asbd.mChannelsPerFrame > 0 else {
            return .failure(.init(kCMSampleBufferError_InvalidMediaTypeForOperation))
        }
        return .success(asbd)
    }
}

/// Copies `frameCount` frames of PCM from `frameOffset` into the buffers of `bufferList`: one interleaved buffer,
/// or one buffer per channel for non-interleaved audio (whose data buffer holds one plane per channel).
@discardableResult
public func CMSampleBufferCopyPCMDataIntoAudioBufferList(
    _ sbuf: CMSampleBuffer, at frameOffset: Int32, frameCount numFrames: Int32,
    into bufferList: UnsafeMutablePointer<AudioBufferList>
) -> OSStatus {
    guard sbuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    let asbd: AudioStreamBasicDescription
    switch sbuf.pcmStreamDescription {
    case .failure(let error): return error.status
    case .success(let description): asbd = description
    }
    guard frameOffset >= 0, numFrames >= 0, Int(frameOffset) + Int(numFrames) <= sbuf.sampleCount else {
        return kCMSampleBufferError_SampleIndexOutOfRange
    }
    guard CMSampleBufferDataIsReady(sbuf), let data = sbuf.dataBufferValue else {
        return kCMSampleBufferError_BufferNotReady
    }
    let buffers = UnsafeMutableAudioBufferListPointer(bufferList)
    let nonInterleaved = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
    let planes = nonInterleaved ? Int(asbd.mChannelsPerFrame) : 1
    guard buffers.count == planes else { return kCMSampleBufferError_ArrayTooSmall }
    let frameBytes = Int(asbd.mBytesPerFrame)
    guard let planeBytes = checkedProduct(sbuf.sampleCount, frameBytes),
          let byteCount = checkedProduct(Int(numFrames), frameBytes),
          let skipped = checkedProduct(Int(frameOffset), frameBytes),
          checkedProduct(planeBytes, planes) != nil else { return kCMSampleBufferError_InvalidSampleData }
    guard byteCount > 0 else { return noErr }
    for plane in 0..<planes {
        guard let destination = buffers[plane].mData, Int(buffers[plane].mDataByteSize) >= byteCount else {
            return kCMSampleBufferError_ArrayTooSmall
        }
        let status = data.copyBytes(offset: plane * planeBytes + skipped, length: byteCount, into: destination)
        guard status == kCMBlockBufferNoErr else { return kCMSampleBufferError_InvalidSampleData }
        buffers[plane].mDataByteSize = UInt32(byteCount)
    }
    return noErr
}

/// Fills `bufferListOut` with buffers pointing at the PCM data, held in one piece of memory by a block buffer
/// returned (retained) in `blockBufferOut`; with no list, or one smaller than `bufferListSize` needs, reports
/// the size needed.
@discardableResult
public func CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
    _ sbuf: CMSampleBuffer, bufferListSizeNeededOut: UnsafeMutablePointer<Int>?,
    bufferListOut: UnsafeMutablePointer<AudioBufferList>?, bufferListSize: Int,
    blockBufferAllocator: CFAllocator?, blockBufferMemoryAllocator: CFAllocator?, flags: UInt32,
    blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>?
) -> OSStatus {
    guard sbuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    let asbd: AudioStreamBasicDescription
    switch sbuf.pcmStreamDescription {
    case .failure(let error): return error.status
    case .success(let description): asbd = description
    }
    let nonInterleaved = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
    let planes = nonInterleaved ? Int(asbd.mChannelsPerFrame) : 1
    let needed = AudioBufferList.sizeInBytes(maximumBuffers: planes)
    bufferListSizeNeededOut?.pointee = needed
    guard let bufferListOut else { return noErr }
    guard bufferListSize >= needed else { return kCMSampleBufferError_ArrayTooSmall }
    guard CMSampleBufferDataIsReady(sbuf), let data = sbuf.dataBufferValue else {
        return kCMSampleBufferError_BufferNotReady
    }
    guard let planeBytes = checkedProduct(sbuf.sampleCount, Int(asbd.mBytesPerFrame)),
          let totalBytes = checkedProduct(planeBytes, planes), totalBytes <= data.totalLength, planeBytes > 0 else {
        return kCMSampleBufferError_InvalidSampleData
    }
    var contiguous: CMBlockBuffer?
    let alignedRequired = flags & kCMSampleBufferFlag_AudioBufferList_Assure16ByteAlignment != 0
    var status = CMBlockBufferCreateContiguous(
        allocator: blockBufferAllocator, sourceBuffer: data, blockAllocator: blockBufferMemoryAllocator,
        customBlockSource: nil, offsetToData: 0, dataLength: totalBytes, flags: 0,
        blockBufferOut: &contiguous)
    if status == kCMBlockBufferNoErr, alignedRequired, let made = contiguous,
       case .success(let region) = made.region(at: 0, assure: false),
       let base = region.baseAddress, Int(bitPattern: base) % 16 != 0 {
        // calloc'd blocks are 16-byte aligned; copying is the way to an aligned start.
        status = CMBlockBufferCreateContiguous(
            allocator: blockBufferAllocator, sourceBuffer: data, blockAllocator: blockBufferMemoryAllocator,
            customBlockSource: nil, offsetToData: 0, dataLength: totalBytes,
            flags: kCMBlockBufferAlwaysCopyDataFlag, blockBufferOut: &contiguous)
    }
    guard status == kCMBlockBufferNoErr, let block = contiguous,
          case .success(let region) = block.region(at: 0, assure: false), let base = region.baseAddress else {
        return kCMSampleBufferError_InvalidSampleData
    }
    let list = UnsafeMutableAudioBufferListPointer(bufferListOut)
    list.count = planes
    for plane in 0..<planes {
        list[plane] = AudioBuffer(mNumberChannels: nonInterleaved ? 1 : asbd.mChannelsPerFrame,
                                  mDataByteSize: UInt32(planeBytes), mData: base + plane * planeBytes)
    }
    blockBufferOut?.pointee = block
    return noErr
}

/// `a × b`, or nil when it overflows.
func checkedProduct(_ a: Int, _ b: Int) -> Int? {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? nil : product
}

/// Gives a PCM sample buffer made without data a data buffer holding a copy of `bufferList`'s buffers, one after
/// another (one plane per channel for non-interleaved audio); each buffer must hold every frame of the sample buffer.
@discardableResult
public func CMSampleBufferSetDataBufferFromAudioBufferList(
    _ sbuf: CMSampleBuffer, blockBufferAllocator: CFAllocator?, blockBufferMemoryAllocator: CFAllocator?,
    flags: UInt32, bufferList: UnsafePointer<AudioBufferList>
) -> OSStatus {
    guard sbuf.isValidBuffer else { return kCMSampleBufferError_Invalidated }
    let asbd: AudioStreamBasicDescription
    switch sbuf.pcmStreamDescription {
    case .failure(let error): return error.status
    case .success(let description): asbd = description
    }
    guard sbuf.dataBufferValue == nil else { return kCMSampleBufferError_AlreadyHasDataBuffer }
    let buffers = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: bufferList))
    let nonInterleaved = asbd.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
    guard buffers.count == (nonInterleaved ? Int(asbd.mChannelsPerFrame) : 1),
          let planeBytes = checkedProduct(sbuf.sampleCount, Int(asbd.mBytesPerFrame)), planeBytes > 0,
          let totalBytes = checkedProduct(planeBytes, buffers.count) else {
        return kCMSampleBufferError_InvalidMediaFormat
    }
    for buffer in buffers where buffer.mData == nil || Int(buffer.mDataByteSize) < planeBytes {
        return kCMSampleBufferError_RequiredParameterMissing
    }
    var block: CMBlockBuffer?
    guard CMBlockBufferCreateWithMemoryBlock(
        allocator: blockBufferAllocator, memoryBlock: nil, blockLength: totalBytes,
        blockAllocator: blockBufferMemoryAllocator, customBlockSource: nil, offsetToData: 0, dataLength: totalBytes,
        flags: kCMBlockBufferAssureMemoryNowFlag, blockBufferOut: &block) == kCMBlockBufferNoErr, let block else {
        return kCMSampleBufferError_AllocationFailed
    }
    for (plane, buffer) in buffers.enumerated() {
        guard let source = buffer.mData,
              block.replaceBytes(offset: plane * planeBytes, length: planeBytes, from: source) == kCMBlockBufferNoErr
        else { return kCMSampleBufferError_AllocationFailed }
    }
    return sbuf.storeDataBuffer(block)
}

extension CMSampleBuffer {
    /// Gives a PCM sample buffer made without data a copy of `bufferList` as its data buffer.
    public func setDataBuffer(fromAudioBufferList bufferList: UnsafePointer<AudioBufferList>,
                              blockBufferMemoryAllocator: CFAllocator? = kCFAllocatorDefault,
                              flags: CMSampleBuffer.Flags = []) throws {
        try checkSampleBufferStatus(CMSampleBufferSetDataBufferFromAudioBufferList(
            self, blockBufferAllocator: nil, blockBufferMemoryAllocator: blockBufferMemoryAllocator,
            flags: flags.rawValue, bufferList: bufferList))
    }
}
