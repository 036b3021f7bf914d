import CoreFoundationShims

// Reading a pixel buffer's geometry and locking its memory (CVPixelBuffer.h), in Apple's C-style form.

/// Locks the base address before the CPU touches the pixels. Every lock must be balanced by an unlock with the
/// same flags. Pass `.readOnly` when the pixels will only be read.
@discardableResult
public func CVPixelBufferLockBaseAddress(_ pixelBuffer: CVPixelBuffer, _ lockFlags: CVPixelBufferLockFlags)
    -> CVReturn {
    guard lockFlags.isSubset(of: .readOnly) else { return kCVReturnInvalidArgument }
    pixelBuffer.lockBaseAddress(readOnly: lockFlags.contains(.readOnly))
    return kCVReturnSuccess
}

/// Balances a `CVPixelBufferLockBaseAddress` made with the same flags. Returns `kCVReturnInvalidArgument` if no
/// lock with those flags is outstanding.
@discardableResult
public func CVPixelBufferUnlockBaseAddress(_ pixelBuffer: CVPixelBuffer, _ unlockFlags: CVPixelBufferLockFlags)
    -> CVReturn {
    guard unlockFlags.isSubset(of: .readOnly) else { return kCVReturnInvalidArgument }
    do {
        try pixelBuffer.unlockBaseAddress(readOnly: unlockFlags.contains(.readOnly))
        return kCVReturnSuccess
    } catch {
        return error.status
    }
}

/// The width in pixels.
public func CVPixelBufferGetWidth(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.width }

/// The height in pixels.
public func CVPixelBufferGetHeight(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.height }

/// The `kCVPixelFormatType_…` code.
public func CVPixelBufferGetPixelFormatType(_ pixelBuffer: CVPixelBuffer) -> OSType { pixelBuffer.pixelFormat }

/// The base address: the first pixel of a chunky buffer; for a planar buffer, as on Apple platforms, its
/// planar-info header (`CVPlanarPixelBufferInfo_YCbCr…`), or the `dataPtr` given to
/// `CVPixelBufferCreateWithPlanarBytes`. Use `CVPixelBufferGetBaseAddressOfPlane` for planes.
public func CVPixelBufferGetBaseAddress(_ pixelBuffer: CVPixelBuffer) -> UnsafeMutableRawPointer? {
    pixelBuffer.baseAddress
}

/// Bytes per row of a chunky buffer; for a planar buffer, those of its first plane.
public func CVPixelBufferGetBytesPerRow(_ pixelBuffer: CVPixelBuffer) -> Int {
    pixelBuffer.planeRecords[0].bytesPerRow
}

/// The size in bytes of the memory from the base address: the whole allocation for buffers allocated here.
public func CVPixelBufferGetDataSize(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.dataSize }

/// Whether the pixel format is planar.
public func CVPixelBufferIsPlanar(_ pixelBuffer: CVPixelBuffer) -> Bool { pixelBuffer.layout.isPlanar }

/// The number of planes: 0 for a chunky buffer, as on Apple platforms.
public func CVPixelBufferGetPlaneCount(_ pixelBuffer: CVPixelBuffer) -> Int {
    pixelBuffer.layout.isPlanar ? pixelBuffer.planeRecords.count : 0
}

/// The width of plane `planeIndex` in plane pixels; 0 for a chunky buffer or an index out of range.
public func CVPixelBufferGetWidthOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
    planeRecord(pixelBuffer, planeIndex)?.width ?? 0
}

/// The height of plane `planeIndex` in rows; 0 for a chunky buffer or an index out of range.
public func CVPixelBufferGetHeightOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
    planeRecord(pixelBuffer, planeIndex)?.height ?? 0
}

/// The first pixel of plane `planeIndex` (64-byte aligned for buffers allocated here); `nil` for a chunky
/// buffer or an index out of range.
public func CVPixelBufferGetBaseAddressOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int)
    -> UnsafeMutableRawPointer? {
    planeRecord(pixelBuffer, planeIndex)?.baseAddress
}

/// Bytes per row of plane `planeIndex`; 0 for a chunky buffer or an index out of range.
public func CVPixelBufferGetBytesPerRowOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
    planeRecord(pixelBuffer, planeIndex)?.bytesPerRow ?? 0
}

/// The extended pixels around the image, in image pixels.
public func CVPixelBufferGetExtendedPixels(_ pixelBuffer: CVPixelBuffer,
                                           _ extraColumnsOnLeft: UnsafeMutablePointer<Int>?,
                                           _ extraColumnsOnRight: UnsafeMutablePointer<Int>?,
                                           _ extraRowsOnTop: UnsafeMutablePointer<Int>?,
                                           _ extraRowsOnBottom: UnsafeMutablePointer<Int>?) {
    extraColumnsOnLeft?.pointee = pixelBuffer.extendedLeft
    extraColumnsOnRight?.pointee = pixelBuffer.extendedRight
    extraRowsOnTop?.pointee = pixelBuffer.extendedTop
    extraRowsOnBottom?.pointee = pixelBuffer.extendedBottom
}

/// Fills the extended pixels by repeating the image's edge pixels outwards (whole blocks for packed formats).
@discardableResult
public func CVPixelBufferFillExtendedPixels(_ pixelBuffer: CVPixelBuffer) -> CVReturn {
    for (index, plane) in pixelBuffer.layout.planes.enumerated() {
        let record = pixelBuffer.planeRecords[index]
        let blockBytes = plane.bytesPerBlock
        let leftBlocks = pixelBuffer.extendedLeft / plane.horizontalSubsampling / plane.pixelsPerBlock
        let rightBlocks = pixelBuffer.extendedRight / plane.horizontalSubsampling / plane.pixelsPerBlock
        let topRows = pixelBuffer.extendedTop / plane.verticalSubsampling
        let bottomRows = pixelBuffer.extendedBottom / plane.verticalSubsampling
        let visibleBlocks = (record.width + plane.pixelsPerBlock - 1) / plane.pixelsPerBlock
        guard visibleBlocks > 0, record.height > 0 else { continue }
        let rowBytes = (leftBlocks + visibleBlocks + rightBlocks) * blockBytes
        for row in 0..<record.height {
            let first = record.baseAddress + row * record.bytesPerRow
            let last = first + (visibleBlocks - 1) * blockBytes
            for block in 0..<leftBlocks {
                (first - (block + 1) * blockBytes).copyMemory(from: first, byteCount: blockBytes)
            }
            for block in 0..<rightBlocks {
                (last + (block + 1) * blockBytes).copyMemory(from: last, byteCount: blockBytes)
            }
        }
        let firstRowStart = record.baseAddress - leftBlocks * blockBytes
        let lastRowStart = firstRowStart + (record.height - 1) * record.bytesPerRow
        for row in 0..<topRows {
            (firstRowStart - (row + 1) * record.bytesPerRow).copyMemory(from: firstRowStart, byteCount: rowBytes)
        }
        for row in 0..<bottomRows {
            (lastRowStart + (row + 1) * record.bytesPerRow).copyMemory(from: lastRowStart, byteCount: rowBytes)
        }
    }
    return kCVReturnSuccess
}

/// The attributes the buffer was created with, plus its pixel format, width, height and actual extended pixels.
public func CVPixelBufferCopyCreationAttributes(_ pixelBuffer: CVPixelBuffer) -> CFDictionary {
    var result: [String: Any] = [:]
    for (key, value) in pixelBuffer.creationAttributes { result[key] = value }
    return result as CFDictionary
}

/// Whether the buffer satisfies `attributes`: pixel format (a number or an array of numbers), width, height,
/// row and plane alignment and extended pixels, where given. `nil` attributes are satisfied by any buffer.
public func CVPixelBufferIsCompatibleWithAttributes(_ pixelBuffer: CVPixelBuffer, _ attributes: CFDictionary?)
    -> Bool {
    let attributes = AttributeValue.normalized(attributes)
    if let raw = attributes[kCVPixelBufferPixelFormatTypeKey as String] {
        let formats = (raw as? [Any])?.compactMap(AttributeValue.osType) ?? AttributeValue.osType(raw).map { [$0] }
        guard let formats, formats.contains(pixelBuffer.pixelFormat) else { return false }
    }
    if let raw = attributes[kCVPixelBufferWidthKey as String], AttributeValue.int(raw) != pixelBuffer.width { return false }
    if let raw = attributes[kCVPixelBufferHeightKey as String], AttributeValue.int(raw) != pixelBuffer.height { return false }
    guard let options = try? PixelBufferLayoutOptions(attributes: attributes) else { return false }
    if let raw = attributes[kCVPixelBufferBytesPerRowAlignmentKey as String], let alignment = AttributeValue.int(raw),
       alignment > 0, !pixelBuffer.planeRecords.allSatisfy({ $0.bytesPerRow % alignment == 0 }) {
        return false
    }
    if let raw = attributes[kCVPixelBufferPlaneAlignmentKey as String], let alignment = AttributeValue.int(raw), alignment > 0,
       !pixelBuffer.planeRecords.allSatisfy({ Int(bitPattern: $0.baseAddress) % alignment == 0 }) {
        return false
    }
    return pixelBuffer.extendedLeft >= options.extendedLeft && pixelBuffer.extendedRight >= options.extendedRight
        && pixelBuffer.extendedTop >= options.extendedTop && pixelBuffer.extendedBottom >= options.extendedBottom
}

/// The stored plane `index` of a planar buffer, or `nil` for a chunky buffer or an index out of range.
private func planeRecord(_ pixelBuffer: CVPixelBuffer, _ index: Int) -> CVBuffer.PlaneRecord? {
    guard pixelBuffer.layout.isPlanar, pixelBuffer.planeRecords.indices.contains(index) else { return nil }
    return pixelBuffer.planeRecords[index]
}
