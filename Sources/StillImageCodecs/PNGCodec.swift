internal import CPNG
import Foundation

/// PNG decoding and encoding with libpng's simplified API (`png_image_*`): 8-bit grey, grey and alpha, RGB and
/// RGBA. libpng expands palettes and `tRNS` into alpha, and brings 16-bit samples and files whose gamma differs from
/// sRGB's to 8-bit sRGB.
package enum PNGCodec {
    /// What a PNG holds, from its header alone.
    package struct Header: Sendable {
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
        /// The layout the decoder gives for it.
        package var layout: StillImageLayout
    }

    /// The header of the PNG in `bytes`.
    package static func header(_ bytes: UnsafeRawBufferPointer) throws(StillImageError) -> Header {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        return try begin(&image, bytes)
    }

    /// Decodes the PNG in `bytes`, refusing pictures larger than `limits` before allocating.
    package static func decode(_ bytes: UnsafeRawBufferPointer, limits: StillImageLimits) throws(StillImageError) -> StillImage {
        let operation = "png_image_finish_read"
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let header = try begin(&image, bytes)
        try limits.check(width: header.width, height: header.height, operation)
        image.format = format(of: header.layout)
        let bytesPerRow = header.width * header.layout.bytesPerPixel
        guard bytesPerRow <= Int(Int32.max) else {
            throw StillImageError(.invalidData, operation: operation, message: "rows of \(bytesPerRow) bytes are too long")
        }
        var pixels = Data(count: bytesPerRow * header.height)
        let done = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, Int32(bytesPerRow), nil)
        }
        guard done != 0 else {
            throw StillImageError(.invalidData, operation: operation, message: message(of: image))
        }
        return StillImage(width: header.width, height: header.height, layout: header.layout,
                          bytesPerRow: bytesPerRow, pixels: pixels)
    }

    /// Encodes `image` (any layout but `rgbx`, whose unused byte PNG has no place for) as a PNG.
    package static func encode(_ image: StillImage) throws(StillImageError) -> Data {
        let operation = "png_image_write_to_memory"
        try image.validate(operation)
        guard image.layout != .rgbx else {
            throw StillImageError(.invalidArgument, operation: operation, message: "PNG has no layout with an unused byte")
        }
        var control = png_image()
        control.version = UInt32(PNG_IMAGE_VERSION)
        control.width = UInt32(image.width)
        control.height = UInt32(image.height)
        control.format = format(of: image.layout)
        defer { png_image_free(&control) }
        let stride = Int32(image.bytesPerRow)
        // Data's withUnsafeBytes rethrows untyped errors, so the closure reports failure as a Result.
        let result = image.pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) -> Result<Data, StillImageError> in
            // The first call only measures; the second writes into memory of that size.
            var size = 0
            guard png_image_write_to_memory(&control, nil, &size, 0, source.baseAddress, stride, nil) != 0, size > 0 else {
                return .failure(StillImageError(.failed, operation: operation, message: message(of: control)))
            }
            var encoded = Data(count: size)
            let written = encoded.withUnsafeMutableBytes { destination in
                png_image_write_to_memory(&control, destination.baseAddress, &size, 0, source.baseAddress, stride, nil)
            }
            guard written != 0 else { return .failure(StillImageError(.failed, operation: operation, message: message(of: control))) }
            encoded.count = size
            return .success(encoded)
        }
        return try result.get()
    }

    private static func begin(_ image: inout png_image, _ bytes: UnsafeRawBufferPointer) throws(StillImageError) -> Header {
        guard let base = bytes.baseAddress, png_image_begin_read_from_memory(&image, base, bytes.count) != 0 else {
            throw StillImageError(.invalidData, operation: "png_image_begin_read_from_memory", message: message(of: image))
        }
        let hasAlpha = image.format & PNG_FORMAT_FLAG_ALPHA != 0
        let hasColor = image.format & PNG_FORMAT_FLAG_COLOR != 0
        let layout: StillImageLayout = switch (hasColor, hasAlpha) {
        case (false, false): .gray
        case (false, true): .grayAlpha
        case (true, false): .rgb
        case (true, true): .rgba
        }
        return Header(width: Int(image.width), height: Int(image.height), layout: layout)
    }

    private static func format(of layout: StillImageLayout) -> UInt32 {
        switch layout {
        case .gray: cpng_format_gray()
        case .grayAlpha: cpng_format_gray_alpha()
        case .rgb, .rgbx: cpng_format_rgb()
        case .rgba: cpng_format_rgba()
        }
    }

    /// libpng's message for the last warning or error, from the control structure's fixed buffer.
    private static func message(of image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "not a PNG libpng can read" : text
    }

    /// The CRC-32 of `bytes` (ISO 3309, as PNG chunks use), continuing from `crc`.
    package static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return crc }
        var value = UInt(crc)
        var offset = 0
        // zlib takes a 32-bit length.
        while offset < bytes.count {
            let count = min(bytes.count - offset, Int(UInt32.max))
            value = CPNG.crc32(value, base + offset, UInt32(count))
            offset += count
        }
        return UInt32(truncatingIfNeeded: value)
    }
}
