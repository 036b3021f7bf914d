internal import CYUV

/// Whole-picture conversions between Y′CbCr and 32-bit RGB layouts, chroma repacking, byte shuffles and scales
/// within one layout: libyuv's kernels over plain planes. Which kernel serves which pixel format, and when another
/// library does better, is the caller's choice (FFmpegBridge's image converter plans it); these check the planes
/// against the layout and call.
///
/// Names are libyuv's, which names 32-bit RGB by the word read on a little-endian machine: its "ARGB" is bytes
/// B, G, R, A in memory, its "ABGR" bytes R, G, B, A.
package enum PictureConversion {
    /// A Y′CbCr layout that converts to 32-bit RGB.
    package enum YCbCrSource: Sendable, Hashable, CaseIterable {
        /// 8-bit 4:2:0: Y, then Cb and Cr interleaved (NV21: Cr and Cb).
        case nv12, nv21
        /// 8-bit planar Y, Cb, Cr: 4:2:0, 4:2:2, 4:4:4.
        case i420, i422, i444
        /// 10-bit planar 4:2:0 in the low bits of little-endian 16-bit words.
        case i010
        /// 10-bit 4:2:0 in the high bits of little-endian 16-bit words, Cb and Cr interleaved.
        case p010

        /// libyuv's name for the layout (`NV12`, `I420`…).
        package var name: String {
            switch self {
            case .nv12: return "NV12"
            case .nv21: return "NV21"
            case .i420: return "I420"
            case .i422: return "I422"
            case .i444: return "I444"
            case .i010: return "I010"
            case .p010: return "P010"
            }
        }

        var shapes: PlaneShapes {
            switch self {
            case .nv12, .nv21: return .nv12
            case .i420: return .i420
            case .i422: return .i422
            case .i444: return .i444
            case .i010: return .i010
            case .p010: return .p010
            }
        }
    }

    /// The matrices libyuv has Y′CbCr → RGB constants for (no SMPTE 240M).
    package enum YCbCrMatrix: Sendable, Hashable, CaseIterable {
        case bt601, bt709, bt2020
    }

    /// The byte order of 32-bit RGB written from Y′CbCr.
    package enum RGB32Order: Sendable, Hashable {
        /// Bytes B, G, R, A (libyuv's ARGB).
        case bgra
        /// Bytes R, G, B, A (libyuv's ABGR).
        case rgba
    }

    /// libyuv's 32-bit RGB → Y′CbCr kernels (BT.601 only: libyuv has no other matrix in this direction). `J420` is
    /// full range, the others limited.
    package enum RGBToYCbCrKernel: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case argbToNV12, abgrToNV12, argbToI420, argbToJ420, abgrToI420, abgrToJ420

        package var description: String {
            switch self {
            case .argbToNV12: return "ARGBToNV12"
            case .abgrToNV12: return "ABGRToNV12"
            case .argbToI420: return "ARGBToI420"
            case .argbToJ420: return "ARGBToJ420"
            case .abgrToI420: return "ABGRToI420"
            case .abgrToJ420: return "ABGRToJ420"
            }
        }

        var destinationShapes: PlaneShapes {
            switch self {
            case .argbToNV12, .abgrToNV12: return .nv12
            case .argbToI420, .argbToJ420, .abgrToI420, .abgrToJ420: return .i420
            }
        }
    }

    /// The layouts libyuv scales within.
    package enum ScaleLayout: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case i420, i422, i444, nv12, rgb32, gray

        /// libyuv's scaler for the layout.
        package var description: String {
            switch self {
            case .i420: return "I420Scale"
            case .i422: return "I422Scale"
            case .i444: return "I444Scale"
            case .nv12: return "NV12Scale"
            case .rgb32: return "ARGBScale"
            case .gray: return "ScalePlane"
            }
        }

        var shapes: PlaneShapes {
            switch self {
            case .i420: return .i420
            case .i422: return .i422
            case .i444: return .i444
            case .nv12: return .nv12
            case .rgb32: return .rgb32
            case .gray: return .gray
            }
        }
    }

    /// libyuv's resampling filters.
    package enum ScaleFilter: Sendable, Hashable {
        /// Nearest sample.
        case nearest
        /// Bilinear.
        case bilinear
        /// Area averaging (for shrinking).
        case box

        var mode: FilterMode {
            switch self {
            case .nearest: return kFilterNone
            case .bilinear: return kFilterBilinear
            case .box: return kFilterBox
            }
        }
    }

    /// A reordering of the four bytes of every 32-bit pixel.
    package struct RGB32Shuffle: Sendable, Hashable {
        /// libyuv's mask: destination byte i of each 4-pixel group takes source byte table[i].
        let table: [UInt8]

        /// Destination byte i of each pixel takes source byte `sourceIndices[i]` (four indices in 0...3).
        package init?(sourceIndices: [Int]) {
            guard sourceIndices.count == 4, sourceIndices.allSatisfy((0...3).contains) else { return nil }
            table = (0..<16).map { UInt8($0 / 4 * 4 + sourceIndices[$0 % 4]) }
        }
    }

    /// Converts Y′CbCr `source`, laid out as `layout`, to 32-bit RGB in `destination` (the same size) with the
    /// matrix and range given. P010 cannot be written as R, G, B, A (its chroma is interleaved, so libyuv's trick of
    /// exchanging Cb and Cr does not apply).
    package static func convert(_ source: PixelPicture, _ layout: YCbCrSource, matrix: YCbCrMatrix, isFullRange: Bool,
                                into destination: MutablePixelPicture, order: RGB32Order) throws(RasterError) {
        let operation = "PictureConversion.convert(\(layout.name) → RGB)"
        let swap = order == .rgba
        guard !(swap && layout == .p010) else {
            throw RasterError(.invalidArgument, operation: operation, message: "libyuv cannot write P010 as RGBA")
        }
        try sameSize(source, destination, operation)
        try layout.shapes.check(source, operation)
        try PlaneShapes.rgb32.check(destination.readOnly, operation)
        let matrixIndex: Int32 = switch matrix {
        case .bt601: 0
        case .bt709: 1
        case .bt2020: 2
        }
        // libyuv's own ABGR trick: exchange U and V (the other bi-planar reader, or the I4xx plane pointers) and
        // use the YVU constants, and its ARGB writer produces R,G,B,A bytes.
        let constants = cyuv_constants(matrixIndex, isFullRange ? 1 : 0, swap ? 1 : 0)
        let s = LibYUVPlanes(source), d = LibYUVMutablePlanes(destination)
        let out = d[0], outStride = d.stride(0)
        let w = Int32(source.width), h = Int32(source.height)
        let (u, v) = swap ? (2, 1) : (1, 2)
        let status: Int32
        switch layout {
        case .nv12, .nv21:
            let call = (layout == .nv12) != swap ? NV12ToARGBMatrix : NV21ToARGBMatrix
            status = call(s[0], s.stride(0), s[1], s.stride(1), out, outStride, constants, w, h)
        case .i420, .i422, .i444:
            let call = layout == .i420 ? I420ToARGBMatrix : layout == .i422 ? I422ToARGBMatrix : I444ToARGBMatrix
            status = call(s[0], s.stride(0), s[u], s.stride(u), s[v], s.stride(v), out, outStride, constants, w, h)
        case .i010:
            status = I010ToARGBMatrix(s.words(0), s.wordStride(0), s.words(u), s.wordStride(u), s.words(v),
                                      s.wordStride(v), out, outStride, constants, w, h)
        case .p010:
            status = P010ToARGBMatrix(s.words(0), s.wordStride(0), s.words(1), s.wordStride(1), out, outStride,
                                      constants, w, h)
        }
        try LibYUVPlanes.check(status, "\(layout.name)ToARGBMatrix")
    }

    /// Converts 32-bit RGB `source` to Y′CbCr in `destination` (the same size) with `kernel`.
    package static func convert(_ source: PixelPicture, into destination: MutablePixelPicture,
                                with kernel: RGBToYCbCrKernel) throws(RasterError) {
        let operation = "PictureConversion.convert(\(kernel))"
        try sameSize(source, destination, operation)
        try PlaneShapes.rgb32.check(source, operation)
        try kernel.destinationShapes.check(destination.readOnly, operation)
        let s = LibYUVPlanes(source), d = LibYUVMutablePlanes(destination)
        let input = s[0], inStride = s.stride(0)
        let w = Int32(source.width), h = Int32(source.height)
        let status: Int32
        switch kernel {
        case .argbToNV12:
            status = ARGBToNV12(input, inStride, d[0], d.stride(0), d[1], d.stride(1), w, h)
        case .abgrToNV12:
            status = ABGRToNV12(input, inStride, d[0], d.stride(0), d[1], d.stride(1), w, h)
        case .argbToI420, .argbToJ420, .abgrToI420, .abgrToJ420:
            let call = kernel == .argbToI420 ? ARGBToI420 : kernel == .argbToJ420 ? ARGBToJ420
                : kernel == .abgrToI420 ? ABGRToI420 : ABGRToJ420
            status = call(input, inStride, d[0], d.stride(0), d[1], d.stride(1), d[2], d.stride(2), w, h)
        }
        try LibYUVPlanes.check(status, kernel.description)
    }

    /// Repacks planar 8-bit 4:2:0 (I420) as Y plus interleaved Cb, Cr (NV12), the same size.
    package static func interleaveChroma(_ source: PixelPicture, into destination: MutablePixelPicture)
        throws(RasterError) {
        let operation = "PictureConversion.interleaveChroma"
        try sameSize(source, destination, operation)
        try PlaneShapes.i420.check(source, operation)
        try PlaneShapes.nv12.check(destination.readOnly, operation)
        let s = LibYUVPlanes(source), d = LibYUVMutablePlanes(destination)
        let status = I420ToNV12(s[0], s.stride(0), s[1], s.stride(1), s[2], s.stride(2),
                                d[0], d.stride(0), d[1], d.stride(1), Int32(source.width), Int32(source.height))
        try LibYUVPlanes.check(status, "I420ToNV12")
    }

    /// Repacks 8-bit 4:2:0 with interleaved Cb, Cr (NV12) as planar Y, Cb, Cr (I420), the same size.
    package static func deinterleaveChroma(_ source: PixelPicture, into destination: MutablePixelPicture)
        throws(RasterError) {
        let operation = "PictureConversion.deinterleaveChroma"
        try sameSize(source, destination, operation)
        try PlaneShapes.nv12.check(source, operation)
        try PlaneShapes.i420.check(destination.readOnly, operation)
        let s = LibYUVPlanes(source), d = LibYUVMutablePlanes(destination)
        let status = NV12ToI420(s[0], s.stride(0), s[1], s.stride(1), d[0], d.stride(0),
                                d[1], d.stride(1), d[2], d.stride(2), Int32(source.width), Int32(source.height))
        try LibYUVPlanes.check(status, "NV12ToI420")
    }

    /// Reorders the bytes of every 32-bit pixel of `source` into `destination`, the same size.
    package static func shuffle(_ source: PixelPicture, into destination: MutablePixelPicture,
                                by shuffle: RGB32Shuffle) throws(RasterError) {
        let operation = "PictureConversion.shuffle"
        try sameSize(source, destination, operation)
        try PlaneShapes.rgb32.check(source, operation)
        try PlaneShapes.rgb32.check(destination.readOnly, operation)
        let s = LibYUVPlanes(source), d = LibYUVMutablePlanes(destination)
        let status = shuffle.table.withUnsafeBufferPointer {
            ARGBShuffle(s[0], s.stride(0), d[0], d.stride(0), $0.baseAddress, Int32(source.width),
                        Int32(source.height))
        }
        try LibYUVPlanes.check(status, "ARGBShuffle")
    }

    /// Scales `source` to the size of `destination`, both laid out as `layout`, with `filter`.
    package static func scale(_ source: PixelPicture, _ layout: ScaleLayout, into destination: MutablePixelPicture,
                              filter: ScaleFilter) throws(RasterError) {
        let operation = "PictureConversion.scale(\(layout))"
        try layout.shapes.check(source, operation)
        try layout.shapes.check(destination.readOnly, operation)
        let s = LibYUVPlanes(source), d = LibYUVMutablePlanes(destination)
        let w = Int32(source.width), h = Int32(source.height)
        let dw = Int32(destination.width), dh = Int32(destination.height)
        let mode = filter.mode
        var status: Int32 = 0
        switch layout {
        case .i420, .i422, .i444:
            let call = layout == .i420 ? I420Scale : layout == .i422 ? I422Scale : I444Scale
            status = call(s[0], s.stride(0), s[1], s.stride(1), s[2], s.stride(2), w, h,
                          d[0], d.stride(0), d[1], d.stride(1), d[2], d.stride(2), dw, dh, mode)
        case .nv12:
            status = NV12Scale(s[0], s.stride(0), s[1], s.stride(1), w, h,
                               d[0], d.stride(0), d[1], d.stride(1), dw, dh, mode)
        case .rgb32:
            status = ARGBScale(s[0], s.stride(0), w, h, d[0], d.stride(0), dw, dh, mode)
        case .gray:
            ScalePlane(s[0], s.stride(0), w, h, d[0], d.stride(0), dw, dh, mode)
        }
        try LibYUVPlanes.check(status, layout.description)
    }

    private static func sameSize(_ source: PixelPicture, _ destination: MutablePixelPicture,
                                 _ operation: String) throws(RasterError) {
        guard source.width == destination.width, source.height == destination.height else {
            throw RasterError(.invalidArgument, operation: operation, message: "source is "
                + "\(source.width)x\(source.height), destination \(destination.width)x\(destination.height)")
        }
    }
}
