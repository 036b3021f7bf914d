import CoreFoundationShims

/// How one pixel format lays out its samples: the single table of per-format layout math.
///
/// Every size computation in CoreVideo (plane widths and heights, minimum row bytes, header kind) reads this
/// table, so adding a format is one entry here and one test row. Sample layouts follow the format descriptions
/// in Apple's CVPixelBuffer.h; 10-bit formats (`x420`, `xf20`, …) keep each sample in the 10 most significant
/// bits of a little-endian 16-bit word, which is FFmpeg's `P010LE`/`P210LE`/`P410LE` layout.
package struct PixelFormatLayout: Sendable, Equatable {
    /// One plane of a format.
    package struct Plane: Sendable, Equatable {
        /// Image pixels per plane pixel horizontally (2 for the chroma of 4:2:0 and 4:2:2).
        package let horizontalSubsampling: Int
        /// Image pixels per plane pixel vertically (2 for the chroma of 4:2:0).
        package let verticalSubsampling: Int
        /// Bytes in one block of `pixelsPerBlock` plane pixels (4 for two `2vuy` pixels, 2 for one NV12 CbCr pair).
        package let bytesPerBlock: Int
        /// Plane pixels that share one block (2 for the packed 4:2:2 formats, 1 otherwise).
        package let pixelsPerBlock: Int
        /// Bytes in one component sample (1 for 8-bit, 2 for 10- and 16-bit, 4 for 32-bit float).
        package let bytesPerSample: Int
        /// Components stored per plane pixel (1 for luma, 2 for interleaved CbCr, 4 for BGRA).
        package let componentsPerPixel: Int

        /// The plane's width for an image `imageWidth` pixels wide (chroma rounds up for odd widths).
        package func width(forImageWidth imageWidth: Int) -> Int {
            (imageWidth + horizontalSubsampling - 1) / horizontalSubsampling
        }

        /// The plane's height for an image `imageHeight` rows high (chroma rounds up for odd heights).
        package func height(forImageHeight imageHeight: Int) -> Int {
            (imageHeight + verticalSubsampling - 1) / verticalSubsampling
        }

        /// The fewest bytes a row of `planeWidth` plane pixels needs, or `nil` on overflow.
        package func minimumBytesPerRow(planeWidth: Int) -> Int? {
            guard planeWidth >= 0 else { return nil }
            let blocks = (planeWidth + pixelsPerBlock - 1) / pixelsPerBlock
            let (bytes, overflow) = blocks.multipliedReportingOverflow(by: bytesPerBlock)
            return overflow ? nil : bytes
        }
    }

    /// What the samples describe.
    package enum ColorModel: Sendable, Equatable { case yCbCr, rgb, gray }

    /// Which planar-info header Apple puts at the base address of a planar buffer (CVPixelBuffer.h).
    package enum PlanarHeader: Sendable, Equatable {
        /// No header: the format is chunky.
        case none
        /// `CVPlanarPixelBufferInfo_YCbCrBiPlanar`: luma then interleaved chroma.
        case yCbCrBiPlanar
        /// `CVPlanarPixelBufferInfo_YCbCrPlanar`: luma, Cb, Cr.
        case yCbCrPlanar
    }

    /// The `kCVPixelFormatType_…` code.
    package let pixelFormat: OSType
    /// The planes, in Apple's plane order. Chunky formats have exactly one.
    package let planes: [Plane]
    /// Whether Apple treats the format as planar (`CVPixelBufferIsPlanar`).
    package let isPlanar: Bool
    /// Significant bits per component sample.
    package let bitsPerComponent: Int
    /// What the samples describe.
    package let colorModel: ColorModel
    /// Whether Y'CbCr samples use the full range (luma 0…255) rather than video range (16…235).
    package let isFullRange: Bool
    /// Whether the format carries alpha.
    package let hasAlpha: Bool

    /// The planar-info header kind of the format.
    package var planarHeader: PlanarHeader {
        guard isPlanar else { return .none }
        return planes.count == 3 ? .yCbCrPlanar : .yCbCrBiPlanar
    }

    /// The layout of `pixelFormat`, or `nil` if pixel buffers of that format cannot be created here.
    package static func layout(for pixelFormat: OSType) -> PixelFormatLayout? {
        table[pixelFormat]
    }

    /// Every pixel format that can be allocated, in ascending order of code.
    package static var supportedPixelFormats: [OSType] { table.keys.sorted() }

    private static let table: [OSType: PixelFormatLayout] = {
        var table: [OSType: PixelFormatLayout] = [:]
        func add(_ format: OSType, _ planes: [Plane], bits: Int, _ model: ColorModel, full: Bool = true,
                 alpha: Bool = false) {
            table[format] = PixelFormatLayout(pixelFormat: format, planes: planes, isPlanar: planes.count > 1,
                                              bitsPerComponent: bits, colorModel: model, isFullRange: full,
                                              hasAlpha: alpha)
        }
        /// A plane of `components` samples of `bytes` bytes each per plane pixel.
        func plane(_ h: Int, _ v: Int, components: Int, bytes: Int) -> Plane {
            Plane(horizontalSubsampling: h, verticalSubsampling: v, bytesPerBlock: components * bytes,
                  pixelsPerBlock: 1, bytesPerSample: bytes, componentsPerPixel: components)
        }
        /// Packed 4:2:2: two pixels share one block of four 8-bit samples.
        let packed422 = Plane(horizontalSubsampling: 1, verticalSubsampling: 1, bytesPerBlock: 4, pixelsPerBlock: 2,
                              bytesPerSample: 1, componentsPerPixel: 2)

        // Bi-planar Y'CbCr: a luma plane and one plane of interleaved Cb/Cr pairs.
        for (video, full, h, v, bytes, bits) in [
            (kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, kCVPixelFormatType_420YpCbCr8BiPlanarFullRange, 2, 2, 1, 8),
            (kCVPixelFormatType_422YpCbCr8BiPlanarVideoRange, kCVPixelFormatType_422YpCbCr8BiPlanarFullRange, 2, 1, 1, 8),
            (kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange, kCVPixelFormatType_444YpCbCr8BiPlanarFullRange, 1, 1, 1, 8),
            (kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange, kCVPixelFormatType_420YpCbCr10BiPlanarFullRange, 2, 2, 2, 10),
            (kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange, kCVPixelFormatType_422YpCbCr10BiPlanarFullRange, 2, 1, 2, 10),
            (kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange, kCVPixelFormatType_444YpCbCr10BiPlanarFullRange, 1, 1, 2, 10),
        ] {
            let planes = [plane(1, 1, components: 1, bytes: bytes), plane(h, v, components: 2, bytes: bytes)]
            add(video, planes, bits: bits, .yCbCr, full: false)
            add(full, planes, bits: bits, .yCbCr, full: true)
        }

        // Tri-planar 8-bit 4:2:0 (I420): luma, Cb, Cr.
        let i420 = [plane(1, 1, components: 1, bytes: 1), plane(2, 2, components: 1, bytes: 1),
                    plane(2, 2, components: 1, bytes: 1)]
        add(kCVPixelFormatType_420YpCbCr8Planar, i420, bits: 8, .yCbCr, full: false)
        add(kCVPixelFormatType_420YpCbCr8PlanarFullRange, i420, bits: 8, .yCbCr, full: true)

        // Packed 4:2:2.
        add(kCVPixelFormatType_422YpCbCr8, [packed422], bits: 8, .yCbCr, full: false)
        add(kCVPixelFormatType_422YpCbCr8_yuvs, [packed422], bits: 8, .yCbCr, full: false)
        add(kCVPixelFormatType_422YpCbCr8FullRange, [packed422], bits: 8, .yCbCr, full: true)

        // RGB.
        for format in [kCVPixelFormatType_32BGRA, kCVPixelFormatType_32ARGB, kCVPixelFormatType_32RGBA,
                       kCVPixelFormatType_32ABGR] {
            add(format, [plane(1, 1, components: 4, bytes: 1)], bits: 8, .rgb, alpha: true)
        }
        add(kCVPixelFormatType_24RGB, [plane(1, 1, components: 3, bytes: 1)], bits: 8, .rgb)
        add(kCVPixelFormatType_24BGR, [plane(1, 1, components: 3, bytes: 1)], bits: 8, .rgb)
        add(kCVPixelFormatType_64ARGB, [plane(1, 1, components: 4, bytes: 2)], bits: 16, .rgb, alpha: true)
        add(kCVPixelFormatType_64RGBAHalf, [plane(1, 1, components: 4, bytes: 2)], bits: 16, .rgb, alpha: true)
        add(kCVPixelFormatType_128RGBAFloat, [plane(1, 1, components: 4, bytes: 4)], bits: 32, .rgb, alpha: true)

        // One- and two-component (grey, masks, depth).
        add(kCVPixelFormatType_OneComponent8, [plane(1, 1, components: 1, bytes: 1)], bits: 8, .gray)
        add(kCVPixelFormatType_TwoComponent8, [plane(1, 1, components: 2, bytes: 1)], bits: 8, .gray)
        add(kCVPixelFormatType_OneComponent16, [plane(1, 1, components: 1, bytes: 2)], bits: 16, .gray)
        add(kCVPixelFormatType_16Gray, [plane(1, 1, components: 1, bytes: 2)], bits: 16, .gray)
        add(kCVPixelFormatType_OneComponent32Float, [plane(1, 1, components: 1, bytes: 4)], bits: 32, .gray)
        return table
    }()
}
