import CoreFoundationShims

/// The layout requests a pixel buffer attribute dictionary makes: alignments and extended pixels.
package struct PixelBufferLayoutOptions: Sendable, Equatable {
    /// Every row's byte count is a multiple of this (at least `Limits.minimumAlignment`).
    package var rowAlignment = Limits.minimumAlignment
    /// Every plane starts at a multiple of this from a 64-byte aligned allocation (at least `minimumAlignment`).
    package var planeAlignment = Limits.minimumAlignment
    /// Requested extra columns and rows around the image, in image pixels.
    package var extendedLeft = 0, extendedRight = 0, extendedTop = 0, extendedBottom = 0

    /// Options with the defaults: 64-byte rows and planes, no extended pixels.
    package init() {}

    /// The options an attribute dictionary asks for. An unreadable or out-of-range value is an error naming its
    /// key: a layout request is never silently dropped.
    package init(attributes: [String: Any]) throws(CVError) {
        if let requested = try Self.integer(attributes, kCVPixelBufferBytesPerRowAlignmentKey as String, in: 0...Limits.maximumAlignment),
           requested > 0 {
            rowAlignment = leastCommonMultiple(Limits.minimumAlignment, requested)
        }
        if let requested = try Self.integer(attributes, kCVPixelBufferPlaneAlignmentKey as String, in: 0...Limits.maximumAlignment),
           requested > 0 {
            planeAlignment = leastCommonMultiple(Limits.minimumAlignment, requested)
        }
        let sides = 0...Limits.maximumExtendedPixels
        extendedLeft = try Self.integer(attributes, kCVPixelBufferExtendedPixelsLeftKey as String, in: sides) ?? 0
        extendedRight = try Self.integer(attributes, kCVPixelBufferExtendedPixelsRightKey as String, in: sides) ?? 0
        extendedTop = try Self.integer(attributes, kCVPixelBufferExtendedPixelsTopKey as String, in: sides) ?? 0
        extendedBottom = try Self.integer(attributes, kCVPixelBufferExtendedPixelsBottomKey as String, in: sides) ?? 0
    }

    /// Whether any extended pixels are asked for.
    package var hasExtendedPixels: Bool {
        extendedLeft != 0 || extendedRight != 0 || extendedTop != 0 || extendedBottom != 0
    }

    private static func integer(_ attributes: [String: Any], _ key: String, in range: ClosedRange<Int>) throws(CVError)
        -> Int? {
        guard let raw = attributes[key] else { return nil }
        guard let value = AttributeValue.int(raw), range.contains(value) else {
            throw CVError(kCVReturnInvalidPixelBufferAttributes,
                          "\(key) must be an integer in \(range.lowerBound)...\(range.upperBound), got \(raw)")
        }
        return value
    }
}

/// Where every plane of a pixel buffer lies inside one allocation: the result of the layout math for one
/// (format, size, options) triple. Pools compute it once and reuse it for every buffer they allocate.
package struct PixelBufferGeometry: Sendable, Equatable {
    /// One plane's place in the allocation.
    package struct Plane: Sendable, Equatable {
        /// Visible width in plane pixels.
        package let width: Int
        /// Visible height in plane rows.
        package let height: Int
        /// Bytes from one row's start to the next (a multiple of the row alignment).
        package let bytesPerRow: Int
        /// Offset of the plane's first visible pixel from the start of the allocation.
        package let offset: Int
    }

    /// The pixel format's layout.
    package let layout: PixelFormatLayout
    /// Image width in pixels.
    package let width: Int
    /// Image height in pixels.
    package let height: Int
    /// The planes (one for chunky formats).
    package let planes: [Plane]
    /// Offset of what `CVPixelBufferGetBaseAddress` returns: the planar-info header for planar formats (as on
    /// Apple platforms), the first visible pixel otherwise.
    package let baseOffset: Int
    /// Bytes to allocate, aligned to `allocationAlignment`.
    package let allocationSize: Int
    /// The alignment of the allocation's start.
    package let allocationAlignment: Int
    /// Extended pixels actually allocated (at least what was asked for; rounded up so that every plane's first
    /// visible pixel stays aligned and chroma stays whole).
    package let extendedLeft: Int, extendedRight: Int, extendedTop: Int, extendedBottom: Int

    /// The geometry of a `width` × `height` buffer of `layout`'s format with `options`.
    package init(layout: PixelFormatLayout, width: Int, height: Int, options: PixelBufferLayoutOptions) throws(CVError) {
        guard width > 0, height > 0 else {
            throw CVError(kCVReturnInvalidArgument, "pixel buffer size \(width)x\(height) is not positive")
        }
        guard width <= Limits.maximumDimension, height <= Limits.maximumDimension else {
            throw CVError(kCVReturnInvalidSize,
                          "pixel buffer size \(width)x\(height) exceeds \(Limits.maximumDimension) on a side")
        }
        self.layout = layout
        self.width = width
        self.height = height
        let planeAlignment = options.planeAlignment
        allocationAlignment = planeAlignment

        // Extended pixels must keep whole chroma samples and whole packed blocks, and keep each plane's first
        // visible pixel on the plane alignment (the promise every consumer's SIMD path relies on).
        let left = Self.roundedLeftExtension(options.extendedLeft, layout: layout, alignment: planeAlignment)
        let right = Self.roundedUp(options.extendedRight, toMultipleOf: Self.horizontalGranule(layout))
        let verticalGranule = layout.planes.map(\.verticalSubsampling).max() ?? 1
        let top = Self.roundedUp(options.extendedTop, toMultipleOf: verticalGranule)
        let bottom = Self.roundedUp(options.extendedBottom, toMultipleOf: verticalGranule)
        extendedLeft = left
        extendedRight = right
        extendedTop = top
        extendedBottom = bottom

        // Planar buffers start with Apple's planar-info header; planes follow at the plane alignment.
        var cursor: Int
        switch layout.planarHeader {
        case .none: cursor = 0
        case .yCbCrBiPlanar: cursor = MemoryLayout<CVPlanarPixelBufferInfo_YCbCrBiPlanar>.size
        case .yCbCrPlanar: cursor = MemoryLayout<CVPlanarPixelBufferInfo_YCbCrPlanar>.size
        }
        var planes: [Plane] = []
        for plane in layout.planes {
            let h = plane.horizontalSubsampling, v = plane.verticalSubsampling
            let visibleWidth = plane.width(forImageWidth: width)
            let visibleHeight = plane.height(forImageHeight: height)
            let rowPixels = left / h + visibleWidth + right / h
            let rows = top / v + visibleHeight + bottom / v
            // All operands are bounded by Limits (32768 pixels, 16 bytes a pixel, 4096-byte alignment), so the
            // products below stay far below Int.max; the allocation cap is checked on the total.
            guard let minimumRow = plane.minimumBytesPerRow(planeWidth: rowPixels) else {
                throw CVError(kCVReturnInvalidSize, "row size overflows")
            }
            let bytesPerRow = Self.roundedUp(minimumRow, toMultipleOf: options.rowAlignment)
            let start = Self.roundedUp(cursor, toMultipleOf: planeAlignment)
            let leftBytes = (left / h / plane.pixelsPerBlock) * plane.bytesPerBlock
            planes.append(Plane(width: visibleWidth, height: visibleHeight, bytesPerRow: bytesPerRow,
                                offset: start + (top / v) * bytesPerRow + leftBytes))
            cursor = start + rows * bytesPerRow
            guard cursor <= Limits.maximumAllocationBytes else {
                throw CVError(kCVReturnInvalidSize, "a \(width)x\(height) buffer needs more than "
                              + "\(Limits.maximumAllocationBytes) bytes")
            }
        }
        self.planes = planes
        baseOffset = layout.isPlanar ? 0 : planes[0].offset
        allocationSize = Self.roundedUp(cursor, toMultipleOf: planeAlignment)
    }

    /// Writes Apple's planar-info header (big-endian offsets from the header and row byte counts, as
    /// CVPixelBuffer.h defines `CVPlanarPixelBufferInfo_YCbCr…`) at the start of an allocation.
    package func writePlanarHeader(into allocation: UnsafeMutableRawPointer) {
        func component(_ index: Int) -> CVPlanarComponentInfo {
            CVPlanarComponentInfo(offset: Int32(planes[index].offset - baseOffset).bigEndian,
                                  rowBytes: UInt32(planes[index].bytesPerRow).bigEndian)
        }
        let header = allocation + baseOffset
        switch layout.planarHeader {
        case .none:
            return
        case .yCbCrBiPlanar:
            header.storeBytes(of: CVPlanarPixelBufferInfo_YCbCrBiPlanar(componentInfoY: component(0),
                                                                         componentInfoCbCr: component(1)),
                              as: CVPlanarPixelBufferInfo_YCbCrBiPlanar.self)
        case .yCbCrPlanar:
            header.storeBytes(of: CVPlanarPixelBufferInfo_YCbCrPlanar(componentInfoY: component(0),
                                                                       componentInfoCb: component(1),
                                                                       componentInfoCr: component(2)),
                              as: CVPlanarPixelBufferInfo_YCbCrPlanar.self)
        }
    }

    /// The smallest step in image pixels that keeps every plane's blocks and chroma samples whole.
    private static func horizontalGranule(_ layout: PixelFormatLayout) -> Int {
        layout.planes.reduce(1) { leastCommonMultiple($0, $1.horizontalSubsampling * $1.pixelsPerBlock) }
    }

    /// The smallest left extension ≥ `requested` that keeps whole blocks and puts every plane's first visible
    /// pixel on `alignment`.
    private static func roundedLeftExtension(_ requested: Int, layout: PixelFormatLayout, alignment: Int) -> Int {
        guard requested > 0 else { return 0 }
        let granule = horizontalGranule(layout)
        var left = roundedUp(requested, toMultipleOf: granule)
        // Terminates: left = granule × alignment satisfies every plane, since each plane's byte offset is then
        // a multiple of alignment.
        while !layout.planes.allSatisfy({ plane in
            ((left / plane.horizontalSubsampling / plane.pixelsPerBlock) * plane.bytesPerBlock) % alignment == 0
        }) {
            left += granule
        }
        return left
    }

    private static func roundedUp(_ value: Int, toMultipleOf step: Int) -> Int {
        (value + step - 1) / step * step
    }
}

/// The least common multiple of two positive integers.
package func leastCommonMultiple(_ a: Int, _ b: Int) -> Int {
    var x = a, y = b
    while y != 0 { (x, y) = (y, x % y) }
    return a / x * b
}
