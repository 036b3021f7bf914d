import Raster
internal import CFFmpeg
internal import CYUV

/// One step of a conversion plan: a libyuv call, a copy, or a swscale context.
final class FFConversionStep: CustomStringConvertible {
    enum Kind {
        case copy
        /// `cbGain`: Cb is first stretched by 1 + cbGain / 32768 around 128 (see `crow_stretch_chroma`).
        case yuvToRGB32(FFYUVToRGBKernel, constants: UnsafePointer<YuvConstants>, swapUV: Bool, cbGain: Int32?)
        case rgb32ToYUV(FFRGBToYUVKernel)
        case i420ToNV12, nv12ToI420
        case shuffle([UInt8])
        case scale(FFScaleKernel, FilterMode)
        case swscale(OpaquePointer)
    }

    let kind: Kind
    let from: FFStepImage
    let to: FFStepImage
    let description: String

    init(_ kind: Kind, from: FFStepImage, to: FFStepImage, description: String) {
        self.kind = kind
        self.from = from
        self.to = to
        self.description = description
    }

    /// Scratch for the Cb-corrected chroma plane (grown as needed, used under the converter's lock).
    private var chromaScratch: UnsafeMutableRawPointer?
    private var chromaScratchSize = 0

    deinit {
        if case .swscale(let context) = kind { sws_freeContext(context) }
        chromaScratch?.deallocate()
    }

    /// A copy of chroma plane `plane` with every Cb sample stretched by 1 + `excess` / 32768 around 128 (Cr copied
    /// as is when the plane interleaves them).
    private func applyCbGain(_ excess: Int32, to plane: PixelPlane, interleaved: Bool, cbOffset: Int) -> PixelPlane {
        let rowBytes = from.format.minimumBytesPerRow(width: from.width)[1]
        let rows = from.format.rowCount(ofPlane: 1, height: from.height)
        let size = rowBytes * rows
        if chromaScratchSize < size {
            chromaScratch?.deallocate()
            chromaScratch = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            chromaScratchSize = size
        }
        guard let scratch = chromaScratch else { return plane }
        for row in 0..<rows {
            ChromaStretch.apply(excess: excess, count: rowBytes,
                                from: (plane.baseAddress + row * plane.bytesPerRow).assumingMemoryBound(to: UInt8.self),
                                to: (scratch + row * rowBytes).assumingMemoryBound(to: UInt8.self),
                                interleavedFirst: interleaved ? cbOffset : nil)
        }
        return PixelPlane(baseAddress: UnsafeRawPointer(scratch), bytesPerRow: rowBytes, rowCount: rows)
    }

    // MARK: Planning

    /// The steps from `from` to `to`: libyuv where it has the path, swscale otherwise.
    static func plan(from: FFStepImage, to: FFStepImage, configuration c: FFImageConverterConfiguration)
        throws(FFError) -> [FFConversionStep] {
        let source = c.sourceEncoding, destination = c.destinationEncoding
        let sameSize = from.width == to.width && from.height == to.height
        if from.format == to.format && sameSize {
            // A pure copy, unless both are YCbCr and the encodings differ (then the samples must change).
            if !from.format.isYUV || from.format.isGray && source.isFullRange == destination.isFullRange || source == destination {
                return [FFConversionStep(.copy, from: from, to: to, description: "copy")]
            }
        }
        let libyuvFilter: FilterMode? = c.filter == .bilinear ? kFilterBilinear : c.filter == .nearest ? kFilterNone : nil
        let yuvToYUVMatrixChange = from.format.isYUV && !from.format.isGray && to.format.isYUV && !to.format.isGray
            && source.matrix != destination.matrix
        if c.allowsLibYUV && !yuvToYUVMatrixChange {
            if sameSize, let step = libyuvConversion(from: from, to: to, source: source, destination: destination, approximate: c.allowsApproximateLibYUV) {
                return [step]
            }
            if from.format == to.format, let filter = libyuvFilter, source == destination || !from.format.isYUV,
               let kernel = FFScaleKernel(from.format) {
                return [try scaleStep(kernel, filter, from: from, to: to, encoding: source, configuration: c)]
            }
            if let filter = libyuvFilter {
                // Scale and convert: convert at the smaller size, scaling in whichever format is smaller first.
                let downscaling = to.width * to.height <= from.width * from.height
                let scaledSource = FFStepImage(format: from.format, width: to.width, height: to.height)
                let convertedSource = FFStepImage(format: to.format, width: from.width, height: from.height)
                var scaleFirst: [FFConversionStep]?
                if let kernel = FFScaleKernel(from.format), let convert = libyuvConversion(
                    from: scaledSource, to: to, source: source, destination: destination, approximate: c.allowsApproximateLibYUV) {
                    scaleFirst = [try scaleStep(kernel, filter, from: from, to: scaledSource, encoding: source, configuration: c), convert]
                }
                var convertFirst: [FFConversionStep]?
                if let kernel = FFScaleKernel(to.format), let convert = libyuvConversion(
                    from: from, to: convertedSource, source: source, destination: destination, approximate: c.allowsApproximateLibYUV) {
                    convertFirst = [convert, try scaleStep(kernel, filter, from: convertedSource, to: to, encoding: destination, configuration: c)]
                }
                if let steps = downscaling ? (scaleFirst ?? convertFirst) : (convertFirst ?? scaleFirst) { return steps }
            }
        }
        if yuvToYUVMatrixChange {
            // swscale keeps YCbCr code values between YCbCr formats; a matrix change has to pass through RGB.
            let rgb = FFStepImage(format: .rgba64le, width: to.width, height: to.height)
            return [try swscaleStep(from: from, to: rgb, source: source, destination: destination, filter: c.filter),
                    try swscaleStep(from: rgb, to: to, source: source, destination: destination, filter: c.filter)]
        }
        return [try swscaleStep(from: from, to: to, source: source, destination: destination, filter: c.filter)]
    }

    /// A scale within one format (`from.format == to.format`) with libyuv's bilinear or nearest filter.
    ///
    /// libyuv's general bilinear scaler works a column at a time; for YCbCr at ratios other than the ones it has
    /// dedicated row kernels for (1/2, 1/4, 3/4 and 3/8 in both directions) swscale's bilinear is 1.3–2.2 × faster
    /// (measured here with libyuv forced: 1080p → 720p 4:2:0 1.1 vs 1.8 ms, 4:4:4 2.1 vs 3.7 ms; 720p → 1080p 1.2
    /// vs 2.6 ms; `Benchmarks/scaling` prints today's numbers), and its downscale filter widens with the ratio, so
    /// it also aliases less. At the dedicated ratios, and for RGB (swscale 8–12 × slower there), libyuv keeps the job.
    private static func scaleStep(_ kernel: FFScaleKernel, _ filter: FilterMode, from: FFStepImage, to: FFStepImage,
                                  encoding: FFYCbCrEncoding, configuration c: FFImageConverterConfiguration)
        throws(FFError) -> FFConversionStep {
        let planarYCbCr = [FFScaleKernel.i420, .i422, .i444, .nv12].contains(kernel)
        if planarYCbCr && c.filter == .bilinear && !libyuvHasDedicatedScaler(from: from, to: to) {
            return try swscaleStep(from: from, to: to, source: encoding, destination: encoding, filter: c.filter)
        }
        return FFConversionStep(.scale(kernel, filter), from: from, to: to, description: "libyuv \(kernel)")
    }

    /// Whether libyuv scales `from` to `to` with one of its dedicated downscalers (equal ratios in both
    /// directions of 1/2, 1/4, 3/4 or 3/8).
    private static func libyuvHasDedicatedScaler(from: FFStepImage, to: FFStepImage) -> Bool {
        [(1, 2), (1, 4), (3, 4), (3, 8)].contains { numerator, denominator in
            to.width * denominator == from.width * numerator && to.height * denominator == from.height * numerator
        }
    }

    /// A single libyuv call converting between two formats of the same size, if libyuv has one for these
    /// encodings.
    ///
    /// Debian's libyuv is built without LIBYUV_UNLIMITED_DATA, so its YCbCr → RGB coefficients stop at 2.0. The
    /// limited-range BT.709 and BT.2020 matrices need 2.11 and 2.14 for Cb → blue, so libyuv alone comes out up to
    /// 16 codes short on saturated blue (measured). For 8-bit sources the Cb samples are first stretched about
    /// 128 by the missing factor (1.056, 1.071) through a table, which makes blue exact and moves green by at
    /// most 1.5 codes; 10-bit sources use swscale. `approximate` (the configuration's `allowsApproximateLibYUV`)
    /// skips the correction. BT.601 limited (2.02) is within 3 codes as it is, and full range is exact.
    private static func libyuvConversion(from: FFStepImage, to: FFStepImage, source: FFYCbCrEncoding,
                                         destination: FFYCbCrEncoding, approximate: Bool) -> FFConversionStep? {
        let f = from.format, t = to.format
        if let fromOrder = rgb32Order(f), let toOrder = rgb32Order(t) {
            // Byte permutation between the four 32-bit RGB layouts; libyuv's shuffler covers 4 pixels.
            let permutation = toOrder.map { fromOrder.firstIndex(of: $0)! }
            let table: [UInt8] = (0..<16).map { (index: Int) -> UInt8 in UInt8(index / 4 * 4 + permutation[index % 4]) }
            return FFConversionStep(.shuffle(table), from: from, to: to, description: "libyuv ARGBShuffle")
        }
        if f.isYUV, t == .bgra || t == .rgba, let kernel = FFYUVToRGBKernel(f),
           let matrixIndex = libyuvMatrixIndex(source.matrix) {
            let swap = t == .rgba
            // P010's chroma is interleaved: its U and V cannot be exchanged, so it has no RGBA path here.
            if swap && kernel == .p010 { return nil }
            let coefficientFits: Bool = approximate || source.isFullRange || source.matrix == .bt601
            var gain: Int32? = nil
            if !coefficientFits {
                guard kernel != .i010 && kernel != .p010 else { return nil }
                // Cb → B of limited-range YCbCr: 2(1 − Kb) · 255/224 (BT.709 Kb 0.0722, BT.2020 Kb 0.0593).
                gain = ChromaStretch.excess(kb: source.matrix == .bt709 ? 0.0722 : 0.0593)
            }
            // libyuv's own ABGR trick: exchange U and V (the other bi-planar reader, or the I4xx plane pointers)
            // and use the YVU constants, and its ARGB writer produces R,G,B,A bytes.
            let constants = cyuv_constants(Int32(matrixIndex), source.isFullRange ? 1 : 0, swap ? 1 : 0)!
            return FFConversionStep(.yuvToRGB32(kernel, constants: constants, swapUV: swap, cbGain: gain), from: from,
                                    to: to, description: "libyuv \(kernel.name)ToARGBMatrix" + (gain == nil ? "" : " (Cb gain)"))
        }
        if f == .bgra || f == .rgba, t.isYUV, destination.matrix == .bt601,
           let kernel = FFRGBToYUVKernel(source: f, destination: t, fullRange: destination.isFullRange) {
            return FFConversionStep(.rgb32ToYUV(kernel), from: from, to: to, description: "libyuv \(kernel)")
        }
        if source.isFullRange == destination.isFullRange {
            if (f == .yuv420p && t == .nv12) || (f == .yuvj420p && t == .nv12 && destination.isFullRange) {
                return FFConversionStep(.i420ToNV12, from: from, to: to, description: "libyuv I420ToNV12")
            }
            if (f == .nv12 && t == .yuv420p) || (f == .nv12 && t == .yuvj420p && source.isFullRange) {
                return FFConversionStep(.nv12ToI420, from: from, to: to, description: "libyuv NV12ToI420")
            }
        }
        return nil
    }

    /// libyuv's index for a matrix in `cyuv_constants` (it has no SMPTE 240M constants).
    private static func libyuvMatrixIndex(_ matrix: FFYCbCrMatrix) -> Int? {
        switch matrix {
        case .bt601: return 0
        case .bt709: return 1
        case .bt2020: return 2
        case .smpte240M: return nil
        }
    }

    /// Which byte of a 32-bit RGB pixel holds R, G, B, A.
    private static func rgb32Order(_ format: FFPixelFormat) -> [Character]? {
        switch format {
        case .bgra: return ["B", "G", "R", "A"]
        case .rgba: return ["R", "G", "B", "A"]
        case .argb: return ["A", "R", "G", "B"]
        case .abgr: return ["A", "B", "G", "R"]
        default: return nil
        }
    }

    /// The byte of a packed 32-bit RGB pixel that holds alpha.
    static func alphaByteOffset(_ format: FFPixelFormat) -> Int? {
        rgb32Order(format)?.firstIndex(of: "A")
    }

    private static func swscaleStep(from: FFStepImage, to: FFStepImage, source: FFYCbCrEncoding,
                                    destination: FFYCbCrEncoding, filter: FFScalingFilter) throws(FFError) -> FFConversionStep {
        var flags: Int32
        switch filter {
        case .nearest: flags = SWS_POINT
        case .bilinear: flags = SWS_BILINEAR
        case .bicubic: flags = SWS_BICUBIC
        case .lanczos: flags = SWS_LANCZOS
        }
        // Accurate rounding and full chroma interpolation: the libyuv paths carry the speed; swscale carries
        // correctness for everything else. Except a plain YCbCr scale (one format, one encoding), where accurate
        // rounding halves swscale's speed (1080p → 720p 4:2:0 bicubic 2.2 vs 1.6 ms, bilinear 1.5 vs 0.8 ms) and
        // changes 0.7 % of the samples by one code (mean −0.005, measured on ffmpeg's scaler with and without it),
        // and there is no RGB to interpolate chroma for; ffmpeg's own scale filter runs without it.
        let plainYCbCrScale = from.format == to.format && from.format.isYUV && source == destination
        if !plainYCbCrScale { flags |= SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT }
        // swscale still accepts the deprecated full-range "J" formats but warns; describe them as the plain format
        // plus full range instead.
        let sourceAV = from.format.nonJPEGEquivalent.avValue, destinationAV = to.format.nonJPEGEquivalent.avValue
        let sourceFull = from.format.isRGB || source.isFullRange
        let destinationFull = to.format.isRGB || destination.isFullRange
        // The ranges must be set before sws_init_context: it picks its unscaled fast paths by comparing them, and
        // sws_setColorspaceDetails afterwards does not undo that choice for high bit depths (measured: 10-bit
        // limited → 8-bit full kept the limited codes).
        guard let context = sws_alloc_context() else {
            throw FFError(.outOfMemory, operation: "sws_alloc_context", message: "allocation failed")
        }
        let options: [(String, Int64)] = [
            ("srcw", Int64(from.width)), ("srch", Int64(from.height)), ("src_format", Int64(sourceAV.rawValue)),
            ("dstw", Int64(to.width)), ("dsth", Int64(to.height)), ("dst_format", Int64(destinationAV.rawValue)),
            ("sws_flags", Int64(flags)), ("src_range", sourceFull ? 1 : 0), ("dst_range", destinationFull ? 1 : 0),
        ]
        for (name, value) in options {
            let status = av_opt_set_int(UnsafeMutableRawPointer(context), name, value, 0)
            if status < 0 {
                sws_freeContext(context)
                throw FFError(code: status, operation: "av_opt_set_int(swscale, \(name))")
            }
        }
        let initialised = sws_init_context(context, nil, nil)
        if initialised < 0 {
            sws_freeContext(context)
            throw FFError(code: initialised, operation: "sws_init_context", setting: "sourceFormat/destinationFormat",
                          message: "swscale cannot convert \(from.format) \(from.width)x\(from.height) to \(to.format) \(to.width)x\(to.height)")
        }
        let status = sws_setColorspaceDetails(context, sws_getCoefficients(swsColorspace(source.matrix)),
                                              sourceFull ? 1 : 0, sws_getCoefficients(swsColorspace(destination.matrix)),
                                              destinationFull ? 1 : 0, 0, 1 << 16, 1 << 16)
        if status < 0 && (from.format.isYUV || to.format.isYUV) {
            sws_freeContext(context)
            throw FFError(.invalidConfiguration, operation: "sws_setColorspaceDetails", setting: "sourceColor/destinationColor",
                          message: "swscale cannot apply the colour matrix/range for \(from.format) → \(to.format)")
        }
        return FFConversionStep(.swscale(context), from: from, to: to, description: "swscale")
    }

    private static func swsColorspace(_ matrix: FFYCbCrMatrix) -> Int32 {
        switch matrix {
        case .bt601: return SWS_CS_ITU601
        case .bt709: return SWS_CS_ITU709
        case .bt2020: return SWS_CS_BT2020
        case .smpte240M: return SWS_CS_SMPTE240M
        }
    }

    // MARK: Running

    /// Runs the step from `source` into `destination` (both exactly `from`/`to` in size).
    func run(_ source: FFImageBuffer, _ destination: FFMutableImageBuffer) throws(FFError) {
        let s = source.planes, d = destination.planes
        let w = Int32(from.width), h = Int32(from.height)
        func u8(_ p: PixelPlane) -> UnsafePointer<UInt8> { p.baseAddress.assumingMemoryBound(to: UInt8.self) }
        func u8(_ p: MutablePixelPlane) -> UnsafeMutablePointer<UInt8> { p.baseAddress.assumingMemoryBound(to: UInt8.self) }
        func u16(_ p: PixelPlane) -> UnsafePointer<UInt16> { p.baseAddress.assumingMemoryBound(to: UInt16.self) }
        func stride(_ p: PixelPlane) -> Int32 { Int32(p.bytesPerRow) }
        func stride(_ p: MutablePixelPlane) -> Int32 { Int32(p.bytesPerRow) }
        // libyuv's 16-bit functions take strides in 16-bit elements.
        func stride16(_ p: PixelPlane) -> Int32 { Int32(p.bytesPerRow / 2) }
        var status: Int32 = 0
        switch kind {
        case .copy:
            let rowBytes = from.format.minimumBytesPerRow(width: from.width)
            for plane in 0..<s.count {
                for row in 0..<from.format.rowCount(ofPlane: plane, height: from.height) {
                    (d[plane].baseAddress + row * d[plane].bytesPerRow)
                        .copyMemory(from: s[plane].baseAddress + row * s[plane].bytesPerRow, byteCount: rowBytes[plane])
                }
            }
        case .yuvToRGB32(let kernel, let constants, let swap, let gain):
            let out = u8(d[0]), outStride = stride(d[0])
            var s = s
            if let gain { s[1] = applyCbGain(gain, to: s[1], interleaved: kernel == .nv12 || kernel == .nv21,
                                             cbOffset: kernel == .nv21 ? 1 : 0) }
            switch kernel {
            case .nv12, .nv21:
                let call = (kernel == .nv12) != swap ? NV12ToARGBMatrix : NV21ToARGBMatrix
                status = call(u8(s[0]), stride(s[0]), u8(s[1]), stride(s[1]), out, outStride, constants, w, h)
            case .i420, .i422, .i444:
                let (u, v) = swap ? (s[2], s[1]) : (s[1], s[2])
                let call = kernel == .i420 ? I420ToARGBMatrix : kernel == .i422 ? I422ToARGBMatrix : I444ToARGBMatrix
                status = call(u8(s[0]), stride(s[0]), u8(u), stride(u), u8(v), stride(v), out, outStride, constants, w, h)
            case .i010:
                let (u, v) = swap ? (s[2], s[1]) : (s[1], s[2])
                status = I010ToARGBMatrix(u16(s[0]), stride16(s[0]), u16(u), stride16(u), u16(v), stride16(v),
                                          out, outStride, constants, w, h)
            case .p010:
                status = P010ToARGBMatrix(u16(s[0]), stride16(s[0]), u16(s[1]), stride16(s[1]), out, outStride, constants, w, h)
            }
        case .rgb32ToYUV(let kernel):
            let input = u8(s[0]), inStride = stride(s[0])
            switch kernel {
            case .argbToNV12: status = ARGBToNV12(input, inStride, u8(d[0]), stride(d[0]), u8(d[1]), stride(d[1]), w, h)
            case .abgrToNV12: status = ABGRToNV12(input, inStride, u8(d[0]), stride(d[0]), u8(d[1]), stride(d[1]), w, h)
            case .argbToI420, .argbToJ420, .abgrToI420, .abgrToJ420:
                let call = kernel == .argbToI420 ? ARGBToI420 : kernel == .argbToJ420 ? ARGBToJ420
                    : kernel == .abgrToI420 ? ABGRToI420 : ABGRToJ420
                status = call(input, inStride, u8(d[0]), stride(d[0]), u8(d[1]), stride(d[1]), u8(d[2]), stride(d[2]), w, h)
            }
        case .i420ToNV12:
            status = I420ToNV12(u8(s[0]), stride(s[0]), u8(s[1]), stride(s[1]), u8(s[2]), stride(s[2]),
                                u8(d[0]), stride(d[0]), u8(d[1]), stride(d[1]), w, h)
        case .nv12ToI420:
            status = NV12ToI420(u8(s[0]), stride(s[0]), u8(s[1]), stride(s[1]), u8(d[0]), stride(d[0]),
                                u8(d[1]), stride(d[1]), u8(d[2]), stride(d[2]), w, h)
        case .shuffle(let table):
            status = table.withUnsafeBufferPointer {
                ARGBShuffle(u8(s[0]), stride(s[0]), u8(d[0]), stride(d[0]), $0.baseAddress, w, h)
            }
        case .scale(let kernel, let filter):
            let dw = Int32(to.width), dh = Int32(to.height)
            switch kernel {
            case .i420, .i422, .i444:
                let call = kernel == .i420 ? I420Scale : kernel == .i422 ? I422Scale : I444Scale
                status = call(u8(s[0]), stride(s[0]), u8(s[1]), stride(s[1]), u8(s[2]), stride(s[2]), w, h,
                              u8(d[0]), stride(d[0]), u8(d[1]), stride(d[1]), u8(d[2]), stride(d[2]), dw, dh, filter)
            case .nv12:
                status = NV12Scale(u8(s[0]), stride(s[0]), u8(s[1]), stride(s[1]), w, h,
                                   u8(d[0]), stride(d[0]), u8(d[1]), stride(d[1]), dw, dh, filter)
            case .rgb32:
                status = ARGBScale(u8(s[0]), stride(s[0]), w, h, u8(d[0]), stride(d[0]), dw, dh, filter)
            case .gray:
                ScalePlane(u8(s[0]), stride(s[0]), w, h, u8(d[0]), stride(d[0]), dw, dh, filter)
            }
        case .swscale(let context):
            var sourcePlanes: [UnsafePointer<UInt8>?] = s.map { u8($0) }
            var sourceStrides: [Int32] = s.map { stride($0) }
            var destinationPlanes: [UnsafeMutablePointer<UInt8>?] = d.map { u8($0) }
            var destinationStrides: [Int32] = d.map { stride($0) }
            while sourcePlanes.count < 4 { sourcePlanes.append(nil); sourceStrides.append(0) }
            while destinationPlanes.count < 4 { destinationPlanes.append(nil); destinationStrides.append(0) }
            let rows = sws_scale(context, sourcePlanes, sourceStrides, 0, h, destinationPlanes, destinationStrides)
            if rows <= 0 { status = rows < 0 ? rows : -1 }
        }
        if status != 0 {
            throw FFError(.failed, operation: "FFImageConverter (\(description))",
                          message: "\(from.format) \(from.width)x\(from.height) → \(to.format) \(to.width)x\(to.height) failed with \(status)")
        }
    }
}
