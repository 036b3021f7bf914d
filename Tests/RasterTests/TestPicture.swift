import Raster

/// A picture in test-owned memory, described by the plain planes Raster takes: the few layouts its tests draw
/// (FFmpegBridgeTests has the FFmpeg-format counterpart, for the codecs).
final class TestPicture: @unchecked Sendable {
    /// How the planes are laid out: bytes per pixel and the subsampling of each plane.
    enum Layout {
        /// One plane of premultiplied B, G, R, A bytes.
        case bgra
        /// One plane of 8-bit samples.
        case gray
        /// Y, Cb, Cr planes, chroma halved each way.
        case yuv420p
        /// Y, then Cb and Cr interleaved, chroma halved each way.
        case nv12

        /// (bytes per row, rows) of each plane of a `width` x `height` picture.
        func planes(width: Int, height: Int) -> [(bytes: Int, rows: Int)] {
            switch self {
            case .bgra: [(4 * width, height)]
            case .gray: [(width, height)]
            case .yuv420p: [(width, height), ((width + 1) / 2, (height + 1) / 2), ((width + 1) / 2, (height + 1) / 2)]
            case .nv12: [(width, height), ((width + 1) / 2 * 2, (height + 1) / 2)]
            }
        }
    }

    let width: Int
    let height: Int
    let strides: [Int]
    let rows: [Int]
    private let memory: [UnsafeMutableRawPointer]

    /// Allocates zeroed planes with `padding` spare bytes per row (so strides differ from widths).
    init(_ layout: Layout, width: Int, height: Int, padding: Int = 32) {
        self.width = width
        self.height = height
        let planes = layout.planes(width: width, height: height)
        strides = planes.map { ($0.bytes + padding + 63) & ~63 }
        rows = planes.map(\.rows)
        memory = zip(strides, rows).map { stride, rows in
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: stride * rows, alignment: 64)
            pointer.initializeMemory(as: UInt8.self, repeating: 0, count: stride * rows)
            return pointer
        }
    }

    deinit { memory.forEach { $0.deallocate() } }

    var image: PixelPicture {
        PixelPicture(width: width, height: height,
                     planes: (0..<memory.count).map { PixelPlane(baseAddress: UnsafeRawPointer(memory[$0]),
                                                                 bytesPerRow: strides[$0], rowCount: rows[$0]) })
    }

    var mutableImage: MutablePixelPicture {
        MutablePixelPicture(width: width, height: height,
                            planes: (0..<memory.count).map { MutablePixelPlane(baseAddress: memory[$0],
                                                                               bytesPerRow: strides[$0], rowCount: rows[$0]) })
    }

    /// Byte `x` of row `y` of plane `plane`.
    func byte(_ plane: Int, _ x: Int, _ y: Int) -> UInt8 {
        memory[plane].load(fromByteOffset: y * strides[plane] + x, as: UInt8.self)
    }

    func setByte(_ plane: Int, _ x: Int, _ y: Int, _ value: UInt8) {
        memory[plane].storeBytes(of: value, toByteOffset: y * strides[plane] + x, as: UInt8.self)
    }
}
