import CoreFoundationShims

// Creating pixel buffers (CVPixelBuffer.h), in Apple's unlabelled C-style form, and the package's Swift
// factories that the C functions wrap.

/// Called when a buffer made by `CVPixelBufferCreateWithBytes` no longer needs the caller's memory: receives the
/// `releaseRefCon` and the base address given at creation.
public typealias CVPixelBufferReleaseBytesCallback =
    @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void

/// Called when a buffer made by `CVPixelBufferCreateWithPlanarBytes` no longer needs the caller's memory:
/// receives the `releaseRefCon`, `dataPtr`, `dataSize`, the plane count and the plane base addresses.
public typealias CVPixelBufferReleasePlanarBytesCallback =
    @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Int, Int, UnsafeMutablePointer<UnsafeRawPointer?>?)
        -> Void

/// Options for locking a pixel buffer's base address (CVPixelBuffer.h).
public struct CVPixelBufferLockFlags: OptionSet, Sendable {
    public let rawValue: CVOptionFlags

    public init(rawValue: CVOptionFlags) { self.rawValue = rawValue }

    /// The caller will only read the pixels; unlocking does not count as a modification.
    public static let readOnly = CVPixelBufferLockFlags(rawValue: 1)
}

/// Creates a pixel buffer of `width` × `height` pixels in `pixelFormatType`, with memory allocated and owned
/// here. Rows and planes are aligned to at least 64 bytes (more if `pixelBufferAttributes` asks), new memory is
/// zeroed. Returns `kCVReturnInvalidPixelFormat` for formats that cannot be allocated here.
@discardableResult
public func CVPixelBufferCreate(_ allocator: CFAllocator?, _ width: Int, _ height: Int, _ pixelFormatType: OSType,
                                _ pixelBufferAttributes: CFDictionary?,
                                _ pixelBufferOut: UnsafeMutablePointer<CVPixelBuffer?>) -> CVReturn {
    report(pixelBufferOut) { () throws(CVError) in
        try CVBuffer.make(width: width, height: height, pixelFormat: pixelFormatType,
                          attributes: AttributeValue.normalized(pixelBufferAttributes))
    }
}

/// Creates a pixel buffer over the caller's memory for a chunky (non-planar) format. `releaseCallback`, if
/// given, runs exactly once when the buffer no longer needs the memory; it does not run if creation fails.
@discardableResult
public func CVPixelBufferCreateWithBytes(_ allocator: CFAllocator?, _ width: Int, _ height: Int,
                                         _ pixelFormatType: OSType, _ baseAddress: UnsafeMutableRawPointer,
                                         _ bytesPerRow: Int, _ releaseCallback: CVPixelBufferReleaseBytesCallback?,
                                         _ releaseRefCon: UnsafeMutableRawPointer?,
                                         _ pixelBufferAttributes: CFDictionary?,
                                         _ pixelBufferOut: UnsafeMutablePointer<CVPixelBuffer?>) -> CVReturn {
    report(pixelBufferOut) { () throws(CVError) in
        try createWithBytes(width, height, pixelFormatType, baseAddress, bytesPerRow, releaseCallback, releaseRefCon,
                            pixelBufferAttributes)
    }
}

/// The body of `CVPixelBufferCreateWithBytes`.
private func createWithBytes(_ width: Int, _ height: Int, _ pixelFormatType: OSType,
                             _ baseAddress: UnsafeMutableRawPointer, _ bytesPerRow: Int,
                             _ releaseCallback: CVPixelBufferReleaseBytesCallback?,
                             _ releaseRefCon: UnsafeMutableRawPointer?,
                             _ pixelBufferAttributes: CFDictionary?) throws(CVError) -> CVBuffer {
    var release: (@Sendable () -> Void)?
    if let releaseCallback {
        let context = BytesReleaseContext(callback: releaseCallback, refCon: releaseRefCon, baseAddress: baseAddress)
        release = { context.callback(context.refCon, UnsafeRawPointer(context.baseAddress)) }
    }
    guard let layout = PixelFormatLayout.layout(for: pixelFormatType) else {
        throw CVError(kCVReturnInvalidPixelFormat, "pixel format \(fourCharacterString(pixelFormatType)) "
                      + "cannot be allocated here")
    }
    guard !layout.isPlanar else {
        throw CVError(kCVReturnInvalidPixelFormat, "\(fourCharacterString(pixelFormatType)) is planar: use "
                      + "CVPixelBufferCreateWithPlanarBytes")
    }
    return try CVBuffer.wrapping(width: width, height: height, pixelFormat: pixelFormatType,
                                 planes: [(baseAddress, bytesPerRow)], dataPointer: baseAddress,
                                 dataSize: 0, attributes: AttributeValue.normalized(pixelBufferAttributes),
                                 release: release)
}

/// Creates a pixel buffer over the caller's planes for a planar format. `dataPtr` and `dataSize` describe the
/// whole block (they are what `CVPixelBufferGetBaseAddress` and `CVPixelBufferGetDataSize` return; `dataPtr`
/// may be `nil`). `releaseCallback`, if given, runs exactly once when the buffer no longer needs the memory;
/// it does not run if creation fails.
@discardableResult
public func CVPixelBufferCreateWithPlanarBytes(
    _ allocator: CFAllocator?, _ width: Int, _ height: Int, _ pixelFormatType: OSType,
    _ dataPtr: UnsafeMutableRawPointer?, _ dataSize: Int, _ numberOfPlanes: Int,
    _ planeBaseAddress: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ planeWidth: UnsafeMutablePointer<Int>,
    _ planeHeight: UnsafeMutablePointer<Int>, _ planeBytesPerRow: UnsafeMutablePointer<Int>,
    _ releaseCallback: CVPixelBufferReleasePlanarBytesCallback?, _ releaseRefCon: UnsafeMutableRawPointer?,
    _ pixelBufferAttributes: CFDictionary?, _ pixelBufferOut: UnsafeMutablePointer<CVPixelBuffer?>
) -> CVReturn {
    report(pixelBufferOut) { () throws(CVError) in
        try createWithPlanarBytes(width, height, pixelFormatType, dataPtr, dataSize, numberOfPlanes, planeBaseAddress,
                                  planeWidth, planeHeight, planeBytesPerRow, releaseCallback, releaseRefCon,
                                  pixelBufferAttributes)
    }
}

/// The body of `CVPixelBufferCreateWithPlanarBytes`.
private func createWithPlanarBytes(
    _ width: Int, _ height: Int, _ pixelFormatType: OSType, _ dataPtr: UnsafeMutableRawPointer?, _ dataSize: Int,
    _ numberOfPlanes: Int, _ planeBaseAddress: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    _ planeWidth: UnsafeMutablePointer<Int>, _ planeHeight: UnsafeMutablePointer<Int>,
    _ planeBytesPerRow: UnsafeMutablePointer<Int>, _ releaseCallback: CVPixelBufferReleasePlanarBytesCallback?,
    _ releaseRefCon: UnsafeMutableRawPointer?, _ pixelBufferAttributes: CFDictionary?
) throws(CVError) -> CVBuffer {
    guard let layout = PixelFormatLayout.layout(for: pixelFormatType) else {
        throw CVError(kCVReturnInvalidPixelFormat, "pixel format \(fourCharacterString(pixelFormatType)) "
                      + "cannot be allocated here")
    }
    guard layout.isPlanar else {
        throw CVError(kCVReturnInvalidPixelFormat, "\(fourCharacterString(pixelFormatType)) is not planar: use "
                      + "CVPixelBufferCreateWithBytes")
    }
    guard numberOfPlanes == layout.planes.count else {
        throw CVError(kCVReturnInvalidArgument, "\(fourCharacterString(pixelFormatType)) has "
                      + "\(layout.planes.count) planes, got \(numberOfPlanes)")
    }
    var planes: [(UnsafeMutableRawPointer, Int)] = []
    for index in 0..<numberOfPlanes {
        guard let base = planeBaseAddress[index] else {
            throw CVError(kCVReturnInvalidArgument, "plane \(index) has no base address")
        }
        let expectedWidth = layout.planes[index].width(forImageWidth: width)
        let expectedHeight = layout.planes[index].height(forImageHeight: height)
        guard planeWidth[index] == expectedWidth, planeHeight[index] == expectedHeight else {
            throw CVError(kCVReturnInvalidArgument, "plane \(index) of a \(width)x\(height) "
                          + "\(fourCharacterString(pixelFormatType)) buffer is \(expectedWidth)x\(expectedHeight), "
                          + "got \(planeWidth[index])x\(planeHeight[index])")
        }
        planes.append((base, planeBytesPerRow[index]))
    }
    var release: (@Sendable () -> Void)?
    if let releaseCallback {
        let context = PlanarReleaseContext(callback: releaseCallback, refCon: releaseRefCon, dataPointer: dataPtr,
                                           dataSize: dataSize, planes: planes.map { UnsafeRawPointer($0.0) })
        release = { context.run() }
    }
    return try CVBuffer.wrapping(width: width, height: height, pixelFormat: pixelFormatType, planes: planes,
                                 dataPointer: dataPtr, dataSize: dataSize,
                                 attributes: AttributeValue.normalized(pixelBufferAttributes), release: release)
}

extension CVBuffer {
    /// A new buffer with memory allocated here: the package's form of `CVPixelBufferCreate`.
    package static func make(width: Int, height: Int, pixelFormat: OSType, attributes: [String: Any] = [:])
        throws(CVError) -> CVBuffer {
        guard let layout = PixelFormatLayout.layout(for: pixelFormat) else {
            throw CVError(kCVReturnInvalidPixelFormat, "pixel format \(fourCharacterString(pixelFormat)) "
                          + "cannot be allocated here")
        }
        let options = try PixelBufferLayoutOptions(attributes: attributes)
        let geometry = try PixelBufferGeometry(layout: layout, width: width, height: height, options: options)
        let storage = try PixelStorage.allocate(byteCount: geometry.allocationSize,
                                                alignment: geometry.allocationAlignment)
        if let start = storage.start { geometry.writePlanarHeader(into: start) }
        let buffer = CVBuffer(geometry: geometry, storage: storage,
                              creationAttributes: resolvedAttributes(attributes, geometry: geometry), pool: nil)
        try buffer.applyInitialAttachments(attributes)
        return buffer
    }

    /// A buffer over memory the caller owns: the package's form of `CVPixelBufferCreateWithBytes` and
    /// `CVPixelBufferCreateWithPlanarBytes`, for codecs that decode into their own frames. `planes` gives each
    /// plane's first pixel and row stride in Apple's plane order; `release` runs exactly once when no buffer
    /// needs the memory any more, and not at all if this throws.
    package static func wrapping(width: Int, height: Int, pixelFormat: OSType,
                                 planes: [(baseAddress: UnsafeMutableRawPointer, bytesPerRow: Int)],
                                 dataPointer: UnsafeMutableRawPointer? = nil, dataSize: Int = 0,
                                 attributes: [String: Any] = [:],
                                 release: (@Sendable () -> Void)?) throws(CVError) -> CVBuffer {
        guard let layout = PixelFormatLayout.layout(for: pixelFormat) else {
            throw CVError(kCVReturnInvalidPixelFormat, "pixel format \(fourCharacterString(pixelFormat)) "
                          + "cannot be allocated here")
        }
        guard width > 0, height > 0 else {
            throw CVError(kCVReturnInvalidArgument, "pixel buffer size \(width)x\(height) is not positive")
        }
        guard width <= Limits.maximumDimension, height <= Limits.maximumDimension else {
            throw CVError(kCVReturnInvalidSize, "pixel buffer size \(width)x\(height) exceeds "
                          + "\(Limits.maximumDimension) on a side")
        }
        guard planes.count == layout.planes.count else {
            throw CVError(kCVReturnInvalidArgument, "\(fourCharacterString(pixelFormat)) has "
                          + "\(layout.planes.count) planes, got \(planes.count)")
        }
        // The caller chose the layout, so only requests it can be checked against are honoured: a requested
        // row alignment must hold; extended pixels cannot be added to memory that is already laid out.
        let options = try PixelBufferLayoutOptions(attributes: attributes)
        if options.hasExtendedPixels {
            throw CVError(kCVReturnInvalidPixelBufferAttributes,
                          "extended pixels cannot be requested for memory the caller already laid out")
        }
        var records: [PlaneRecord] = []
        for (index, plane) in layout.planes.enumerated() {
            let planeWidth = plane.width(forImageWidth: width)
            let planeHeight = plane.height(forImageHeight: height)
            guard let minimum = plane.minimumBytesPerRow(planeWidth: planeWidth),
                  planes[index].bytesPerRow >= minimum else {
                throw CVError(kCVReturnInvalidArgument, "plane \(index) needs at least "
                              + "\(plane.minimumBytesPerRow(planeWidth: planeWidth) ?? 0) bytes per row, "
                              + "got \(planes[index].bytesPerRow)")
            }
            if let requested = attributes[kCVPixelBufferBytesPerRowAlignmentKey as String].flatMap(AttributeValue.int),
               requested > 0, planes[index].bytesPerRow % requested != 0 {
                throw CVError(kCVReturnInvalidPixelBufferAttributes, "\(kCVPixelBufferBytesPerRowAlignmentKey) "
                              + "\(requested) does not divide plane \(index)'s \(planes[index].bytesPerRow) bytes per row")
            }
            records.append(PlaneRecord(width: planeWidth, height: planeHeight, bytesPerRow: planes[index].bytesPerRow,
                                       baseAddress: planes[index].baseAddress))
        }
        let base = layout.isPlanar ? dataPointer : planes[0].baseAddress
        let size = layout.isPlanar ? dataSize : planes[0].bytesPerRow * height
        let storage = PixelStorage.external(start: base, byteCount: size, release: release)
        var creation = attributes
        creation[kCVPixelBufferPixelFormatTypeKey as String] = Int(pixelFormat)
        creation[kCVPixelBufferWidthKey as String] = width
        creation[kCVPixelBufferHeightKey as String] = height
        let buffer = CVBuffer(pixelFormat: pixelFormat, width: width, height: height, layout: layout,
                              planes: records, baseAddress: base, dataSize: size, extended: (0, 0, 0, 0),
                              creationAttributes: creation, storage: storage, pool: nil)
        try buffer.applyInitialAttachments(attributes)
        return buffer
    }

    /// Sets the attachments an attribute dictionary carries under `kCVBufferPropagatedAttachmentsKey` and
    /// `kCVBufferNonPropagatedAttachmentsKey`.
    package func applyInitialAttachments(_ attributes: [String: Any]) throws(CVError) {
        for (key, mode) in [(kCVBufferPropagatedAttachmentsKey, CVAttachmentMode.shouldPropagate),
                            (kCVBufferNonPropagatedAttachmentsKey, .shouldNotPropagate)] {
            guard let raw = attributes[key as String] else { continue }
            guard let dictionary = AttributeValue.dictionary(raw) else {
                throw CVError(kCVReturnInvalidPixelBufferAttributes, "\(key) must be a dictionary, got \(raw)")
            }
            for (name, value) in dictionary { setAttachment(name, value, mode: mode) }
        }
    }

    /// The creation attributes `CVPixelBufferCopyCreationAttributes` reports: what was asked for, plus the
    /// format, size and the alignments actually used.
    package static func resolvedAttributes(_ attributes: [String: Any], geometry: PixelBufferGeometry)
        -> [String: Any] {
        var result = attributes
        result[kCVPixelBufferPixelFormatTypeKey as String] = Int(geometry.layout.pixelFormat)
        result[kCVPixelBufferWidthKey as String] = geometry.width
        result[kCVPixelBufferHeightKey as String] = geometry.height
        if geometry.extendedLeft != 0 { result[kCVPixelBufferExtendedPixelsLeftKey as String] = geometry.extendedLeft }
        if geometry.extendedRight != 0 { result[kCVPixelBufferExtendedPixelsRightKey as String] = geometry.extendedRight }
        if geometry.extendedTop != 0 { result[kCVPixelBufferExtendedPixelsTopKey as String] = geometry.extendedTop }
        if geometry.extendedBottom != 0 { result[kCVPixelBufferExtendedPixelsBottomKey as String] = geometry.extendedBottom }
        return result
    }
}

/// Runs `body` and stores its buffer in `out`, mapping a thrown `CVError` to its status (and `nil` in `out`).
func report(_ out: UnsafeMutablePointer<CVPixelBuffer?>, _ body: () throws(CVError) -> CVPixelBuffer) -> CVReturn {
    do {
        out.pointee = try body()
        return kCVReturnSuccess
    } catch {
        out.pointee = nil
        return error.status
    }
}

/// A four-character code as text for messages: `'420v'`, or hex when not printable.
package func fourCharacterString(_ code: OSType) -> String {
    let bytes = [UInt8(code >> 24), UInt8((code >> 16) & 0xFF), UInt8((code >> 8) & 0xFF), UInt8(code & 0xFF)]
    guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
        return "0x" + String(code, radix: 16, uppercase: true)
    }
    return "'" + String(decoding: bytes, as: UTF8.self) + "'"
}

/// What a `CVPixelBufferCreateWithBytes` release needs. The caller who handed the pointers over promises they may
/// be used from whichever thread releases the buffer, as Apple's release callbacks do.
// Safe because immutable; the caller lets any thread release the pointers, as Apple's callbacks do.
private struct BytesReleaseContext: @unchecked Sendable {
    let callback: CVPixelBufferReleaseBytesCallback
    let refCon: UnsafeMutableRawPointer?
    let baseAddress: UnsafeMutableRawPointer
}

/// What a `CVPixelBufferCreateWithPlanarBytes` release needs (same promise as `BytesReleaseContext`).
// Safe because immutable; the caller lets any thread release the pointers, as Apple's callbacks do.
private struct PlanarReleaseContext: @unchecked Sendable {
    let callback: CVPixelBufferReleasePlanarBytesCallback
    let refCon: UnsafeMutableRawPointer?
    let dataPointer: UnsafeMutableRawPointer?
    let dataSize: Int
    let planes: [UnsafeRawPointer]

    /// Calls the callback with the plane addresses in a temporary array, as the C signature wants.
    func run() {
        var addresses: [UnsafeRawPointer?] = planes
        addresses.withUnsafeMutableBufferPointer { buffer in
            callback(refCon, dataPointer.map { UnsafeRawPointer($0) }, dataSize, buffer.count, buffer.baseAddress)
        }
    }
}
