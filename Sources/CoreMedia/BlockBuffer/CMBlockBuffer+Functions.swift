// The C-style block buffer functions of Apple's CMBlockBuffer.h, with Apple's Swift labels. Every offset and length is
// checked; misuse returns the documented status and never traps.

extension MemoryBlock.Provider {
    /// How a block given to (or allocated by) a block buffer function is freed.
    init(blockAllocator: CFAllocator?, customBlockSource: UnsafePointer<CMBlockBufferCustomBlockSource>?) {
        if let customBlockSource {
            self = .customSource(customBlockSource.pointee)
        } else if isNullAllocator(blockAllocator) {
            self = .unowned
        } else {
            self = .system
        }
    }
}

/// Creates an empty block buffer, ready for appends.
@discardableResult
public func CMBlockBufferCreateEmpty(
    allocator structureAllocator: CFAllocator?, capacity subBlockCapacity: UInt32, flags: CMBlockBufferFlags,
    blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>
) -> OSStatus {
    blockBufferOut.pointee = CMBlockBuffer(subBlockCapacity: Int(subBlockCapacity))
    return kCMBlockBufferNoErr
}

/// Creates a block buffer over `dataLength` bytes at `offsetToData` of a memory block.
///
/// With `memoryBlock` nil, a block of `blockLength` bytes is allocated now (`kCMBlockBufferAssureMemoryNowFlag`) or
/// when first written. A supplied block is freed with `free` when the last block buffer using it goes away, unless
/// `blockAllocator` is `kCFAllocatorNull` (the caller keeps it) or `customBlockSource` frees it. When creation
/// fails, a supplied block stays the caller's.
@discardableResult
public func CMBlockBufferCreateWithMemoryBlock(
    allocator structureAllocator: CFAllocator?, memoryBlock: UnsafeMutableRawPointer?, blockLength: Int,
    blockAllocator: CFAllocator?, customBlockSource: UnsafePointer<CMBlockBufferCustomBlockSource>?,
    offsetToData: Int, dataLength: Int, flags: CMBlockBufferFlags,
    blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>
) -> OSStatus {
    let buffer = CMBlockBuffer(subBlockCapacity: 1)
    let status = buffer.appendMemory(
        memoryBlock, blockLength: blockLength,
        provider: MemoryBlock.Provider(blockAllocator: blockAllocator, customBlockSource: customBlockSource),
        offsetToData: offsetToData, dataLength: dataLength, flags: flags)
    blockBufferOut.pointee = status == kCMBlockBufferNoErr ? buffer : nil
    return status
}

/// Creates a block buffer that refers to `dataLength` bytes of `bufferReference` at `offsetToData`, without copying.
///
/// A zero `dataLength` refers to the rest of the buffer, as `CMBlockBufferAppendBufferReference` does.
@discardableResult
public func CMBlockBufferCreateWithBufferReference(
    allocator structureAllocator: CFAllocator?, referenceBuffer bufferReference: CMBlockBuffer, offsetToData: Int,
    dataLength: Int, flags: CMBlockBufferFlags, blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>
) -> OSStatus {
    let buffer = CMBlockBuffer(subBlockCapacity: 1)
    let status = buffer.appendReference(to: bufferReference, offsetToData: offsetToData, dataLength: dataLength,
                                        flags: flags)
    blockBufferOut.pointee = status == kCMBlockBufferNoErr ? buffer : nil
    return status
}

/// Creates a block buffer holding `dataLength` bytes of `sourceBuffer` at `offsetToData` (zero: the rest) in one
/// piece of memory: a reference when they already are contiguous, otherwise (or with
/// `kCMBlockBufferAlwaysCopyDataFlag`) a copy in a block from `blockAllocator` or `customBlockSource`.
@discardableResult
public func CMBlockBufferCreateContiguous(
    allocator structureAllocator: CFAllocator?, sourceBuffer: CMBlockBuffer, blockAllocator: CFAllocator?,
    customBlockSource: UnsafePointer<CMBlockBufferCustomBlockSource>?, offsetToData: Int, dataLength: Int,
    flags: CMBlockBufferFlags, blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>
) -> OSStatus {
    blockBufferOut.pointee = nil
    if sourceBuffer.hasNoSegments { return kCMBlockBufferEmptyBBufErr }
    let total = sourceBuffer.totalLength
    guard offsetToData >= 0, offsetToData < total else { return kCMBlockBufferBadOffsetParameterErr }
    guard dataLength >= 0, dataLength <= total - offsetToData else { return kCMBlockBufferBadLengthParameterErr }
    let length = dataLength == 0 ? total - offsetToData : dataLength
    let result = CMBlockBuffer(subBlockCapacity: 1)
    if flags & kCMBlockBufferAlwaysCopyDataFlag == 0, sourceBuffer.isContiguous(offset: offsetToData, length: length) {
        let status = result.appendReference(to: sourceBuffer, offsetToData: offsetToData, dataLength: length,
                                            flags: flags & ~kCMBlockBufferDontOptimizeDepthFlag)
        if status == kCMBlockBufferNoErr { blockBufferOut.pointee = result }
        return status
    }
    var status = result.appendMemory(
        nil, blockLength: length,
        provider: MemoryBlock.Provider(blockAllocator: blockAllocator, customBlockSource: customBlockSource),
        offsetToData: 0, dataLength: length, flags: flags | kCMBlockBufferAssureMemoryNowFlag)
    if status != kCMBlockBufferNoErr { return status }
    switch result.region(at: 0, assure: false) {
    case .failure(let error):
        return error.status
    case .success(let destination):
        guard let base = destination.baseAddress else { return kCMBlockBufferBlockAllocationFailedErr }
        status = sourceBuffer.copyBytes(offset: offsetToData, length: length, into: base)
    }
    if status == kCMBlockBufferNoErr { blockBufferOut.pointee = result }
    return status
}

/// Appends `dataLength` bytes at `offsetToData` of a memory block (allocated now or later when nil).
///
/// Ownership of a supplied block follows `CMBlockBufferCreateWithMemoryBlock`.
@discardableResult
public func CMBlockBufferAppendMemoryBlock(
    _ theBuffer: CMBlockBuffer, memoryBlock: UnsafeMutableRawPointer?, length blockLength: Int,
    blockAllocator: CFAllocator?, customBlockSource: UnsafePointer<CMBlockBufferCustomBlockSource>?,
    offsetToData: Int, dataLength: Int, flags: CMBlockBufferFlags
) -> OSStatus {
    theBuffer.appendMemory(
        memoryBlock, blockLength: blockLength,
        provider: MemoryBlock.Provider(blockAllocator: blockAllocator, customBlockSource: customBlockSource),
        offsetToData: offsetToData, dataLength: dataLength, flags: flags)
}

/// Appends a reference to `dataLength` bytes of `targetBBuf` at `offsetToData` (zero: the rest), without copying.
@discardableResult
public func CMBlockBufferAppendBufferReference(
    _ theBuffer: CMBlockBuffer, targetBBuf: CMBlockBuffer, offsetToData: Int, dataLength: Int,
    flags: CMBlockBufferFlags
) -> OSStatus {
    theBuffer.appendReference(to: targetBBuf, offsetToData: offsetToData, dataLength: dataLength, flags: flags)
}

/// Allocates every memory block of the buffer that is not allocated yet.
@discardableResult
public func CMBlockBufferAssureBlockMemory(_ theBuffer: CMBlockBuffer) -> OSStatus {
    theBuffer.assureAllBlocks()
}

/// Points `returnedPointerOut` at `length` bytes at `offset`: into the buffer when they are contiguous, otherwise
/// at `temporaryBlock` after copying them there. Receives nil on failure.
@discardableResult
public func CMBlockBufferAccessDataBytes(
    _ theBuffer: CMBlockBuffer, atOffset offset: Int, length: Int, temporaryBlock: UnsafeMutableRawPointer,
    returnedPointerOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> OSStatus {
    returnedPointerOut.pointee = nil
    guard length > 0 else { return kCMBlockBufferBadLengthParameterErr }
    switch theBuffer.region(at: offset, assure: false) {
    case .failure(let error):
        return error.status
    case .success(let region):
        if region.count >= length, let base = region.baseAddress {
            returnedPointerOut.pointee = base.assumingMemoryBound(to: CChar.self)
            return kCMBlockBufferNoErr
        }
    }
    let status = theBuffer.copyBytes(offset: offset, length: length, into: temporaryBlock)
    if status == kCMBlockBufferNoErr {
        returnedPointerOut.pointee = temporaryBlock.assumingMemoryBound(to: CChar.self)
    }
    return status
}

/// Copies `dataLength` bytes (not zero) at `offsetToData` into `destination`, across block boundaries.
@discardableResult
public func CMBlockBufferCopyDataBytes(
    _ theSourceBuffer: CMBlockBuffer, atOffset offsetToData: Int, dataLength: Int,
    destination: UnsafeMutableRawPointer
) -> OSStatus {
    guard dataLength != 0 else { return kCMBlockBufferBadLengthParameterErr }
    return theSourceBuffer.copyBytes(offset: offsetToData, length: dataLength, into: destination)
}

/// Overwrites `dataLength` bytes at `offsetIntoDestination` with bytes from `sourceBytes`, allocating blocks as
/// needed; when the range is not all there, nothing is written.
@discardableResult
public func CMBlockBufferReplaceDataBytes(
    with sourceBytes: UnsafeRawPointer, blockBuffer destinationBuffer: CMBlockBuffer, offsetIntoDestination: Int,
    dataLength: Int
) -> OSStatus {
    destinationBuffer.replaceBytes(offset: offsetIntoDestination, length: dataLength, from: sourceBytes)
}

/// Sets `dataLength` bytes at `offsetIntoDestination` (zero: the rest of the buffer) to `fillByte`, allocating
/// blocks as needed; when the range is not all there, nothing is written.
@discardableResult
public func CMBlockBufferFillDataBytes(
    with fillByte: CChar, blockBuffer destinationBuffer: CMBlockBuffer, offsetIntoDestination: Int, dataLength: Int
) -> OSStatus {
    var length = dataLength
    if length == 0 {
        guard offsetIntoDestination >= 0, offsetIntoDestination <= destinationBuffer.totalLength else {
            return kCMBlockBufferBadOffsetParameterErr
        }
        length = destinationBuffer.totalLength - offsetIntoDestination
    }
    return destinationBuffer.fillBytes(offset: offsetIntoDestination, length: length,
                                       with: UInt8(bitPattern: fillByte))
}

/// The address of the byte at `offset`, how many bytes follow it contiguously, and the buffer's total length.
///
/// Each output may be nil. The pointer stays valid as long as the buffer lives.
@discardableResult
public func CMBlockBufferGetDataPointer(
    _ theBuffer: CMBlockBuffer, atOffset offset: Int, lengthAtOffsetOut: UnsafeMutablePointer<Int>?,
    totalLengthOut: UnsafeMutablePointer<Int>?, dataPointerOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OSStatus {
    switch theBuffer.region(at: offset, assure: false) {
    case .failure(let error):
        lengthAtOffsetOut?.pointee = 0
        totalLengthOut?.pointee = theBuffer.totalLength
        dataPointerOut?.pointee = nil
        return error.status
    case .success(let region):
        lengthAtOffsetOut?.pointee = region.count
        totalLengthOut?.pointee = theBuffer.totalLength
        dataPointerOut?.pointee = region.baseAddress?.assumingMemoryBound(to: CChar.self)
        return kCMBlockBufferNoErr
    }
}

/// The number of data bytes in the buffer (zero when it is empty).
public func CMBlockBufferGetDataLength(_ theBuffer: CMBlockBuffer) -> Int {
    theBuffer.totalLength
}

/// Whether `length` bytes at `offset` (zero: the rest of the buffer) lie in one piece of memory; false when the
/// buffer is empty or the range runs past its end.
public func CMBlockBufferIsRangeContiguous(_ theBuffer: CMBlockBuffer, atOffset offset: Int, length: Int) -> Bool {
    theBuffer.isContiguous(offset: offset, length: length)
}

/// Whether the buffer has neither memory blocks nor references (an unallocated block does not make it empty).
public func CMBlockBufferIsEmpty(_ theBuffer: CMBlockBuffer) -> Bool {
    theBuffer.hasNoSegments
}
