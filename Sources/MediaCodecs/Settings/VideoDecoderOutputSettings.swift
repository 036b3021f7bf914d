import CoreVideo
import FFmpegBridge

/// An uncompressed-video settings dictionary (`AVAssetReaderTrackOutput(track:outputSettings:)` for video): the
/// `kCVPixelBuffer…` attributes plus the few AVVideoSettings.h keys such a dictionary may hold
/// (AVVideoSettings.h: `AVVideoPixelAspectRatioKey`, `AVVideoCleanApertureKey`, `AVVideoScalingModeKey`,
/// `AVVideoColorPropertiesKey`, `AVVideoAllowWideColorKey`, and `AVVideoDecompressionPropertiesKey`; "it is an
/// error to add any other AVVideoSettings.h keys").
package struct VideoDecoderOutputSettings: Sendable {
    /// The acceptable pixel formats, in the caller's order (`kCVPixelBufferPixelFormatTypeKey`, one or an array);
    /// empty means "the decoder's own format, or the nearest one Core Video has".
    package var pixelFormats: [OSType]
    /// Output width (`kCVPixelBufferWidthKey`); `nil` keeps the decoded size.
    package var width: Int?
    /// Output height.
    package var height: Int?
    /// How pictures are fitted to `width` x `height`.
    package var scalingMode: VideoScalingMode
    /// Colour to tag and convert the matrix to.
    package var color: VideoColorDescription?
    /// `AVVideoAllowWideColorKey`, when given.
    package var allowsWideColor: Bool?
    /// Pixel aspect ratio to tag.
    package var pixelAspectRatio: (horizontal: Int, vertical: Int)?
    /// Clean aperture to tag.
    package var cleanAperture: VideoEncoderSettings.CleanAperture?
    /// Pool attributes (row and plane alignment, extended pixels) for the output buffers.
    package var bufferAttributes: [String: any Sendable]

    /// Pixel buffer attribute keys that only ask for memory other frameworks can use (IOSurface, Metal, OpenGL,
    /// Core Graphics). Buffers here are plain, aligned main memory, which is what those frameworks read on Linux too,
    /// so the requests are met; their values are still type-checked.
    static let compatibilityKeys = ([kCVPixelBufferCGImageCompatibilityKey, kCVPixelBufferCGBitmapContextCompatibilityKey,
                                    kCVPixelBufferMetalCompatibilityKey, kCVPixelBufferOpenGLCompatibilityKey,
                                    kCVPixelBufferOpenGLESCompatibilityKey, kCVPixelBufferOpenGLTextureCacheCompatibilityKey,
                                    kCVPixelBufferOpenGLESTextureCacheCompatibilityKey] as [CFString]).map { $0 as String }

    /// Layout attributes handed to the output pool.
    static let layoutKeys = ([kCVPixelBufferBytesPerRowAlignmentKey, kCVPixelBufferPlaneAlignmentKey,
                             kCVPixelBufferExtendedPixelsLeftKey, kCVPixelBufferExtendedPixelsTopKey,
                             kCVPixelBufferExtendedPixelsRightKey, kCVPixelBufferExtendedPixelsBottomKey] as [CFString]).map { $0 as String }

    /// Checks and reads a settings dictionary.
    package init(outputSettings: [String: Any]) throws(CodecSettingsError) {
        var reader = SettingsReader(outputSettings)
        pixelFormats = []
        if let raw = reader.raw(kCVPixelBufferPixelFormatTypeKey as String) {
            let list = (raw as? [Any]) ?? [raw]
            guard !list.isEmpty else {
                throw CodecSettingsError(.invalidValue, key: kCVPixelBufferPixelFormatTypeKey as String, "an empty list names no pixel format")
            }
            for item in list {
                guard let format = AttributeValue.osType(item) else {
                    throw reader.wrongType(kCVPixelBufferPixelFormatTypeKey as String, item, expected: "a pixel format type (OSType) or an array of them")
                }
                guard PixelFormatMapping.isConvertible(format) else {
                    if list.count == 1 {
                        throw CodecSettingsError(.unsupported, key: kCVPixelBufferPixelFormatTypeKey as String,
                                                 "decoding to \(fourCharacterString(format)) is not supported; supported: \(PixelFormatMapping.convertibleFormats.map(fourCharacterString).joined(separator: ", "))")
                    }
                    continue
                }
                pixelFormats.append(format)
            }
            guard !pixelFormats.isEmpty else {
                throw CodecSettingsError(.unsupported, key: kCVPixelBufferPixelFormatTypeKey as String,
                                         "none of the pixel formats can be decoded to here")
            }
        }
        width = try reader.int(kCVPixelBufferWidthKey as String)
        height = try reader.int(kCVPixelBufferHeightKey as String)
        if (width == nil) != (height == nil) {
            throw CodecSettingsError(.missingKey, key: (width == nil ? kCVPixelBufferWidthKey : kCVPixelBufferHeightKey) as String,
                                     "a width and a height are given together or not at all")
        }
        for (key, value) in [(kCVPixelBufferWidthKey, width), (kCVPixelBufferHeightKey, height)] {
            if let value, !(1...Limits.maximumPictureDimension).contains(value) {
                throw CodecSettingsError(.invalidValue, key: key as String, "\(value) is outside 1...\(Limits.maximumPictureDimension)")
            }
        }
        scalingMode = .stretch
        if let mode = try reader.choice(AVVideoScalingModeKey, from: VideoScalingMode.settingsValues) {
            scalingMode = VideoScalingMode(settingsValue: mode) ?? .stretch
        }
        color = try VideoEncoderSettings.readColor(&reader, key: AVVideoColorPropertiesKey)
        allowsWideColor = try reader.bool(AVVideoAllowWideColorKey)
        pixelAspectRatio = try VideoEncoderSettings.readPixelAspectRatio(&reader, key: AVVideoPixelAspectRatioKey)
        cleanAperture = try VideoEncoderSettings.readCleanAperture(&reader, key: AVVideoCleanApertureKey)
        if var decompression = try reader.dictionary(AVVideoDecompressionPropertiesKey) {
            // kVTDecompressionPropertyKey_FieldMode = "FieldMode": only "BothFields" (decode both fields, as FFmpeg
            // always does) can be honoured; deinterlacing or field extraction is not done here.
            if let mode = try decompression.string("FieldMode"), mode != "BothFields" {
                throw CodecSettingsError(.unsupported, key: decompression.keyPath("FieldMode"),
                                         "only BothFields is supported; '\(mode)' would need deinterlacing or field extraction")
            }
            try decompression.finish("AVVideoDecompressionPropertiesKey")
        }
        bufferAttributes = [:]
        for key in Self.layoutKeys {
            guard let value = try reader.int(key as String) else { continue }
            guard (0...4096).contains(value) else {
                throw CodecSettingsError(.invalidValue, key: key as String, "\(value) is outside 0...4096")
            }
            bufferAttributes[key as String] = value
        }
        for key in Self.compatibilityKeys { _ = try reader.bool(key as String) }
        if reader.contains(kCVPixelBufferIOSurfacePropertiesKey as String) { _ = try reader.dictionary(kCVPixelBufferIOSurfacePropertiesKey as String) }
        try reader.finish("an uncompressed-video settings dictionary")
        if let width, let height, let clap = cleanAperture, clap.width > width || clap.height > height {
            throw CodecSettingsError(.invalidValue, key: AVVideoCleanApertureKey,
                                     "a \(clap.width)x\(clap.height) clean aperture does not fit a \(width)x\(height) picture")
        }
    }

    /// Decoding to the decoder's own pixel format (or the nearest Core Video has), at its own size.
    package init() {
        pixelFormats = []
        scalingMode = .stretch
        bufferAttributes = [:]
    }

    /// The output format for a decoder whose pictures are `decoded` with `range`: the first acceptable format that
    /// is the decoded layout itself (so pictures pass without conversion), else the first acceptable format; with
    /// none asked for, the decoded layout's Core Video format or, failing that, the nearest 4:2:0/4:2:2/4:4:4 one.
    package func choosePixelFormat(decoded: FFPixelFormat, range: FFColorRange) -> OSType {
        let native = PixelFormatMapping.pixelFormat(for: decoded, range: range)
        if let native, pixelFormats.contains(native) { return native }
        if let first = pixelFormats.first { return first }
        if let native { return native }
        let full = range == .full
        let deep = decoded.bitDepth > 8
        switch (decoded.chromaShiftX, decoded.chromaShiftY) {
        case (1, 1):
            return deep ? (full ? kCVPixelFormatType_420YpCbCr10BiPlanarFullRange : kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange)
                        : (full ? kCVPixelFormatType_420YpCbCr8BiPlanarFullRange : kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange)
        case (1, 0):
            return deep ? (full ? kCVPixelFormatType_422YpCbCr10BiPlanarFullRange : kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange)
                        : (full ? kCVPixelFormatType_422YpCbCr8BiPlanarFullRange : kCVPixelFormatType_422YpCbCr8BiPlanarVideoRange)
        default:
            if decoded.isRGB || decoded.hasAlpha { return kCVPixelFormatType_32BGRA }
            return deep ? (full ? kCVPixelFormatType_444YpCbCr10BiPlanarFullRange : kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange)
                        : (full ? kCVPixelFormatType_444YpCbCr8BiPlanarFullRange : kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange)
        }
    }
}
