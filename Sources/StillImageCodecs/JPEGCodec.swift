internal import CTurboJPEG
import Foundation

/// JPEG decoding and encoding with libjpeg-turbo's TurboJPEG API: grey and YCbCr (or RGB) JPEGs decode to grey or
/// RGBX; grey, RGB and RGBX pictures encode at a quality of 1...100 with the chroma subsampling asked for.
package enum JPEGCodec {
    /// How the colour of a JPEG is coded.
    package enum ColorSpace: Sendable, Hashable {
        /// Luma and two chroma components (the usual JFIF case).
        case yCbCr
        /// Red, green and blue without a transform.
        case rgb
        /// One grey component.
        case gray
        /// Four ink components, as written by print software.
        case cmyk
        /// CMYK stored as YCbCr plus black.
        case ycck
    }

    /// How chroma is subsampled.
    package enum Subsampling: Sendable, Hashable {
        /// None: every pixel has its own chroma.
        case none
        /// Halved horizontally.
        case horizontal
        /// Halved both ways (4:2:0).
        case both
        /// Another pattern (4:4:0, 4:1:1, or one TurboJPEG does not name).
        case other
    }

    /// What a JPEG holds, from its header alone.
    package struct Header: Sendable {
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
        /// How its colour is coded.
        package var colorSpace: ColorSpace
        /// How its chroma is subsampled.
        package var subsampling: Subsampling
    }

    /// The header of the JPEG in `bytes`.
    package static func header(_ bytes: UnsafeRawBufferPointer) throws(StillImageError) -> Header {
        let handle = try Handle(decompressing: true)
        return try handle.header(bytes)
    }

    /// Decodes the JPEG in `bytes` to grey (grey JPEGs) or RGBX (colour ones), refusing pictures larger than
    /// `limits` before allocating, and files that end before their last scan (libjpeg would fill the rest grey).
    /// CMYK and YCCK JPEGs are refused: their ink values need a colour profile to become RGB.
    package static func decode(_ bytes: UnsafeRawBufferPointer, limits: StillImageLimits) throws(StillImageError) -> StillImage {
        let operation = "tjDecompress2"
        let handle = try Handle(decompressing: true)
        let header = try handle.header(bytes)
        try limits.check(width: header.width, height: header.height, operation)
        let layout: StillImageLayout
        switch header.colorSpace {
        case .gray: layout = .gray
        case .yCbCr, .rgb: layout = .rgbx
        case .cmyk, .ycck:
            throw StillImageError(.invalidData, operation: operation, message: "CMYK JPEGs cannot be decoded to RGB here")
        }
        let bytesPerRow = header.width * layout.bytesPerPixel
        var pixels = Data(count: bytesPerRow * header.height)
        let format = layout == .gray ? TJPF_GRAY : TJPF_RGBX
        // TJFLAG_LIMITSCANS refuses progressive files of more than 500 scans, which take quadratic time.
        let flags = TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS
        let status = pixels.withUnsafeMutableBytes { destination in
            tjDecompress2(handle.raw, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
                          destination.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(header.width),
                          Int32(bytesPerRow), Int32(header.height), Int32(format.rawValue), flags)
        }
        if status != 0 {
            let message = handle.lastMessage
            // libjpeg warns and carries on through damaged data (unknown markers, bad Huffman codes, data cut short),
            // filling what it cannot decode. JPEG has no checksum, so those warnings are the only sign of damage: all
            // are refused but junk between marker segments ("extraneous bytes before marker"), which some cameras
            // write and which leaves the picture whole.
            guard tjGetErrorCode(handle.raw) == Int32(TJERR_WARNING.rawValue), message.contains("extraneous bytes") else {
                throw StillImageError(.invalidData, operation: operation, message: message)
            }
        }
        return StillImage(width: header.width, height: header.height, layout: layout, bytesPerRow: bytesPerRow,
                          pixels: pixels)
    }

    /// Encodes `image` (grey, RGB or RGBX; alpha must have been flattened) at `quality` 1...100.
    package static func encode(_ image: StillImage, quality: Int, subsampling: Subsampling,
                               progressive: Bool) throws(StillImageError) -> Data {
        let operation = "tjCompress2"
        try image.validate(operation)
        let format: TJPF
        switch image.layout {
        case .gray: format = TJPF_GRAY
        case .rgb: format = TJPF_RGB
        case .rgbx: format = TJPF_RGBX
        case .grayAlpha, .rgba:
            throw StillImageError(.invalidArgument, operation: operation, message: "JPEG has no alpha; flatten the image first")
        }
        let sampling: TJSAMP = switch (image.layout, subsampling) {
        case (.gray, _): TJSAMP_GRAY
        case (_, .none): TJSAMP_444
        case (_, .horizontal): TJSAMP_422
        case (_, .both), (_, .other): TJSAMP_420
        }
        let handle = try Handle(decompressing: false)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let flags = TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_PROGRESSIVE : 0)
        let status = image.pixels.withUnsafeBytes { source in
            tjCompress2(handle.raw, source.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width),
                        Int32(image.bytesPerRow), Int32(image.height), Int32(format.rawValue), &output, &size,
                        Int32(sampling.rawValue), Int32(min(max(quality, 1), 100)), flags)
        }
        guard status == 0, let output else {
            throw StillImageError(.failed, operation: operation, message: handle.lastMessage)
        }
        return Data(bytes: output, count: Int(size))
    }

    /// A TurboJPEG instance, destroyed with its owner.
    private final class Handle {
        let raw: tjhandle

        init(decompressing: Bool) throws(StillImageError) {
            guard let raw = decompressing ? tjInitDecompress() : tjInitCompress() else {
                throw StillImageError(.outOfMemory, operation: decompressing ? "tjInitDecompress" : "tjInitCompress",
                              message: String(cString: tjGetErrorStr2(nil)))
            }
            self.raw = raw
        }

        deinit { tjDestroy(raw) }

        var lastMessage: String { String(cString: tjGetErrorStr2(raw)) }

        func header(_ bytes: UnsafeRawBufferPointer) throws(StillImageError) -> Header {
            var width: Int32 = 0, height: Int32 = 0, sampling: Int32 = 0, colorSpace: Int32 = 0
            guard let base = bytes.baseAddress, bytes.count > 0,
                  tjDecompressHeader3(raw, base.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), &width, &height,
                                      &sampling, &colorSpace) == 0 else {
                throw StillImageError(.invalidData, operation: "tjDecompressHeader3",
                              message: bytes.isEmpty ? "no data" : lastMessage)
            }
            // A file cut off before its frame header can leave the size unset without an error.
            guard width > 0, height > 0 else {
                throw StillImageError(.invalidData, operation: "tjDecompressHeader3", message: "no frame header before the data ends")
            }
            let space: ColorSpace = switch UInt32(bitPattern: colorSpace) {
            case TJCS_GRAY.rawValue: .gray
            case TJCS_RGB.rawValue: .rgb
            case TJCS_CMYK.rawValue: .cmyk
            case TJCS_YCCK.rawValue: .ycck
            default: .yCbCr
            }
            let subsampling: Subsampling = switch UInt32(bitPattern: sampling) {
            case TJSAMP_444.rawValue, TJSAMP_GRAY.rawValue: .none
            case TJSAMP_422.rawValue: .horizontal
            case TJSAMP_420.rawValue: .both
            default: .other
            }
            return Header(width: Int(width), height: Int(height), colorSpace: space, subsampling: subsampling)
        }
    }
}
