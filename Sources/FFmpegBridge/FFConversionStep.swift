import Raster
internal import CFFmpeg

/// One step of a conversion plan: one of Raster's libyuv kernels (`PictureConversion`), a copy, or a swscale
/// context. The plan (which kernel, when swscale does better) is made here; the kernels run in Raster.
final class FFConversionStep: CustomStringConvertible {
    typealias Conversion = PictureConversion

    enum Kind {
        case copy
        /// `cbGain`: Cb is first stretched by 1 + cbGain / 32768 around 128 (see `ChromaStretch`).
        case yuvToRGB32(Conversion.YCbCrSource, Conversion.YCbCrMatrix, isFullRange: Bool,
                        order: Conversion.RGB32Order, cbGain: Int32?)
        case rgb32ToYUV(Conversion.RGBToYCbCrKernel)
        case i420ToNV12, nv12ToI420
        case shuffle(Conversion.RGB32Shuffle)
        case scale(Conversion.ScaleLayout, Conversion.ScaleFilter)
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
        let libyuvFilter: Conversion.ScaleFilter? = c.filter == .bilinear ? .bilinear : c.filter == .nearest ? .nearest : nil
        let yuvToYUVMatrixChange = from.format.isYUV && !from.format.isGray && to.format.isYUV && !to.format.isGray
            && source.matrix != destination.matrix
        if c.allowsLibYUV && !yuvToYUVMatrixChange {
            if sameSize, let step = libyuvConversion(from: from, to: to, source: source, destination: destination, approximate: c.allowsApproximateLibYUV) {
                return [step]
            }
            if from.format == to.format, let filter = libyuvFilter, source == destination || !from.format.isYUV,
               let kernel = Conversion.ScaleLayout(from.format) {
                return [try scaleStep(kernel, filter, from: from, to: to, encoding: source, configuration: c)]
            }
            if let filter = libyuvFilter {
                // Scale and convert: convert at the smaller size, scaling in whichever format is smaller first.
                let downscaling = to.width * to.height <= from.width * from.height
                let scaledSource = FFStepImage(format: from.format, width: to.width, height: to.height)
                let convertedSource = FFStepImage(format: to.format, width: from.width, height: from.height)
                var scaleFirst: [FFConversionStep]?
                if let kernel = Conversion.ScaleLayout(from.format), let convert = libyuvConversion(
                    from: scaledSource, to: to, source: source, destination: destination, approximate: c.allowsApproximateLibYUV) {
                    scaleFirst = [try scaleStep(kernel, filter, from: from, to: scaledSource, encoding: source, configuration: c), convert]
                }
                var convertFirst: [FFConversionStep]?
                if let kernel = Conversion.ScaleLayout(to.format), let convert = libyuvConversion(
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
    private static func scaleStep(_ kernel: Conversion.ScaleLayout, _ filter: Conversion.ScaleFilter,
                                  from: FFStepImage, to: FFStepImage, encoding: FFYCbCrEncoding,
                                  configuration c: FFImageConverterConfiguration) throws(FFError) -> FFConversionStep {
        let planarYCbCr = [Conversion.ScaleLayout.i420, .i422, .i444, .nv12].contains(kernel)
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
            guard let shuffle = Conversion.RGB32Shuffle(sourceIndices: permutation) else { return nil }
            return FFConversionStep(.shuffle(shuffle), from: from, to: to, description: "libyuv ARGBShuffle")
        }
        if f.isYUV, t == .bgra || t == .rgba, let kernel = Conversion.YCbCrSource(f),
           let matrix = Conversion.YCbCrMatrix(source.matrix) {
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
            let kind = Kind.yuvToRGB32(kernel, matrix, isFullRange: source.isFullRange, order: swap ? .rgba : .bgra,
                                       cbGain: gain)
            return FFConversionStep(kind, from: from, to: to,
                                    description: "libyuv \(kernel.name)ToARGBMatrix" + (gain == nil ? "" : " (Cb gain)"))
        }
        if f == .bgra || f == .rgba, t.isYUV, destination.matrix == .bt601,
           let kernel = Conversion.RGBToYCbCrKernel(source: f, destination: t, fullRange: destination.isFullRange) {
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
        switch kind {
        case .copy:
            let rowBytes = from.format.minimumBytesPerRow(width: from.width)
            for plane in 0..<s.count {
                for row in 0..<from.format.rowCount(ofPlane: plane, height: from.height) {
                    (d[plane].baseAddress + row * d[plane].bytesPerRow)
                        .copyMemory(from: s[plane].baseAddress + row * s[plane].bytesPerRow, byteCount: rowBytes[plane])
                }
            }
        case .yuvToRGB32(let layout, let matrix, let isFullRange, let order, let gain):
            var input = source.picture
            if let gain {
                input.planes[1] = applyCbGain(gain, to: s[1], interleaved: layout == .nv12 || layout == .nv21,
                                              cbOffset: layout == .nv21 ? 1 : 0)
            }
            try runKernel { () throws(RasterError) in
                try Conversion.convert(input, layout, matrix: matrix, isFullRange: isFullRange,
                                       into: destination.picture, order: order)
            }
        case .rgb32ToYUV(let kernel):
            try runKernel { () throws(RasterError) in
                try Conversion.convert(source.picture, into: destination.picture, with: kernel)
            }
        case .i420ToNV12:
            try runKernel { () throws(RasterError) in
                try Conversion.interleaveChroma(source.picture, into: destination.picture)
            }
        case .nv12ToI420:
            try runKernel { () throws(RasterError) in
                try Conversion.deinterleaveChroma(source.picture, into: destination.picture)
            }
        case .shuffle(let shuffle):
            try runKernel { () throws(RasterError) in
                try Conversion.shuffle(source.picture, into: destination.picture, by: shuffle)
            }
        case .scale(let layout, let filter):
            try runKernel { () throws(RasterError) in
                try Conversion.scale(source.picture, layout, into: destination.picture, filter: filter)
            }
        case .swscale(let context):
            func u8(_ p: PixelPlane) -> UnsafePointer<UInt8> { p.baseAddress.assumingMemoryBound(to: UInt8.self) }
            func u8(_ p: MutablePixelPlane) -> UnsafeMutablePointer<UInt8> {
                p.baseAddress.assumingMemoryBound(to: UInt8.self)
            }
            var sourcePlanes: [UnsafePointer<UInt8>?] = s.map { u8($0) }
            var sourceStrides: [Int32] = s.map { Int32($0.bytesPerRow) }
            var destinationPlanes: [UnsafeMutablePointer<UInt8>?] = d.map { u8($0) }
            var destinationStrides: [Int32] = d.map { Int32($0.bytesPerRow) }
            while sourcePlanes.count < 4 { sourcePlanes.append(nil); sourceStrides.append(0) }
            while destinationPlanes.count < 4 { destinationPlanes.append(nil); destinationStrides.append(0) }
            let rows = sws_scale(context, sourcePlanes, sourceStrides, 0, Int32(from.height), destinationPlanes,
                                 destinationStrides)
            if rows <= 0 {
                throw FFError(.failed, operation: "FFImageConverter (\(description))",
                              message: "\(sizes) failed with \(rows < 0 ? rows : -1)")
            }
        }
    }

    /// Runs one of Raster's kernels, its refusal reported as this step's.
    private func runKernel(_ body: () throws(RasterError) -> Void) throws(FFError) {
        do {
            try body()
        } catch {
            throw FFError(error, operation: "FFImageConverter (\(description))", message: "\(sizes) failed")
        }
    }

    /// The step's formats and sizes, for messages.
    private var sizes: String {
        "\(from.format) \(from.width)x\(from.height) → \(to.format) \(to.width)x\(to.height)"
    }
}
