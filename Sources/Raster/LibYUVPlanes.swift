/// A picture's planes as libyuv takes them: typed base addresses and 32-bit strides.
struct LibYUVPlanes {
    let planes: [PixelPlane]

    init(_ picture: PixelPicture) { planes = picture.planes }

    /// Plane `index`'s first byte.
    subscript(_ index: Int) -> UnsafePointer<UInt8> { planes[index].baseAddress.assumingMemoryBound(to: UInt8.self) }

    /// Plane `index`'s row stride in bytes.
    func stride(_ index: Int) -> Int32 { Int32(planes[index].bytesPerRow) }

    /// Plane `index`'s first 16-bit sample.
    func words(_ index: Int) -> UnsafePointer<UInt16> { planes[index].baseAddress.assumingMemoryBound(to: UInt16.self) }

    /// Plane `index`'s row stride in 16-bit samples, which libyuv's 16-bit functions take.
    func wordStride(_ index: Int) -> Int32 { Int32(planes[index].bytesPerRow / 2) }

    /// Turns a libyuv status (0: done) into an error naming the call.
    static func check(_ status: Int32, _ call: String) throws(RasterError) {
        guard status == 0 else { throw RasterError(.failed, operation: call, message: "libyuv returned \(status)") }
    }
}

/// A writable picture's planes as libyuv takes them.
struct LibYUVMutablePlanes {
    let planes: [MutablePixelPlane]

    init(_ picture: MutablePixelPicture) { planes = picture.planes }

    /// Plane `index`'s first byte.
    subscript(_ index: Int) -> UnsafeMutablePointer<UInt8> {
        planes[index].baseAddress.assumingMemoryBound(to: UInt8.self)
    }

    /// Plane `index`'s row stride in bytes.
    func stride(_ index: Int) -> Int32 { Int32(planes[index].bytesPerRow) }
}

/// The planes a layout has and the least each must hold for a picture size, checked before libyuv is called so
/// that no kernel reads or writes past a plane.
enum PlaneShapes {
    /// One plane of 32-bit pixels.
    case rgb32
    /// One plane of 8-bit samples.
    case gray
    /// 8-bit Y, then Cb and Cr interleaved at half resolution each way (NV12; NV21 has the same shape).
    case nv12
    /// 8-bit planar Y, Cb, Cr: chroma halved each way, halved across, or full.
    case i420, i422, i444
    /// 10-bit planar 4:2:0 in 16-bit words.
    case i010
    /// 10-bit 4:2:0 in 16-bit words, Cb and Cr interleaved.
    case p010

    /// Bytes per row and rows of each plane of a `width` x `height` picture.
    func minimum(width: Int, height: Int) -> (bytesPerRow: [Int], rowCount: [Int]) {
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        switch self {
        case .rgb32: return ([4 * width], [height])
        case .gray: return ([width], [height])
        case .nv12: return ([width, 2 * chromaWidth], [height, chromaHeight])
        case .i420: return ([width, chromaWidth, chromaWidth], [height, chromaHeight, chromaHeight])
        case .i422: return ([width, chromaWidth, chromaWidth], [height, height, height])
        case .i444: return ([width, width, width], [height, height, height])
        case .i010: return ([2 * width, 2 * chromaWidth, 2 * chromaWidth], [height, chromaHeight, chromaHeight])
        case .p010: return ([2 * width, 4 * chromaWidth], [height, chromaHeight])
        }
    }

    /// Checks that `picture` has this layout's planes, each large enough.
    func check(_ picture: PixelPicture, _ operation: String) throws(RasterError) {
        let (bytesPerRow, rowCount) = minimum(width: picture.width, height: picture.height)
        try picture.validate(bytesPerRow: bytesPerRow, rowCount: rowCount, operation)
    }
}
