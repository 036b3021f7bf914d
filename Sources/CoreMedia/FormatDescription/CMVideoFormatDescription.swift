// Video format descriptions (CMFormatDescription.h, "Video-specific functions").

/// Video dimensions in encoded pixels.
public struct CMVideoDimensions: Sendable {
    /// Width in pixels.
    public var width: Int32
    /// Height in pixels.
    public var height: Int32
    /// Zero by zero.
    public init() { width = 0; height = 0 }
    /// The given width and height.
    public init(width: Int32, height: Int32) { self.width = width; self.height = height }
}

extension CMFormatDescription {
    /// The encoded dimensions, for video.
    var videoDimensions: CMVideoDimensions? {
        if case .video(let dimensions, _) = details { return dimensions }
        return nil
    }

    /// The avcC or hvcC parameter sets, for video that has them.
    var parameterSetStorage: ParameterSetStorage? {
        if case .video(_, let storage) = details { return storage }
        return nil
    }

    /// A video format description, parsing any avcC or hvcC among the extensions.
    static func makeVideo(codecType: CMVideoCodecType, width: Int32, height: Int32,
                          extensions: [String: Any]) -> CMFormatDescription {
        CMFormatDescription(mediaType: kCMMediaType_Video, mediaSubType: codecType, extensions: extensions,
                            details: .video(CMVideoDimensions(width: width, height: height),
                                            ParameterSetStorage(videoExtensions: extensions)))
    }

    /// The clean aperture's width, height and centre offsets, from the rational keys when present.
    var cleanApertureValues: (width: Double, height: Double, horizontal: Double, vertical: Double)? {
        guard let clap = AttributeValue.dictionary(extensionStorage[kCMFormatDescriptionExtension_CleanAperture as String])
        else { return nil }
        func value(_ key: String, _ rationalKey: String) -> Double? {
            if let pair = clap[rationalKey] as? [Any], pair.count == 2,
               let numerator = AttributeValue.double(pair[0]), let denominator = AttributeValue.double(pair[1]),
               denominator != 0 {
                return numerator / denominator
            }
            return AttributeValue.double(clap[key])
        }
        guard let width = value(kCMFormatDescriptionKey_CleanApertureWidth as String,
                                kCMFormatDescriptionKey_CleanApertureWidthRational as String),
              let height = value(kCMFormatDescriptionKey_CleanApertureHeight as String,
                                 kCMFormatDescriptionKey_CleanApertureHeightRational as String),
              width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        let horizontal = value(kCMFormatDescriptionKey_CleanApertureHorizontalOffset as String,
                               kCMFormatDescriptionKey_CleanApertureHorizontalOffsetRational as String) ?? 0
        let vertical = value(kCMFormatDescriptionKey_CleanApertureVerticalOffset as String,
                             kCMFormatDescriptionKey_CleanApertureVerticalOffsetRational as String) ?? 0
        return (width, height, horizontal.isFinite ? horizontal : 0, vertical.isFinite ? vertical : 0)
    }

    /// The pixel aspect ratio's horizontal and vertical spacing, when present and sensible.
    var pixelAspectRatio: (horizontal: Double, vertical: Double)? {
        guard let pasp = AttributeValue.dictionary(extensionStorage[kCMFormatDescriptionExtension_PixelAspectRatio as String]),
              let horizontal = AttributeValue.double(pasp[kCMFormatDescriptionKey_PixelAspectRatioHorizontalSpacing as String]),
              let vertical = AttributeValue.double(pasp[kCMFormatDescriptionKey_PixelAspectRatioVerticalSpacing as String]),
              horizontal > 0, vertical > 0, horizontal.isFinite, vertical.isFinite else { return nil }
        return (horizontal, vertical)
    }
}

/// Creates a video format description for the given codec, encoded dimensions and extensions.
@discardableResult
public func CMVideoFormatDescriptionCreate(
    allocator: CFAllocator?, codecType: CMVideoCodecType, width: Int32, height: Int32, extensions: CFDictionary?,
    formatDescriptionOut: UnsafeMutablePointer<CMVideoFormatDescription?>
) -> OSStatus {
    formatDescriptionOut.pointee = nil
    guard width >= 0, height >= 0,
          let extensions = CMFormatDescription.extensions(from: extensions) else {
        return kCMFormatDescriptionError_InvalidParameter
    }
    formatDescriptionOut.pointee = CMFormatDescription.makeVideo(codecType: codecType, width: width, height: height,
                                                                 extensions: extensions)
    return noErr
}

/// The encoded dimensions, without pixel aspect ratio or clean aperture (zero for non-video descriptions).
public func CMVideoFormatDescriptionGetDimensions(_ videoDesc: CMVideoFormatDescription) -> CMVideoDimensions {
    videoDesc.videoDimensions ?? CMVideoDimensions()
}

/// The codec type (the media subtype), as the C macro of the same name gives it. Swift does not import that
/// function-like macro on Apple's platforms, so this is the package's own.
package func CMVideoFormatDescriptionGetCodecType(_ desc: CMVideoFormatDescription) -> CMVideoCodecType {
    desc.mediaSubTypeCode
}

/// The dimensions adjusted for the clean aperture (its width and height replace the encoded ones) and for the
/// pixel aspect ratio (which scales the width only).
public func CMVideoFormatDescriptionGetPresentationDimensions(
    _ videoDesc: CMVideoFormatDescription, usePixelAspectRatio: Bool, useCleanAperture: Bool
) -> CGSize {
    let dimensions = CMVideoFormatDescriptionGetDimensions(videoDesc)
    var width = Double(dimensions.width), height = Double(dimensions.height)
    if useCleanAperture, let clap = videoDesc.cleanApertureValues {
        width = clap.width
        height = clap.height
    }
    if usePixelAspectRatio, let ratio = videoDesc.pixelAspectRatio {
        width = width * ratio.horizontal / ratio.vertical
    }
    return CGSize(width: width, height: height)
}

/// The clean aperture: the part of the encoded picture meant for display, centred on the picture's centre plus the
/// aperture's offsets; the whole picture when there is no clean aperture.
public func CMVideoFormatDescriptionGetCleanAperture(
    _ videoDesc: CMVideoFormatDescription, originIsAtTopLeft: Bool
) -> CGRect {
    let dimensions = CMVideoFormatDescriptionGetDimensions(videoDesc)
    let width = Double(dimensions.width), height = Double(dimensions.height)
    guard let clap = videoDesc.cleanApertureValues else { return CGRect(x: 0, y: 0, width: width, height: height) }
    let x = (width - clap.width) / 2 + clap.horizontal
    // A positive vertical offset moves the aperture down the picture (QuickTime File Format, 'clap').
    let y = originIsAtTopLeft ? (height - clap.height) / 2 + clap.vertical : (height - clap.height) / 2 - clap.vertical
    return CGRect(x: x, y: y, width: clap.width, height: clap.height)
}

/// The extension keys that video format descriptions share with image buffer attachments, which must agree
/// between a sample buffer's format description and its image buffer.
public func CMVideoFormatDescriptionGetExtensionKeysCommonWithImageBuffers() -> CFArray {
    CFObjectArray(bridging: videoExtensionKeysCommonWithImageBuffers)
}

/// The list CMFormatDescription.h gives for `CMVideoFormatDescriptionGetExtensionKeysCommonWithImageBuffers`.
let videoExtensionKeysCommonWithImageBuffers: [String] = [
    kCMFormatDescriptionExtension_CleanAperture as String,
    kCMFormatDescriptionExtension_FieldCount as String,
    kCMFormatDescriptionExtension_FieldDetail as String,
    kCMFormatDescriptionExtension_PixelAspectRatio as String,
    kCMFormatDescriptionExtension_ColorPrimaries as String,
    kCMFormatDescriptionExtension_TransferFunction as String,
    kCMFormatDescriptionExtension_GammaLevel as String,
    kCMFormatDescriptionExtension_YCbCrMatrix as String,
    kCMFormatDescriptionExtension_ICCProfile as String,
    kCMFormatDescriptionExtension_ChromaLocationTopField as String,
    kCMFormatDescriptionExtension_ChromaLocationBottomField as String,
    kCMFormatDescriptionExtension_MasteringDisplayColorVolume as String,
    kCMFormatDescriptionExtension_ContentLightLevelInfo as String,
]
